import ScanoutRender

/// The stack algorithm SwiftUI uses for `HStack` and `VStack`: every subview's flexibility along the axis is
/// measured (its size for a zero and for an infinite proposal); the remaining length is shared out in
/// priority order, the least flexible subviews of a priority first, each offered an equal share of what is
/// left, so rigid views get their size and flexible ones split the rest. A `nil` proposal asks every subview
/// for its ideal size.
struct StackLayout: Layout {
    let axis: Axis
    let alignment: Alignment
    let spacing: CGFloat?

    static let defaultSpacing: CGFloat = 8

    private func along(_ s: CGSize) -> CGFloat { axis == .horizontal ? s.width : s.height }
    private func across(_ s: CGSize) -> CGFloat { axis == .horizontal ? s.height : s.width }
    private func proposal(along a: CGFloat?, across c: CGFloat?) -> ProposedViewSize {
        axis == .horizontal ? ProposedViewSize(width: a, height: c) : ProposedViewSize(width: c, height: a)
    }

    private func spacingTotal(_ n: Int) -> CGFloat { n > 1 ? CGFloat(n - 1) * (spacing ?? Self.defaultSpacing) : 0 }

    /// The length along the axis each subview gets for `proposal`.
    private func lengths(_ p: ProposedViewSize, _ subviews: Subviews) -> [CGFloat] {
        let alongProposal = axis == .horizontal ? p.width : p.height
        let acrossProposal = axis == .horizontal ? p.height : p.width
        guard let total = alongProposal else {
            return subviews.map { along($0.sizeThatFits(proposal(along: nil, across: acrossProposal))) }
        }
        let n = subviews.count
        var remaining = total - spacingTotal(n)
        var lengths = [CGFloat](repeating: 0, count: n)
        let minima = subviews.map { along($0.sizeThatFits(proposal(along: 0, across: acrossProposal))) }
        let maxima = subviews.map { along($0.sizeThatFits(proposal(along: .infinity, across: acrossProposal))) }
        let priorities = Set(subviews.map(\.priority)).sorted(by: >)
        for priority in priorities {
            var group = (0..<n).filter { subviews[$0].priority == priority }
            // Lower-priority subviews keep at least their minimum.
            let reserved = (0..<n).filter { subviews[$0].priority < priority }.reduce(0) { $0 + minima[$1] }
            var available = remaining - reserved
            group.sort { (maxima[$0] - minima[$0]) < (maxima[$1] - minima[$1]) }
            var count = group.count
            for i in group {
                let offer = max(0, available / CGFloat(count))
                let l = along(subviews[i].sizeThatFits(proposal(along: offer, across: acrossProposal)))
                lengths[i] = l
                available -= l
                remaining -= l
                count -= 1
            }
        }
        return lengths
    }

    func sizeThatFits(proposal p: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        guard !subviews.isEmpty else { return .zero }
        let acrossProposal = axis == .horizontal ? p.height : p.width
        let ls = lengths(p, subviews)
        var acrossMax: CGFloat = 0
        for (i, s) in subviews.enumerated() {
            acrossMax = max(acrossMax, across(s.sizeThatFits(proposal(along: ls[i], across: acrossProposal))))
        }
        let length = ls.reduce(0, +) + spacingTotal(subviews.count)
        return axis == .horizontal ? CGSize(width: length, height: acrossMax) : CGSize(width: acrossMax, height: length)
    }

    func placeSubviews(in bounds: CGRect, proposal p: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        guard !subviews.isEmpty else { return }
        let acrossProposal = axis == .horizontal ? p.height : p.width
        let ls = lengths(p, subviews)
        let space = spacing ?? Self.defaultSpacing
        var position = axis == .horizontal ? bounds.minX : bounds.minY
        let crossLength = axis == .horizontal ? bounds.height : bounds.width
        let boundsDims = ViewDimensions(size: axis == .horizontal ? CGSize(width: 0, height: crossLength) : CGSize(width: crossLength, height: 0))
        for (i, s) in subviews.enumerated() {
            let childProposal = proposal(along: ls[i], across: acrossProposal)
            let d = s.dimensions(in: childProposal)
            if axis == .horizontal {
                let y = bounds.minY + boundsDims[alignment.vertical] - d[alignment.vertical]
                s.place(at: CGPoint(x: position, y: y), proposal: childProposal)
                position += d.width + space
            } else {
                let x = bounds.minX + boundsDims[alignment.horizontal] - d[alignment.horizontal]
                s.place(at: CGPoint(x: x, y: position), proposal: childProposal)
                position += d.height + space
            }
        }
    }
}

/// Overlays subviews, aligned, sized to the largest.
struct ZStackLayout: Layout {
    let alignment: Alignment

    func sizeThatFits(proposal p: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        var w: CGFloat = 0, h: CGFloat = 0
        for s in subviews {
            let size = s.sizeThatFits(p)
            w = max(w, size.width); h = max(h, size.height)
        }
        return CGSize(width: w, height: h)
    }

    func placeSubviews(in bounds: CGRect, proposal p: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        let bd = ViewDimensions(size: bounds.size)
        for s in subviews {
            let d = s.dimensions(in: p)
            s.place(at: CGPoint(x: bounds.minX + bd[alignment.horizontal] - d[alignment.horizontal],
                                y: bounds.minY + bd[alignment.vertical] - d[alignment.vertical]), proposal: p)
        }
    }
}

/// Views in a row (SwiftUI's `HStack`).
public struct HStack<Content: View>: View, PrimitiveView, AnyLayoutContainer {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func makeBehavior() -> NodeBehavior { LayoutBehavior<StackLayout>() }
    var anyLayout: Any { StackLayout(axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: alignment), spacing: spacing) }
    var anyContent: any View { content }
}

/// Views in a column (SwiftUI's `VStack`).
public struct VStack<Content: View>: View, PrimitiveView, AnyLayoutContainer {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func makeBehavior() -> NodeBehavior { LayoutBehavior<StackLayout>() }
    var anyLayout: Any { StackLayout(axis: .vertical, alignment: Alignment(horizontal: alignment, vertical: .center), spacing: spacing) }
    var anyContent: any View { content }
}

/// Views on top of each other (SwiftUI's `ZStack`).
public struct ZStack<Content: View>: View, PrimitiveView, AnyLayoutContainer {
    let alignment: Alignment
    let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.content = content()
    }
    func makeBehavior() -> NodeBehavior { LayoutBehavior<ZStackLayout>() }
    var anyLayout: Any { ZStackLayout(alignment: alignment) }
    var anyContent: any View { content }
}

