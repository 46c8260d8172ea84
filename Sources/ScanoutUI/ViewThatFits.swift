import ScanoutRender

/// `ViewThatFits` (SwiftUI's): shows the first of its views whose ideal size fits the proposal along the
/// constrained axes, else the last. The others keep their nodes and state but are not laid out, drawn, hit or
/// appeared (their `onAppear` runs when they are chosen).
public struct ViewThatFits<Content: View>: View, PrimitiveView {
    let axes: Axis.Set
    let content: Content

    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    func makeBehavior() -> NodeBehavior { ViewThatFitsBehavior<Content>() }
}

final class ViewThatFitsBehavior<Content: View>: NodeBehavior {
    private var axes: Axis.Set = [.horizontal, .vertical]
    /// The subview shown since the last placement (by index among the layout subviews).
    private var chosen = 0
    // Which subview draws is decided when placing.
    override var drawingReadsPlacement: Bool { true }
    // Subviews appear when chosen (see `place`), not with this view.
    override var childrenAppearWithParent: Bool { false }

    // Each view of the content is a child of its own (a `ForEach` among them is one candidate), so the chosen
    // one is drawn through this node's own recording.
    override func update(_ view: any View) -> [ChildSlot]? {
        let v = view.known(as: ViewThatFits<Content>.self)
        if v.axes != axes { axes = v.axes; node.invalidateLayout() }
        let views = (v.content as? AnyTupleChildren)?.childViews ?? [v.content]
        var slots: [ChildSlot] = []
        for (i, child) in views.enumerated() { slots.append(ChildSlot(key: i, view: child)) }
        return slots
    }

    private var candidates: [ViewNode] { node.children.filter { !$0.isRemoving } }

    /// The first subview whose ideal size fits `proposal` along the constrained axes (the last when none does).
    private func choice(for proposal: ProposedViewSize, among subviews: [ViewNode]) -> Int {
        guard subviews.count > 1 else { return 0 }
        let ideal = ProposedViewSize(width: axes.contains(.horizontal) ? nil : proposal.width,
                                     height: axes.contains(.vertical) ? nil : proposal.height)
        for (i, s) in subviews.enumerated() {
            let size = s.sizeThatFits(ideal)
            let fitsWidth = !axes.contains(.horizontal) || proposal.width.map { size.width <= $0 + 0.001 } ?? true
            let fitsHeight = !axes.contains(.vertical) || proposal.height.map { size.height <= $0 + 0.001 } ?? true
            if fitsWidth && fitsHeight { return i }
        }
        return subviews.count - 1
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let subviews = candidates
        guard !subviews.isEmpty else { return .zero }
        return subviews[choice(for: proposal, among: subviews)].sizeThatFits(proposal)
    }

    override func place(in bounds: CGRect) {
        let subviews = candidates
        guard !subviews.isEmpty else { return }
        let pick = choice(for: ProposedViewSize(bounds.size), among: subviews)
        if pick != chosen { chosen = pick; node.setNeedsDisplay() }
        for (i, s) in subviews.enumerated() {
            if i == pick {
                s.place(in: bounds)
            } else {
                s.place(in: CGRect(origin: bounds.origin, size: .zero))  // out of hit testing
            }
        }
        // Only the chosen view takes part in the lifecycle.
        guard node.hasAppeared else { return }
        for (i, s) in subviews.enumerated() { s.setVisible(i == pick) }
    }

    override func draw(into list: inout DisplayList) {
        let subviews = candidates
        guard chosen < subviews.count else { return }
        subviews[chosen].draw(into: &list)
    }
}
