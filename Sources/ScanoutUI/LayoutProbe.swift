/// Layout inspection for tests and debugging: where views ended up and what they were proposed. Nothing
/// here changes layout or drawing.

struct LayoutProbeModifier: PrimitiveModifier {
    let id: String
    func makeBehavior() -> ModifierBehavior { LayoutProbeBehavior() }
}

/// Passes layout through unchanged, remembering the distinct proposals of the last layout pass (a node is
/// asked once per proposal per pass: sizes are cached).
final class LayoutProbeBehavior: ModifierBehavior {
    var id = ""
    private(set) var proposals: [ProposedViewSize] = []
    private var generation = -1

    override func updateModifier(_ modifier: any ViewModifier) { id = modifier.known(as: LayoutProbeModifier.self).id }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        if generation != node.host.layoutGeneration {
            generation = node.host.layoutGeneration
            proposals.removeAll()
        }
        proposals.append(proposal)
        return super.sizeThatFits(proposal)
    }
}

/// What a `layoutProbe` saw in the last layout.
public struct LayoutProbeRecord: Sendable, CustomStringConvertible {
    /// The probed view's frame, in root coordinates.
    public let frame: CGRect
    /// The distinct size proposals the view received, in order.
    public let proposals: [ProposedViewSize]
    public var description: String { "frame \(frame), proposals \(proposals)" }
}

extension View {
    /// Marks the view so that `ViewHost.layoutProbe(_:)` can report its frame and the proposals it received
    /// in the last layout (for tests and debugging; layout and drawing are unchanged).
    package func layoutProbe(_ id: String) -> some View { modifier(LayoutProbeModifier(id: id)) }
}

extension ViewHost {
    /// The frame and proposals of the live view marked `.layoutProbe(id)` (the first in tree order).
    package func layoutProbe(_ id: String) -> LayoutProbeRecord? {
        firstNode { ($0.behavior as? LayoutProbeBehavior)?.id == id }.map {
            LayoutProbeRecord(frame: $0.frame, proposals: ($0.behavior as! LayoutProbeBehavior).proposals)
        }
    }

    /// The laid-out frames of the `Text` views whose string is `text`, in tree order.
    package func frames(ofText text: String) -> [CGRect] {
        var out: [CGRect] = []
        visitNodes { node in
            if let t = node.behavior as? TextBehavior, t.shownString == text { out.append(node.frame) }
            return false
        }
        return out
    }

    /// The frames of the `Text` views showing `text` as drawn: through the geometry effects above them (a paged
    /// `TabView`'s shift, `rotationEffect`, `scaleEffect`), the bounding box of the turned frame.
    package func drawnFrames(ofText text: String) -> [CGRect] {
        var out: [CGRect] = []
        visitNodes { node in
            guard let t = node.behavior as? TextBehavior, t.shownString == text else { return false }
            var corners = [CGPoint(x: node.frame.minX, y: node.frame.minY), CGPoint(x: node.frame.maxX, y: node.frame.minY),
                           CGPoint(x: node.frame.minX, y: node.frame.maxY), CGPoint(x: node.frame.maxX, y: node.frame.maxY)]
            var p = node.parent
            while let n = p, !corners.isEmpty {
                if let effect = n.behavior as? GeometryEffectBehavior { corners = corners.compactMap { effect.drawnPoint($0) } }
                p = n.parent
            }
            guard let first = corners.first else { return false }
            var lo = first, hi = first
            for c in corners { lo = CGPoint(x: min(lo.x, c.x), y: min(lo.y, c.y)); hi = CGPoint(x: max(hi.x, c.x), y: max(hi.y, c.y)) }
            out.append(CGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y))
            return false
        }
        return out
    }

    private func firstNode(where match: (ViewNode) -> Bool) -> ViewNode? {
        var found: ViewNode?
        visitNodes { node in
            if match(node) { found = node; return true }
            return false
        }
        return found
    }

    /// Visits live nodes depth-first, parents first, until `visit` returns true.
    func visitNodes(_ visit: (ViewNode) -> Bool) {
        func walk(_ node: ViewNode) -> Bool {
            guard node.isAlive else { return false }
            if visit(node) { return true }
            for child in node.children where walk(child) { return true }
            return false
        }
        _ = walk(root)
    }
}
