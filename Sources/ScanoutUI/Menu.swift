import ScanoutRender

/// A control that shows a list of actions when tapped (SwiftUI's `Menu`): its content is `Button`s (with
/// roles), `Divider`s, `Section`s and nested `Menu`s (also through `ForEach`, `if` and `Group`). The menu is a
/// card in the presentation layer, beside the label (below it, or above when there is no room), over
/// everything else; a button runs its action and closes it, a nested menu opens in its place with a row that
/// leads back, a tap outside or Escape closes it (the tap does nothing else). With `primaryAction`, a tap
/// runs that and a long press opens the menu, as in SwiftUI.
public struct Menu<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    let primaryAction: (() -> Void)?
    @State private var isPresented = false

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content(); self.label = label(); self.primaryAction = nil
    }

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label,
                primaryAction: @escaping () -> Void) {
        self.content = content(); self.label = label(); self.primaryAction = primaryAction
    }

    public var body: some View {
        let open = $isPresented
        let items = MenuItems.of(content)
        return label
            .foregroundStyle(.tint)
            .frame(minHeight: Palette.minimumHitTarget)
            .contentShape(Rectangle())
            .modifier(MenuTriggerModifier(tap: primaryAction ?? { open.wrappedValue = true },
                                          longPress: { open.wrappedValue = true }))
            .modifier(PresentationAnchorModifier(content: isPresented ? { anchor in
                MenuLayer(anchor: anchor, items: items, dims: false) { open.wrappedValue = false }
            } : nil))
    }
}

extension Menu where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(titleKey) })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(String(title)) })
    }

    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content, primaryAction: @escaping () -> Void) {
        self.init(content: content, label: { Text(titleKey) }, primaryAction: primaryAction)
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content, primaryAction: @escaping () -> Void) {
        self.init(content: content, label: { Text(String(title)) }, primaryAction: primaryAction)
    }
}

extension Menu where Label == ScanoutUI.Label<Text, Image> {
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { ScanoutUI.Label(titleKey, systemImage: systemImage) })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { ScanoutUI.Label(title, systemImage: systemImage) })
    }
}

extension View {
    /// Shows `menuItems` as a menu beside the view when a finger stays on it (SwiftUI's `contextMenu`); the
    /// screen underneath dims. A long press on a control inside (a `Button`) stays the control's.
    public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> some View {
        modifier(ContextMenuModifier(items: ScanoutUI.MenuItems.of(menuItems())))
    }
}

struct ContextMenuModifier: ViewModifier {
    let items: [MenuItem]
    @State private var isPresented = false

    func body(content: Content) -> some View {
        let open = $isPresented
        return content
            .modifier(MenuTriggerModifier(tap: nil, longPress: { open.wrappedValue = true }))
            .modifier(PresentationAnchorModifier(content: isPresented ? { anchor in
                MenuLayer(anchor: anchor, items: items, dims: true) { open.wrappedValue = false }
            } : nil))
    }
}

// MARK: Items

/// One entry of a menu, taken from its content.
enum MenuItem {
    case action(PresentedAction)
    case divider
    case submenu(label: AnyView, items: [MenuItem])
    case section(header: AnyView?, items: [MenuItem])
    /// A `Toggle`, or one option of a `Picker`: checked when on; choosing it runs `action`.
    case check(label: AnyView, isOn: Bool, action: @MainActor () -> Void)
}

/// Views that can stand in a menu's (or an alert's) content.
@MainActor
protocol MenuItemSource {
    func collectMenuItems(into items: inout [MenuItem])
}

@MainActor
enum MenuItems {
    static func collect(_ view: any View, into items: inout [MenuItem]) {
        (view as? any MenuItemSource)?.collectMenuItems(into: &items)
    }

    static func of(_ view: any View) -> [MenuItem] {
        var out: [MenuItem] = []
        collect(view, into: &out)
        return out
    }
}

extension Button: MenuItemSource {
    func collectMenuItems(into items: inout [MenuItem]) {
        items.append(.action(PresentedAction(label: AnyView(label), role: role, action: action)))
    }
}

extension Toggle: MenuItemSource {
    func collectMenuItems(into items: inout [MenuItem]) {
        let isOn = self.isOn
        items.append(.check(label: AnyView(label), isOn: isOn.wrappedValue, action: { isOn.wrappedValue.toggle() }))
    }
}

/// A picker in a menu shows its options in place, the chosen one checked (as SwiftUI's menus do).
extension Picker: MenuItemSource {
    func collectMenuItems(into items: inout [MenuItem]) {
        let options = PickerOptions.collect(content)
        let current = AnyHashable(selection.wrappedValue)
        let selection = self.selection
        var rows: [MenuItem] = []
        for option in options {
            let value = option.tag?.base as? SelectionValue
            rows.append(.check(label: option.view, isOn: option.tag == current, action: { if let value { selection.wrappedValue = value } }))
        }
        items.append(.section(header: AnyView(label), items: rows))
    }
}

extension Divider: MenuItemSource {
    func collectMenuItems(into items: inout [MenuItem]) { items.append(.divider) }
}

