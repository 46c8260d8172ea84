import ScanoutRender

/// What a button is for (SwiftUI's `ButtonRole`): styles draw a destructive button in red.
public struct ButtonRole: Hashable, Sendable {
    let kind: UInt8
    /// Deletes user data or does something that cannot be undone.
    public static let destructive = ButtonRole(kind: 1)
    /// Cancels an operation.
    public static let cancel = ButtonRole(kind: 2)
}

/// How a button looks while the button keeps its own interaction (SwiftUI's `ButtonStyle`): `makeBody`
/// receives the label, whether the finger is down on it, and the role.
@MainActor @preconcurrency
public protocol ButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = ButtonStyleConfiguration
}

/// What a `ButtonStyle` draws from (SwiftUI's `ButtonStyleConfiguration`).
public struct ButtonStyleConfiguration {
    /// The button's label, type-erased.
    public struct Label: View {
        let content: AnyView
        public var body: AnyView { content }
    }
    public let role: ButtonRole?
    public let label: ButtonStyleConfiguration.Label
    /// Whether a finger is down on the button (and still inside it).
    public let isPressed: Bool
}

/// How a button looks and how it is triggered (SwiftUI's `PrimitiveButtonStyle`): the style decides when
/// to call `configuration.trigger()`. The built-in styles (`.automatic`, `.bordered`, `.borderedProminent`,
/// `.plain`, `.borderless`) are primitive styles, as in SwiftUI.
@MainActor @preconcurrency
public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = PrimitiveButtonStyleConfiguration
}

/// What a `PrimitiveButtonStyle` draws from (SwiftUI's `PrimitiveButtonStyleConfiguration`).
public struct PrimitiveButtonStyleConfiguration {
    public typealias Label = ButtonStyleConfiguration.Label
    public let role: ButtonRole?
    public let label: PrimitiveButtonStyleConfiguration.Label
    let action: @MainActor () -> Void
    /// Runs the button's action.
    @MainActor public func trigger() { action() }
}

extension Button {
    /// A button with a role (`.destructive` draws red in the built-in styles).
    @preconcurrency public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.init(action: action, label: label)
        self.role = role
    }

    /// A button made from a primitive style's configuration: its label, role and action, drawn with the
    /// default style (inside a custom `PrimitiveButtonStyle`, where the environment's style is reset).
    public init(_ configuration: PrimitiveButtonStyleConfiguration) where Label == PrimitiveButtonStyleConfiguration.Label {
        self.init(role: configuration.role, action: configuration.action) { configuration.label }
    }
}

extension Button where Label == Text {
    /// A text button with a role.
    @preconcurrency public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }
    @_disfavoredOverload
    @preconcurrency public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

// MARK: - Built-in styles

/// The platform's default (SwiftUI's `DefaultButtonStyle`): on a panel as on iOS, borderless — the label
/// in the tint colour, dimmed while pressed.
public struct DefaultButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInButtonStyleBody(configuration: configuration, look: .borderless) }
}

/// A tinted, translucent rounded background behind the tinted label (SwiftUI's `BorderedButtonStyle`).
public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInButtonStyleBody(configuration: configuration, look: .bordered) }
}

/// A solid tint background behind a white label (SwiftUI's `BorderedProminentButtonStyle`).
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInButtonStyleBody(configuration: configuration, look: .borderedProminent) }
}

/// The label as it is, dimmed while pressed (SwiftUI's `PlainButtonStyle`).
public struct PlainButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInButtonStyleBody(configuration: configuration, look: .plain) }
}

/// The label in the tint colour, no background (SwiftUI's `BorderlessButtonStyle`).
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInButtonStyleBody(configuration: configuration, look: .borderless) }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle { public static var automatic: DefaultButtonStyle { DefaultButtonStyle() } }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle { public static var bordered: BorderedButtonStyle { BorderedButtonStyle() } }
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle { public static var plain: PlainButtonStyle { PlainButtonStyle() } }
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle { public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() } }

/// A built-in style's body when a custom primitive style calls it: a button drawn with that look.
struct BuiltInButtonStyleBody: View {
    let configuration: PrimitiveButtonStyleConfiguration
    let look: ButtonLook
    var body: some View {
        Button(role: configuration.role, action: configuration.action) { configuration.label }
            .environment(\.buttonStyleChoice, ButtonStyleChoice(look: look))
    }
}

/// The looks of the built-in styles; the button's own behaviour presses and triggers them.
enum ButtonLook: Hashable, Sendable {
    case borderless, plain, bordered, borderedProminent
}

@MainActor protocol BuiltInButtonStyle { var look: ButtonLook { get } }
extension DefaultButtonStyle: BuiltInButtonStyle { var look: ButtonLook { .borderless } }
extension BorderedButtonStyle: BuiltInButtonStyle { var look: ButtonLook { .bordered } }
extension BorderedProminentButtonStyle: BuiltInButtonStyle { var look: ButtonLook { .borderedProminent } }
extension PlainButtonStyle: BuiltInButtonStyle { var look: ButtonLook { .plain } }
extension BorderlessButtonStyle: BuiltInButtonStyle { var look: ButtonLook { .borderless } }

// MARK: - The environment's style

/// The style buttons below use: a built-in look, a custom `ButtonStyle`, or a custom `PrimitiveButtonStyle`
/// (which handles the interaction itself). Equal when the same style type holds equal values, so setting
/// the same style again re-runs nothing below.
struct ButtonStyleChoice: Equatable, @unchecked Sendable {  // styles are values made and read on the main actor
    enum Kind {
        case look(ButtonLook)
        case style(any ButtonStyle)
        case primitive(any PrimitiveButtonStyle)
    }
    let kind: Kind

