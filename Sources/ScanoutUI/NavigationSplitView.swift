/// A view of two or three columns — a sidebar, an optional content column, a detail (SwiftUI's
/// `NavigationSplitView`). On a panel at least `regularWidth` points wide the columns stand side by side,
/// each with its own navigation bar; narrower (a portrait panel) they collapse into one stack, as on an
/// iPhone: the sidebar first, and a selection made in a `List(selection:)` of a column pushes the next column.
public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View {
    let sidebar: Sidebar
    let content: Content?
    let detail: Detail
    let columnVisibility: Binding<NavigationSplitViewVisibility>?
    @State private var showsContent = false
    @State private var showsDetail = false
    @State private var sidebarWidth: CGFloat?
    @State private var contentWidth: CGFloat?

    /// Narrower than this, the columns collapse into a stack.
    static var regularWidth: CGFloat { 600 }
    /// The sidebar's width when no column width is given: a third of the panel, at least 220 and at most 320.
    static func defaultColumnWidth(in width: CGFloat) -> CGFloat { min(320, max(220, (width / 3).rounded())) }

    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) where Content == EmptyView {
        self.sidebar = sidebar(); self.content = nil; self.detail = detail(); self.columnVisibility = nil
    }

    public init(columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder detail: () -> Detail) where Content == EmptyView {
        self.sidebar = sidebar(); self.content = nil; self.detail = detail(); self.columnVisibility = columnVisibility
    }

    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar(); self.content = content(); self.detail = detail(); self.columnVisibility = nil
    }

    public init(columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar(); self.content = content(); self.detail = detail(); self.columnVisibility = columnVisibility
    }

    public var body: some View {
        // Read here, not in the reader's closure (which runs at layout, where reads make no dependency): a
        // change of these runs this body again and rebuilds the columns.
        let layout = ColumnLayout(visibility: columnVisibility?.wrappedValue ?? .automatic,
                                  sidebarWidth: sidebarWidth, contentWidth: contentWidth)
        return GeometryReader { proxy in
            if proxy.size.width >= Self.regularWidth { columns(width: proxy.size.width, layout) } else { stack }
        }
    }

    private struct ColumnLayout {
        let visibility: NavigationSplitViewVisibility
        let sidebarWidth: CGFloat?
        let contentWidth: CGFloat?
    }

    private func columns(width: CGFloat, _ layout: ColumnLayout) -> some View {
        let visibility = layout.visibility
        let showsSidebar = visibility != .detailOnly && !(visibility == .doubleColumn && content != nil)
        let showsContentColumn = content != nil && visibility != .detailOnly
        return HStack(spacing: 0) {
            if showsSidebar {
                NavigationStack { sidebar }
                    .frame(width: layout.sidebarWidth ?? Self.defaultColumnWidth(in: width))
                    .onPreferenceChange(SplitColumnWidthKey.self) { sidebarWidth = $0 }
                Palette.separator.frame(width: 1)
            }
            if showsContentColumn, let content {
                NavigationStack { content }
                    .frame(width: layout.contentWidth ?? Self.defaultColumnWidth(in: width))
                    .onPreferenceChange(SplitColumnWidthKey.self) { contentWidth = $0 }
                Palette.separator.frame(width: 1)
            }
            NavigationStack { detail }
                .frame(maxWidth: .infinity)
        }
    }

    /// One stack: a selection in the sidebar pushes the content column (or the detail), one in the content
    /// column pushes the detail; going back leaves the selection as it was.
    private var stack: some View {
        let pushContent = $showsContent, pushDetail = $showsDetail
        return NavigationStack {
            if let content {
                sidebar
                    .environment(\.splitViewSelectionMade, SplitViewSelectionAction { pushContent.wrappedValue = true })
                    .navigationDestination(isPresented: $showsContent) {
                        content
                            .environment(\.splitViewSelectionMade, SplitViewSelectionAction { pushDetail.wrappedValue = true })
                            .navigationDestination(isPresented: pushDetail) { detail }
                    }
            } else {
                sidebar
                    .environment(\.splitViewSelectionMade, SplitViewSelectionAction { pushDetail.wrappedValue = true })
                    .navigationDestination(isPresented: $showsDetail) { detail }
            }
        }
    }
}

/// Which columns of a split view show (SwiftUI's `NavigationSplitViewVisibility`).
public struct NavigationSplitViewVisibility: Hashable, Sendable {
    let kind: Int
    public static let automatic = NavigationSplitViewVisibility(kind: 0)
    public static let all = NavigationSplitViewVisibility(kind: 1)
    public static let doubleColumn = NavigationSplitViewVisibility(kind: 2)
    public static let detailOnly = NavigationSplitViewVisibility(kind: 3)
}

/// How a split view shares its width (SwiftUI's `NavigationSplitViewStyle`); on a panel the columns always
/// stand side by side, so the styles look the same.
public protocol NavigationSplitViewStyle {}
public struct AutomaticNavigationSplitViewStyle: NavigationSplitViewStyle { public init() {} }
public struct BalancedNavigationSplitViewStyle: NavigationSplitViewStyle { public init() {} }
public struct ProminentDetailNavigationSplitViewStyle: NavigationSplitViewStyle { public init() {} }
extension NavigationSplitViewStyle where Self == AutomaticNavigationSplitViewStyle {
    public static var automatic: AutomaticNavigationSplitViewStyle { AutomaticNavigationSplitViewStyle() }
}
extension NavigationSplitViewStyle where Self == BalancedNavigationSplitViewStyle {
    public static var balanced: BalancedNavigationSplitViewStyle { BalancedNavigationSplitViewStyle() }
}
extension NavigationSplitViewStyle where Self == ProminentDetailNavigationSplitViewStyle {
    public static var prominentDetail: ProminentDetailNavigationSplitViewStyle { ProminentDetailNavigationSplitViewStyle() }
}

/// Runs when a row of a list with a selection is tapped inside a collapsed split view's column.
struct SplitViewSelectionAction {
    let action: @MainActor () -> Void
}

struct SplitViewSelectionMadeKey: EnvironmentKey { static let defaultValue: SplitViewSelectionAction? = nil }
struct SplitColumnWidthKey: PreferenceKey {
    static let defaultValue: CGFloat? = nil
    static func reduce(value: inout CGFloat?, nextValue: () -> CGFloat?) { value = value ?? nextValue() }
}

extension EnvironmentValues {
    var splitViewSelectionMade: SplitViewSelectionAction? {
        get { self[SplitViewSelectionMadeKey.self] }
        set { self[SplitViewSelectionMadeKey.self] = newValue }
    }
}

extension View {
    /// The width of the split-view column this view is in.
    public func navigationSplitViewColumnWidth(_ width: CGFloat) -> some View {
        preference(key: SplitColumnWidthKey.self, value: width)
    }

    /// The width of the split-view column this view is in: its ideal one (the panel does not resize columns).
    public func navigationSplitViewColumnWidth(min: CGFloat? = nil, ideal: CGFloat, max: CGFloat? = nil) -> some View {
        preference(key: SplitColumnWidthKey.self, value: ideal)
    }

    /// The split view's style (accepted; see `NavigationSplitViewStyle`).
    public func navigationSplitViewStyle<S: NavigationSplitViewStyle>(_ style: S) -> some View { self }
}