extension Menu: MenuItemSource {
    func collectMenuItems(into items: inout [MenuItem]) {
        items.append(.submenu(label: AnyView(label), items: MenuItems.of(content)))
    }
}

extension Section: MenuItemSource {
    func collectMenuItems(into items: inout [MenuItem]) {
        let header: AnyView? = header is EmptyView ? nil : AnyView(header)
        items.append(.section(header: header, items: MenuItems.of(content)))
    }
}

extension TupleView: MenuItemSource {
    func collectMenuItems(into items: inout [MenuItem]) {
        for child in children { MenuItems.collect(child, into: &items) }
    }
}

extension Optional: MenuItemSource where Wrapped: View {
    func collectMenuItems(into items: inout [MenuItem]) {
        if let view = self { MenuItems.collect(view, into: &items) }
    }
}

extension _ConditionalContent: MenuItemSource {
    func collectMenuItems(into items: inout [MenuItem]) {
        switch storage {
        case .first(let v): MenuItems.collect(v, into: &items)
        case .second(let v): MenuItems.collect(v, into: &items)
        }
    }
}

extension AnyView: MenuItemSource {
    func collectMenuItems(into items: inout [MenuItem]) { MenuItems.collect(view, into: &items) }
}

extension Group: MenuItemSource {
    func collectMenuItems(into items: inout [MenuItem]) { MenuItems.collect(content, into: &items) }
}

extension ForEach: MenuItemSource where Content: View {
    func collectMenuItems(into items: inout [MenuItem]) {
        for element in data { MenuItems.collect(content(element), into: &items) }
    }
}

// MARK: The card

/// The presented menu: a clear (or, for a context menu, dimmed) screen that closes it when tapped, and the
/// card placed beside the presenter.
struct MenuLayer: View {
    let anchor: PresentationAnchor
    let items: [MenuItem]
    let dims: Bool
    let close: @MainActor () -> Void

    var body: some View {
        MenuPlacement(anchor: anchor) {
            (dims ? PresentationLook.dim : Color.clear)
                .contentShape(Rectangle())
                .onTapGesture { close() }
            MenuCard(items: items, close: close)
        }
    }
}

/// Places the backdrop over the whole screen and the card at its ideal size (at most the screen less a
/// margin) under the anchor, leading edges aligned (trailing ones in the trailing half of the screen) —
/// above the anchor when it does not fit below, and inside the screen either way.
struct MenuPlacement: Layout {
    let anchor: PresentationAnchor
    static let margin: CGFloat = 8
    static let gap: CGFloat = 6

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard subviews.count == 2 else { return }
        subviews[0].place(at: bounds.origin, proposal: ProposedViewSize(bounds.size))
        let m = Self.margin, a = anchor.frame
        let ideal = subviews[1].sizeThatFits(.unspecified)
        let width = min(ideal.width, bounds.width - 2 * m)
        let fitted = subviews[1].sizeThatFits(ProposedViewSize(width: width, height: nil))
        let height = min(fitted.height, bounds.height - 2 * m)
        // Leading edges aligned, or trailing ones for a label in the screen's trailing half.
        let preferredX = a.midX > bounds.midX ? a.maxX - width : a.minX
        let x = min(max(preferredX, bounds.minX + m), bounds.maxX - m - width)
        let below = a.maxY + Self.gap, above = a.minY - Self.gap - height
        let y: CGFloat
        if below + height <= bounds.maxY - m { y = below }
        else if above >= bounds.minY + m { y = above }
        else { y = max(bounds.minY + m, bounds.maxY - m - height) }
        subviews[1].place(at: CGPoint(x: x, y: y), proposal: ProposedViewSize(width: width, height: height))
    }
}

/// The rows of a menu (or of the nested menu open in it), scrolling when taller than the screen allows.
struct MenuCard: View {
    let items: [MenuItem]
    let close: @MainActor () -> Void
    /// The nested menus opened, outermost first.
    @State private var path: [OpenedMenu] = []

    struct OpenedMenu {
        let label: AnyView
        let items: [MenuItem]
    }

    static let rowHeight: CGFloat = 48
    static let minimumWidth: CGFloat = 240

    /// The items shown now, and the title of the nested menu they belong to (nil at the top level).
    private var level: (items: [MenuItem], title: AnyView?) {
        guard let open = path.last else { return (items, nil) }
        return (open.items, open.label)
    }

    var body: some View {
        let (shown, title) = level
        return ViewThatFits(in: .vertical) {
            rows(shown, title: title)
            ScrollView { rows(shown, title: title) }
        }
        .frame(minWidth: Self.minimumWidth)
        .background(Palette.elevatedBackground, in: RoundedRectangle(cornerRadius: 14))
        .overlay(RoundedRectangle(cornerRadius: 14).strokeBorder(Palette.separator))
        .onKeyPress(.escape) {
            if path.isEmpty { close() } else { path.removeLast() }
            return .handled
        }
    }

