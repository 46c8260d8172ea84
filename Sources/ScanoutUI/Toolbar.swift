/// Where a toolbar item goes (SwiftUI's `ToolbarItemPlacement`): the leading or trailing end of the
/// navigation bar, its middle (in place of the title), or a bar along the bottom edge.
public struct ToolbarItemPlacement: Hashable, Sendable {
    enum Slot: Hashable, Sendable { case leading, principal, trailing, bottom }
    let slot: Slot

    public static let automatic = ToolbarItemPlacement(slot: .trailing)
    public static let principal = ToolbarItemPlacement(slot: .principal)
    public static let topBarLeading = ToolbarItemPlacement(slot: .leading)
    public static let topBarTrailing = ToolbarItemPlacement(slot: .trailing)
    public static let navigationBarLeading = ToolbarItemPlacement(slot: .leading)
    public static let navigationBarTrailing = ToolbarItemPlacement(slot: .trailing)
    public static let bottomBar = ToolbarItemPlacement(slot: .bottom)
    public static let primaryAction = ToolbarItemPlacement(slot: .trailing)
    public static let secondaryAction = ToolbarItemPlacement(slot: .trailing)
    public static let confirmationAction = ToolbarItemPlacement(slot: .trailing)
    public static let cancellationAction = ToolbarItemPlacement(slot: .leading)
    public static let destructiveAction = ToolbarItemPlacement(slot: .trailing)
}

/// One item of a toolbar (SwiftUI's `ToolbarItem`), shown in the bar slot of its placement.
public struct ToolbarItem<ID, Content: View>: View, AnyToolbarItem {
    let placement: ToolbarItemPlacement
    let content: Content
    @Environment(\.toolbarSlot) private var shownSlot

    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) where ID == () {
        self.placement = placement; self.content = content()
    }

    public var body: some View {
        if shownSlot == placement.slot { content }
    }
}

/// Several items in one placement (SwiftUI's `ToolbarItemGroup`).
public struct ToolbarItemGroup<Content: View>: View, AnyToolbarItem {
    let placement: ToolbarItemPlacement
    let content: Content
    @Environment(\.toolbarSlot) private var shownSlot

    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement; self.content = content()
    }

    public var body: some View {
        if shownSlot == placement.slot { content }
    }
}

@MainActor
protocol AnyToolbarItem { var slot: ToolbarItemPlacement.Slot { get } }

extension ToolbarItem { var slot: ToolbarItemPlacement.Slot { placement.slot } }
extension ToolbarItemGroup { var slot: ToolbarItemPlacement.Slot { placement.slot } }

struct ToolbarSlotKey: EnvironmentKey { static let defaultValue: ToolbarItemPlacement.Slot? = nil }

extension EnvironmentValues {
    /// The bar slot a toolbar's content is being shown in (its items show only in their own).
    var toolbarSlot: ToolbarItemPlacement.Slot? {
        get { self[ToolbarSlotKey.self] }
        set { self[ToolbarSlotKey.self] = newValue }
    }
}

/// A bar `toolbar(_:for:)` shows or hides (SwiftUI's `ToolbarPlacement`).
public struct ToolbarPlacement: Hashable, Sendable {
    enum Bar: Hashable, Sendable { case automatic, navigationBar, bottomBar, tabBar }
    let bar: Bar
    /// The navigation bar, on a panel.
    public static let automatic = ToolbarPlacement(bar: .automatic)
    public static let navigationBar = ToolbarPlacement(bar: .navigationBar)
    public static let bottomBar = ToolbarPlacement(bar: .bottomBar)
    public static let tabBar = ToolbarPlacement(bar: .tabBar)
}

extension Array where Element == ToolbarPlacement {
    func contains(_ bar: ToolbarPlacement.Bar) -> Bool {
        contains { $0.bar == bar || ($0.bar == .automatic && bar == .navigationBar) }
    }
}

/// Whether a view in a tab asks to hide the tab bar (`toolbar(.hidden, for: .tabBar)`); nil: it says nothing.
struct TabBarHiddenKey: PreferenceKey {
    static let defaultValue: Bool? = nil
    static func reduce(value: inout Bool?, nextValue: () -> Bool?) { value = nextValue() ?? value }
}

/// The tab bar's appearance a view in a tab asks for (`toolbarBackground`, `toolbarColorScheme` for `.tabBar`).
struct TabBarAppearanceKey: PreferenceKey {
    static let defaultValue: BarAppearance? = nil
    static func reduce(value: inout BarAppearance?, nextValue: () -> BarAppearance?) { value = nextValue() ?? value }
}

/// How the title of a navigation bar is shown (SwiftUI's `NavigationBarItem.TitleDisplayMode`).
public enum NavigationBarItem {
    public enum TitleDisplayMode: Hashable, Sendable { case automatic, inline, large }
}

