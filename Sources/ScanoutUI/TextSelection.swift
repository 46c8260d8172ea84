/// Whether text can be selected for copying (SwiftUI's `TextSelectability`). A kiosk panel has no clipboard
/// for the user to copy into, so Scanout's `Text` is never selectable; the modifier is accepted as is.
public protocol TextSelectability {
    static var allowsSelection: Bool { get }
}

public struct EnabledTextSelectability: TextSelectability {
    public static let allowsSelection = true
}

public struct DisabledTextSelectability: TextSelectability {
    public static let allowsSelection = false
}

extension TextSelectability where Self == EnabledTextSelectability {
    public static var enabled: EnabledTextSelectability { EnabledTextSelectability() }
}

extension TextSelectability where Self == DisabledTextSelectability {
    public static var disabled: DisabledTextSelectability { DisabledTextSelectability() }
}

extension View {
    /// Lets the user select this view's text (SwiftUI's `textSelection(_:)`): not on a Scanout panel (no
    /// clipboard); the text draws and lays out as it is.
    public func textSelection<S: TextSelectability>(_ selectability: S) -> some View { self }

    /// Lets text tighten its letter spacing before truncating (SwiftUI's `allowsTightening(_:)`): Scanout's
    /// text shrinks only by `minimumScaleFactor`, and truncates otherwise.
    public func allowsTightening(_ flag: Bool) -> some View { self }
}
