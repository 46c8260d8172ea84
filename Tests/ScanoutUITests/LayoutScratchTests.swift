import Testing
@testable import ScanoutUI
import ScanoutTesting

/// Stacks measure with scratch space taken from one arena in nested order (`LayoutScratch`), and with an
/// allocation of their own beyond it.
@MainActor
struct LayoutScratchTests {
    @Test func nestedTakesAreDisjointAndGivingBackFreesTheirSpace() {
        let outer = LayoutScratch.take(10)
        let inner = LayoutScratch.take(20)
        #expect(inner.baseAddress == outer.baseAddress! + 10)  // right after the outer one, not over it
        for i in 0..<10 { outer[i] = CGFloat(i) }
        for i in 0..<20 { inner[i] = -1 }
        #expect((0..<10).allSatisfy { outer[$0] == CGFloat($0) })
        LayoutScratch.give(inner)
        let again = LayoutScratch.take(5)
        #expect(again.baseAddress == inner.baseAddress)  // what `inner` had is free again
        LayoutScratch.give(again)
        LayoutScratch.give(outer)
        let next = LayoutScratch.take(1)
        #expect(next.baseAddress == outer.baseAddress)
        LayoutScratch.give(next)
    }

    @Test func aRequestBeyondTheArenaGetsItsOwnSpace() {
        let first = LayoutScratch.take(8)
        let large = LayoutScratch.take(100_000)
        #expect(large.count == 100_000)
        large[99_999] = 1
        LayoutScratch.give(large)  // freed, not given to the arena
        let after = LayoutScratch.take(8)
        #expect(after.baseAddress == first.baseAddress! + 8)
        LayoutScratch.give(after)
        LayoutScratch.give(first)
    }

    /// A stack of 3,000 rows measures with more scratch than the arena holds (three values per row): each row
    /// is still placed right under the one before.
    @Test func aStackLargerThanTheArenaLaysOutItsRows() {
        let host = TestHost(rootView: ScrollView {
            VStack(spacing: 0) {
                ForEach(0..<3000, id: \.self) { i in
                    Text("r\(i)").frame(width: 40, height: 2)
                }
            }
        }, width: 200, height: 100)
        host.runFrame()
        let first = host.frame(ofText: "r0"), last = host.frame(ofText: "r2999")
        #expect(first != nil && last != nil)
        // (Centres: a text is centred in its row, and a longer one wraps to more lines.)
        if let first, let last { #expect(last.midY - first.midY == 2 * 2999) }
    }
}