extension View {
    /// Items for the navigation bar (or the bottom bar) of the screen this view is in.
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        let c = content()
        let items: [any AnyToolbarItem]? = (c as? any AnyToolbarItem).map { [$0] }
            ?? (c as? any AnyTupleChildren).flatMap { t in
                let i = t.childViews.compactMap { $0 as? any AnyToolbarItem }
                return i.count == t.childViews.count ? i : nil
            }
        let slots = Set(items?.map(\.slot) ?? [.trailing])
        return modifier(NavigationScreenWriter { model in
            model.toolbar = ToolbarContent(view: AnyView(c), itemsOnly: items != nil, slots: slots)
        })
    }

    /// The title of the screen this view is in, shown in the navigation bar.
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
        navigationTitle(Text(titleKey))
    }

    @_disfavoredOverload
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        navigationTitle(Text(title))
    }

    public func navigationTitle(_ title: Text) -> some View {
        modifier(NavigationScreenWriter { model in if model.title != title { model.title = title } })
    }

    /// Whether the title is large under the bar or inline in it.
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> some View {
        modifier(NavigationScreenWriter { model in if model.displayMode != mode { model.displayMode = mode } })
    }

    /// How the screen's title is shown (iOS 17's name for `navigationBarTitleDisplayMode`; `inlineLarge` is
    /// shown large).
    public func toolbarTitleDisplayMode(_ mode: ToolbarTitleDisplayMode) -> some View { navigationBarTitleDisplayMode(mode.mode) }

    /// Shows or hides bars (SwiftUI's `toolbar(_:for:)`): `.navigationBar` hides the bar of the screen this view is
    /// in (a dashboard root with its own header, say; a pushed screen keeps its own bar and back button),
    /// `.bottomBar` its bottom bar, `.tabBar` the bar of the tab view this view is in while its tab is shown.
    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        let hidden = visibility == .hidden
        return modifier(NavigationScreenWriter { model in
            if bars.contains(.navigationBar), model.barHidden != hidden { model.barHidden = hidden }
            if bars.contains(.bottomBar), model.bottomBarHidden != hidden { model.bottomBarHidden = hidden }
        })
        .preference(key: TabBarHiddenKey.self, value: bars.contains(.tabBar) ? hidden : nil)
    }

    /// Paints the bars of the screen this view is in with `style` (SwiftUI's `toolbarBackground(_:for:)`):
    /// `.navigationBar` (or `.automatic`), `.bottomBar`, and `.tabBar` (the bar of the tab view this view is in,
    /// while its tab is shown). Scanout's bars always show their background, so a style shows at once (iOS
    /// shows it once content scrolls under the bar, or with `.visible`).
    public func toolbarBackground<S: ShapeStyle>(_ style: S, for bars: ToolbarPlacement...) -> some View {
        barAppearance(bars) { $0.background = BarBackground(style: style) }
    }

    /// Shows or hides the background of the bars of the screen this view is in (SwiftUI's
    /// `toolbarBackground(_:for:)` with a visibility): hidden, the bar's items and title stand over what is
    /// under the bar, without its separator.
    public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        barAppearance(bars) { $0.backgroundVisibility = visibility }
    }

    /// The colour scheme of the title and items on the bars of the screen this view is in (SwiftUI's
    /// `toolbarColorScheme(_:for:)`): `.dark` for light text on a dark `toolbarBackground`; nil: the app's.
    public func toolbarColorScheme(_ colorScheme: ColorScheme?, for bars: ToolbarPlacement...) -> some View {
        barAppearance(bars) { $0.colorScheme = colorScheme }
    }

    /// Makes `change` to the appearance of each of `bars`: the screen's navigation and bottom bars (its model),
    /// and the tab bar when `bars` holds `.tabBar` (a preference the tab view reads: each of the modifiers above
    /// changes its own part of what the content asked for).
    private func barAppearance(_ bars: [ToolbarPlacement], _ change: @escaping (inout BarAppearance) -> Void) -> some View {
        let forTabBar = bars.contains { $0.bar == .tabBar }
        return modifier(NavigationScreenWriter { model in Self.writeBars(bars, into: model, change) })
            .transformPreference(TabBarAppearanceKey.self) { value in
                guard forTabBar else { return }
                var appearance = value ?? BarAppearance()
                change(&appearance)
                value = appearance
            }
    }

    /// Changes the appearance of each of `bars` (the navigation bar for `.automatic`) in `model`, writing only
    /// what changed (the bar observes it).
    static func writeBars(_ bars: [ToolbarPlacement], into model: NavigationScreenModel, _ change: (inout BarAppearance) -> Void) {
        for bar in [ToolbarPlacement.Bar.navigationBar, .bottomBar] where bars.contains(bar) {
            var appearance = model.barAppearance[bar] ?? BarAppearance()
            change(&appearance)
            if model.barAppearance[bar] != appearance { model.barAppearance[bar] = appearance }
        }
    }

    /// Hides the back button of the screen this view is in.
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
        modifier(NavigationScreenWriter { model in if model.backHidden != hidesBackButton { model.backHidden = hidesBackButton } })
    }
}

struct ToolbarContent {
    let view: AnyView
    /// Only `ToolbarItem`s: each shows in its placement's slot. Otherwise the content is one trailing item.
    let itemsOnly: Bool
    /// The slots that have items.
    let slots: Set<ToolbarItemPlacement.Slot>
    var bottomItems: Bool { itemsOnly && slots.contains(.bottom) }
}

@MainActor
protocol AnyTupleChildren { var childViews: [any View] { get } }

/// How a screen's title is shown (SwiftUI's `ToolbarTitleDisplayMode`).
public struct ToolbarTitleDisplayMode: Sendable, Equatable {
    let mode: NavigationBarItem.TitleDisplayMode
    public static let automatic = ToolbarTitleDisplayMode(mode: .automatic)
    public static let inline = ToolbarTitleDisplayMode(mode: .inline)
    public static let large = ToolbarTitleDisplayMode(mode: .large)
    public static let inlineLarge = ToolbarTitleDisplayMode(mode: .large)
}
