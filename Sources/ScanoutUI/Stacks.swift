import ScanoutRender

/// The stack algorithm SwiftUI uses for `HStack` and `VStack`: every subview's flexibility along the axis is
/// measured (its size for a zero and for an infinite proposal); the remaining length is shared out in
/// priority order, the least flexible subviews of a priority first, each offered an equal share of what is
/// left, so rigid views get their size and flexible ones split the rest. A `nil` proposal asks every subview
/// for its ideal size. Across the axis, the subviews' alignment guides are lined up and the stack is as thick
/// as their union.
struct StackLayout: Layout {
    let axis: Axis
    let alignment: Alignment
    let spacing: CGFloat?

    static let defaultSpacing: CGFloat = 8

    // (The layout code below uses loops, not `map`/`filter`/`sort` closures: a closure made here is isolated
    // to the main actor like the layout, and Swift 6 checks the executor every time such a closure is entered
    // — a quarter of a big stack's layout time. The pure helpers are nonisolated for the same reason.)
    private nonisolated func along(_ s: CGSize) -> CGFloat { axis == .horizontal ? s.width : s.height }
    private nonisolated func across(_ s: CGSize) -> CGFloat { axis == .horizontal ? s.height : s.width }
    private nonisolated func proposal(along a: CGFloat?, across c: CGFloat?) -> ProposedViewSize {
        axis == .horizontal ? ProposedViewSize(width: a, height: c) : ProposedViewSize(width: c, height: a)
    }

    /// The space after subview `i` (not the last): the stack's spacing, else the default — except next to a
    /// spacer, which has no spacing of its own (its minimum length is the gap), as in SwiftUI.
    private func gap(after i: Int, _ subviews: Subviews) -> CGFloat {
        if let spacing { return spacing }
        return subviews[i].isSpacer || subviews[i + 1].isSpacer ? 0 : Self.defaultSpacing
    }

    /// The gaps added up, first to last.
    private func totalSpacing(_ subviews: Subviews) -> CGFloat {
        var total: CGFloat = 0
        var i = 0
        while i + 1 < subviews.count {
            total += gap(after: i, subviews)
            i += 1
        }
        return total
    }

    // (A stack is measured several times per pass at each of its children's proposals: the measuring below
    // makes few arrays — a thousand-row list measured its stacks' arrays and a Set of priorities per call.)

    /// The length along the axis each subview gets for `proposal`, written to `lengths` (one per subview).
    private func lengths(_ p: ProposedViewSize, _ subviews: Subviews, spacing: CGFloat, into lengths: UnsafeMutableBufferPointer<CGFloat>) {
        let alongProposal = axis == .horizontal ? p.width : p.height
        let acrossProposal = axis == .horizontal ? p.height : p.width
        let n = subviews.count
        // Without a length to share, or for a column whose subviews' heights do not depend on the height
        // offered (texts, rows of them: their minimum, maximum and share are one length, their cached
        // size), each subview's length is its size for any: no extremes to find.
        guard let total = alongProposal, axis == .horizontal || !subviews.allIgnoreProposedHeight else {
            let ideal = proposal(along: nil, across: acrossProposal)
            for i in 0..<n { lengths[i] = along(subviews[i].sizeThatFits(ideal)) }
            return
        }
        // Each subview's minimum (its length for a zero proposal) at `i`, its maximum (infinite) at `n + i`.
        let extremes = LayoutScratch.take(2 * n)
        defer { LayoutScratch.give(extremes) }
        let zero = proposal(along: 0, across: acrossProposal), infinite = proposal(along: .infinity, across: acrossProposal)
        for i in 0..<n { extremes[i] = along(subviews[i].sizeThatFits(zero)) }
        for i in 0..<n { extremes[n + i] = along(subviews[i].sizeThatFits(infinite)) }
        var remaining = total - spacing
        // One priority (the usual case): one group, nothing reserved for lower ones.
        let first = subviews[0].priority
        var uniform = true
        for i in 1..<max(n, 1) where subviews[i].priority != first { uniform = false; break }
        if uniform {
            // Equally flexible subviews (rows of fixed size) are offered space in their order: no array.
            if Self.equallyFlexible(0..<n, extremes: extremes) {
                share(remaining, amongFirst: n, subviews, across: acrossProposal, remaining: &remaining, into: lengths)
            } else {
                share(remaining, among: Self.sortedByFlexibility(Array(0..<n), extremes: extremes), subviews, across: acrossProposal,
                      remaining: &remaining, into: lengths)
            }
            return
        }
        var priorities = [Double]()
        priorities.reserveCapacity(n)
        for s in subviews { priorities.append(s.priority) }
        for priority in Self.descendingDistinct(priorities) {
            // Lower-priority subviews keep at least their minimum.
            var reserved: CGFloat = 0
            for i in 0..<n where priorities[i] < priority { reserved += extremes[i] }
            let group = Self.flexibilityOrder(of: Self.indices(of: priority, in: priorities), extremes: extremes)
            share(remaining - reserved, among: group, subviews, across: acrossProposal, remaining: &remaining, into: lengths)
        }
    }

