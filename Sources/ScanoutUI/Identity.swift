import ScanoutRender

/// Gives a view an explicit identity: when `id` changes, the old view (and its state, tasks, animations) is
/// destroyed and a fresh one created.
struct IDView<Content: View, ID: Hashable>: View, PrimitiveView {
    let content: Content
    let id: ID
    func makeBehavior() -> NodeBehavior { IDViewBehavior<Content, ID>() }
}

/// Its one child is keyed by the id (what `ScrollViewProxy.scrollTo` finds).
final class IDViewBehavior<Content: View, ID: Hashable>: NodeBehavior, ExplicitlyIdentifiedChildren {
    override var role: LayoutRole { .transparent }
    override var viewValueAffectsOwnOutput: Bool { false }
    override func update(_ view: any View) -> [ChildSlot]? {
        let v = view as! IDView<Content, ID>
        return [ChildSlot(key: v.id, view: v.content)]
    }
}

extension View {
    public func id<ID: Hashable>(_ id: ID) -> some View { IDView(content: self, id: id) }
}

/// Views computed from a collection, identified by their elements' ids (SwiftUI's `ForEach`): state follows
/// the id, whatever the position.
/// `Content` is unconstrained, as in SwiftUI: `ForEach` is a view where its content is a view, and other
/// modules' content (ScanoutCharts' marks) where theirs is.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public let data: Data
    package let id: KeyPath<Data.Element, ID>
    package let content: (Data.Element) -> Content
    /// Set by `onDelete` and `onMove`: each row is then an `EditableRow`.
    var deleteAction: ((IndexSet) -> Void)?
    var moveAction: ((IndexSet, Int) -> Void)?

    /// The initialiser other modules' builders call (they declare the public ones with their own builder).
    package init(data: Data, id: KeyPath<Data.Element, ID>, content: @escaping (Data.Element) -> Content) {
        self.data = data; self.id = id; self.content = content
    }

    /// Each element's id with its position in the data, in order; duplicate ids would share one identity, so
    /// the later ones are dropped (as SwiftUI warns). The value is each id's row number.
    var rows: (ids: [ID], indices: [Data.Index], rowOfID: [ID: Int]) {
        if let counted = countedRows { return counted }
        var ids: [ID] = [], indices: [Data.Index] = [], rowOfID: [ID: Int] = [:]
        ids.reserveCapacity(data.count)
        indices.reserveCapacity(data.count)
        rowOfID.reserveCapacity(data.count)
        for i in data.indices {
            let key = data[i][keyPath: id]
            guard rowOfID.updateValue(ids.count, forKey: key) == nil else { continue }
            ids.append(key)
            indices.append(i)
        }
        return (ids, indices, rowOfID)
    }

    /// `rows` of a range of integers identified by themselves (`ForEach(0..<n)`, the commonest data): made
    /// without the generic walk (an iterator and a key path read through witness tables, ~1,500 instructions
    /// a row). Nil for any other data. (The types are checked equal before each bit cast.)
    var countedRows: (ids: [ID], indices: [Data.Index], rowOfID: [ID: Int])? {
        guard Data.self == Range<Int>.self, ID.self == Int.self, Data.Index.self == Int.self,
              id == (\Int.self as AnyKeyPath) else { return nil }
        let range = unsafeBitCast(data, to: Range<Int>.self)
        let ids = Array(range)
        var rowOfID: [Int: Int] = [:]
        rowOfID.reserveCapacity(ids.count)
        for (row, value) in ids.enumerated() { rowOfID[value] = row }
        return (unsafeBitCast(ids, to: [ID].self), unsafeBitCast(ids, to: [Data.Index].self), unsafeBitCast(rowOfID, to: [ID: Int].self))
    }
}

/// A source of rows that a lazy container makes one at a time (`ForEach` in `LazyVStack`/`LazyHStack`):
/// how many there are, and a row's node on demand, without building the other rows' views.
@MainActor
protocol LazyRowProvider: AnyObject {
    var rowCount: Int { get }
    /// Row `index`'s node, if it was made.
    func existingRow(at index: Int) -> ViewNode?
    /// The rows made so far with their indices, in index order: a layout walks these and the runs of rows not
    /// made between them, so its cost follows the rows made, not the data's size.
    func madeRows() -> [(index: Int, node: ViewNode)]
    /// Row `index`'s node, made from its element if needed (its body runs at the next pull).
    func makeRow(at index: Int) -> ViewNode
    /// The row of the element with this id when rows are made on demand (nil when not, or no such id).
    func rowIndex(of id: AnyHashable) -> Int?
}

extension LazyRowProvider {
    /// Walks the rows in order as the made ones (`made`, from `madeRows()`) and the runs of rows not made between
    /// them, each run once: what a lazy container's layout visits.
    func walk(made: [(index: Int, node: ViewNode)], row: (_ index: Int, _ node: ViewNode) -> Void, gap: (_ rows: Range<Int>) -> Void) {
        var next = 0
        for (index, node) in made {
            if index > next { gap(next..<index) }
            row(index, node)
            next = index + 1
        }
        if next < rowCount { gap(next..<rowCount) }
    }
}

/// A container that draws one of its rows above the others while a finger drags it.
@MainActor
protocol RowLifting: AnyObject {
    var liftedRow: ViewNode? { get set }
}

