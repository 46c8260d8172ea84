/// A title with an icon (SwiftUI's `Label`), drawn by the environment's `LabelStyle`: by default the icon
/// then the title in a row, as in a list or a bordered button.
public struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon
    @Environment(\.labelStyleChoice) private var style

    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    public var body: some View {
        style.body(LabelStyleConfiguration(title: .init(content: AnyView(title)), icon: .init(content: AnyView(icon))))
    }
}

extension Label where Title == Text, Icon == Image {
    /// A label with a symbol (see `Image(systemName:)`).
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }

    /// A label with an image from `Image.resourceDirectories`.
    public init(_ titleKey: LocalizedStringKey, image name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(name) })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image name: String) {
        self.init(title: { Text(title) }, icon: { Image(name) })
    }
}

/// How a label arranges its title and icon (SwiftUI's `LabelStyle`).
@MainActor @preconcurrency
public protocol LabelStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = LabelStyleConfiguration
}

/// What a `LabelStyle` draws from (SwiftUI's `LabelStyleConfiguration`).
public struct LabelStyleConfiguration {
    /// The label's title, type-erased.
    public struct Title: View {
        let content: AnyView
        public var body: AnyView { content }
    }
    /// The label's icon, type-erased.
    public struct Icon: View {
        let content: AnyView
        public var body: AnyView { content }
    }
    public let title: LabelStyleConfiguration.Title
    public let icon: LabelStyleConfiguration.Icon
}

/// The icon, then the title (SwiftUI's `TitleAndIconLabelStyle`).
public struct TitleAndIconLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        HStack(spacing: 8) {
            configuration.icon
            configuration.title
        }
    }
}

/// The title alone (SwiftUI's `TitleOnlyLabelStyle`).
public struct TitleOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

/// The icon alone (SwiftUI's `IconOnlyLabelStyle`): a toolbar button or a compact dashboard tile.
public struct IconOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}

/// The context's default (SwiftUI's `DefaultLabelStyle`): title and icon.
public struct DefaultLabelStyle: LabelStyle {
    nonisolated public init() {}
    public func makeBody(configuration: Configuration) -> some View { TitleAndIconLabelStyle().makeBody(configuration: configuration) }
}

extension LabelStyle where Self == DefaultLabelStyle { public static var automatic: DefaultLabelStyle { DefaultLabelStyle() } }
extension LabelStyle where Self == TitleAndIconLabelStyle { public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() } }
extension LabelStyle where Self == TitleOnlyLabelStyle { public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() } }
extension LabelStyle where Self == IconOnlyLabelStyle { public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() } }

/// The environment's label style, type-erased; equal when the same style type holds equal values.
struct LabelStyleChoice: Equatable, @unchecked Sendable {  // styles are values made and read on the main actor
    let style: any LabelStyle

    @MainActor func body(_ configuration: LabelStyleConfiguration) -> AnyView { AnyView(style.makeBody(configuration: configuration)) }

    nonisolated static func == (a: Self, b: Self) -> Bool { StyleIdentity.same(a.style, b.style) }
}

struct LabelStyleChoiceKey: EnvironmentKey { static let defaultValue = LabelStyleChoice(style: DefaultLabelStyle()) }

extension EnvironmentValues {
    var labelStyleChoice: LabelStyleChoice {
        get { self[LabelStyleChoiceKey.self] }
        set { self[LabelStyleChoiceKey.self] = newValue }
    }
}

extension View {
    /// The style of labels in this view (`.titleAndIcon`, `.titleOnly`, `.iconOnly` or a custom `LabelStyle`).
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        environment(\.labelStyleChoice, LabelStyleChoice(style: style))
    }
}
