import ScanoutRender

/// A flexible space along the axis of the enclosing stack, or along both axes outside a stack (SwiftUI's
/// `Spacer`). It is at least `minLength` long (nil: the default spacing, 8), has no thickness across the
/// axis, and gets space last: its layout priority is below every other view's, so flexible siblings such as
/// a `Color` take all but its minimum. Stacks put no spacing next to it.
public struct Spacer: View, PrimitiveView, Equatable {
    public var minLength: CGFloat?

    public init(minLength: CGFloat? = nil) { self.minLength = minLength }

    func makeBehavior() -> NodeBehavior { SpacerBehavior() }
}

final class SpacerBehavior: NodeBehavior {
    var minLength: CGFloat = StackLayout.defaultSpacing

    override func update(_ view: any View) -> [ChildSlot]? {
        minLength = (view as! Spacer).minLength ?? StackLayout.defaultSpacing
        return []
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        func length(_ proposed: CGFloat?) -> CGFloat { max(proposed ?? minLength, minLength) }
        switch node.stackAxis {
        case .horizontal?: return CGSize(width: length(proposal.width), height: 0)
        case .vertical?: return CGSize(width: 0, height: length(proposal.height))
        case nil: return CGSize(width: length(proposal.width), height: length(proposal.height))
        }
    }

    override func place(in bounds: CGRect) {}

    override var layoutPriority: Double { -.infinity }
}

/// A thin grey line that separates content (SwiftUI's `Divider`): across the axis of the enclosing stack
/// (vertical in an `HStack`, horizontal in a `VStack` or outside stacks), as long as the proposal along it
/// and 1 point thick.
public struct Divider: View, PrimitiveView, Equatable {
    public init() {}
    func makeBehavior() -> NodeBehavior { DividerBehavior() }
}

final class DividerBehavior: NodeBehavior {
    static let thickness: CGFloat = 1
    /// iOS's separator colour (60, 60, 67) at 29 % over white.
    static let color = Color(rgba: RGBA(red: 198, green: 198, blue: 200), dark: RGBA(red: 56, green: 56, blue: 58))

    private var isVertical: Bool { node.stackAxis == .horizontal }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        isVertical ? CGSize(width: Self.thickness, height: proposal.height ?? 0)
                   : CGSize(width: proposal.width ?? 0, height: Self.thickness)
    }

    override func place(in bounds: CGRect) {}

    override func draw(into list: inout DisplayList) {
        let f = node.frame
        guard f.width > 0, f.height > 0 else { return }
        list.append(.fill(ScanoutRaster.Path(f.raster), Self.color.paint(in: node.environment.current.colorScheme), FillStyle()))
    }
}

/// The axis of a layout container that stacks its subviews (what spacers and dividers follow).
@MainActor
protocol StackAxisProviding {
    var axis: Axis? { get }
}

extension LayoutBehavior: StackAxisProviding {}

extension ViewNode {
    /// The axis of the nearest enclosing layout container, if that container is a stack (`nil` in a `ZStack`,
    /// a custom layout, or outside any container). Modifiers and user views in between do not count.
    var stackAxis: Axis? {
        var p = parent
        while let n = p {
            if let container = n.behavior.stackAxisProvider { return container.axis }
            p = n.parent
        }
        return nil
    }

    /// Whether this node lays out as a spacer (a `Spacer`, possibly under modifiers).
    var isSpacer: Bool {
        if behavior is SpacerBehavior { return true }
        guard behavior is ModifierBehavior || behavior.role == .transparent else { return false }
        let subviews = layoutSubviews
        return subviews.count == 1 && subviews[0].isSpacer
    }
}

extension LayoutSubview {
    /// Whether the subview is a spacer (stacks put no default spacing next to one).
    var isSpacer: Bool { unit.isSpacer }
}