    /// Offers `available` to the subviews of `group` in its order, each an equal share of what is left.
    private func share(_ available: CGFloat, among group: [Int], _ subviews: Subviews, across acrossProposal: CGFloat?,
                       remaining: inout CGFloat, into lengths: UnsafeMutableBufferPointer<CGFloat>) {
        var available = available
        var count = group.count
        for i in group { offer(i, &available, &count, subviews, across: acrossProposal, remaining: &remaining, into: lengths) }
    }

    /// `share` to the first `n` subviews in order.
    private func share(_ available: CGFloat, amongFirst n: Int, _ subviews: Subviews, across acrossProposal: CGFloat?,
                       remaining: inout CGFloat, into lengths: UnsafeMutableBufferPointer<CGFloat>) {
        var available = available
        var count = n
        for i in 0..<n { offer(i, &available, &count, subviews, across: acrossProposal, remaining: &remaining, into: lengths) }
    }

    /// Offers subview `i` an equal share of `available` among the `count` left, and takes what it used.
    @inline(__always)
    private func offer(_ i: Int, _ available: inout CGFloat, _ count: inout Int, _ subviews: Subviews, across acrossProposal: CGFloat?,
                       remaining: inout CGFloat, into lengths: UnsafeMutableBufferPointer<CGFloat>) {
        let offer = max(0, available / CGFloat(count))
        let l = along(subviews[i].sizeThatFits(proposal(along: offer, across: acrossProposal)))
        lengths[i] = l
        available -= l
        remaining -= l
        count -= 1
    }

    /// Whether the subviews of `group` are all as flexible as its first (`extremes`: the minima, then the maxima).
    private nonisolated static func equallyFlexible(_ group: some Collection<Int>, extremes: UnsafeMutableBufferPointer<CGFloat>) -> Bool {
        let n = extremes.count / 2
        guard let head = group.first else { return true }
        let flexibility = extremes[n + head] - extremes[head]
        for i in group where extremes[n + i] - extremes[i] != flexibility { return false }
        return true
    }

    private nonisolated static func descendingDistinct(_ values: [Double]) -> [Double] {
        Set(values).sorted(by: >)
    }

    private nonisolated static func indices(of value: Double, in values: [Double]) -> [Int] {
        values.indices.filter { values[$0] == value }
    }

    /// `group` with the least flexible first (the order the stack offers space in); `extremes` holds the minima,
    /// then the maxima. As it is when all are equally flexible (rows of fixed size: no sort).
    private nonisolated static func flexibilityOrder(of group: [Int], extremes: UnsafeMutableBufferPointer<CGFloat>) -> [Int] {
        equallyFlexible(group, extremes: extremes) ? group : sortedByFlexibility(group, extremes: extremes)
    }

    private nonisolated static func sortedByFlexibility(_ group: [Int], extremes: UnsafeMutableBufferPointer<CGFloat>) -> [Int] {
        let n = extremes.count / 2
        return group.sorted { (extremes[n + $0] - extremes[$0]) < (extremes[n + $1] - extremes[$1]) }
    }

    /// A subview's alignment guide across the axis.
    private func guide(_ d: ViewDimensions) -> CGFloat {
        axis == .horizontal ? d[alignment.vertical] : d[alignment.horizontal]
    }

    /// The subviews measured for the stack's proposal `p`, in four runs of `scratch` (4n values): the length
    /// offered to each along the axis, the lengths it takes along and across at that offer, and its guide across.
    private func measure(_ p: ProposedViewSize, _ subviews: Subviews, spacing: CGFloat, in scratch: UnsafeMutableBufferPointer<CGFloat>)
        -> (offered: UnsafeMutableBufferPointer<CGFloat>, taken: UnsafeMutableBufferPointer<CGFloat>,
            across: UnsafeMutableBufferPointer<CGFloat>, guides: UnsafeMutableBufferPointer<CGFloat>) {
        let n = subviews.count
        let acrossProposal = axis == .horizontal ? p.height : p.width
        let offered = UnsafeMutableBufferPointer(rebasing: scratch[0..<n])
        let taken = UnsafeMutableBufferPointer(rebasing: scratch[n..<2 * n])
        let acrossLengths = UnsafeMutableBufferPointer(rebasing: scratch[2 * n..<3 * n])
        let guides = UnsafeMutableBufferPointer(rebasing: scratch[3 * n..<4 * n])
        lengths(p, subviews, spacing: spacing, into: offered)
        for i in 0..<n {
            let d = subviews[i].dimensions(in: proposal(along: offered[i], across: acrossProposal))
            taken[i] = along(CGSize(width: d.width, height: d.height))
            acrossLengths[i] = across(CGSize(width: d.width, height: d.height))
            guides[i] = guide(d)
        }
        return (offered, taken, acrossLengths, guides)
    }

