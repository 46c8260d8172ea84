import ScanoutRaster
import ScanoutRender

/// Lays out a list's rows top to bottom as cells, lazily (rows of a `ForEach` are made near the viewport, as in
/// `LazyVStack`), and draws what is not a row's own: section groups, separators. Each view of the content is
/// a row; a `Section` (found by type through transparent views) starts a group with its header and footer.
final class ListRowsBehavior: NodeBehavior, LazyRowLocating {
    private(set) var kind = ListStyleKind.insetGrouped
    /// `listRowSpacing`: the gap between rows (0: rows touch, with separators between them).
    private var rowSpacing: CGFloat = 0
    /// `listSectionSpacing`: nil for the style's.
    private var customSectionSpacing: CGFloat?
    private var rowsInWindow: [ViewNode] = []
    /// What placing decided for drawing: group backgrounds and separators, in root coordinates.
    private var groups: [CGRect] = []
    private var separators: [CGRect] = []

    static let rowVerticalInset: CGFloat = 6
    static let estimatedRowHeight = Palette.rowHeight

    override func update(_ view: any View) -> [ChildSlot]? {
        let v = view as! any AnyListRows
        if kind != v.kind { kind = v.kind; node?.invalidateLayout() }
        let spacing = max(0, v.rowSpacing ?? 0), sections = v.sectionSpacing.flatMap { ListRowsBehavior.sectionSpacing($0, grouped: grouped) }
        if spacing != rowSpacing || sections != customSectionSpacing {
            rowSpacing = spacing
            customSectionSpacing = sections
            node?.invalidateLayout()
        }
        return [ChildSlot(key: 0, view: v.anyContent)]
    }

    // MARK: Content

    private enum Item {
        case header(ViewNode), footer(ViewNode)
        case row(ViewNode)
        case rows(LazyRowProvider)
        case sectionStart, sectionEnd
    }

    private var items: [Item] {
        var out: [Item] = []
        func add(_ c: ViewNode) {
            if let rows = c.behavior as? LazyRowProvider {
                out.append(.rows(rows))
            } else if let section = c.behavior as? SectionBehavior {
                out.append(.sectionStart)
                if let h = section.part(0) { for v in Self.subviews(h) { out.append(.header(v)) } }
                if let body = section.part(1) { add(body) }
                if let f = section.part(2) { for v in Self.subviews(f) { out.append(.footer(v)) } }
                out.append(.sectionEnd)
            } else if c.behavior.role == .transparent {
                collect(c)
            } else {
                out.append(.row(c))
            }
        }
        func collect(_ n: ViewNode) {
            for c in n.children where !c.isRemoving { add(c) }
        }
        collect(node)
        return out
    }

    private static func subviews(_ n: ViewNode) -> [ViewNode] { n.behavior.role == .transparent ? n.layoutSubviews : [n] }

    // MARK: Metrics of the style

    private var grouped: Bool { kind == .grouped || kind == .insetGrouped }
    private var margin: CGFloat { kind == .insetGrouped ? 20 : 0 }
    private var sectionSpacing: CGFloat { customSectionSpacing ?? (grouped ? 24 : 0) }

    /// A `ListSectionSpacing` in points: the style's default, compact (half of it) or the app's own.
    private static func sectionSpacing(_ spacing: ListSectionSpacing, grouped: Bool) -> CGFloat? {
        switch spacing.kind {
        case .standard: return nil
        case .compact: return grouped ? 12 : 0
        case .custom(let points): return max(0, points)
        }
    }

    // MARK: Layout

