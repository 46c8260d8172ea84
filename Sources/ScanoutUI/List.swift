import ScanoutRender

/// Rows in a scrolling column (SwiftUI's `List`): each view of the content is a row, drawn as a cell with
/// separators between rows, `Section`s as groups with a header and a footer, in the list style of the
/// environment (`.listStyle`, `.insetGrouped` by default). Lazy as `LazyVStack`: rows of a `ForEach` are made
/// when they come near the viewport and kept with their state, so thousands of rows cost the visible ones.
/// With `selection:` a tap on a row selects it (a `Set` binding: toggles it); the selected rows are highlighted.
public struct List<SelectionValue: Hashable, Content: View>: View {
    let content: Content
    let defaultStyle: ListStyleKind

    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never {
        self.content = content(); defaultStyle = .insetGrouped
    }

    public init(selection: Binding<SelectionValue?>, @ViewBuilder content: () -> Content) {
        self.content = content(); defaultStyle = .insetGrouped
        selectionStore = ListSelection(single: selection)
    }

    public init(selection: Binding<Set<SelectionValue>>, @ViewBuilder content: () -> Content) {
        self.content = content(); defaultStyle = .insetGrouped
        selectionStore = ListSelection(multiple: selection)
    }

    init(content: Content, defaultStyle: ListStyleKind) {
        self.content = content; self.defaultStyle = defaultStyle
    }

    var selectionStore: ListSelection?

    @Environment(\.listStyleKind) private var style
    @Environment(\.scrollContentBackground) private var backgroundVisibility
    @Environment(\.listRowSpacing) private var rowSpacing
    @Environment(\.listSectionSpacing) private var sectionSpacing

    public var body: some View {
        let kind = style ?? defaultStyle
        return ScrollView {
            ListRows(kind: kind, content: content, rowSpacing: rowSpacing, sectionSpacing: sectionSpacing)
                .environment(\.isInList, true)
        }
        .background(Color.scrollContentBackground(kind == .plain || kind == .inset ? Palette.background : Palette.groupedBackground,
                                                 backgroundVisibility))
        .environment(\.listSelection, selectionStore)
    }
}

extension List {
    /// A row per element of `data`, identified by `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where SelectionValue == Never, Content == ForEach<Data, ID, ListSelectableRow<ID, RowContent>> {
        self.init(content: ForEach(data, id: id) { ListSelectableRow(id: $0[keyPath: id], content: rowContent($0)) },
                  defaultStyle: .insetGrouped)
    }

    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where SelectionValue == Never, Data.Element: Identifiable,
            Content == ForEach<Data, Data.Element.ID, ListSelectableRow<Data.Element.ID, RowContent>> {
        self.init(data, id: \.id, rowContent: rowContent)
    }

    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<SelectionValue?>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, ListSelectableRow<ID, RowContent>> {
        self.init(content: ForEach(data, id: id) { ListSelectableRow(id: $0[keyPath: id], content: rowContent($0)) },
                  defaultStyle: .insetGrouped)
        selectionStore = ListSelection(single: selection)
    }

    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<Set<SelectionValue>>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, ListSelectableRow<ID, RowContent>> {
        self.init(content: ForEach(data, id: id) { ListSelectableRow(id: $0[keyPath: id], content: rowContent($0)) },
                  defaultStyle: .insetGrouped)
        selectionStore = ListSelection(multiple: selection)
    }

    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<SelectionValue?>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Data.Element: Identifiable, Content == ForEach<Data, Data.Element.ID, ListSelectableRow<Data.Element.ID, RowContent>> {
        self.init(data, id: \.id, selection: selection, rowContent: rowContent)
    }

    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<Set<SelectionValue>>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Data.Element: Identifiable, Content == ForEach<Data, Data.Element.ID, ListSelectableRow<Data.Element.ID, RowContent>> {
        self.init(data, id: \.id, selection: selection, rowContent: rowContent)
    }
}

/// The selection binding of the enclosing list, type-erased so rows of any id type can test and toggle it.
@MainActor
final class ListSelection {
    let contains: (AnyHashable) -> Bool
    let toggle: (AnyHashable) -> Void

    init<V: Hashable>(single: Binding<V?>) {
        contains = { ($0.base as? V).map { single.wrappedValue == $0 } ?? false }
        toggle = { if let v = $0.base as? V { single.wrappedValue = v } }
    }

    init<V: Hashable>(multiple: Binding<Set<V>>) {
        contains = { ($0.base as? V).map { multiple.wrappedValue.contains($0) } ?? false }
        toggle = { id in
            guard let v = id.base as? V else { return }
            if multiple.wrappedValue.contains(v) { multiple.wrappedValue.remove(v) } else { multiple.wrappedValue.insert(v) }
        }
    }
}

struct ListSelectionKey: EnvironmentKey { static let defaultValue: ListSelection? = nil }

extension EnvironmentValues {
    var listSelection: ListSelection? {
        get { self[ListSelectionKey.self] }
        set { self[ListSelectionKey.self] = newValue }
    }
}

/// A row of a data-driven list: selectable by a tap when the list has a selection binding (SwiftUI tags the
/// rows of `List(data, selection:)` with their ids the same way).
public struct ListSelectableRow<ID: Hashable, Content: View>: View {
    let id: ID
    let content: Content
    @Environment(\.listSelection) private var selection
    @Environment(\.splitViewSelectionMade) private var selectionMade

    public var body: some View {
        if let selection {
            let selected = selection.contains(AnyHashable(id))
            let made = selectionMade
            content
                .frame(maxWidth: .infinity, minHeight: Palette.rowHeight - 2 * ListRowsBehavior.rowVerticalInset, alignment: .leading)
                .contentShape(Rectangle())
                .onTapGesture {
                    selection.toggle(AnyHashable(id))
                    // In a collapsed split view, choosing a row shows the next column.
                    made?.action()
                }
                .listRowBackground(selected ? Palette.listSelection : nil)
        } else {
            content
        }
    }
}

/// The rows of a list, inside its scroll view.
struct ListRows<Content: View>: View, PrimitiveView {
    let kind: ListStyleKind
    let content: Content
    var rowSpacing: CGFloat?
    var sectionSpacing: ListSectionSpacing?
    func makeBehavior() -> NodeBehavior { ListRowsBehavior() }
}
