/// `zIndex`: the drawing (and hit-testing) order of overlapping siblings. Views are drawn in their order in
/// the container, except that a higher `zIndex` draws later, above; equal ones keep their order (SwiftUI's
/// rule). The index is found on a child or through the transparent single-child views around it (an `if`
/// branch, a `Group`), so `if shown { Banner().zIndex(1) }` works as in SwiftUI.
public struct _ZIndexModifier: PrimitiveModifier {
    public func body(content: Content) -> Never { fatalError("\(Self.self) is a built-in modifier") }
    let index: Double
    func makeBehavior() -> ModifierBehavior { ZIndexBehavior() }
}

final class ZIndexBehavior: ModifierBehavior {
    private(set) var index: Double = 0
    override var viewValueAffectsOwnOutput: Bool { false }

    override func updateModifier(_ modifier: any ViewModifier) {
        let new = modifier.known(as: _ZIndexModifier.self).index
        node.host.hasZIndex = true
        guard new != index else { return }
        index = new
        // The container's drawing order changed: it records again (up through the transparent views between).
        var n = node.parent
        while let p = n {
            p.setNeedsDisplay()
            guard p.behavior.role == .transparent else { break }
            n = p.parent
        }
    }
}

extension View {
    /// Draws this view above (higher) or below (lower) its overlapping siblings; 0 by default.
    public func zIndex(_ value: Double) -> ModifiedContent<Self, _ZIndexModifier> {
        modifier(_ZIndexModifier(index: value))
    }
}

extension ViewNode {
    /// The `zIndex` of this child as its container sees it.
    private var zIndex: Double {
        var n: ViewNode = self
        while true {
            if let z = n.behavior as? ZIndexBehavior { return z.index }
            guard n.behavior.role == .transparent, n.children.count == 1 else { return 0 }
            n = n.children[0]
        }
    }

    /// The children in the order they are drawn (and, reversed, hit): by `zIndex`, stable; a background is drawn
    /// (and so hit) under its content.
    var childrenInDrawingOrder: [ViewNode] {
        let ordered = behavior.drawsChildrenInReverse ? Array(children.reversed()) : children
        guard host.hasZIndex, ordered.count > 1 else { return ordered }
        let indices = ordered.map(\.zIndex)
        guard indices.contains(where: { $0 != 0 }) else { return ordered }
        return ordered.indices.sorted { indices[$0] != indices[$1] ? indices[$0] < indices[$1] : $0 < $1 }.map { ordered[$0] }
    }
}
