import ScanoutRaster
import ScanoutRender

/// The leading or trailing edge (SwiftUI's `HorizontalEdge`).
public enum HorizontalEdge: Int8, Hashable, CaseIterable, Sendable {
    case leading, trailing
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let leading = Set(rawValue: 1)
        public static let trailing = Set(rawValue: 2)
        public static let all: Set = [.leading, .trailing]
    }
}

extension View {
    /// Buttons revealed at `edge` when a finger swipes this list row towards the other edge (SwiftUI's
    /// `swipeActions`). The first button is the one nearest the edge; with `allowsFullSwipe`, a swipe across
    /// most of the row runs it. A button's `.tint` colours its background (a destructive one is red).
    public func swipeActions<T: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
                                      @ViewBuilder content: () -> T) -> some View {
        modifier(RowActionsModifier(kind: .swipe(edge: edge, allowsFullSwipe: allowsFullSwipe, actions: AnyView(content()))))
    }
}

struct RowActionsModifier: PrimitiveModifier {
    enum Kind {
        case swipe(edge: HorizontalEdge, allowsFullSwipe: Bool, actions: AnyView)
        case editing(RowEditing)
    }
    let kind: Kind
    func makeBehavior() -> ModifierBehavior { RowActionsBehavior() }
}

/// Swipes a list row to reveal its actions at one edge, and draws and handles a row's edit controls.
///
/// The content moves with the finger by `offset` (negative: towards the leading edge, revealing the trailing
/// actions) and the actions fill the space it leaves, in the row's cell. The swipe takes the touch only when
/// the finger moves more across than along the list (past the scroll view's slop), so a vertical drag still
/// scrolls; released past half the actions the row stays open, past `fullSwipeDistance` the first action
/// runs. One row of a list is open at a time (`ListRowsBehavior.rowOpened`); a touch anywhere else in the
/// list closes it. In edit mode the content is inset for a red delete control (which reveals the delete
/// action) and a reorder handle, which a finger drags the row by; released, the row's `onMove` hears its new
/// place in SwiftUI's convention (the index before which it goes, in the original indexing).
final class RowActionsBehavior: ModifierBehavior, ListCellPart {
    private var edge = HorizontalEdge.trailing
    private var allowsFullSwipe = true
    private var editing: RowEditing?
    /// The row's content and its actions; the actions are made only while the row is swiped or open (a row
    /// at rest costs its content alone).
    private var contentView: (any View)?
    private var actionsView: AnyView?
    private var hasActions: Bool { actionsView != nil }
    /// The row's cell (root coordinates) and where the list placed the row's outermost part, both before any
    /// swipe: this part's cell is the cell moved as this node was by swipes around it.
    var cell: CGRect?
    var rowOriginX: CGFloat?
    /// How far the content is moved across: negative reveals trailing actions, positive leading ones.
    private(set) var offset: CGFloat = 0
    /// How far the row is dragged along the list by its reorder handle.
    private var dragY: CGFloat = 0
    /// An opening or closing after the finger let go: from and to which offset, since when.
    private var slide: (from: CGFloat, to: CGFloat, start: Double)?
    static let slideDuration = 0.25

    private enum TouchState {
        case undecided(startOffset: CGFloat)
        case swiping(startOffset: CGFloat)
        case deleteControl
        case moving
    }
    private var touch: TouchState?
    /// What the row has around this part that takes the touch (a selectable row's tap): this part takes
    /// touches on the row to be able to swipe it, and hands them on there until they swipe.
    private var forwardedTo: NodeBehavior?

    static let controlInset: CGFloat = 40
    static let controlDiameter: CGFloat = 22

    override func updateOnlyChild(_ view: any View) -> (any View)? { nil }

    override func update(_ view: any View) -> [ChildSlot]? {
        let (modifier, content) = parts.split(view)
        let m = modifier as! RowActionsModifier
        var actions: AnyView?
        let wasEditing = isEditing, hadDelete = editing?.onDelete != nil, hadMove = editing?.onMove != nil
        switch m.kind {
        case .swipe(let edge, let allowsFullSwipe, let a):
            self.edge = edge
            self.allowsFullSwipe = allowsFullSwipe
            editing = nil
            actions = a
        case .editing(let e):
            edge = .trailing
            allowsFullSwipe = true
            editing = e
            if let onDelete = e.onDelete {
                let index = e.index
                actions = AnyView(Button(role: .destructive) { onDelete(IndexSet(integer: index)) } label: { Text("Delete") })
            }
        }
        contentView = content
        actionsView = actions
        if wasEditing != isEditing || hadDelete != (editing?.onDelete != nil) || hadMove != (editing?.onMove != nil) {
            // Entering or leaving edit mode closes the row and moves the content for the controls.
            offset = 0
            node?.invalidateLayout()
        }
        return slots
    }

