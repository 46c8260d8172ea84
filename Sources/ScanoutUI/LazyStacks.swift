import ScanoutRender

/// A column that makes its rows only when they come near the visible part of the enclosing scroll view
/// (SwiftUI's `LazyVStack`). Rows of a `ForEach` directly inside are made on demand and kept, with their state,
/// while the stack lives; a row appears (`onAppear`) when it enters the window (the viewport and a margin)
/// and disappears when it leaves it on either side. Other views in it are made, and appear, with the stack.
public struct LazyVStack<Content: View>: View, PrimitiveView, AnyLazyStack {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content
    /// (`pinnedViews` is accepted; section headers and footers scroll with the rows, as in Scanout's grids.)
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func makeBehavior() -> NodeBehavior { LazyStackBehavior() }
    var stack: (axis: Axis, alignment: Alignment, spacing: CGFloat?) {
        (.vertical, Alignment(horizontal: alignment, vertical: .center), spacing)
    }
    var anyContent: any View { content }
}

/// A row that makes its views only when they come near the visible part of the enclosing scroll view
/// (SwiftUI's `LazyHStack`); see `LazyVStack`.
public struct LazyHStack<Content: View>: View, PrimitiveView, AnyLazyStack {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func makeBehavior() -> NodeBehavior { LazyStackBehavior() }
    var stack: (axis: Axis, alignment: Alignment, spacing: CGFloat?) {
        (.horizontal, Alignment(horizontal: .center, vertical: alignment), spacing)
    }
    var anyContent: any View { content }
}

@MainActor
protocol AnyLazyStack {
    var stack: (axis: Axis, alignment: Alignment, spacing: CGFloat?) { get }
    var anyContent: any View { get }
}

extension ViewNode {
    /// Whether this node's children are a lazy stack's rows: the nearest ancestor that is not transparent is
    /// a lazy stack, with no `ForEach` in between (a `ForEach` inside a row is part of that row).
    var isLazyStackContent: Bool {
        var ancestor = parent
        while let a = ancestor {
            if a.behavior is LazyStackBehavior || a.behavior is ListRowsBehavior { return true }
            if a.behavior.role != .transparent || a.behavior is LazyRowProvider { return false }
            ancestor = a.parent
        }
        return false
    }
}

/// Lays rows out along an axis from their measured lengths, or an estimate (the mean of those measured) for
/// rows not made yet. At placement it makes, measures and places the rows that cross the window, and makes
/// rows entering or leaving it appear or disappear. Rows are proposed the stack's cross length and no length
/// along the axis (their ideal one); the stack takes the cross length proposed to it.
final class LazyStackBehavior: NodeBehavior {
    override var stackAxisProvider: StackAxisProviding? { self }  // (see its extension below)
    private var stackAxis = Axis.vertical
    private var alignment = Alignment.center
    private var spacing = StackLayout.defaultSpacing
    /// Made rows that were in the window at the last placement (they have appeared).
    private var rowsInWindow: [ViewNode] = []

    /// How far beyond the viewport rows are made and appear, on each side (points).
    static let windowMargin: CGFloat = 100
    /// The length assumed for rows not made yet, before any row was measured.
    static let estimatedRowLength: CGFloat = 44

    override func update(_ view: any View) -> [ChildSlot]? {
        let v = view as! any AnyLazyStack
        (stackAxis, alignment) = (v.stack.axis, v.stack.alignment)
        spacing = v.stack.spacing ?? StackLayout.defaultSpacing
        return [ChildSlot(key: 0, view: v.anyContent)]
    }

    /// The stack's content in order: single views, and runs of rows made on demand.
    private enum Segment {
        case view(ViewNode)
        case rows(LazyRowProvider)
    }

    private var segments: [Segment] {
        var out: [Segment] = []
        func collect(_ n: ViewNode) {
            for c in n.children {
                // Found through the same transparent path `isLazyStackContent` walks up: it makes rows on demand.
                if let rows = c.behavior as? LazyRowProvider {
                    out.append(.rows(rows))
                } else if c.behavior.role == .transparent {
                    collect(c)
                } else {
                    out.append(.view(c))
                }
            }
        }
        collect(node)
        return out
    }

