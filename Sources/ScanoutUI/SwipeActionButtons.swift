import ScanoutRaster
import ScanoutRender

/// The buttons of a row's swipe actions, as the columns the swipe reveals: each as wide as its label and
/// some padding (at least a fingertip), filled with the button's tint (red for a destructive one, grey
/// otherwise), the first nearest the edge. Revealed wider than they are, the columns grow in proportion;
/// past the full-swipe distance the first takes the whole width.
struct SwipeActionButtons: View, PrimitiveView {
    let edge: HorizontalEdge
    let actions: AnyView
    func makeBehavior() -> NodeBehavior { SwipeActionButtonsBehavior() }
}

final class SwipeActionButtonsBehavior: NodeBehavior {
    private var edge = HorizontalEdge.trailing
    var expandsFirst = false
    /// The columns from the last placement, in the order of the buttons.
    private var columns: [CGRect] = []

    static let minimumColumnWidth: CGFloat = 74
    static let columnPadding: CGFloat = 16

    override func update(_ view: any View) -> [ChildSlot]? {
        let v = view as! SwipeActionButtons
        edge = v.edge
        return [ChildSlot(key: 0, view: v.actions)]
    }

    private var buttons: [ViewNode] { node.layoutSubviews }

    private func naturalWidth(of button: ViewNode) -> CGFloat {
        max(Self.minimumColumnWidth, button.cachedSize(.unspecified).width + 2 * Self.columnPadding)
    }

    var naturalWidth: CGFloat { buttons.reduce(0) { $0 + naturalWidth(of: $1) } }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        CGSize(width: proposal.width ?? naturalWidth, height: proposal.height ?? Palette.rowHeight)
    }

    override func place(in bounds: CGRect) {
        let buttons = self.buttons
        let widths = buttons.map(naturalWidth(of:))
        let total = widths.reduce(0, +)
        var columns: [CGRect] = []
        var position = edge == .trailing ? bounds.maxX : bounds.minX
        for (i, button) in buttons.enumerated() {
            let width: CGFloat
            if expandsFirst { width = i == 0 ? bounds.width : 0 } else { width = total > 0 ? widths[i] * bounds.width / total : 0 }
            let column: CGRect
            if edge == .trailing {
                column = CGRect(x: position - width, y: bounds.minY, width: width, height: bounds.height)
                position -= width
            } else {
                column = CGRect(x: position, y: bounds.minY, width: width, height: bounds.height)
                position += width
            }
            columns.append(column)
            // The label stays next to the row's content as the column grows, as on iOS.
            let size = button.cachedSize(.unspecified)
            let natural = widths[i]
            let nextToContent = edge == .trailing ? column.minX + (natural - size.width) / 2 : column.maxX - natural + (natural - size.width) / 2
            let x = width >= natural ? nextToContent : column.midX - size.width / 2
            LayoutSubview(unit: LayoutUnit(node: button)).place(
                at: CGPoint(x: x.rounded(), y: (column.midY - size.height / 2).rounded()),
                proposal: .unspecified)
        }
        self.columns = columns
    }

    /// Which button's column covers `point`.
    func action(at point: CGPoint) -> Int? { columns.firstIndex { $0.width > 0 && $0.contains(point) } }

    /// Runs button `index`'s action.
    func trigger(at index: Int) {
        let buttons = self.buttons
        guard buttons.indices.contains(index), let button = Self.button(in: buttons[index]) else { return }
        button.trigger()
    }

    private static func button(in node: ViewNode) -> SwipeActionButton? {
        var n: ViewNode? = node
        while let current = n {
            if let b = current.behavior as? SwipeActionButton { return b }
            n = current.children.first
        }
        return nil
    }

    override func draw(into list: inout DisplayList) {
        let buttons = self.buttons
        for (i, column) in columns.enumerated() where i < buttons.count && column.width > 0 {
            // The button's own environment: a `.tint` on it is above it, below this subview.
            let button = Self.button(in: buttons[i])
            let env = ((button as? NodeBehavior)?.node ?? buttons[i]).environment.current
            let role = button?.buttonRole
            let fill = env.tint ?? (role == .destructive ? Palette.destructive : Palette.unselectedTab)
            var path = ScanoutRaster.Path()
            path.addRect(column.raster)
            list.append(.fill(path, fill.paint(in: env.colorScheme), FillStyle()))
            list.append(.pushClip(column.raster))
            buttons[i].draw(into: &list)
            list.append(.pop)
        }
    }
}

/// A button as a swipe action: its role (for its colour) and its action (for a full swipe).
@MainActor
protocol SwipeActionButton: AnyObject {
    var buttonRole: ButtonRole? { get }
    func trigger()
}

extension ButtonBehavior: SwipeActionButton {
    var buttonRole: ButtonRole? { button.role }
    func trigger() { button.action() }
}
