/// Pointer hovering (SwiftUI's `onHover`, `help`): a touch panel has no pointer that hovers, so a hover
/// action never runs and a help tag (a tooltip) is never shown; the modifiers are accepted so that code
/// written for a desktop compiles and behaves as it would without a mouse.
extension View {
    /// Runs `action` when a pointer enters (`true`) or leaves (`false`) the view (SwiftUI's `onHover(perform:)`):
    /// never on a touch panel.
    public func onHover(perform action: @escaping (Bool) -> Void) -> some View { self }

    /// A tooltip for pointer users (SwiftUI's `help(_:)`): not shown on a touch panel.
    public func help(_ textKey: LocalizedStringKey) -> some View { self }
    public func help<S: StringProtocol>(_ text: S) -> some View { self }
    public func help(_ text: Text) -> some View { self }
}