    func sizeThatFits(proposal p: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        guard !subviews.isEmpty else { return .zero }
        let spacing = totalSpacing(subviews)
        let scratch = LayoutScratch.take(4 * subviews.count)
        defer { LayoutScratch.give(scratch) }
        let m = measure(p, subviews, spacing: spacing, in: scratch)
        var length: CGFloat = 0
        for l in m.taken { length += l }
        length += spacing
        let thickness = AlignedLine.extent(lengths: m.across, guides: m.guides, line: AlignedLine.line(m.guides))
        return axis == .horizontal ? CGSize(width: length, height: thickness) : CGSize(width: thickness, height: length)
    }

    func placeSubviews(in bounds: CGRect, proposal p: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        guard !subviews.isEmpty else { return }
        let n = subviews.count
        let acrossProposal = axis == .horizontal ? p.height : p.width
        // (Scratch, not arrays: a list places every row's stack.)
        let scratch = LayoutScratch.take(4 * n)
        defer { LayoutScratch.give(scratch) }
        let (offered, taken, acrossLengths, guides) = measure(p, subviews, spacing: totalSpacing(subviews), in: scratch)
        let line = AlignedLine.line(guides)
        let extent = AlignedLine.extent(lengths: acrossLengths, guides: guides, line: line)
        let horizontal = axis == .horizontal
        // Where the union starts across: flush when the bounds fit it, else placed by the alignment.
        let start = horizontal
            ? AlignedLine.start(in: bounds.minY, length: bounds.height, extent: extent, fraction: alignment.vertical.unitFraction)
            : AlignedLine.start(in: bounds.minX, length: bounds.width, extent: extent, fraction: alignment.horizontal.unitFraction)
        var position = horizontal ? bounds.minX : bounds.minY
        for i in 0..<n {
            let offset = start + (line - guides[i])
            subviews[i].place(at: horizontal ? CGPoint(x: position, y: offset) : CGPoint(x: offset, y: position),
                              proposal: proposal(along: offered[i], across: acrossProposal))
            position += taken[i] + (i + 1 < n ? gap(after: i, subviews) : 0)
        }
    }
}

/// Subviews lined up on their alignment guides along one axis: each is moved so that its guide falls on a
/// common line, and the group spans the union of the moved subviews (a guide moved with `alignmentGuide`
/// makes the group wider).
struct AlignedLine {
    /// Each subview's position from the start of the union.
    let offsets: [CGFloat]
    /// The length of the union.
    let extent: CGFloat

    init(lengths: [CGFloat], guides: [CGFloat]) {
        let line = Self.line(guides)
        offsets = guides.map { line - $0 }
        extent = Self.extent(lengths: lengths, guides: guides, line: line)
    }

    /// The common line: the largest guide (0 for none).
    static func line(_ guides: some Sequence<CGFloat>) -> CGFloat { guides.max() ?? 0 }

    /// The length of the union of subviews of `lengths` moved so that their `guides` fall on `line` (a stack
    /// measuring itself needs only this, not the offsets).
    static func extent(lengths: some Sequence<CGFloat>, guides: some Sequence<CGFloat>, line: CGFloat) -> CGFloat {
        var extent: CGFloat = 0
        for (length, guide) in zip(lengths, guides) { extent = max(extent, (line - guide) + length) }
        return extent
    }

    /// Where the union starts in a span of `length` from `origin`: flush with it when the span fits the union
    /// (the usual case), else placed by the alignment's position in a unit span (0 leading, 0.5 centre, 1 trailing).
    func start(in origin: CGFloat, length: CGFloat, fraction: CGFloat) -> CGFloat {
        Self.start(in: origin, length: length, extent: extent, fraction: fraction)
    }

    static func start(in origin: CGFloat, length: CGFloat, extent: CGFloat, fraction: CGFloat) -> CGFloat {
        origin + (length - extent) * fraction
    }
}

