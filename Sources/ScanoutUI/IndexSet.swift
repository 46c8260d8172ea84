/// A sorted set of non-negative offsets (Foundation's `IndexSet`, which FoundationEssentials lacks): what
/// `onDelete` and `onMove` hand to the app, and what `remove(atOffsets:)` and `move(fromOffsets:toOffset:)`
/// take. Kept as a sorted array: the sets a list hands out hold one or a few offsets.
public struct IndexSet: Hashable, Sendable, RandomAccessCollection, SetAlgebra, ExpressibleByArrayLiteral,
    CustomStringConvertible {
    public typealias Element = Int
    public typealias Index = Int
    private var sorted: [Int] = []

    public init() {}
    public init(integer: Int) { sorted = [integer] }
    public init<R: RangeExpression>(integersIn range: R) where R.Bound == Int {
        sorted = Array(range.relative(to: 0..<Int.max))
    }
    public init(arrayLiteral elements: Int...) { self.init(elements) }
    public init<S: Sequence>(_ sequence: S) where S.Element == Int {
        sorted = Array(Set(sequence)).sorted()
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { sorted.count }
    public var isEmpty: Bool { sorted.isEmpty }
    public subscript(position: Int) -> Int { sorted[position] }

    public var description: String { "\(sorted.count) indexes" }

    private func position(of member: Int) -> (found: Bool, at: Int) {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < member { lo = mid + 1 } else { hi = mid }
        }
        return (lo < sorted.count && sorted[lo] == member, lo)
    }

    public func contains(_ member: Int) -> Bool { position(of: member).found }

    @discardableResult
    public mutating func insert(_ newMember: Int) -> (inserted: Bool, memberAfterInsert: Int) {
        let p = position(of: newMember)
        if p.found { return (false, newMember) }
        sorted.insert(newMember, at: p.at)
        return (true, newMember)
    }

    /// Inserts every offset of `range`.
    public mutating func insert(integersIn range: Range<Int>) { formUnion(IndexSet(integersIn: range)) }

    @discardableResult
    public mutating func remove(_ member: Int) -> Int? {
        let p = position(of: member)
        guard p.found else { return nil }
        return sorted.remove(at: p.at)
    }

    @discardableResult
    public mutating func update(with newMember: Int) -> Int? {
        insert(newMember).inserted ? nil : newMember
    }

    public func union(_ other: IndexSet) -> IndexSet { IndexSet(sorted + other.sorted) }
    public func intersection(_ other: IndexSet) -> IndexSet { IndexSet(sorted.filter(other.contains)) }
    public func symmetricDifference(_ other: IndexSet) -> IndexSet {
        IndexSet(sorted.filter { !other.contains($0) } + other.sorted.filter { !contains($0) })
    }
    public mutating func formUnion(_ other: IndexSet) { self = union(other) }
    public mutating func formIntersection(_ other: IndexSet) { self = intersection(other) }
    public mutating func formSymmetricDifference(_ other: IndexSet) { self = symmetricDifference(other) }
}

extension RangeReplaceableCollection where Self: MutableCollection {
    /// Removes the elements at `offsets` (what an `onDelete` handler usually does with its index set).
    public mutating func remove(atOffsets offsets: IndexSet) {
        // From the last, so that the offsets still to remove stay valid.
        for offset in offsets.reversed() { remove(at: index(startIndex, offsetBy: offset)) }
    }
}

extension MutableCollection where Self: RangeReplaceableCollection {
    /// Moves the elements at `source` so that they come, in their order, before the element that was at
    /// `destination` before the move (`endIndex`'s offset: to the end), as an `onMove` handler does.
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let moving = source.map { self[index(startIndex, offsetBy: $0)] }
        let before = source.filter { $0 < destination }.count
        remove(atOffsets: source)
        let at = index(startIndex, offsetBy: destination - before)
        insert(contentsOf: moving, at: at)
    }
}