    private func rows(_ shown: [MenuItem], title: AnyView?) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            if let title {
                row(action: { path.removeLast() }) {
                    HStack(spacing: 8) {
                        Image(systemName: "chevron.left")
                        title
                    }
                    .font(.headline)
                }
                Palette.separator.frame(height: 1)
            }
            ForEach(Array(Self.flattened(shown).enumerated()), id: \.offset) { _, entry in
                entryView(entry)
            }
        }
    }

    /// A level's items as the rows drawn: sections open into a header and their rows, set apart by
    /// separators as dividers are.
    private enum Entry {
        case item(MenuItem)
        case separator
        case header(AnyView)
    }

    private static func flattened(_ items: [MenuItem]) -> [Entry] {
        var out: [Entry] = []
        func separate() {
            if let last = out.last, case .separator = last { return }
            if !out.isEmpty { out.append(.separator) }
        }
        for item in items {
            switch item {
            case .divider: separate()
            case .section(let header, let inner):
                separate()
                if let header { out.append(.header(header)) }
                out.append(contentsOf: flattened(inner))
                separate()
            default: out.append(.item(item))
            }
        }
        if let last = out.last, case .separator = last { out.removeLast() }
        return out
    }

    @ViewBuilder
    private func entryView(_ entry: Entry) -> some View {
        switch entry {
        case .separator:
            Palette.separator.frame(height: 6).opacity(0.5)
        case .header(let header):
            header
                .font(.footnote)
                .foregroundStyle(.secondary)
                .padding(.horizontal, 16)
                .padding(.top, 8)
                .padding(.bottom, 4)
        case .item(.action(let a)):
            row(action: { a.action(); close() }) {
                a.label.foregroundStyle(a.role == .destructive ? Palette.destructive : Color.primary)
            }
        case .item(.check(let label, let isOn, let action)):
            row(action: { action(); close() }) {
                HStack(spacing: 10) {
                    Image(systemName: "checkmark").opacity(isOn ? 1 : 0)
                    label.foregroundStyle(Color.primary)
                }
            }
        case .item(.submenu(let label, let inner)):
            row(action: { path.append(OpenedMenu(label: label, items: inner)) }) {
                HStack {
                    label.foregroundStyle(Color.primary)
                    Spacer(minLength: 16)
                    Image(systemName: "chevron.right").foregroundStyle(.secondary)
                }
            }
        case .item:
            EmptyView()
        }
    }

    private func row<L: View>(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> L) -> some View {
        Button(action: action) {
            label()
                .lineLimit(1)
                .padding(.horizontal, 16)
                .frame(maxWidth: .infinity, minHeight: Self.rowHeight, alignment: .leading)
                .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
    }
}

// MARK: Opening

struct MenuTriggerModifier: PrimitiveModifier {
    /// Runs on a tap (nil: a tap belongs to the tap gestures around this view).
    let tap: (() -> Void)?
    let longPress: @MainActor () -> Void
    func makeBehavior() -> ModifierBehavior { MenuTriggerBehavior() }
}

/// A tap and a long press on one view (a `Menu`'s label, a view with a `contextMenu`): the finger stays within
/// `LongPress.maximumDistance` for `minimumDuration` — the long press, at once, finger still down; it comes up
/// inside the view before — the tap.
final class MenuTriggerBehavior: ModifierBehavior, AnimationTicking {
    private var m: MenuTriggerModifier!
    private var press: (start: CGPoint, time: Double, fired: Bool)?
    static let minimumDuration = 0.5
    static let maximumDistance: CGFloat = 10

    override func updateModifier(_ modifier: any ViewModifier) { m = modifier.known(as: MenuTriggerModifier.self) }

    override func handlesTouch(at point: CGPoint) -> Bool {
        node.environment.current.isEnabled && node.frameContains(asDrawn: point) && node.hitContent(at: point)
    }

    override func touchBegan(at point: CGPoint) {
        press = (point, node.host.touchEventTime, false)
        node.host.startAnimating(self)
    }

    override func touchMoved(to point: CGPoint, from start: CGPoint) {
        if let p = press, point.distance(to: p.start) > Self.maximumDistance { press = nil }
    }

    override func touchEnded(at point: CGPoint, from start: CGPoint) {
        defer { press = nil }
        guard let p = press, !p.fired, node.frameContains(asDrawn: point) else { return }
        if let tap = m.tap {
            tap()
        } else if let outer = outerTap {
            // Not this view's tap: the tap gestures written around it count it.
            outer.touchEnded(at: point, from: start)
        }
    }

    override func touchCancelled() { press = nil }

    /// The nearest tap gesture written around this view (up the chain of single-child nodes the modifiers
    /// make, through user modifiers such as `contextMenu`'s).
    private var outerTap: TapBehavior? {
        var p = node.parent
        while let n = p, n.children.count == 1 {
            if let tap = n.behavior as? TapBehavior { return tap }
            p = n.parent
        }
        return nil
    }

    func tick(_ now: Double) -> Bool {
        guard let p = press, !p.fired, node.isAlive else { return false }
        guard now - p.time >= Self.minimumDuration - 1e-6 else { return true }
        press?.fired = true
        m.longPress()
        return false
    }
}