    private func along(_ s: CGSize) -> CGFloat { stackAxis == .vertical ? s.height : s.width }
    private func across(_ s: CGSize) -> CGFloat { stackAxis == .vertical ? s.width : s.height }
    private func rowProposal(across length: CGFloat?) -> ProposedViewSize {
        stackAxis == .vertical ? ProposedViewSize(width: length, height: nil) : ProposedViewSize(width: nil, height: length)
    }

    /// The stack's content in order: each single view and made row with its size (measured when it is in the
    /// laid-out tree, its last placed size when made but out of the window), and each run of rows not made
    /// yet as one `gap` with the estimated size of one of them — so a walk costs the rows made, not the data's
    /// size (a list of 100,000 rows lays out as fast as one of 1,000).
    private func walk(_ proposal: ProposedViewSize, row body: (_ row: Row, _ size: CGSize) -> Void,
                      gap: (_ provider: LazyRowProvider, _ rows: Range<Int>, _ size: CGSize) -> Void) {
        let segments = self.segments
        var made: [ObjectIdentifier: [(index: Int, node: ViewNode)]] = [:]
        var known: CGFloat = 0, knownCount = 0
        for case .rows(let provider) in segments {
            let rows = provider.madeRows()
            for r in rows { known += along(r.node.frame.size) }
            knownCount += rows.count
            made[ObjectIdentifier(provider)] = rows
        }
        let estimate = knownCount > 0 ? known / CGFloat(knownCount) : Self.estimatedRowLength
        let estimated = stackAxis == .vertical ? CGSize(width: 0, height: estimate) : CGSize(width: estimate, height: 0)
        for segment in segments {
            switch segment {
            case .view(let v):
                body(Row(node: v), v.cachedSize(proposal))
            case .rows(let provider):
                provider.walk(made: made[ObjectIdentifier(provider)] ?? []) { index, row in
                    body(Row(node: row, provider: provider, index: index), row.hasAppeared ? row.cachedSize(proposal) : row.frame.size)
                } gap: { rows in
                    gap(provider, rows, estimated)
                }
            }
        }
    }

    /// Of `rows` (the first at `position`, each `step` after the one before and `length` long), those that may
    /// cross `start..<end`: a range one row wider on each side than the arithmetic says (the exact test is
    /// made row by row).
    static func rowsCrossing(_ rows: Range<Int>, from position: CGFloat, step: CGFloat, length: CGFloat,
                             start: CGFloat, end: CGFloat) -> Range<Int> {
        guard step > 0, step.isFinite, position.isFinite else { return rows }
        let first = ((start - length - position) / step).rounded(.down), last = ((end - position) / step).rounded(.up)
        guard first.isFinite, last.isFinite else { return rows }
        let lo = rows.lowerBound + Int(max(0, min(Double(rows.count), Double(first)))), hi = rows.lowerBound + Int(max(0, min(Double(rows.count), Double(last) + 1)))
        return max(rows.lowerBound, lo - 1)..<min(rows.upperBound, max(lo, hi) + 1)
    }

    private struct Row {
        var node: ViewNode?
        var provider: LazyRowProvider?
        var index = 0
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let acrossProposal = stackAxis == .vertical ? proposal.width : proposal.height
        var length: CGFloat = 0, acrossMax: CGFloat = 0, count = 0
        walk(rowProposal(across: acrossProposal)) { _, size in
            length += along(size)
            acrossMax = max(acrossMax, across(size))
            count += 1
        } gap: { _, rows, size in
            length += along(size) * CGFloat(rows.count)
            acrossMax = max(acrossMax, across(size))
            count += rows.count
        }
        length += CGFloat(max(0, count - 1)) * spacing
        let acrossLength = acrossProposal.flatMap { $0.isFinite ? $0 : nil } ?? acrossMax
        return stackAxis == .vertical ? CGSize(width: acrossLength, height: length) : CGSize(width: length, height: acrossLength)
    }