    init(look: ButtonLook) { kind = .look(look) }
    init<S: ButtonStyle>(_ style: S) { kind = .style(style) }
    @MainActor init<S: PrimitiveButtonStyle>(_ style: S) {
        if let builtIn = style as? BuiltInButtonStyle { kind = .look(builtIn.look) } else { kind = .primitive(style) }
    }

    var isPrimitive: Bool { if case .primitive = kind { return true } else { return false } }

    nonisolated static func == (a: Self, b: Self) -> Bool {
        switch (a.kind, b.kind) {
        case let (.look(x), .look(y)): return x == y
        case let (.style(x), .style(y)): return StyleIdentity.same(x, y)
        case let (.primitive(x), .primitive(y)): return StyleIdentity.same(x, y)
        default: return false
        }
    }
}

struct ButtonStyleChoiceKey: EnvironmentKey { static let defaultValue = ButtonStyleChoice(look: .borderless) }

extension EnvironmentValues {
    var buttonStyleChoice: ButtonStyleChoice {
        get { self[ButtonStyleChoiceKey.self] }
        set { self[ButtonStyleChoiceKey.self] = newValue }
    }
}

extension View {
    /// The style of buttons in this view (a custom `ButtonStyle`: its look; the button keeps its interaction).
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        environment(\.buttonStyleChoice, ButtonStyleChoice(style))
    }

    /// The style of buttons in this view (`.bordered`, `.borderedProminent`, `.plain`, `.borderless`,
    /// `.automatic`, or a custom `PrimitiveButtonStyle`, which decides itself when to trigger).
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        environment(\.buttonStyleChoice, ButtonStyleChoice(style))
    }
}

// MARK: - Drawing a button

/// What a `Button` shows: its label through the environment's style. A custom primitive style gets the
/// whole button (the button's own touch handling steps aside, see `ButtonStyling.handlesTouches`); inside
/// it the style is reset, so a `Button(configuration)` there draws the default look instead of recursing.
struct StyledButtonBody: View {
    let label: AnyView
    let role: ButtonRole?
    let isPressed: Bool
    let action: @MainActor () -> Void
    @Environment(\.buttonStyleChoice) private var choice
    @Environment(\.tint) private var tint
    @Environment(\.controlSize) private var controlSize
    @Environment(\.buttonBorderShape) private var borderShape

    var body: some View {
        let label = ButtonStyleConfiguration.Label(content: self.label)
        switch choice.kind {
        case .look(let look):
            BuiltInButtonLook(look: look, label: label, role: role, isPressed: isPressed, tint: tint, controlSize: controlSize,
                              borderShape: borderShape)
        case .style(let style):
            AnyView(style.makeBody(configuration: ButtonStyleConfiguration(role: role, label: label, isPressed: isPressed)))
        case .primitive(let style):
            AnyView(style.makeBody(configuration: PrimitiveButtonStyleConfiguration(role: role, label: label, action: action)))
                .environment(\.buttonStyleChoice, ButtonStyleChoice(look: .borderless))
        }
    }
}

/// The built-in looks. The borderless (default) look is the label in the tint colour at 30 % while pressed,
/// as before styles existed; bordered looks are touch-first: at least `Palette.minimumHitTarget` tall.
struct BuiltInButtonLook: View {
    let look: ButtonLook
    let label: ButtonStyleConfiguration.Label
    let role: ButtonRole?
    let isPressed: Bool
    let tint: Color?
    let controlSize: ControlSize
    var borderShape = ButtonBorderShape.automatic

    private var accent: Color { role == .destructive ? .red : tint ?? .accentColor }

    var body: some View {
        switch look {
        case .borderless:
            label.foregroundColor(accent).opacity(isPressed ? 0.3 : 1)
        case .plain:
            label.opacity(isPressed ? 0.3 : 1)
        case .bordered:
            padded(label.foregroundColor(accent))
                .background(borderShape.fill(Self.translucent(accent, light: isPressed ? 0.3 : 0.15, dark: isPressed ? 0.4 : 0.25)))
        case .borderedProminent:
            padded(label.foregroundColor(.white))
                .background(borderShape.fill(accent))
                .opacity(isPressed ? 0.7 : 1)
        }
    }

    /// The tint at `light` opacity in light appearance and a stronger `dark` one in dark, where 15 % of a
    /// colour over black hardly shows.
    static func translucent(_ c: Color, light: Double, dark: Double) -> Color {
        Color(rgba: c.opacity(light).rgba, dark: c.fixed(in: .dark).opacity(dark).rgba)
    }

    private func padded<V: View>(_ content: V) -> some View {
        let metrics = Palette.buttonMetrics(controlSize)
        // The label keeps its one-line width: a stack that offers a padded label less than it asked for in a
        // second pass would otherwise wrap a short title mid-word ("St/op").
        return content
            .font(metrics.font)
            .fixedSize(horizontal: true, vertical: false)
            .padding(.horizontal, metrics.horizontalPadding)
            .frame(minHeight: metrics.height)
            .contentShape(Rectangle())
    }
}

/// Button's hooks into styles (kept here so `Button` itself only asks).
enum ButtonStyling {
    @MainActor static func body<L: View>(label: L, role: ButtonRole?, isPressed: Bool, action: @escaping @MainActor () -> Void) -> StyledButtonBody {
        StyledButtonBody(label: AnyView(label), role: role, isPressed: isPressed, action: action)
    }

    /// A custom primitive style triggers the button itself; the button then does not take touches.
    static func handlesTouches(in environment: EnvironmentValues) -> Bool { !environment.buttonStyleChoice.isPrimitive }
}
