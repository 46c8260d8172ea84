/// A binding to a collection is a collection of bindings to its elements (SwiftUI's conformances), so
/// `ForEach($items) { $item in Toggle(item.name, isOn: $item.isOn) }` edits the elements in place.
/// Reading the bound collection runs on the main actor (bindings read there); the collection protocols'
/// requirements are nonisolated, so they assume it — views iterate their data on the main actor.
extension Binding: Sequence where Value: MutableCollection {
    public typealias Element = Binding<Value.Element>
    public typealias Iterator = IndexingIterator<Binding<Value>>
    public typealias SubSequence = Slice<Binding<Value>>
}

extension Binding: Collection where Value: MutableCollection {
    public typealias Index = Value.Index
    public typealias Indices = Value.Indices

    public var startIndex: Index { valueOnMainActor.startIndex }
    public var endIndex: Index { valueOnMainActor.endIndex }
    public var indices: Indices { valueOnMainActor.indices }
    public func index(after i: Index) -> Index { valueOnMainActor.index(after: i) }
    public func formIndex(after i: inout Index) { i = index(after: i) }

    /// The element at `position`, as it is when the binding is read or written (not when it was made).
    /// Closure-made: it compares unequal to every other binding, so a row whose element moved is updated.
    public subscript(position: Index) -> Element {
        // The index is only ever used on the main actor, where the binding is read and written.
        let get = self.get, set = self.set, at = ConstantBox(position)
        return Binding<Value.Element>(get: { get()[at.value] }, set: { element in
            var whole = get()
            whole[at.value] = element
            set(whole)
        })
    }
}

extension Binding: BidirectionalCollection where Value: BidirectionalCollection & MutableCollection {
    public func index(before i: Index) -> Index { valueOnMainActor.index(before: i) }
    public func formIndex(before i: inout Index) { i = index(before: i) }
}

extension Binding: RandomAccessCollection where Value: RandomAccessCollection & MutableCollection {}

extension Binding: Identifiable where Value: Identifiable {
    /// The bound value's identity (a `ForEach` over bindings keys rows by their elements' ids).
    public var id: Value.ID { valueOnMainActor.id }
}

extension Binding {
    /// The bound value, read from the collection protocols' nonisolated requirements. A binding's getter is a
    /// main-actor closure and views read their data on the main actor; `MainActor.assumeIsolated` cannot carry
    /// a non-Sendable index out, so the getter is called as the plain function it is underneath.
    fileprivate var valueOnMainActor: Value { unsafeBitCast(get, to: (() -> Value).self)() }
}

@MainActor
extension ForEach where Content: View {
    /// Rows for the elements of a bound collection, identified by a key path into the elements themselves
    /// (`ForEach($names, id: \.self) { $name in TextField("Name", text: $name) }`).
    public init<C: MutableCollection & RandomAccessCollection>(_ data: Binding<C>, id: KeyPath<C.Element, ID>,
                                                               @ViewBuilder content: @escaping (Binding<C.Element>) -> Content)
        where Data == Binding<C> {
        self.init(data, id: (\Binding<C.Element>.wrappedValue).appending(path: id), content: content)
    }
}
