/// A few values by key, searched in order: what a node caches per layout (sizes by proposal, alignment guides
/// by guide and size). A node is asked for a handful of keys at most, where comparing them costs less than
/// hashing them into a dictionary (layout of a container asks each of its children several times per pass).
///
/// Clearing only resets a count (the arrays keep their slots, overwritten by the next entries): a change
/// clears the caches of every ancestor, every frame.
struct LayoutCache<Key: Equatable, Value> {
    /// One array of pairs (one allocation per cache, made at the first entry).
    private var entries: [(key: Key, value: Value)] = []
    /// How many of `entries` are entries (the rest are slots left by a clear).
    private var count = 0
    /// Entries were dropped since the last `removeAll` (what was answered is no longer all here).
    private(set) var dropped = false
    /// Beyond this many entries the oldest go (a recomputed value is the same; only time is lost).
    static var capacity: Int { 16 }

    subscript(key: Key) -> Value? {
        get {
            // The latest entry is the likeliest (a parent asks again for the proposal it just made).
            var i = count - 1
            while i >= 0 {
                if entries[i].key == key { return entries[i].value }
                i -= 1
            }
            return nil
        }
        set {
            guard let newValue else { return }
            if count >= Self.capacity {
                dropped = true
                let half = Self.capacity / 2
                entries.removeFirst(half)
                count -= half
            }
            if entries.isEmpty {
                // Room for the usual handful at once (appending one by one reallocates at 1, 2 and 4).
                entries.reserveCapacity(4)
            }
            if count < entries.count {
                entries[count] = (key, newValue)
            } else {
                entries.append((key, newValue))
            }
            count += 1
        }
    }

    /// Whether every value answered since the last `removeAll` satisfies `predicate` (false when some were
    /// dropped).
    func allSatisfy(_ predicate: (Key, Value) -> Bool) -> Bool {
        if dropped { return false }
        for i in 0..<count where !predicate(entries[i].key, entries[i].value) { return false }
        return true
    }

    mutating func removeAll() {
        dropped = false
        count = 0
    }
}
