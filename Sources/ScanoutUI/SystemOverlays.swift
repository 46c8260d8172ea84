/// What SwiftUI apps on a phone ask of the system's own overlays — the status bar, the home indicator, the
/// edge gestures. A Scanout panel shows none: the app owns every pixel and every touch, so these modifiers
/// are accepted as they are and change nothing (an app written for a phone compiles and behaves the same).
extension View {
    /// Hides the status bar (SwiftUI's `statusBarHidden(_:)`): a Scanout panel has none.
    public func statusBarHidden(_ hidden: Bool = true) -> some View { self }

    /// Shows or hides the system's overlays such as the home indicator (SwiftUI's
    /// `persistentSystemOverlays(_:)`): a Scanout panel has none.
    public func persistentSystemOverlays(_ visibility: Visibility) -> some View { self }

    /// Gives the app's gestures precedence over the system's at `edges` (SwiftUI's `defersSystemGestures(on:)`):
    /// on a Scanout panel every touch goes to the app already.
    public func defersSystemGestures(on edges: Edge.Set) -> some View { self }
}

extension View {
    /// Runs `action` when the system asks the app to open a URL (SwiftUI's `onOpenURL(perform:)`: a deep link,
    /// a universal link). Nothing on a panel hands the app a URL — there is no other app and no URL scheme to
    /// register — so the action is never called.
    public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { self }
}