    /// The content, and the actions while the row is swiped or open.
    private var slots: [ChildSlot] {
        var slots = [ChildSlot(key: 0, view: contentView!)]
        if let actionsView, offset != 0 || isSwiping {
            slots.append(ChildSlot(key: 1, view: SwipeActionButtons(edge: edge, actions: actionsView)
                .foregroundColor(.white)
                .environment(\.buttonStyleChoice, ButtonStyleChoice(look: .plain))
                .labelStyle(.iconOnly)))
        }
        return slots
    }

    private var isSwiping: Bool {
        if case .swiping = touch { return true }
        return false
    }

    /// Makes or drops the actions as the row opens and closes.
    private func updateActions() {
        let shown = node.children.count > 1
        guard shown != (hasActions && (offset != 0 || isSwiping)) else { return }
        node.reconcile(slots)
        node.updateSubtreeNow()
    }

    private var isEditing: Bool { editing?.isEditing ?? false }
    /// `deleteDisabled`/`moveDisabled` on the row's content.
    private var permissions: (deleteDisabled: Bool, moveDisabled: Bool) {
        guard editing != nil, let content = node.children.first else { return (false, false) }
        return RowEditPermissionsBehavior.permissions(below: content)
    }
    private var showsDeleteControl: Bool { isEditing && editing?.onDelete != nil && !permissions.deleteDisabled }
    private var showsMoveHandle: Bool { isEditing && editing?.onMove != nil && !permissions.moveDisabled }
    private var leadingInset: CGFloat { showsDeleteControl ? Self.controlInset : 0 }
    /// How far the content is from the row's leading edge (the list starts separators there).
    var contentLeadingInset: CGFloat { leadingInset }
    private var trailingInset: CGFloat { showsMoveHandle ? Self.controlInset : 0 }

    // MARK: Layout

    private var content: LayoutUnit {
        LayoutUnit(node.children.first.map { $0.behavior.role == .transparent ? $0.layoutSubviews : [$0] } ?? [])
    }

    private var buttons: SwipeActionButtonsBehavior? {
        guard node.children.count > 1 else { return nil }
        var n: ViewNode? = node.children[1]
        while let current = n {
            if let b = current.behavior as? SwipeActionButtonsBehavior { return b }
            n = current.children.first
        }
        return nil
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let insets = leadingInset + trailingInset
        guard insets > 0 else { return content.sizeThatFits(proposal) }
        let s = content.sizeThatFits(ProposedViewSize(width: proposal.width.map { max(0, $0 - insets) }, height: proposal.height))
        // The controls go at the row's ends: the row takes the width it is offered.
        let offered = proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? 0
        return CGSize(width: max(offered, s.width + insets), height: s.height)
    }

    /// This part's cell where it is now: the list's cell moved as this node was by the swipes around it.
    private var currentCell: CGRect {
        guard let cell, let x = rowOriginX else { return node.frame }
        return cell.offsetBy(dx: node.frame.minX - x, dy: 0)
    }

    override func place(in bounds: CGRect) {
        let inner = CGRect(x: bounds.minX + leadingInset + offset, y: bounds.minY + dragY,
                           width: max(0, bounds.width - leadingInset - trailingInset), height: bounds.height)
        if leadingInset + trailingInset > 0 {
            // The content keeps its own width, after the delete control.
            let p = ProposedViewSize(width: inner.width, height: nil)
            let s = content.sizeThatFits(p)
            content.place(in: CGRect(x: inner.minX, y: inner.minY + ((inner.height - s.height) / 2).rounded(), width: s.width, height: s.height), proposal: p)
        } else {
            content.place(in: inner, proposal: ProposedViewSize(inner.size))
        }
        guard node.children.count > 1 else { return }
        let c = currentCell
        let revealed: CGRect
        if edge == .trailing {
            revealed = CGRect(x: c.maxX + min(0, offset), y: c.minY, width: max(0, -offset), height: c.height)
        } else {
            revealed = CGRect(x: c.minX, y: c.minY, width: max(0, offset), height: c.height)
        }
        buttons?.expandsFirst = isFullSwipe
        LayoutSubview(unit: LayoutUnit(node: node.children[1])).place(at: revealed.origin, proposal: ProposedViewSize(revealed.size))
    }

