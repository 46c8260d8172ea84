/// How text fields look (SwiftUI's `TextFieldStyle`): `.automatic`, `.roundedBorder` or `.plain`.
public protocol TextFieldStyle {}

/// The platform's look: on a panel, the rounded border (a bare line of text is hard to find with a finger).
public struct DefaultTextFieldStyle: TextFieldStyle { public init() {} }
/// A field in a rounded rectangle with a hairline border, at least a finger tall.
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {} }
/// The text alone, no background or border.
public struct PlainTextFieldStyle: TextFieldStyle { public init() {} }

extension TextFieldStyle where Self == DefaultTextFieldStyle {
    public static var automatic: DefaultTextFieldStyle { DefaultTextFieldStyle() }
}
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}
extension TextFieldStyle where Self == PlainTextFieldStyle {
    public static var plain: PlainTextFieldStyle { PlainTextFieldStyle() }
}

/// The styles the field draws (the environment keeps this, not the style value, so it compares equal).
enum TextFieldStyleKind: Hashable, Sendable {
    case roundedBorder, plain
}

struct TextFieldStyleKey: EnvironmentKey { static let defaultValue = TextFieldStyleKind.roundedBorder }

extension EnvironmentValues {
    var textFieldStyleKind: TextFieldStyleKind {
        get { self[TextFieldStyleKey.self] }
        set { self[TextFieldStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the style of the text fields in this view.
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
        environment(\.textFieldStyleKind, style is PlainTextFieldStyle ? .plain : .roundedBorder)
    }
}
