/// Gives a view an explicit identity: when `id` changes, the old view (and its state, tasks, animations) is
/// destroyed and a fresh one created.
struct IDView<Content: View, ID: Hashable>: View, PrimitiveView {
    let content: Content
    let id: ID
    func makeBehavior() -> NodeBehavior {
        StructuralBehavior { view in
            let v = view as! IDView<Content, ID>
            return [ChildSlot(key: v.id, view: v.content)]
        }
    }
}

extension View {
    public func id<ID: Hashable>(_ id: ID) -> some View { IDView(content: self, id: id) }
}

/// Views computed from a collection, identified by their elements' ids (SwiftUI's `ForEach`): state follows
/// the id, whatever the position.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    public let data: Data
    let id: KeyPath<Data.Element, ID>
    let content: (Data.Element) -> Content

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.id = id; self.content = content
    }

    func makeBehavior() -> NodeBehavior {
        StructuralBehavior { view in
            let v = view as! Self
            var seen = Set<ID>()
            var slots: [ChildSlot] = []
            slots.reserveCapacity(v.data.count)
            for element in v.data {
                let key = element[keyPath: v.id]
                // Duplicate ids would share one identity: the later ones are dropped, as SwiftUI warns.
                guard seen.insert(key).inserted else { continue }
                slots.append(ChildSlot(key: key, view: v.content(element)))
            }
            return slots
        }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}
