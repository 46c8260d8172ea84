/// Whether scrolling takes the focus from the text field being typed into, closing the on-screen keyboard
/// (SwiftUI's `ScrollDismissesKeyboardMode`). `.immediately` and `.interactively` dismiss it when a drag
/// starts scrolling (Scanout's keyboard does not follow the finger down: `.interactively` acts as
/// `.immediately`); `.automatic` and `.never` keep it (SwiftUI's automatic mode keeps it in a scroll view).
public struct ScrollDismissesKeyboardMode: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case automatic, immediately, interactively, never }
    let kind: Kind

    public static let automatic = ScrollDismissesKeyboardMode(kind: .automatic)
    public static let immediately = ScrollDismissesKeyboardMode(kind: .immediately)
    public static let interactively = ScrollDismissesKeyboardMode(kind: .interactively)
    public static let never = ScrollDismissesKeyboardMode(kind: .never)

    var dismissesOnScroll: Bool { kind == .immediately || kind == .interactively }
}

struct ScrollDismissesKeyboardKey: EnvironmentKey { static let defaultValue = ScrollDismissesKeyboardMode.automatic }

extension EnvironmentValues {
    /// How scroll views inside dismiss the keyboard.
    public var scrollDismissesKeyboardMode: ScrollDismissesKeyboardMode {
        get { self[ScrollDismissesKeyboardKey.self] }
        set { self[ScrollDismissesKeyboardKey.self] = newValue }
    }
}

extension View {
    /// How scroll views in this view dismiss the on-screen keyboard when dragged.
    public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> some View {
        environment(\.scrollDismissesKeyboardMode, mode)
    }
}