/// `ForEach`: one child per element, keyed by id. Eager (everywhere but directly in a lazy stack): all rows
/// are children. Lazy: only the rows the lazy stack asked for are made, and they stay (with their state) while
/// their ids are in the data; the lazy stack decides when they appear.
final class ForEachBehavior<Data: RandomAccessCollection, ID: Hashable, Content: View>: NodeBehavior, LazyRowProvider, RowLifting, ExplicitlyIdentifiedChildren {
    /// (Not optional: in this generic class each use of a `ForEach?` looked up that type's metadata, once per row.)
    private var forEach: ForEach<Data, ID, Content>
    private var isLazy = false
    private var hasUpdated = false
    /// Eager: every row's id and position in the data.
    private var ids: [ID] = []
    private var indices: [Data.Index] = []
    /// Lazy: the number of rows, the nodes made so far and their rows, by id. Ids are read from the data when
    /// a row is asked for, not collected for the whole data at each update: a lazy list of 100,000 rows costs
    /// what its made rows cost. A made row still at its row keeps it; one that moved is found through
    /// `rowOfID`, built then (or for `scrollTo`) and kept until the data changes.
    private var count = 0
    private var made: [ID: ViewNode] = [:]
    private var madeRow: [ID: Int] = [:]
    private var rowOfIDStorage: [ID: Int]?

    override var role: LayoutRole { .transparent }
    override var childrenAppearWithParent: Bool { !isLazy }
    // A lazy container draws the rows it made, which the data decides.
    override var viewValueAffectsOwnOutput: Bool { isLazy }

    init(_ forEach: ForEach<Data, ID, Content>) { self.forEach = forEach }

    override func update(_ view: any View) -> [ChildSlot]? {
        if !hasUpdated {
            isLazy = node.isLazyStackContent
            hasUpdated = true
        }
        forEach = (view as! ForEach<Data, ID, Content>)
        // (Loops: a closure or method reference handed to `map` here is main-actor isolated and checks the
        // executor for every row.)
        var slots = [ChildSlot]()
        guard isLazy else {
            let rows = forEach.rows
            (ids, indices) = (rows.ids, rows.indices)
            slots.reserveCapacity(ids.count)
            for row in ids.indices { slots.append(slot(row, id: ids[row], at: indices[row])) }
            return slots
        }
        count = forEach.data.count
        rowOfIDStorage = nil
        // Made rows whose ids are still there get the new values, in data order; the others are destroyed.
        var kept: [ID: Int] = [:]
        for (id, row) in madeRow {
            if row < count, self.id(at: row) == id {
                kept[id] = row
            } else if let moved = rowOfID[id] {
                kept[id] = moved
            }
        }
        made = made.filter { kept[$0.key] != nil }
        madeRow = kept
        for (id, row) in kept.sorted(by: { $0.value < $1.value }) { slots.append(slot(row, id: id, at: dataIndex(row))) }
        return slots
    }

    private func dataIndex(_ row: Int) -> Data.Index { forEach.data.index(forEach.data.startIndex, offsetBy: row) }
    private func id(at row: Int) -> ID { forEach.data[dataIndex(row)][keyPath: forEach.id] }

    /// Every id's first row (a later duplicate would share its identity, so it is dropped, as SwiftUI warns).
    private var rowOfID: [ID: Int] {
        if let known = rowOfIDStorage { return known }
        let made = forEach.rows.rowOfID
        rowOfIDStorage = made
        return made
    }

    private func slot(_ row: Int, id: ID, at index: Data.Index) -> ChildSlot {
        let content = forEach.content(forEach.data[index])
        guard forEach.deleteAction != nil || forEach.moveAction != nil else { return ChildSlot(key: id, view: content) }
        return ChildSlot(key: id, view: EditableRow(content: content, index: row,
                                                    onDelete: forEach.deleteAction, onMove: forEach.moveAction))
    }

    var rowCount: Int { isLazy ? count : ids.count }

    func existingRow(at index: Int) -> ViewNode? {
        guard isLazy else { return nil }
        return made[id(at: index)]
    }

    func madeRows() -> [(index: Int, node: ViewNode)] {
        // The children are the made rows in data order (and rows going away, which `made` no longer names).
        var out: [(index: Int, node: ViewNode)] = []
        out.reserveCapacity(made.count)
        for child in node.children {
            guard let id = child.key.base as? ID, made[id] === child, let index = madeRow[id] else { continue }
            out.append((index, child))
        }
        if zip(out, out.dropFirst()).contains(where: { $0.index > $1.index }) { out.sort { $0.index < $1.index } }
        return out
    }

    func rowIndex(of id: AnyHashable) -> Int? {
        guard isLazy, let key = id.base as? ID else { return nil }
        return rowOfID[key]
    }

    func makeRow(at index: Int) -> ViewNode {
        let id = self.id(at: index)
        if let row = made[id] { return row }
        // Children stay in data order: the new row goes before the first made row that follows it.
        var lo = 0, hi = node.children.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let key = node.children[mid].key.base as? ID
            if (key.flatMap { madeRow[$0] } ?? Int.max) < index { lo = mid + 1 } else { hi = mid }
        }
        let row = node.insertChild(slot(index, id: id, at: dataIndex(index)), at: lo)
        made[id] = row
        madeRow[id] = index
        return row
    }

    /// A row dragged by its reorder handle: drawn after the others, above them.
    weak var liftedRow: ViewNode?

    /// Lazy: only the rows in the laid-out tree (the others keep their last frames) are drawn.
    override func draw(into list: inout DisplayList) {
        let lifted = liftedRow
        for child in node.children where (!isLazy || child.hasAppeared) && child !== lifted { child.draw(into: &list) }
        if let lifted, lifted.parent === node, !isLazy || lifted.hasAppeared { lifted.draw(into: &list) }
    }
}

extension ForEach: View, PrimitiveView where Content: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data: data, id: id, content: content)
    }

    func makeBehavior() -> NodeBehavior { ForEachBehavior(self) }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID, Content: View {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}
