/// How scroll views inside draw and pad their content: `scrollClipDisabled` (content drawn past the scroll
/// view's frame — a card's shadow at the edge), `contentMargins` (space around the scrolled content, which
/// scrolls with it), `scrollBounceBehavior` (accepted: Scanout's scroll views stop at their edges and never
/// bounce), and `safeAreaPadding` (Scanout's safe-area insets put views beside the inset, not under it, so
/// this is padding).

/// Where content margins apply (SwiftUI's `ContentMarginPlacement`): the scrolled content (`.automatic`,
/// `.scrollContent`), or the indicators (which Scanout draws at the scroll view's edge: no margin).
public struct ContentMarginPlacement: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case automatic, scrollContent, scrollIndicators }
    let kind: Kind
    public static let automatic = ContentMarginPlacement(kind: .automatic)
    public static let scrollContent = ContentMarginPlacement(kind: .scrollContent)
    public static let scrollIndicators = ContentMarginPlacement(kind: .scrollIndicators)
}

/// Whether a scroll view bounces at its edges (SwiftUI's `ScrollBounceBehavior`).
public struct ScrollBounceBehavior: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case automatic, always, basedOnSize }
    let kind: Kind
    public static let automatic = ScrollBounceBehavior(kind: .automatic)
    public static let always = ScrollBounceBehavior(kind: .always)
    public static let basedOnSize = ScrollBounceBehavior(kind: .basedOnSize)
}

struct ScrollClipDisabledKey: EnvironmentKey { static let defaultValue = false }
struct ScrollContentMarginsKey: EnvironmentKey { static let defaultValue = EdgeInsets() }

extension EnvironmentValues {
    /// Whether scroll views inside draw their content past their frame (`scrollClipDisabled`).
    var scrollClipDisabled: Bool {
        get { self[ScrollClipDisabledKey.self] }
        set { self[ScrollClipDisabledKey.self] = newValue }
    }

    /// The margins around scroll views' content (`contentMargins`).
    var scrollContentMargins: EdgeInsets {
        get { self[ScrollContentMarginsKey.self] }
        set { self[ScrollContentMarginsKey.self] = newValue }
    }
}

extension View {
    /// Draws the content of scroll views inside past their frames (SwiftUI's `scrollClipDisabled(_:)`).
    public func scrollClipDisabled(_ disabled: Bool = true) -> some View {
        environment(\.scrollClipDisabled, disabled)
    }

    /// How scroll views inside bounce at their edges (SwiftUI's `scrollBounceBehavior(_:axes:)`): Scanout's
    /// never bounce (content stops at the edge, and a scroll view whose content fits does not move), which is
    /// `.basedOnSize` without the bounce; accepted as is.
    public func scrollBounceBehavior(_ behavior: ScrollBounceBehavior, axes: Axis.Set = [.vertical]) -> some View { self }

    /// Space around the content of scroll views and lists inside, on `edges` (SwiftUI's
    /// `contentMargins(_:_:for:)`): the content is inset by it and scrolls with it. nil: 16 points.
    /// `.scrollIndicators` margins are not used (the indicators keep to the scroll view's edge). The margins
    /// are read when the scroll view is updated.
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?, for placement: ContentMarginPlacement = .automatic) -> some View {
        contentMargins(EdgeInsets(edges, length ?? 16), for: placement)
    }

    public func contentMargins(_ length: CGFloat, for placement: ContentMarginPlacement = .automatic) -> some View {
        contentMargins(.all, length, for: placement)
    }

    public func contentMargins(_ insets: EdgeInsets, for placement: ContentMarginPlacement = .automatic) -> some View {
        transformEnvironment(\.scrollContentMargins) { margins in
            if placement.kind != .scrollIndicators { margins = insets }
        }
    }

    /// Adds `insets` to the view's safe area (SwiftUI's `safeAreaPadding(_:)`): as padding in Scanout, whose
    /// safe-area insets lay views out beside the inset rather than under it.
    public func safeAreaPadding(_ insets: EdgeInsets) -> some View { padding(insets) }
    public func safeAreaPadding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { padding(edges, length) }
    public func safeAreaPadding(_ length: CGFloat) -> some View { padding(length) }
}
