/// Safe areas (SwiftUI's): the board profile's `safe-area` insets (a bezel over the panel's edge, a cut-out)
/// are kept clear by the root view, which is laid out inside them; `ignoresSafeArea` lets a view reach out to
/// the screen's edges where its frame meets the safe area's, and `background(_:ignoresSafeAreaEdges:)` does
/// so by default, as in SwiftUI, so a screen's colour fills the panel while its content stays clear.
/// `safeAreaInset(edge:)` puts a bar along an edge and insets the view beside it.

/// The kinds of safe area (SwiftUI's `SafeAreaRegions`). Scanout's safe area is the container's (the board's
/// insets); the keyboard region is accepted, and the on-screen keyboard keeps its own avoidance.
public struct SafeAreaRegions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

public struct _IgnoresSafeAreaLayout: PrimitiveModifier {
    public func body(content: Content) -> Never { fatalError("\(Self.self) is a built-in modifier") }
    let regions: SafeAreaRegions
    let edges: Edge.Set
    func makeBehavior() -> ModifierBehavior { IgnoresSafeAreaBehavior() }
}

final class IgnoresSafeAreaBehavior: ModifierBehavior {
    override var drawingReadsPlacement: Bool { false }
    private var edges: Edge.Set = []

    override func updateModifier(_ modifier: any ViewModifier) {
        let m = modifier.known(as: _IgnoresSafeAreaLayout.self)
        let new: Edge.Set = m.regions.contains(.container) ? m.edges : []
        if new != edges {
            edges = new
            node.invalidateLayout()
        }
    }

    // Sizing is the content's: ignoring the safe area changes where the view reaches, not how its parent
    // lays it out.
    override func place(in bounds: CGRect) {
        let r = node.host.extendedIntoSafeArea(bounds, edges: edges)
        node.contentUnit.place(in: r, proposal: ProposedViewSize(r.size))
    }
}

extension ViewHost {
    /// The safe area in root coordinates: the host's size less its insets.
    var safeRect: CGRect {
        let i = safeAreaInsets
        return CGRect(x: i.leading, y: i.top, width: max(0, size.width - i.leading - i.trailing),
                      height: max(0, size.height - i.top - i.bottom))
    }

    /// `bounds` reaching out to the screen's edge on each of `edges` where it meets (or passes) the safe
    /// area's edge.
    func extendedIntoSafeArea(_ bounds: CGRect, edges: Edge.Set) -> CGRect {
        let safe = safeRect
        let slack: CGFloat = 0.5  // placements are rounded to pixels
        var x0 = bounds.minX, y0 = bounds.minY, x1 = bounds.maxX, y1 = bounds.maxY
        if edges.contains(.top), y0 <= safe.minY + slack { y0 = min(y0, 0) }
        if edges.contains(.leading), x0 <= safe.minX + slack { x0 = min(x0, 0) }
        if edges.contains(.bottom), y1 >= safe.maxY - slack { y1 = max(y1, size.height) }
        if edges.contains(.trailing), x1 >= safe.maxX - slack { x1 = max(x1, size.width) }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension View {
    /// Lets the view reach the screen's edges past the safe area, on `edges` where its frame meets the safe
    /// area's edge (SwiftUI's `ignoresSafeArea(_:edges:)`).
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        modifier(_IgnoresSafeAreaLayout(regions: regions, edges: edges))
    }

    /// Puts `content` along the top or bottom edge of this view, and this view in the rest (SwiftUI's
    /// `safeAreaInset(edge:alignment:spacing:content:)`; the view is laid out beside the bar, not under it).
    public func safeAreaInset<V: View>(edge: VerticalEdge, alignment: HorizontalAlignment = .center,
                                       spacing: CGFloat? = nil, @ViewBuilder content: () -> V) -> some View {
        let bar = content()
        return VStack(alignment: alignment, spacing: spacing ?? 0) {
            if edge == .top { bar }
            self.frame(maxWidth: .infinity, maxHeight: .infinity)
            if edge == .bottom { bar }
        }
    }

    /// Puts `content` along the leading or trailing edge of this view, and this view in the rest.
    public func safeAreaInset<V: View>(edge: HorizontalEdge, alignment: VerticalAlignment = .center,
                                       spacing: CGFloat? = nil, @ViewBuilder content: () -> V) -> some View {
        let bar = content()
        return HStack(alignment: alignment, spacing: spacing ?? 0) {
            if edge == .leading { bar }
            self.frame(maxWidth: .infinity, maxHeight: .infinity)
            if edge == .trailing { bar }
        }
    }
}

extension View {
    /// Lets the view reach the screen's edges past the safe area on `edges` (SwiftUI's deprecated
    /// `edgesIgnoringSafeArea(_:)`, still in much code): `ignoresSafeArea(.all, edges:)`.
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View { ignoresSafeArea(.all, edges: edges) }
}