    /// Walks every item in order with its frame (root coordinates when `origin` is the node's), calling
    /// `visit` for each; rows crossing `window` are made now. Runs of rows not made are stepped over at their
    /// estimated height, but for the rows that reach the window and the `wanted` one, so a walk costs the rows
    /// made, not the data's size.
    private func layout(width: CGFloat, origin: CGPoint, window: ClosedRange<CGFloat>?,
                        wanted: (provider: LazyRowProvider, index: Int)? = nil, visit: (ItemFrame) -> Void) -> CGFloat {
        let items = self.items
        var known: CGFloat = 0, knownCount = 0
        var made: [ObjectIdentifier: [(index: Int, node: ViewNode)]] = [:]
        for case .rows(let provider) in items {
            let rows = provider.madeRows()
            made[ObjectIdentifier(provider)] = rows
            for r in rows where r.node.frame.height > 0 { known += r.node.frame.height; knownCount += 1 }
        }
        let estimate = knownCount > 0 ? known / CGFloat(knownCount) + 2 * Self.rowVerticalInset : Self.estimatedRowHeight
        let cellX = origin.x + margin, cellWidth = max(0, width - 2 * margin)
        var y = origin.y + (grouped ? 16 : 0)
        var groupTop: CGFloat?
        var inSection = false
        var lastRowBottom: CGFloat?
        var previousHidesSeparator = false

        func closeGroup() {
            if let top = groupTop, let bottom = lastRowBottom { visit(ItemFrame(kind: .group, frame: CGRect(x: cellX, y: top, width: cellWidth, height: bottom - top))) }
            if groupTop != nil, grouped { y += sectionSpacing }
            groupTop = nil; lastRowBottom = nil
        }
        func cell(node: ViewNode?, provider: LazyRowProvider?, index: Int) {
            if groupTop == nil { groupTop = y }
            var n = node
            var height = estimate
            if let existing = n { height = rowHeight(existing, width: cellWidth) }
            if let window, y + height > window.lowerBound, y < window.upperBound, let provider, n == nil {
                let made = provider.makeRow(at: index)
                made.updateSubtreeNow()
                n = made
                height = rowHeight(made, width: cellWidth)
                madeRows = true
            }
            let hides = n.flatMap { ListRowSettingsBehavior.find(in: $0)?.separatorHidden } ?? false
            if rowSpacing > 0, let bottom = lastRowBottom {
                // Spaced rows: each is a card of its own in the grouped styles, with no separator.
                if grouped, let top = groupTop {
                    visit(ItemFrame(kind: .group, frame: CGRect(x: cellX, y: top, width: cellWidth, height: bottom - top)))
                }
                y += rowSpacing
                if grouped { groupTop = y }
            } else if lastRowBottom != nil, !hides, !previousHidesSeparator {
                // Separators start where the rows' content does (after the delete controls in edit mode).
                let inset = Palette.rowPadding + (n.flatMap { RowActionsBehavior.part(of: $0)?.contentLeadingInset } ?? 0)
                // Right to left the rows' content starts at the right: the separator's inset is there.
                let rtl = self.node.environment.current.layoutDirection == .rightToLeft
                visit(ItemFrame(kind: .separator, frame: CGRect(x: rtl ? cellX : cellX + inset, y: y, width: cellWidth - inset, height: 0)))
            }
            visit(ItemFrame(kind: .row, frame: CGRect(x: cellX, y: y, width: cellWidth, height: height), node: n, provider: provider, index: index))
            y += height
            lastRowBottom = y
            previousHidesSeparator = hides
        }

        /// Rows not made, each `estimate` tall with a separator above it: visited one by one only where they
        /// may reach the window (or are wanted).
        func gap(_ provider: LazyRowProvider, _ rows: Range<Int>) {
            var visited: [Range<Int>] = []
            if let window {
                // (Each row after the first has the spacing above it.)
                let first = y + (lastRowBottom == nil ? 0 : rowSpacing)
                visited.append(LazyStackBehavior.rowsCrossing(rows, from: first, step: estimate + rowSpacing, length: estimate,
                                                             start: window.lowerBound, end: window.upperBound))
            }
            if let wanted, wanted.provider === provider, rows.contains(wanted.index) { visited.append(wanted.index..<(wanted.index + 1)) }
            var i = rows.lowerBound
            for r in visited.sorted(by: { $0.lowerBound < $1.lowerBound }) where !r.isEmpty {
                stepOver(max(0, r.lowerBound - i))
                for j in max(i, r.lowerBound)..<max(i, r.upperBound) { cell(node: nil, provider: provider, index: j) }
                i = max(i, r.upperBound)
            }
            stepOver(rows.upperBound - i)
        }
        func stepOver(_ count: Int) {
            guard count > 0 else { return }
            if groupTop == nil { groupTop = y }
            y += estimate * CGFloat(count) + rowSpacing * CGFloat(lastRowBottom == nil ? count - 1 : count)
            lastRowBottom = y
            previousHidesSeparator = false
        }

        for item in items {
            switch item {
            case .sectionStart:
                closeGroup(); inSection = true
            case .sectionEnd:
                closeGroup(); inSection = false
            case .header(let h), .footer(let h):
                let isHeader: Bool
                if case .header = item { isHeader = true } else { isHeader = false }
                if isHeader { closeGroup() }
                let p = ProposedViewSize(width: cellWidth - 2 * Palette.rowPadding, height: nil)
                let s = h.cachedSize(p)
                guard s.height > 0 else { continue }
                if isHeader {
                    if !grouped { y += 8 }
                    visit(ItemFrame(kind: .header, frame: CGRect(x: cellX + Palette.rowPadding, y: y, width: s.width, height: s.height), node: h))
                    y += s.height + 8
                } else {
                    if let bottom = lastRowBottom { visit(ItemFrame(kind: .group, frame: CGRect(x: cellX, y: groupTop!, width: cellWidth, height: bottom - groupTop!))) }
                    groupTop = nil; lastRowBottom = nil
                    y += 8
                    visit(ItemFrame(kind: .footer, frame: CGRect(x: cellX + Palette.rowPadding, y: y, width: s.width, height: s.height), node: h))
                    y += s.height + sectionSpacing
                }
            case .row(let r):
                cell(node: r, provider: nil, index: 0)
            case .rows(let provider):
                provider.walk(made: made[ObjectIdentifier(provider)] ?? []) { index, row in
                    cell(node: row, provider: provider, index: index)
                } gap: { rows in
                    gap(provider, rows)
                }
            }
        }
        _ = inSection
        closeGroup()
        return y - origin.y
    }