    // MARK: Drawing

    override func draw(into list: inout DisplayList) {
        // A row dragged by its handle is drawn where the finger has it, outside its cell.
        let clips = dragY == 0
        if clips { list.append(.pushClip(currentCell.raster)) }
        let scheme = node.environment.current.colorScheme
        let f = node.frame.offsetBy(dx: 0, dy: dragY)
        if !clips {
            // Lifted: the row's cell goes with it, over a soft shadow, above the rows it passes.
            let lifted = currentCell.offsetBy(dx: 0, dy: dragY)
            var shadow = ScanoutRaster.Path()
            shadow.addRoundedRect(in: lifted.insetBy(dx: -1, dy: -1).offsetBy(dx: 0, dy: 2).raster, cornerRadius: 4)
            list.append(.fill(shadow, Color.black.opacity(0.18).paint(in: scheme), FillStyle()))
            var cellPath = ScanoutRaster.Path()
            cellPath.addRect(lifted.raster)
            let kind = self.list?.kind ?? .insetGrouped
            let plain = kind == .plain || kind == .inset
            list.append(.fill(cellPath, (plain ? Palette.background : Palette.groupedCell).paint(in: scheme), FillStyle()))
        }
        if showsDeleteControl {
            let d = Self.controlDiameter
            let circle = CGRect(x: f.minX + offset, y: f.midY - d / 2, width: d, height: d)
            list.append(.fill(ScanoutRaster.Path(ellipseIn: circle.raster), Palette.destructive.paint(in: scheme), FillStyle()))
            var bar = ScanoutRaster.Path()
            bar.addRoundedRect(in: CGRect(x: circle.minX + 5.5, y: circle.midY - 1.25, width: d - 11, height: 2.5).raster, cornerRadius: 1.25)
            list.append(.fill(bar, Color.white.paint(in: scheme), FillStyle()))
        }
        if showsMoveHandle {
            var lines = ScanoutRaster.Path()
            for i in -1...1 {
                lines.addRoundedRect(in: CGRect(x: f.maxX - 20, y: f.midY + CGFloat(i) * 6 - 1, width: 20, height: 2).raster, cornerRadius: 1)
            }
            list.append(.fill(lines, Palette.tertiaryLabel.paint(in: scheme), FillStyle()))
        }
        node.children.first?.draw(into: &list)
        if node.children.count > 1, offset != 0 { node.children[1].draw(into: &list) }
        if clips { list.append(.pop) }
    }

    // MARK: Swiping

    /// The actions' width at rest, when the row is open.
    private var actionsWidth: CGFloat { buttons?.naturalWidth ?? 0 }

    /// A swipe past this distance and released runs the first action (with `allowsFullSwipe`).
    private var fullSwipeDistance: CGFloat { max(actionsWidth + 60, currentCell.width * 0.55) }
    private var isFullSwipe: Bool {
        if case .swiping = touch { return allowsFullSwipe && abs(offset) >= fullSwipeDistance }
        return false
    }

    /// Whether the row may be swiped now: it has actions and the list is not in edit mode.
    private var canSwipe: Bool {
        hasActions && !isEditing && node.environment.current.editMode?.wrappedValue != .active && !permissions.deleteDisabled
    }

    private var list: ListRowsBehavior? { nearestAncestor(ListRowsBehavior.self) }

    /// The nearest behaviour of type `T` above this part.
    private func nearestAncestor<T>(_ type: T.Type) -> T? {
        var n = node.parent
        while let a = n {
            if let found = a.behavior as? T { return found }
            n = a.parent
        }
        return nil
    }

    /// Another part of the same row (a `.swipeActions` for the other edge) that is open: it takes the swipe.
    private var outerPartIsOpen: Bool {
        var n = node.parent
        while let a = n, !(a.behavior is ListRowsBehavior), !(a.behavior is LazyRowProvider) {
            if let part = a.behavior as? RowActionsBehavior, part.offset != 0 { return true }
            n = a.parent
        }
        return false
    }

    /// Moves the content to `offset` (the next frame places it there).
    private func setOffset(_ value: CGFloat) {
        defer { updateActions() }
        guard value != offset else { return }
        offset = value
        node.setNeedsPlacement()
        // (A row sliding closed is not opening.)
        if value != 0, slide.map({ $0.to != 0 }) ?? true { list?.rowOpened(self) }
    }

