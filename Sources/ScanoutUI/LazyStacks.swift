import ScanoutRender

/// A column that makes its rows only when they come near the visible part of the enclosing scroll view
/// (SwiftUI's `LazyVStack`). Rows of a `ForEach` directly inside are made on demand and kept, with their state,
/// while the stack lives; a row appears (`onAppear`) when it enters the window (the viewport and a margin)
/// and disappears when it leaves it on either side. Other views in it are made, and appear, with the stack.
public struct LazyVStack<Content: View>: View, PrimitiveView, AnyLazyStack {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
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
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
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

    /// Every row in order with its node (nil: not made) and size: measured when it is in the laid-out tree,
    /// its last placed size when made but out of the window, the estimate otherwise.
    private func forEachRow(_ proposal: ProposedViewSize, _ body: (_ row: Row, _ size: CGSize) -> Void) {
        let segments = self.segments
        var known: CGFloat = 0, knownCount = 0
        for case .rows(let provider) in segments {
            for i in 0..<provider.rowCount {
                guard let row = provider.existingRow(at: i) else { continue }
                known += along(row.frame.size)
                knownCount += 1
            }
        }
        let estimate = knownCount > 0 ? known / CGFloat(knownCount) : Self.estimatedRowLength
        let estimated = stackAxis == .vertical ? CGSize(width: 0, height: estimate) : CGSize(width: estimate, height: 0)
        for segment in segments {
            switch segment {
            case .view(let v):
                body(Row(node: v), v.cachedSize(proposal))
            case .rows(let provider):
                for i in 0..<provider.rowCount {
                    let row = provider.existingRow(at: i)
                    let size = row.map { $0.hasAppeared ? $0.cachedSize(proposal) : $0.frame.size } ?? estimated
                    body(Row(node: row, provider: provider, index: i), size)
                }
            }
        }
    }

    private struct Row {
        var node: ViewNode?
        var provider: LazyRowProvider?
        var index = 0
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let acrossProposal = stackAxis == .vertical ? proposal.width : proposal.height
        var length: CGFloat = 0, acrossMax: CGFloat = 0, count = 0
        forEachRow(rowProposal(across: acrossProposal)) { _, size in
            length += along(size)
            acrossMax = max(acrossMax, across(size))
            count += 1
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
        forEachRow(proposal) { row, estimatedSize in
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
        forEachRow(proposal) { row, size in
            if found == nil, row.index == index, row.provider === rows {
                found = stackAxis == .vertical ? CGRect(x: bounds.minX, y: position, width: bounds.width, height: size.height)
                                               : CGRect(x: position, y: bounds.minY, width: size.width, height: bounds.height)
            }
            position += along(size) + spacing
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
