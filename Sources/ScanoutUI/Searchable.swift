/// `searchable`: a search field above the view (under the navigation bar when the view is a screen of a
/// stack), bound to the app's query; Return submits with the `.search` trigger (`onSubmit(of: .search)`), the
/// clear button empties it, and views inside read `\.isSearching` and `\.dismissSearch`.

/// Where the search field goes (SwiftUI's `SearchFieldPlacement`); on a panel always above the content.
public struct SearchFieldPlacement: Hashable, Sendable {
    let kind: Int
    public static let automatic = SearchFieldPlacement(kind: 0)
    public static let toolbar = SearchFieldPlacement(kind: 1)
    public static let sidebar = SearchFieldPlacement(kind: 2)
    public static let navigationBarDrawer = SearchFieldPlacement(kind: 3)
    public static func navigationBarDrawer(displayMode: NavigationBarDrawerDisplayMode) -> SearchFieldPlacement { .navigationBarDrawer }

    public struct NavigationBarDrawerDisplayMode: Hashable, Sendable {
        let kind: Int
        public static let automatic = NavigationBarDrawerDisplayMode(kind: 0)
        public static let always = NavigationBarDrawerDisplayMode(kind: 1)
    }
}

/// Ends the search the view is in: the query is cleared and the field loses focus (SwiftUI's
/// `DismissSearchAction`).
public struct DismissSearchAction: @unchecked Sendable {
    let query: Binding<String>?
    let focus: Binding<Bool>?
    @MainActor public func callAsFunction() {
        query?.wrappedValue = ""
        focus?.wrappedValue = false
    }
}

struct IsSearchingKey: EnvironmentKey { static let defaultValue = false }
struct DismissSearchKey: EnvironmentKey { static let defaultValue = DismissSearchAction(query: nil, focus: nil) }
struct SearchFieldKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// Whether the search field of the `searchable` around this view is focused or holds a query.
    public var isSearching: Bool {
        get { self[IsSearchingKey.self] }
        set { self[IsSearchingKey.self] = newValue }
    }

    /// Ends the search of the `searchable` around this view.
    public var dismissSearch: DismissSearchAction {
        get { self[DismissSearchKey.self] }
        set { self[DismissSearchKey.self] = newValue }
    }

    /// Whether the text fields here are a search field (they submit with the `.search` trigger).
    var isSearchField: Bool {
        get { self[SearchFieldKey.self] }
        set { self[SearchFieldKey.self] = newValue }
    }
}

extension View {
    /// A search field for `text` above this view.
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil) -> some View {
        modifier(SearchableModifier(text: text, prompt: prompt ?? Text("Search")))
    }

    /// A search field for `text` above this view, with a prompt (looked up as a key).
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey) -> some View {
        modifier(SearchableModifier(text: text, prompt: Text(prompt)))
    }

    /// A search field for `text` above this view, with a prompt shown as it is.
    @_disfavoredOverload
    public func searchable<S: StringProtocol>(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S) -> some View {
        modifier(SearchableModifier(text: text, prompt: Text(String(prompt))))
    }
}

struct SearchableModifier: ViewModifier {
    let text: Binding<String>
    let prompt: Text
    @FocusState private var focused: Bool

    func body(content: Content) -> some View {
        let query = text
        let focus = $focused
        let unfocus = Binding<Bool>(get: { focus.wrappedValue }, set: { focus.wrappedValue = $0 })
        let searching = focused || !query.wrappedValue.isEmpty
        return VStack(spacing: 0) {
            HStack(spacing: 8) {
                Image(systemName: "magnifyingglass").foregroundStyle(.secondary)
                TextField("", text: query, prompt: prompt)
                    .textFieldStyle(.plain)
                    .focused($focused)
                    .submitLabel(.search)
                    .environment(\.isSearchField, true)
                if !query.wrappedValue.isEmpty {
                    Button { query.wrappedValue = "" } label: {
                        Image(systemName: "xmark.circle.fill").foregroundStyle(.secondary)
                    }
                    .buttonStyle(.plain)
                    .frame(minWidth: Palette.minimumHitTarget, minHeight: Palette.minimumHitTarget)
                    .accessibilityLabel("Clear")
                }
            }
            .padding(.horizontal, 10)
            .frame(minHeight: Palette.minimumHitTarget)
            .background(Palette.controlBackground, in: RoundedRectangle(cornerRadius: 10))
            .padding(.horizontal, 16)
            .padding(.vertical, 8)
            // Part of the bar above, as on iOS (where the field sits in the navigation bar).
            .background(Palette.raisedBackground)
            content
                .environment(\.isSearching, searching)
                .environment(\.dismissSearch, DismissSearchAction(query: query, focus: unfocus))
        }
    }
}
