/// A node's `@State` and `@StateObject` storage, by the property's slot (see `DynamicProperties`). A view has
/// a handful at most: pairs searched in order, one small array per node that has any (a dictionary cost a
/// hashed insert and a table of its own for each row of a list).
struct StateSlots {
    private var entries: [(slot: Int, storage: AnyObject)] = []

    subscript(slot: Int) -> AnyObject? {
        get {
            for e in entries where e.slot == slot { return e.storage }
            return nil
        }
        set {
            if let i = entries.firstIndex(where: { $0.slot == slot }) {
                if let newValue { entries[i].storage = newValue } else { entries.remove(at: i) }
            } else if let newValue {
                if entries.isEmpty { entries.reserveCapacity(2) }
                entries.append((slot, newValue))
            }
        }
    }

    mutating func removeAll() { entries.removeAll() }
}
