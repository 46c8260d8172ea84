import Testing
@testable import ScanoutUI

/// A node's `@State` storage by slot: set, found, replaced and removed by slot, whatever the order.
@Suite struct StateSlotsTests {
    final class Box { let n: Int; init(_ n: Int) { self.n = n } }

    @Test func slotsAreFoundReplacedAndRemovedBySlot() {
        var slots = StateSlots()
        #expect(slots[1] == nil)
        let a = Box(1), b = Box(2), c = Box(3), d = Box(4)
        slots[65] = a  // a nested property's slot (base 1, index 0)
        slots[1] = b
        slots[3] = c
        #expect(slots[65] === a)
        #expect(slots[1] === b)
        #expect(slots[3] === c)
        #expect(slots[2] == nil)
        slots[1] = d
        #expect(slots[1] === d)
        #expect(slots[65] === a && slots[3] === c)
        slots[65] = nil
        #expect(slots[65] == nil)
        #expect(slots[1] === d && slots[3] === c)
        slots.removeAll()
        #expect(slots[1] == nil && slots[3] == nil)
    }
}
