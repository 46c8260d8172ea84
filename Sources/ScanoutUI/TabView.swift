/// Screens side by side with a tab bar to switch between them (SwiftUI's `TabView`). Each view of the content
/// is a tab: `.tabItem { … }` gives its bar item, `.tag(_:)` its value for `selection:`, `.badge` a count on its
/// item; or the `Tab(_:systemImage:value:content:)` form. Tabs keep their state while others are shown.
/// With `.tabViewStyle(.page)` the tabs are pages swiped with the finger, with index dots instead of a bar.
public struct TabView<SelectionValue: Hashable, Content: View>: View {
    let content: Content
    let selection: Binding<SelectionValue>?
    @State private var ownSelection: AnyHashable?
    @State private var pageDrag: CGFloat = 0
    /// The tabs whose shown views ask for no tab bar (`toolbar(.hidden, for: .tabBar)`).
    @State private var barlessTabs: Set<Int> = []
    /// The tab bar's appearance the tabs' views ask for (`toolbarBackground(_:for: .tabBar)`, …), by tab.
    @State private var barAppearances: [Int: BarAppearance] = [:]
    /// The tabs shown so far (by value): a tab's views are made when it is first selected, as SwiftUI loads
    /// them, and kept from then on. A panel's first frame does not build, lay out and record every tab.
    @State private var shownTabs = ShownTabs()
    @Environment(\.tabViewPageStyle) private var pageStyle

    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.content = content(); self.selection = selection
    }

    public init(@ViewBuilder content: () -> Content) where SelectionValue == Int {
        self.content = content(); self.selection = nil
    }

    /// The tabs: each view of the content, `ForEach` rows, `Group`s and `if`s opened (as a `Picker` reads its
    /// options); a `ForEach` row's value is its element's id unless it has a tag, as in SwiftUI.
    private var tabs: [TabEntry] {
        PickerOptions.collect(content).enumerated().map { i, option in TabEntry(index: i, view: option.view.view, implicitTag: option.tag) }
    }

    private func selectedIndex(_ tabs: [TabEntry]) -> Int {
        let current: AnyHashable? = selection.map { AnyHashable($0.wrappedValue) } ?? ownSelection
        guard let current else { return 0 }
        return tabs.firstIndex { $0.value == current } ?? 0
    }

    private func select(_ tab: TabEntry) {
        if let selection {
            if let v = tab.value.base as? SelectionValue { selection.wrappedValue = v }
        } else {
            ownSelection = tab.value
        }
    }

    public var body: some View {
        let tabs = self.tabs
        let selected = selectedIndex(tabs)
        if let pageStyle {
            pages(tabs, selected: selected, style: pageStyle)
        } else {
            // Noted during the body (a reference, not state: the tab switched to is made in this evaluation,
            // and the one left stays made).
            let _ = shownTabs.note(selected, of: tabs)
            VStack(spacing: 0) {
                ZStack {
                    ForEach(tabs) { tab in
                        if shownTabs.values.contains(tab.value) {
                            AnyView(tab.content)
                                .frame(maxWidth: .infinity, maxHeight: .infinity)
                                .opacity(tab.index == selected ? 1 : 0)
                                .allowsHitTesting(tab.index == selected)
                                .appearanceGate(isShown: tab.index == selected)
                                .onPreferenceChange(TabBarHiddenKey.self) { hidden in
                                    if hidden == true { barlessTabs.insert(tab.index) } else { barlessTabs.remove(tab.index) }
                                }
                                .onPreferenceChange(TabBarAppearanceKey.self) { barAppearances[tab.index] = $0 }
                        }
                    }
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .background(Palette.background)
                if !barlessTabs.contains(selected) { tabBar(tabs, selected: selected) }
            }
        }
    }

    private func tabBar(_ tabs: [TabEntry], selected: Int) -> some View {
        HStack(spacing: 0) {
            ForEach(tabs) { tab in
                Button { select(tab) } label: {
                    TabBarItem(tab: tab, selected: tab.index == selected)
                }
            }
        }
        .frame(height: Palette.tabBarHeight)
        .bar(barAppearances[selected], separatorAt: .top)
    }

    private func pages(_ tabs: [TabEntry], selected: Int, style: PageTabViewStyle) -> some View {
        GeometryReader { proxy in
            let width = proxy.size.width
            ZStack(alignment: .bottom) {
                // Each page is shifted as a group of its own (not the row as one): a page with an opaque
                // background slides as a copy of its bitmap.
                let shift = -CGFloat(selected) * width + pageDrag
                HStack(spacing: 0) {
                    ForEach(tabs) { tab in
                        AnyView(tab.content).frame(width: width, height: proxy.size.height)
                            .modifier(PageShiftModifier(x: shift))
                            .appearanceGate(isShown: tab.index == selected)
                    }
                }
                .frame(width: width, alignment: .leading)
                .contentShape(Rectangle())
                .gesture(DragGesture(minimumDistance: 10)
                    .onChanged { value in
                        var d = value.translation.width
                        if (selected == 0 && d > 0) || (selected == tabs.count - 1 && d < 0) { d /= 3 }  // rubber band
                        pageDrag = d
                    }
                    .onEnded { value in
                        let moved = value.predictedEndTranslation.width
                        var target = selected
                        if moved < -width / 2 || value.translation.width < -width / 3 { target = min(tabs.count - 1, selected + 1) }
                        if moved > width / 2 || value.translation.width > width / 3 { target = max(0, selected - 1) }
                        withAnimation(.easeOut(duration: 0.3)) {
                            pageDrag = 0
                            if target != selected { select(tabs[target]) }
                        }
                    })
                if style.indexDisplayMode != .never && !(style.indexDisplayMode == .automatic && tabs.count < 2) {
                    HStack(spacing: 10) {
                        ForEach(tabs) { tab in
                            Circle()
                                .fill(tab.index == selected ? Color.primary : Palette.unselectedTab.opacity(0.5))
                                .frame(width: 8, height: 8)
                        }
                    }
                    .padding(.horizontal, 12)
                    .frame(height: 28)
                    .background(Capsule().fill(Palette.raisedBackground.opacity(0.8)))
                    .padding(.bottom, 12)
                }
            }
            .clipped()
        }
        .background(Palette.background)
    }
}