    /// Closes the row (another row opened, or a touch went down elsewhere in the list).
    func close() {
        touch = nil
        slide(to: 0)
    }

    /// Moves the content to `target` over `slideDuration`, easing out, one step per frame.
    private func slide(to target: CGFloat) {
        guard target != offset else {
            slide = nil
            updateActions()
            return
        }
        slide = (offset, target, node.host.time)
        node.host.startAnimating(SlideTicker(self))
    }

    // A deleted row's slide stops here.
    override func destroyed() { slide = nil }

    /// A step of the slide; false when it is over.
    fileprivate func tick(_ now: Double) -> Bool {
        guard let s = slide, node.isAlive else { return false }
        let t = min(1, max(0, (now - s.start) / Self.slideDuration))
        let rest = 1 - t
        if t >= 1 {
            slide = nil
            setOffset(s.to)
            return false
        }
        setOffset((s.from + (s.to - s.from) * (1 - rest * rest * rest)).rounded())
        return true
    }

    /// Whether `point` is in the row's cell, where it takes touches that nothing inside it takes.
    func cellContains(_ point: CGPoint) -> Bool { currentCell.contains(point) }

    override func handlesTouch(at point: CGPoint) -> Bool {
        guard canSwipe || offset != 0 || showsDeleteControl || showsMoveHandle else { return false }
        return currentCell.contains(point) || node.frame.contains(point)
    }

    /// While open, the row takes its touches itself: a tap on an action runs it, elsewhere closes the row.
    override func childrenHandleTouches(at point: CGPoint) -> Bool { offset == 0 && !inControl(point) }

    private func inDeleteControl(_ point: CGPoint) -> Bool {
        showsDeleteControl && point.x < node.frame.minX + Self.controlInset && currentCell.contains(point)
    }
    private func inMoveHandle(_ point: CGPoint) -> Bool {
        showsMoveHandle && point.x > node.frame.maxX - Self.controlInset && currentCell.contains(point)
    }
    private func inControl(_ point: CGPoint) -> Bool { inDeleteControl(point) || inMoveHandle(point) }

    /// Whether a finger that moved from `start` to `point` swipes this row: more across than along, past
    /// the scroll view's slop, towards an edge with actions (or either way when open).
    private func isSwipe(to point: CGPoint, from start: CGPoint) -> Bool {
        guard canSwipe || offset != 0, !outerPartIsOpen else { return false }
        let dx = point.x - start.x, dy = point.y - start.y
        guard abs(dx) > ScrollViewBehavior.touchSlop, abs(dx) > abs(dy) else { return false }
        if offset != 0 { return true }
        return edge == .trailing ? dx < 0 : dx > 0
    }

    override func claimsTouch(movedTo point: CGPoint, from start: CGPoint) -> Bool {
        switch touch {
        case .swiping, .moving: return true
        default: return isSwipe(to: point, from: start)
        }
    }

    override func touchBegan(at point: CGPoint) {
        // A finger stops the row where it is.
        slide = nil
        // While open, a touch is for the actions or closes the row, wherever the controls are.
        if offset != 0 {
            touch = .undecided(startOffset: offset)
        } else if inMoveHandle(point) {
            touch = .moving
            lift(true)
        } else if inDeleteControl(point) {
            touch = .deleteControl
        } else {
            touch = .undecided(startOffset: offset)
            forwardedTo = handlerAround(point)
            forwardedTo?.touchBegan(at: point)
        }
    }

    /// The nearest view around this part, within the row, that takes a touch at `point`.
    private func handlerAround(_ point: CGPoint) -> NodeBehavior? {
        var n = node.parent
        while let a = n, !(a.behavior is ListRowsBehavior), !(a.behavior is LazyRowProvider) {
            if a.behavior.handlesTouch(at: point) { return a.behavior }
            n = a.parent
        }
        return nil
    }

    private func endForwarding(at point: CGPoint?, from start: CGPoint) {
        guard let target = forwardedTo else { return }
        forwardedTo = nil
        if let point { target.touchEnded(at: point, from: start) } else { target.touchCancelled() }
        target.node.setNeedsDisplay()  // pressed looks
    }