    private var madeRows = false

    private struct ItemFrame {
        enum Kind { case row, header, footer, group, separator }
        var kind: Kind
        var frame: CGRect
        var node: ViewNode?
        var provider: LazyRowProvider?
        var index = 0
        var lazy: Bool { provider != nil }
    }

    private func insets(of row: ViewNode) -> EdgeInsets {
        ListRowSettingsBehavior.find(in: row)?.insets ?? EdgeInsets(top: Self.rowVerticalInset, leading: Palette.rowPadding,
                                                                   bottom: Self.rowVerticalInset, trailing: Palette.rowPadding)
    }

    private func rowHeight(_ row: ViewNode, width: CGFloat) -> CGFloat {
        let i = insets(of: row)
        let s = row.cachedSize(ProposedViewSize(width: max(0, width - i.leading - i.trailing), height: nil))
        return max(Palette.rowHeight, s.height + i.top + i.bottom)
    }

    /// A row's cell as placed, or where it would be with the heights known now (estimates for rows not made).
    func frame(ofRow index: Int, in rows: LazyRowProvider) -> CGRect? {
        var found: CGRect?
        let saved = madeRows
        _ = layout(width: node.frame.width, origin: node.frame.origin, window: nil, wanted: (rows, index)) { item in
            if found == nil, item.kind == .row, item.index == index, item.provider === rows { found = item.frame }
        }
        madeRows = saved
        return found
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let width = proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? 320
        madeRows = false
        let height = layout(width: width, origin: .zero, window: nil) { _ in }
        return CGSize(width: width, height: height)
    }