/// The values of the tabs a `TabView` has shown.
final class ShownTabs {
    var values: Set<AnyHashable> = []

    /// Notes the selected tab of `tabs` as shown.
    func note(_ selected: Int, of tabs: [TabEntry]) {
        if tabs.indices.contains(selected) { values.insert(tabs[selected].value) }
    }
}

/// One tab as the content declared it.
struct TabEntry: Identifiable {
    let index: Int
    let content: any View
    let item: AnyView?
    let title: Text?
    let systemImage: String?
    let value: AnyHashable
    let badge: String?
    var id: Int { index }

    @MainActor init(index: Int, view: any View, implicitTag: AnyHashable? = nil) {
        self.index = index
        if let tab = view as? any AnyTab {
            content = tab.anyContent; item = nil; title = tab.title; systemImage = tab.systemImage
            value = tab.anyValue; badge = tab.badgeText
        } else {
            content = view
            item = view.firstModifier(of: TabItemModifier.self)?.label
            title = nil; systemImage = nil
            value = view.firstModifier(of: TagModifier.self)?.value ?? implicitTag ?? AnyHashable(index)
            badge = view.firstModifier(of: BadgeModifier.self)?.text
        }
    }
}

/// A tab's item in the bar: its label (`tabItem`'s view, or a `Tab`'s symbol beside its title, as on an iPad's
/// bar), tinted when selected, with its badge just past the label's end.
struct TabBarItem: View {
    let tab: TabEntry
    let selected: Bool

    var body: some View {
        Group {
            if let item = tab.item {
                item
            } else if let title = tab.title {
                if let name = tab.systemImage { Label { title } icon: { Image(systemName: name) } } else { title }
            }
        }
        .foregroundColor(selected ? Palette.tint : Palette.unselectedTab)
        .overlay(alignment: .topTrailing) {
            if let badge = tab.badge {
                BadgeView(text: badge).alignmentGuide(.trailing) { $0[.leading] - 2 }.offset(y: -8)
            }
        }
        .frame(maxWidth: .infinity, minHeight: Palette.tabBarHeight)
        .contentShape(Rectangle())
    }
}

extension View {
    /// This tab's item in the tab bar of the enclosing `TabView`.
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        modifier(TabItemModifier(label: AnyView(label())))
    }
}

struct TabItemModifier: ViewModifier {
    let label: AnyView
    func body(content: Content) -> some View { content }
}

/// A tab of a `TabView` (SwiftUI's `Tab`, iOS 18's form).
public struct Tab<Value: Hashable, Content: View>: View, AnyTab {
    let title: Text?
    let systemImage: String?
    let value: Value
    let content: Content

    public init(_ titleKey: LocalizedStringKey, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        self.title = Text(titleKey); self.systemImage = systemImage; self.value = value; self.content = content()
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        self.title = Text(title); self.systemImage = systemImage; self.value = value; self.content = content()
    }

    public var body: some View { content }

    var anyContent: any View { content }
    var anyValue: AnyHashable { AnyHashable(value) }
    var badgeText: String? { nil }
}

@MainActor
protocol AnyTab {
    var title: Text? { get }
    var systemImage: String? { get }
    var anyContent: any View { get }
    var anyValue: AnyHashable { get }
    var badgeText: String? { get }
}

/// Pages swiped horizontally with index dots (SwiftUI's `PageTabViewStyle`).
public struct PageTabViewStyle: Hashable, Sendable {
    public struct IndexDisplayMode: Hashable, Sendable {
        let raw: Int
        public static let automatic = IndexDisplayMode(raw: 0)
        public static let always = IndexDisplayMode(raw: 1)
        public static let never = IndexDisplayMode(raw: 2)
    }
    let indexDisplayMode: IndexDisplayMode
    public init(indexDisplayMode: IndexDisplayMode = .automatic) { self.indexDisplayMode = indexDisplayMode }
}

/// The default tab bar (SwiftUI's `DefaultTabViewStyle`).
public struct DefaultTabViewStyle: Hashable, Sendable { public init() {} }

@MainActor @preconcurrency
public protocol TabViewStyle {}
extension PageTabViewStyle: TabViewStyle {}
extension DefaultTabViewStyle: TabViewStyle {}

extension TabViewStyle where Self == PageTabViewStyle {
    public static var page: PageTabViewStyle { PageTabViewStyle() }
    public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> PageTabViewStyle {
        PageTabViewStyle(indexDisplayMode: indexDisplayMode)
    }
}
extension TabViewStyle where Self == DefaultTabViewStyle {
    public static var automatic: DefaultTabViewStyle { DefaultTabViewStyle() }
}

struct TabViewPageStyleKey: EnvironmentKey { static let defaultValue: PageTabViewStyle? = nil }

extension EnvironmentValues {
    var tabViewPageStyle: PageTabViewStyle? {
        get { self[TabViewPageStyleKey.self] }
        set { self[TabViewPageStyleKey.self] = newValue }
    }
}

extension View {
    /// The style of the tab views in this view: `.page` for swiped pages.
    public func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View {
        environment(\.tabViewPageStyle, style as? PageTabViewStyle)
    }
}
