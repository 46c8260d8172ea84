/// Whether a scrollable container draws its own background (SwiftUI's `scrollContentBackground(_:)`): a `List`
/// or `Form` hidden this way shows what is behind it (a `.background` of the app's, a picture) between and
/// around its cells.
struct ScrollContentBackgroundKey: EnvironmentKey { static let defaultValue = Visibility.automatic }

extension EnvironmentValues {
    var scrollContentBackground: Visibility {
        get { self[ScrollContentBackgroundKey.self] }
        set { self[ScrollContentBackgroundKey.self] = newValue }
    }
}

extension View {
    /// Shows or hides the background of the lists and forms in this view (`.hidden`: theirs is clear, so the
    /// view's own background shows; `.automatic`, `.visible`: the list style's).
    public func scrollContentBackground(_ visibility: Visibility) -> some View {
        environment(\.scrollContentBackground, visibility)
    }
}

extension Color {
    /// A scrollable container's background: `color`, or clear when the environment hides it.
    static func scrollContentBackground(_ color: Color, _ visibility: Visibility) -> Color {
        visibility == .hidden ? .clear : color
    }
}
