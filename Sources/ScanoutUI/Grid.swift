import ScanoutRender

/// `Grid` and `GridRow` (SwiftUI's): cells of the rows line up in columns as wide as their widest cell; a view
/// of the grid that is not a `GridRow` (a `Divider`, a title) spans all columns; `gridCellColumns(_:)` makes a
/// cell span several columns, `gridColumnAlignment(_:)` aligns a whole column. Every cell is offered its
/// column's width and its row's height and aligned in that slot.
public struct Grid<Content: View>: View, PrimitiveView {
    let alignment: Alignment
    let horizontalSpacing: CGFloat?
    let verticalSpacing: CGFloat?
    let content: Content

    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content()
    }

    func makeBehavior() -> NodeBehavior { GridBehavior<Content>() }
}

/// A row of a `Grid`: its views are the row's cells, one per column (or more, with `gridCellColumns`).
public struct GridRow<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment?
    let content: Content

    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    func makeBehavior() -> NodeBehavior { GridRowBehavior<Content>() }
}

/// What a `Grid` asks of its rows.
@MainActor
protocol GridRowLayout: AnyObject {
    var rowAlignment: VerticalAlignment? { get }
}

final class GridRowBehavior<Content: View>: NodeBehavior, GridRowLayout, StackAxisProviding {
    private(set) var rowAlignment: VerticalAlignment?
    var axis: Axis? { .horizontal }
    override var stackAxisProvider: StackAxisProviding? { self }

    override func update(_ view: any View) -> [ChildSlot]? {
        let v = view.known(as: GridRow<Content>.self)
        if v.alignment != rowAlignment { rowAlignment = v.alignment; node.invalidateLayout() }
        return [ChildSlot(key: 0, view: v.content)]
    }

    // The grid sizes and places the cells; outside a grid a row lays its cells out as an HStack would.
    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        LayoutUnit(node.layoutSubviews, axis: .horizontal).sizeThatFits(proposal)
    }

    override func place(in bounds: CGRect) {
        guard !(node.parentSkippingTransparent?.behavior is GridPlacing) else { return }
        LayoutUnit(node.layoutSubviews, axis: .horizontal).place(in: bounds, proposal: ProposedViewSize(bounds.size))
    }
}

/// A grid's behaviour, as its rows recognise it.
@MainActor
protocol GridPlacing: AnyObject {}

final class GridBehavior<Content: View>: NodeBehavior, GridPlacing, StackAxisProviding {
    static var defaultSpacing: CGFloat { 8 }
    private var alignment = Alignment.center
    private var horizontalSpacing = GridBehavior.defaultSpacing
    private var verticalSpacing = GridBehavior.defaultSpacing
    var axis: Axis? { .vertical }
    override var stackAxisProvider: StackAxisProviding? { self }
    override var drawingReadsPlacement: Bool { false }

    override func update(_ view: any View) -> [ChildSlot]? {
        let v = view.known(as: Grid<Content>.self)
        alignment = v.alignment
        horizontalSpacing = v.horizontalSpacing ?? Self.defaultSpacing
        verticalSpacing = v.verticalSpacing ?? Self.defaultSpacing
        return [ChildSlot(key: 0, view: v.content)]
    }

    /// One line of the grid: a row's cells with their first column and span, or a view across all columns.
    private struct Line {
        let node: ViewNode
        var cells: [(node: ViewNode, column: Int, span: Int)]
        let isRow: Bool
        let rowAlignment: VerticalAlignment?
    }

    private func lines() -> [Line] {
        var out: [Line] = []
        for child in node.layoutSubviews {
            if let row = child.behavior as? GridRowLayout {
                var column = 0
                var cells: [(node: ViewNode, column: Int, span: Int)] = []
                for cell in child.layoutSubviews {
                    let span = max(1, cell.gridCellColumns)
                    cells.append((cell, column, span))
                    column += span
                }
                out.append(Line(node: child, cells: cells, isRow: true, rowAlignment: row.rowAlignment))
            } else {
                out.append(Line(node: child, cells: [], isRow: false, rowAlignment: nil))
            }
        }
        return out
    }

    /// Column widths: the widest single-column cell's ideal width in each column, widened for spanning cells.
    private func columnWidths(_ lines: [Line]) -> [CGFloat] {
        var widths: [CGFloat] = []
        for line in lines {
            for cell in line.cells {
                while widths.count < cell.column + cell.span { widths.append(0) }
                guard cell.span == 1 else { continue }
                let w = cell.node.sizeThatFits(.unspecified).width
                widths[cell.column] = max(widths[cell.column], w.isFinite ? w : 0)
            }
        }
        // A spanning cell wider than its columns widens the last of them.
        for line in lines {
            for cell in line.cells where cell.span > 1 {
                let w = cell.node.sizeThatFits(.unspecified).width
                let have = width(of: cell.column..<(cell.column + cell.span), in: widths)
                if w.isFinite, w > have { widths[cell.column + cell.span - 1] += w - have }
            }
        }
        return widths
    }

    private func width(of columns: Range<Int>, in widths: [CGFloat]) -> CGFloat {
        guard !columns.isEmpty else { return 0 }
        var w: CGFloat = 0
        for c in columns where c < widths.count { w += widths[c] }
        return w + horizontalSpacing * CGFloat(columns.count - 1)
    }