    override func place(in bounds: CGRect) {
        let proposal = rowProposal(across: across(bounds.size))
        let window = visibleWindow
        let (windowStart, windowEnd) = stackAxis == .vertical ? (window.minY, window.maxY) : (window.minX, window.maxX)
        var position = stackAxis == .vertical ? bounds.minY : bounds.minX
        let bd = ViewDimensions(size: bounds.size)
        var inWindow: [ViewNode] = []
        var madeRows = false
        func visit(_ row: Row, _ estimatedSize: CGSize) {
            var size = estimatedSize
            var node = row.node
            let crosses = position + along(size) > windowStart && position < windowEnd
            if crosses, let provider = row.provider {
                if node == nil {
                    let made = provider.makeRow(at: row.index)
                    made.updateSubtreeNow()
                    node = made
                    madeRows = true
                }
                size = node!.cachedSize(proposal)
                inWindow.append(node!)
            }
            // Single views are always placed (they stay in the tree); made rows out of the window are not.
            if let node, crosses || row.provider == nil {
                let subview = LayoutSubview(unit: LayoutUnit(node: node))
                let d = subview.dimensions(in: proposal)
                if stackAxis == .vertical {
                    subview.place(at: CGPoint(x: bounds.minX + bd[alignment.horizontal] - d[alignment.horizontal], y: position), proposal: proposal)
                } else {
                    subview.place(at: CGPoint(x: position, y: bounds.minY + bd[alignment.vertical] - d[alignment.vertical]), proposal: proposal)
                }
            }
            position += along(size) + spacing
        }
        walk(proposal, row: visit) { provider, rows, size in
            // Only the rows of the run that reach the window are visited (and made); the others are stepped over.
            let step = along(size) + spacing
            let crossing = Self.rowsCrossing(rows, from: position, step: step, length: along(size), start: windowStart, end: windowEnd)
            position += step * CGFloat(crossing.lowerBound - rows.lowerBound)
            for i in crossing { visit(Row(node: nil, provider: provider, index: i), size) }
            position += step * CGFloat(rows.upperBound - crossing.upperBound)
        }
        // New rows replace estimates with measured sizes, which moves the rows after them (and the stack, when
        // it is not at the top of its scroll view): which rows are in the window is decided by a pass that makes
        // none, so that a row made on the way does not appear and disappear in the same frame.
        if madeRows {
            node.host.setNeedsLayout()
            return
        }
        rowsInWindow = ViewNode.showRows(inWindow, hiding: rowsInWindow)
    }

    /// The part of the root (in root coordinates) where rows are made: the viewport of the nearest enclosing
    /// scroll view along this axis, or the host's bounds, grown by the margin on both sides along the axis.
    private var visibleWindow: CGRect {
        let viewport = ScrollViewBehavior.viewport(enclosing: node, along: stackAxis)
        let m = Self.windowMargin
        return stackAxis == .vertical ? CGRect(x: viewport.minX, y: viewport.minY - m, width: viewport.width, height: viewport.height + 2 * m)
                                 : CGRect(x: viewport.minX - m, y: viewport.minY, width: viewport.width + 2 * m, height: viewport.height)
    }
}

extension LazyStackBehavior: LazyRowLocating {
    /// Where the row is placed, or would be with the sizes known now (estimates for rows not made).
    func frame(ofRow index: Int, in rows: LazyRowProvider) -> CGRect? {
        let bounds = node.frame
        let proposal = rowProposal(across: across(bounds.size))
        var position = stackAxis == .vertical ? bounds.minY : bounds.minX
        var found: CGRect?
        func visit(_ row: Row, _ size: CGSize) {
            if found == nil, row.index == index, row.provider === rows {
                found = stackAxis == .vertical ? CGRect(x: bounds.minX, y: position, width: bounds.width, height: size.height)
                                               : CGRect(x: position, y: bounds.minY, width: size.width, height: bounds.height)
            }
            position += along(size) + spacing
        }
        walk(proposal, row: visit) { provider, run, size in
            let step = along(size) + spacing
            if found == nil, provider === rows, run.contains(index) {
                position += step * CGFloat(index - run.lowerBound)
                visit(Row(node: nil, provider: provider, index: index), size)
                position += step * CGFloat(run.upperBound - index - 1)
            } else {
                position += step * CGFloat(run.count)
            }
        }
        return found
    }
}

/// Spacers and dividers in a lazy stack follow its axis, as in the eager stacks.
extension LazyStackBehavior: StackAxisProviding {
    var axis: Axis? { stackAxis }
}

extension ViewNode {
    /// Shows the rows now in the window and hides those that left it (lazy stacks and lists keep rows made
    /// nearby alive, invisible); returns the rows now shown.
    static func showRows(_ inWindow: [ViewNode], hiding previous: [ViewNode]) -> [ViewNode] {
        let staying = Set(inWindow.map(ObjectIdentifier.init))
        for row in previous where !staying.contains(ObjectIdentifier(row)) { row.setVisible(false) }
        for row in inWindow { row.setVisible(true) }
        return inWindow
    }
}
