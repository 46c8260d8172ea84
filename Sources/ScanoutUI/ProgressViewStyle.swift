/// How a progress view looks (SwiftUI's `ProgressViewStyle`): `makeBody` receives the fraction completed
/// (nil: indeterminate) and the labels.
@MainActor @preconcurrency
public protocol ProgressViewStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = ProgressViewStyleConfiguration
}

/// What a `ProgressViewStyle` draws from (SwiftUI's `ProgressViewStyleConfiguration`).
public struct ProgressViewStyleConfiguration {
    /// The progress view's label, type-erased.
    public struct Label: View {
        let content: AnyView
        /// (A progress view made from a configuration without a label has one that shows nothing.)
        var isMissing = false
        public var body: AnyView { content }
    }
    /// The progress view's current-value label, type-erased.
    public struct CurrentValueLabel: View {
        let content: AnyView
        var isMissing = false
        public var body: AnyView { content }
    }
    /// How much is done, 0...1; nil while unknown.
    public let fractionCompleted: Double?
    /// The label, if the progress view has one.
    public var label: ProgressViewStyleConfiguration.Label?
    /// The current-value label, if the progress view has one.
    public var currentValueLabel: ProgressViewStyleConfiguration.CurrentValueLabel?
    /// Whether the progress view was made with a value (even nil): the default style draws a bar, else a spinner.
    var valueGiven = false
}

/// A bar (SwiftUI's `LinearProgressViewStyle`): the label above, the current-value label below; an unknown
/// fraction shows the empty track.
public struct LinearProgressViewStyle: ProgressViewStyle {
    let tint: Color?
    public init() { tint = nil }
    /// A bar filled in `tint` (SwiftUI's deprecated form: `.tint(_:)` on the view instead).
    public init(tint: Color) { self.tint = tint }
    public func makeBody(configuration: Configuration) -> some View {
        VStack(alignment: .leading, spacing: 4) {
            if let label = configuration.label { label }
            if let tint {
                ProgressBar(fraction: configuration.fractionCompleted).tint(tint)
            } else {
                ProgressBar(fraction: configuration.fractionCompleted)
            }
            if let value = configuration.currentValueLabel { value.font(.caption).foregroundColor(.secondary) }
        }
    }
}

/// The spinner (SwiftUI's `CircularProgressViewStyle`, as on iOS: the spinner whether or not the fraction is
/// known), the label below it.
public struct CircularProgressViewStyle: ProgressViewStyle {
    public init() {}
    /// The spinner (`tint` is not used: iOS's spinner is grey as well).
    public init(tint: Color) {}
    public func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 8) {
            ProgressSpinner()
            if let label = configuration.label { label.foregroundColor(.secondary) }
        }
    }
}

/// The platform's default: a bar when the fraction is known (even nil inside a value form), else a spinner.
public struct DefaultProgressViewStyle: ProgressViewStyle {
    nonisolated public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.defaultBody }
}

extension ProgressViewStyleConfiguration {
    /// (Set by `ProgressView`: whether it was made with a value, which picks the default style's look.)
    @MainActor var defaultBody: AnyView {
        valueGiven ? AnyView(LinearProgressViewStyle().makeBody(configuration: self))
            : AnyView(CircularProgressViewStyle().makeBody(configuration: self))
    }
}

extension ProgressViewStyle where Self == DefaultProgressViewStyle {
    public static var automatic: DefaultProgressViewStyle { DefaultProgressViewStyle() }
}
extension ProgressViewStyle where Self == LinearProgressViewStyle {
    public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}
extension ProgressViewStyle where Self == CircularProgressViewStyle {
    public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}

/// The environment's progress view style, type-erased; equal when the same style type holds equal values.
struct ProgressViewStyleChoice: Equatable, @unchecked Sendable {  // styles are values made and read on the main actor
    let style: any ProgressViewStyle
    @MainActor func body(_ configuration: ProgressViewStyleConfiguration) -> AnyView {
        AnyView(style.makeBody(configuration: configuration))
    }
    nonisolated static func == (a: Self, b: Self) -> Bool { StyleIdentity.same(a.style, b.style) }
}

struct ProgressViewStyleChoiceKey: EnvironmentKey {
    static let defaultValue = ProgressViewStyleChoice(style: DefaultProgressViewStyle())
}

extension EnvironmentValues {
    var progressViewStyleChoice: ProgressViewStyleChoice {
        get { self[ProgressViewStyleChoiceKey.self] }
        set { self[ProgressViewStyleChoiceKey.self] = newValue }
    }
}

extension View {
    /// The style of progress views in this view (`.linear`, `.circular` or a custom `ProgressViewStyle`).
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        environment(\.progressViewStyleChoice, ProgressViewStyleChoice(style: style))
    }
}

extension ProgressView {
    /// A progress view made from a style's configuration (SwiftUI's `init(_:)`): inside a custom style, the
    /// default look of the progress view it styles (with the style's own modifiers around it).
    public init(_ configuration: ProgressViewStyleConfiguration)
    where Label == ProgressViewStyleConfiguration.Label, CurrentValueLabel == ProgressViewStyleConfiguration.CurrentValueLabel {
        self.init(fraction: configuration.valueGiven ? .some(configuration.fractionCompleted) : nil,
                  label: configuration.label ?? ProgressViewStyleConfiguration.Label(content: AnyView(EmptyView()), isMissing: true),
                  currentValueLabel: configuration.currentValueLabel
                      ?? ProgressViewStyleConfiguration.CurrentValueLabel(content: AnyView(EmptyView()), isMissing: true))
        styled = false
    }
}
