/// How the on-screen keyboard looks and how an app puts its own keyboard in its place. Both are Scanout's
/// own API: SwiftUI's platforms draw a system keyboard no app styles. Like `.keyboardType`, both are read
/// from the focused field's environment, so they can be set anywhere above the fields they are for.

/// The on-screen keyboard's colours and metrics: its tray, character keys, function keys (shift, backspace,
/// the page switches, return), the key under the finger, labels and shadows, and the keys' size.
public struct OnScreenKeyboardStyle: Hashable, Sendable {
    public var background: Color
    public var keyFill: Color
    public var functionKeyFill: Color
    public var pressedKeyFill: Color
    public var label: Color
    /// Drawn one point under each key; nil: flat keys.
    public var keyShadow: Color?
    /// A key's height and the gap between keys and around them (at least a gloved fingertip in all).
    public var keyHeight: CGFloat
    public var keySpacing: CGFloat
    public var keyCornerRadius: CGFloat
    /// The size of a one-character label (longer labels such as "space" are drawn smaller).
    public var labelSize: CGFloat

    /// Scanout's keyboard; change what differs (`var style = OnScreenKeyboardStyle(); style.keyFill = .yellow`).
    public init() {
        background = Palette.keyboardBackground
        keyFill = Palette.keyFill
        functionKeyFill = Palette.functionKeyFill
        pressedKeyFill = Palette.pressedKeyFill
        label = Palette.keyLabel
        keyShadow = Palette.keyShadow
        keyHeight = Palette.keyHeight
        keySpacing = Palette.keyGap
        keyCornerRadius = 6
        labelSize = 24
    }

    /// The metrics as drawn: a key at least 24 points high, labels at least 8 points, nothing negative.
    var drawnKeyHeight: CGFloat { max(24, keyHeight) }
    var drawnSpacing: CGFloat { max(0, keySpacing) }
    var drawnLabelSize: CGFloat { max(8, labelSize) }

    /// Scanout's keyboard: a phone keyboard's greys, light and dark.
    public static let automatic = OnScreenKeyboardStyle()
}

struct OnScreenKeyboardStyleKey: EnvironmentKey { static let defaultValue = OnScreenKeyboardStyle.automatic }

extension EnvironmentValues {
    /// The on-screen keyboard's look for the fields below.
    public var onScreenKeyboardStyle: OnScreenKeyboardStyle {
        get { self[OnScreenKeyboardStyleKey.self] }
        set { self[OnScreenKeyboardStyleKey.self] = newValue }
    }
}

extension View {
    /// The on-screen keyboard's look while a text field inside this view has the focus.
    public func onScreenKeyboardStyle(_ style: OnScreenKeyboardStyle) -> some View {
        environment(\.onScreenKeyboardStyle, style)
    }

    /// Hosts a keyboard of the app's own for the text fields inside this view, in place of Scanout's: when a
    /// field gains focus, `keyboard` is shown along the bottom edge (its ideal height; it slides in and out
    /// as the built-in one does) and this view's content is laid out above it. The proxy types into the
    /// focused field. Nearer to the fields than the window's keyboard host, it is the one they use.
    public func onScreenKeyboard<Keyboard: View>(_ mode: OnScreenKeyboardMode = .auto,
                                                 @ViewBuilder keyboard: @escaping @MainActor (OnScreenKeyboardProxy) -> Keyboard) -> some View {
        KeyboardHost(content: self, mode: mode, customKeyboard: { AnyView(keyboard($0)) })
    }
}

/// What an app's own keyboard types with: the focused field's text input, and what the field asks for.
@MainActor
public struct OnScreenKeyboardProxy {
    unowned let controller: KeyboardHostBehavior
    /// The focused field's `.keyboardType` (a keyboard may show digits only for `.numberPad`).
    public let keyboardType: UIKeyboardType
    /// The focused field's `.submitLabel` (the return key's title).
    public let submitLabel: SubmitLabel

    /// Types `text` at the caret (over the selection).
    public func insert(_ text: String) { controller.field?.insert(text) }
    /// Deletes the character (grapheme cluster) before the caret, or the selection.
    public func deleteBackward() { controller.field?.deleteBackward() }
    /// The return key: a field submits (its `onSubmit` runs and the keyboard goes), an editor starts a line.
    public func submit() { controller.field?.submit() }
    /// Takes the focus from the field: the keyboard slides away.
    public func dismiss() { controller.dismiss() }
}