    override func place(in bounds: CGRect) {
        let viewport = ScrollViewBehavior.viewport(enclosing: node, along: .vertical)
        let m = LazyStackBehavior.windowMargin
        let window = (viewport.minY - m)...(viewport.maxY + m)
        madeRows = false
        var inWindow: [ViewNode] = []
        var groups: [CGRect] = [], separators: [CGRect] = []
        _ = layout(width: bounds.width, origin: bounds.origin, window: window) { item in
            let crosses = item.frame.maxY > window.lowerBound && item.frame.minY < window.upperBound
            switch item.kind {
            case .group: groups.append(item.frame)
            case .separator: if crosses { separators.append(item.frame) }
            case .header, .footer:
                item.node.map { LayoutSubview(unit: LayoutUnit(node: $0)).place(at: item.frame.origin, proposal: ProposedViewSize(width: item.frame.width, height: nil)) }
            case .row:
                guard let row = item.node, crosses || !item.lazy else { return }
                let i = insets(of: row)
                let p = ProposedViewSize(width: max(0, item.frame.width - i.leading - i.trailing), height: nil)
                let s = row.cachedSize(p)
                let origin = CGPoint(x: item.frame.minX + i.leading, y: item.frame.minY + i.top + max(0, (item.frame.height - i.top - i.bottom - s.height) / 2))
                for part in Self.cellParts(of: row) {
                    part.cell = item.frame
                    part.rowOriginX = origin.x
                }
                LayoutSubview(unit: LayoutUnit(node: row)).place(at: origin, proposal: p)
                if item.lazy && crosses { inWindow.append(row) }
            }
        }
        self.groups = groups
        self.separators = separators
        if madeRows {
            node.host.setNeedsLayout()
            return
        }
        rowsInWindow = ViewNode.showRows(inWindow, hiding: rowsInWindow)
    }

    /// The parts of a row that need its cell (its settings, its swipe actions and edit controls), outermost
    /// first: found at the top of the row, through views that wrap it alone and through the parts themselves
    /// (whose content is their first child).
    static func cellParts(of row: ViewNode) -> [ListCellPart] {
        var parts: [ListCellPart] = []
        var n: ViewNode? = row
        var depth = 0
        while let current = n, depth < 12 {
            if let part = current.behavior as? ListCellPart {
                parts.append(part)
            } else if current.children.count != 1 {
                break
            }
            n = current.children.first
            depth += 1
        }
        return parts
    }

    // MARK: Open rows

    /// The row whose swipe actions are showing: one at a time.
    private weak var openRow: RowActionsBehavior?

    /// A row revealed its actions: the one open before closes.
    func rowOpened(_ row: RowActionsBehavior) {
        if let open = openRow, open !== row, open.node?.isAlive == true { open.close() }
        openRow = row
    }

    /// A touch going down in the list outside the open row closes it (and goes on to what it is on: a swipe
    /// on another row opens that one).
    override func childrenHandleTouches(at point: CGPoint) -> Bool {
        guard let open = openRow, open.node?.isAlive == true, open.offset != 0 else { return true }
        if !open.cellContains(point) {
            open.close()
            openRow = nil
        }
        return true
    }

    // MARK: Drawing

    override func draw(into list: inout DisplayList) {
        let scheme = node.environment.current.colorScheme
        let cellPaint = (kind == .plain || kind == .inset ? Palette.background : Palette.groupedCell).paint(in: scheme)
        for g in groups where g.height > 0 {
            var path = ScanoutRaster.Path()
            if kind == .insetGrouped { path.addRoundedRect(in: g.raster, cornerRadius: Palette.cornerRadius) } else { path.addRect(g.raster) }
            list.append(.fill(path, cellPaint, FillStyle()))
        }
        super.draw(into: &list)
        let separatorPaint = Palette.separator.paint(in: scheme)
        for s in separators {
            var path = ScanoutRaster.Path()
            path.addRect(CGRect(x: s.minX, y: s.minY - 0.5, width: s.width, height: 1).raster)
            list.append(.fill(path, separatorPaint, FillStyle()))
        }
    }
}

@MainActor
protocol AnyListRows {
    var kind: ListStyleKind { get }
    var rowSpacing: CGFloat? { get }
    var sectionSpacing: ListSectionSpacing? { get }
    var anyContent: any View { get }
}

extension ListRows: AnyListRows {
    var anyContent: any View { content }
}

/// A part of a list row that the list tells the row's cell: its frame (root coordinates) and where it placed
/// the row's outermost view across.
@MainActor
protocol ListCellPart: AnyObject {
    var cell: CGRect? { get set }
    var rowOriginX: CGFloat? { get set }
}