    override func touchMoved(to point: CGPoint, from start: CGPoint) {
        switch touch {
        case .moving:
            dragY = point.y - start.y
            node.setNeedsPlacement()
        case .undecided(let startOffset):
            guard isSwipe(to: point, from: start) else {
                forwardedTo?.touchMoved(to: point, from: start)
                forwardedTo?.node.setNeedsDisplay()
                return
            }
            endForwarding(at: nil, from: start)
            touch = .swiping(startOffset: startOffset)
            updateActions()
            swipe(to: point, from: start, startOffset: startOffset)
        case .swiping(let startOffset):
            swipe(to: point, from: start, startOffset: startOffset)
        default:
            break
        }
    }

    private func swipe(to point: CGPoint, from start: CGPoint, startOffset: CGFloat) {
        var value = startOffset + point.x - start.x
        // Only towards the edge with actions; beyond them the row follows all the way with a full swipe,
        // and resists without.
        value = edge == .trailing ? min(0, value) : max(0, value)
        let width = actionsWidth, limit = currentCell.width
        let distance = abs(value)
        let allowed = allowsFullSwipe ? min(distance, limit) : (distance > width ? width + (distance - width) / 4 : distance)
        setOffset(edge == .trailing ? -allowed : allowed)
        // The columns change when the swipe crosses the full-swipe distance.
        node.setNeedsPlacement()
    }

    override func touchEnded(at point: CGPoint, from start: CGPoint) {
        defer { touch = nil }
        switch touch {
        case .moving:
            dragY = point.y - start.y
            finishMove()
        case .deleteControl:
            if inDeleteControl(point) {
                touch = nil
                // Made now, to be measured.
                offset = -1
                updateActions()
                slide(to: -actionsWidth)
            }
        case .swiping:
            if isFullSwipe {
                // (State changes of the action are applied at the next update, after the row closed.)
                buttons?.trigger(at: 0)
                close()
            } else {
                settle()
            }
        case .undecided:
            guard offset != 0 else { return endForwarding(at: point, from: start) }
            if let action = buttons?.action(at: point) { buttons?.trigger(at: action) }
            close()
        case nil:
            break
        }
    }

    override func touchCancelled() {
        endForwarding(at: nil, from: .zero)
        if case .moving = touch {
            dragY = 0
            lift(false)
            node.setNeedsPlacement()
        } else if case .swiping = touch {
            settle()
        }
        touch = nil
    }

    /// Released: open when past half the actions, closed otherwise.
    private func settle() {
        touch = nil
        let width = actionsWidth
        if abs(offset) >= width / 2 {
            slide(to: edge == .trailing ? -width : width)
        } else {
            slide(to: 0)
        }
    }

    // MARK: Reordering

    /// Released after a drag by the handle: where the row's centre is among the other rows of its `ForEach`
    /// gives its new place; `onMove` hears it in SwiftUI's convention.
    private func finishMove() {
        let centre = node.frame.midY + dragY
        dragY = 0
        lift(false)
        node.setNeedsPlacement()
        guard let editing, let onMove = editing.onMove, let rows = provider else { return }
        let source = editing.index
        var above = 0
        for i in 0..<rows.rowCount where i != source {
            // Rows not on screen are beyond the viewport, on their side of the dragged one.
            if let row = rows.existingRow(at: i), row.hasAppeared, let part = Self.part(of: row) {
                if part.node.frame.midY < centre { above += 1 }
            } else if i < source {
                above += 1
            }
        }
        let destination = above <= source ? above : above + 1
        guard destination != source, destination != source + 1 else { return }
        onMove(IndexSet(integer: source), destination)
    }

    /// Draws the row above the others of its `ForEach` while it is dragged (or not, once dropped).
    private func lift(_ lifted: Bool) {
        var row: ViewNode? = node
        while let r = row, let parent = r.parent {
            if let container = parent.behavior as? RowLifting {
                container.liftedRow = lifted ? r : nil
                parent.setNeedsDisplay()
                return
            }
            row = parent
        }
    }

    private var provider: LazyRowProvider? { nearestAncestor(LazyRowProvider.self) }

    /// The outermost row-actions part of a row, if it has one.
    static func part(of row: ViewNode) -> RowActionsBehavior? {
        ListRowsBehavior.cellParts(of: row).lazy.compactMap { $0 as? RowActionsBehavior }.first
    }
}

/// Steps a row's slide each frame. The host holds it until the slide is over, and holds only it: a row
/// deleted meanwhile (a full swipe's delete) goes with its node.
private final class SlideTicker: AnimationTicking {
    weak var row: RowActionsBehavior?
    init(_ row: RowActionsBehavior) { self.row = row }
    func tick(_ now: Double) -> Bool { row?.tick(now) ?? false }
}