    /// Each line's height for the columns' widths.
    private func lineHeights(_ lines: [Line], _ widths: [CGFloat], total: CGFloat) -> [CGFloat] {
        var heights: [CGFloat] = []
        for line in lines {
            if !line.isRow {
                heights.append(line.node.sizeThatFits(ProposedViewSize(width: total, height: nil)).height)
                continue
            }
            var h: CGFloat = 0
            for cell in line.cells {
                let w = width(of: cell.column..<(cell.column + cell.span), in: widths)
                h = max(h, cell.node.sizeThatFits(ProposedViewSize(width: w, height: nil)).height)
            }
            heights.append(h)
        }
        return heights
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let lines = lines()
        let widths = columnWidths(lines)
        var total = width(of: 0..<widths.count, in: widths)
        // Views across the grid (a title) can make it wider than its columns.
        for line in lines where !line.isRow { total = max(total, line.node.sizeThatFits(.unspecified).width) }
        let heights = lineHeights(lines, widths, total: total)
        let height = heights.reduce(0, +) + verticalSpacing * CGFloat(max(0, heights.count - 1))
        return CGSize(width: total, height: height)
    }

    override func place(in bounds: CGRect) {
        let lines = lines()
        let widths = columnWidths(lines)
        let total = max(bounds.width, width(of: 0..<widths.count, in: widths))
        let heights = lineHeights(lines, widths, total: total)
        let columnAlignments = self.columnAlignments(lines, count: widths.count)
        var starts: [CGFloat] = []
        var x = bounds.minX
        for w in widths { starts.append(x); x += w + horizontalSpacing }
        var y = bounds.minY
        for (i, line) in lines.enumerated() {
            let h = heights[i]
            if !line.isRow {
                place(line.node, in: CGRect(x: bounds.minX, y: y, width: total, height: h), alignment: alignment)
            } else {
                line.node.place(in: CGRect(x: bounds.minX, y: y, width: total, height: h))
                for cell in line.cells where cell.column < starts.count {
                    let w = width(of: cell.column..<(cell.column + cell.span), in: widths)
                    let a = Alignment(horizontal: columnAlignments[cell.column] ?? alignment.horizontal,
                                      vertical: line.rowAlignment ?? alignment.vertical)
                    place(cell.node, in: CGRect(x: starts[cell.column], y: y, width: w, height: h), alignment: a)
                }
            }
            y += h + verticalSpacing
        }
    }

    /// A column's alignment set by `gridColumnAlignment` on any of its cells.
    private func columnAlignments(_ lines: [Line], count: Int) -> [HorizontalAlignment?] {
        var out = [HorizontalAlignment?](repeating: nil, count: count)
        for line in lines {
            for cell in line.cells where cell.column < count {
                if let a = cell.node.gridColumnAlignment { out[cell.column] = a }
            }
        }
        return out
    }

    /// Sizes `node` for `slot` and aligns it there.
    private func place(_ node: ViewNode, in slot: CGRect, alignment: Alignment) {
        let proposal = ProposedViewSize(slot.size)
        let size = node.sizeThatFits(proposal)
        let slotDims = ViewDimensions(size: slot.size), dims = ViewDimensions(size: size)
        let dx = alignment.horizontal.defaultValue(slotDims) - alignment.horizontal.defaultValue(dims)
        let dy = alignment.vertical.defaultValue(slotDims) - alignment.vertical.defaultValue(dims)
        node.place(in: CGRect(x: (slot.minX + dx).rounded(), y: (slot.minY + dy).rounded(), width: size.width, height: size.height))
    }
}

// MARK: Cell modifiers

public struct _GridCellColumns: PrimitiveModifier {
    public func body(content: Content) -> Never { fatalError("\(Self.self) is a built-in modifier") }
    let count: Int
    func makeBehavior() -> ModifierBehavior { GridCellBehavior() }
}

public struct _GridColumnAlignment: PrimitiveModifier {
    public func body(content: Content) -> Never { fatalError("\(Self.self) is a built-in modifier") }
    let guide: HorizontalAlignment
    func makeBehavior() -> ModifierBehavior { GridCellBehavior() }
}

/// Holds what a cell says about its place in the grid; lays its content out unchanged.
final class GridCellBehavior: ModifierBehavior {
    var columns: Int?
    var columnAlignment: HorizontalAlignment?

    override func updateModifier(_ modifier: any ViewModifier) {
        if let m = modifier as? _GridCellColumns, m.count != columns { columns = m.count; node.invalidateLayout() }
        if let m = modifier as? _GridColumnAlignment, m.guide != columnAlignment { columnAlignment = m.guide; node.invalidateLayout() }
    }
}

extension ViewNode {
    /// The grid cell modifiers on this cell's chain of single-child modifiers (outermost first).
    private var gridCellBehaviors: [GridCellBehavior] {
        var out: [GridCellBehavior] = []
        var n: ViewNode? = self
        while let node = n, node.behavior is ModifierBehavior {
            if let g = node.behavior as? GridCellBehavior { out.append(g) }
            n = node.children.count == 1 ? node.children[0] : nil
        }
        return out
    }

    var gridCellColumns: Int { gridCellBehaviors.lazy.compactMap(\.columns).first ?? 1 }
    var gridColumnAlignment: HorizontalAlignment? { gridCellBehaviors.lazy.compactMap(\.columnAlignment).first }

    /// The nearest ancestor that is not transparent to layout (a `ForEach`, a tuple in between skipped).
    var parentSkippingTransparent: ViewNode? {
        var p = parent
        while let n = p, n.behavior.role == .transparent { p = n.parent }
        return p
    }
}

extension View {
    /// Makes this cell of a `GridRow` span `count` columns.
    public func gridCellColumns(_ count: Int) -> some View { modifier(_GridCellColumns(count: count)) }

    /// Aligns every cell of this cell's column horizontally by `guide`.
    public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View { modifier(_GridColumnAlignment(guide: guide)) }
}
