import ScanoutRender

/// Whether something is shown (SwiftUI's `Visibility`).
public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic, visible, hidden
}

extension View {
    /// The view drawn behind this row's cell, filling the whole cell (nil: the list style's cell colour).
    public func listRowBackground<V: View>(_ view: V?) -> some View {
        modifier(ListRowSettingsModifier(background: view.map { AnyView($0) }, insets: nil, separator: nil))
    }

    /// The insets of this row's content inside its cell (nil: the list's default).
    public func listRowInsets(_ insets: EdgeInsets?) -> some View {
        modifier(ListRowSettingsModifier(background: nil, insets: insets, separator: nil))
    }

    /// Whether the separators around this row are drawn (`.hidden` hides them).
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        modifier(ListRowSettingsModifier(background: nil, insets: nil, separator: visibility))
    }
}

extension View {
    /// The gap between the rows of the lists and forms in this view (nil: none, the rows touch with
    /// separators between them). In the grouped styles each row is then a card of its own.
    public func listRowSpacing(_ spacing: CGFloat?) -> some View { environment(\.listRowSpacing, spacing) }

    /// The gap between the sections of the lists and forms in this view.
    public func listSectionSpacing(_ spacing: ListSectionSpacing) -> some View { environment(\.listSectionSpacing, spacing) }

    /// The gap between the sections of the lists and forms in this view, in points.
    public func listSectionSpacing(_ spacing: CGFloat) -> some View { environment(\.listSectionSpacing, .custom(spacing)) }
}

/// The gap between a list's sections (SwiftUI's `ListSectionSpacing`): the style's, compact, or the app's own.
public struct ListSectionSpacing: Sendable, Equatable {
    enum Kind: Equatable, Sendable { case standard, compact, custom(CGFloat) }
    let kind: Kind

    public static let `default` = ListSectionSpacing(kind: .standard)
    public static let compact = ListSectionSpacing(kind: .compact)
    public static func custom(_ spacing: CGFloat) -> ListSectionSpacing { ListSectionSpacing(kind: .custom(spacing)) }
}

struct ListRowSpacingKey: EnvironmentKey { static let defaultValue: CGFloat? = nil }
struct ListSectionSpacingKey: EnvironmentKey { static let defaultValue: ListSectionSpacing? = nil }

extension EnvironmentValues {
    var listRowSpacing: CGFloat? {
        get { self[ListRowSpacingKey.self] }
        set { self[ListRowSpacingKey.self] = newValue }
    }
    var listSectionSpacing: ListSectionSpacing? {
        get { self[ListSectionSpacingKey.self] }
        set { self[ListSectionSpacingKey.self] = newValue }
    }
}

/// The vertical edges (SwiftUI's `VerticalEdge`).
public enum VerticalEdge: Int8, Hashable, CaseIterable, Sendable {
    case top, bottom
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let bottom = Set(rawValue: 2)
        public static let all: Set = [.top, .bottom]
    }
}

struct ListRowSettingsModifier: PrimitiveModifier {
    let background: AnyView?
    let insets: EdgeInsets?
    let separator: Visibility?
    func makeBehavior() -> ModifierBehavior { ListRowSettingsBehavior() }
}

/// Carries a row's settings for the list that lays it out, which finds it at the top of the row (through
/// transparent views and other row settings) and tells it the cell's frame; draws the row background there.
final class ListRowSettingsBehavior: ModifierBehavior, ListCellPart {
    private(set) var insets: EdgeInsets?
    private(set) var separatorHidden = false
    private var hasBackground = false
    /// The row's cell in root coordinates, set by the list before it places the row.
    var cell: CGRect?
    var rowOriginX: CGFloat?

    override func updateOnlyChild(_ view: any View) -> (any View)? { nil }

    override func update(_ view: any View) -> [ChildSlot]? {
        let m = view as! any AnyModifiedContent
        let settings = m.anyModifier as! ListRowSettingsModifier
        if settings.insets != insets || (settings.separator == .hidden) != separatorHidden { node?.parent?.invalidateLayout() }
        insets = settings.insets
        separatorHidden = settings.separator == .hidden
        hasBackground = settings.background != nil
        var slots = [ChildSlot(key: 0, view: m.anyContent)]
        if let background = settings.background { slots.append(ChildSlot(key: 1, view: background)) }
        return slots
    }

    private var content: LayoutUnit { LayoutUnit(node.children.first.map { $0.behavior.role == .transparent ? $0.layoutSubviews : [$0] } ?? []) }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { content.sizeThatFits(proposal) }

    override func place(in bounds: CGRect) {
        content.place(in: bounds, proposal: ProposedViewSize(bounds.size))
        guard node.children.count > 1 else { return }
        let b = node.children[1]
        let rect = cell ?? bounds
        LayoutSubview(unit: LayoutUnit(node: b)).place(at: rect.origin, proposal: ProposedViewSize(rect.size))
    }

    override func draw(into list: inout DisplayList) {
        if node.children.count > 1 { node.children[1].draw(into: &list) }
        node.children.first?.draw(into: &list)
    }

    /// The settings of a row: on the row itself or below it through views that wrap it alone. Settings written
    /// one over another merge outside in (the outermost that sets a value wins).
    static func find(in row: ViewNode) -> ListRowSettingsBehavior? {
        ListRowsBehavior.cellParts(of: row).lazy.compactMap { $0 as? ListRowSettingsBehavior }.first
    }
}