extension HorizontalAlignment {
    /// The guide's default position in a view one point wide.
    var unitFraction: CGFloat { defaultValue(ViewDimensions(size: CGSize(width: 1, height: 1))) }
}

extension VerticalAlignment {
    /// The guide's default position in a view one point tall.
    var unitFraction: CGFloat { defaultValue(ViewDimensions(size: CGSize(width: 1, height: 1))) }
}

/// Overlays subviews on their alignment guides, sized to their union (the largest, with default guides).
/// (`ZStackLayout` is the public face; this type is public only as its cache's owner.)
public struct OverlayLayout: Layout {
    let alignment: Alignment

    /// Each subview's size and guides for the last proposal, with the layout version they were measured at:
    /// after a change below one subview, a pass re-measures that one and answers the others from here
    /// (a dashboard's root ZStack of dozens of views costs its changed children, not all of them).
    public final class Cache {
        var proposal: ProposedViewSize?
        var versions: [UInt64?] = []
        var widths: [CGFloat] = []
        var heights: [CGFloat] = []
        var xGuides: [CGFloat] = []
        var yGuides: [CGFloat] = []
        var lines: (x: AlignedLine, y: AlignedLine)?
    }

    public func makeCache(subviews: Subviews) -> Cache { Cache() }

    private func lines(_ p: ProposedViewSize, _ subviews: Subviews, _ cache: Cache) -> (x: AlignedLine, y: AlignedLine) {
        let n = subviews.count
        var changed = false
        if cache.proposal != p || cache.versions.count != n {
            cache.proposal = p
            cache.versions = [UInt64?](repeating: nil, count: n)
            cache.widths = [CGFloat](repeating: 0, count: n)
            cache.heights = cache.widths
            cache.xGuides = cache.widths
            cache.yGuides = cache.widths
            changed = true
        }
        for i in 0..<n {
            let unit = subviews[i].unit
            let version = unit.layoutVersion
            if let v = version, cache.versions[i] == v { continue }
            let d = subviews[i].dimensions(in: p)
            cache.versions[i] = version
            cache.widths[i] = d.width
            cache.heights[i] = d.height
            cache.xGuides[i] = d[alignment.horizontal]
            cache.yGuides[i] = d[alignment.vertical]
            changed = true
        }
        if !changed, let l = cache.lines { return l }
        let l = (x: AlignedLine(lengths: cache.widths, guides: cache.xGuides), y: AlignedLine(lengths: cache.heights, guides: cache.yGuides))
        cache.lines = l
        return l
    }

    public func sizeThatFits(proposal p: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        let (x, y) = lines(p, subviews, cache)
        return CGSize(width: x.extent, height: y.extent)
    }

    public func placeSubviews(in bounds: CGRect, proposal p: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        let (x, y) = lines(p, subviews, cache)
        let left = x.start(in: bounds.minX, length: bounds.width, fraction: alignment.horizontal.unitFraction)
        let top = y.start(in: bounds.minY, length: bounds.height, fraction: alignment.vertical.unitFraction)
        for (i, s) in subviews.enumerated() {
            // The size measured for this proposal (what `place(at:proposal:)` would ask the subview again).
            let origin = CGPoint(x: left + x.offsets[i], y: top + y.offsets[i])
            s.unit.place(in: CGRect(origin: origin, size: CGSize(width: cache.widths[i], height: cache.heights[i])), proposal: p)
        }
    }
}

/// Views in a row (SwiftUI's `HStack`).
public struct HStack<Content: View>: View, PrimitiveView, LayoutContainerView {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func makeBehavior() -> NodeBehavior { LayoutBehavior(self) }
    var containerLayout: StackLayout { StackLayout(axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: alignment), spacing: spacing) }
    var anyContent: any View { content }
}

/// Views in a column (SwiftUI's `VStack`).
public struct VStack<Content: View>: View, PrimitiveView, LayoutContainerView {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func makeBehavior() -> NodeBehavior { LayoutBehavior(self) }
    var containerLayout: StackLayout { StackLayout(axis: .vertical, alignment: Alignment(horizontal: alignment, vertical: .center), spacing: spacing) }
    var anyContent: any View { content }
}

/// Views on top of each other (SwiftUI's `ZStack`).
public struct ZStack<Content: View>: View, PrimitiveView, LayoutContainerView {
    let alignment: Alignment
    let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.content = content()
    }
    func makeBehavior() -> NodeBehavior { LayoutBehavior(self) }
    var containerLayout: OverlayLayout { OverlayLayout(alignment: alignment) }
    var anyContent: any View { content }
}

