import Testing
import ScanoutUI
import ScanoutTesting

/// A lazy list's frames cost what its made rows cost, not what its data holds: counted as ids read from the
/// data (each element's `id` counts its reads), the same for 100,000 rows as for 1,000. (Times are in
/// scanout-list-bench.)
@Suite @MainActor struct LazyRowCostTests {
    final class Reads { var ids = 0 }

    struct Item: Identifiable {
        let number: Int
        let reads: Reads
        var id: Int { reads.ids += 1; return number }
    }

    struct Rows: View {
        let items: [Item]
        let list: Bool
        var body: some View {
            if list {
                List(items) { Text("Row \($0.number)") }
            } else {
                ScrollView { LazyVStack { ForEach(items) { Text("Row \($0.number)").frame(height: 40) } } }
            }
        }
    }

    /// Ids read for the first frame and for 30 frames of a drag, with `count` rows.
    func reads(count: Int, list: Bool) -> (first: Int, scrolling: Int) {
        let reads = Reads()
        let items = (0..<count).map { Item(number: $0, reads: reads) }
        reads.ids = 0
        let host = TestHost(rootView: Rows(items: items, list: list), width: 400, height: 480)
        host.runFrame()
        #expect(host.contains(text: "Row 0") && !host.contains(text: "Row 100"))
        let first = reads.ids
        reads.ids = 0
        host.drag(fromX: 200, fromY: 440, toX: 200, toY: 80, steps: 30)
        host.runFrame()
        #expect(!host.contains(text: "Row 0"))
        return (first, reads.ids)
    }

    @Test(arguments: [false, true])
    func framesDoNotGrowWithTheData(list: Bool) {
        let small = reads(count: 1_000, list: list), large = reads(count: 100_000, list: list)
        #expect(large.first == small.first, "first frame: \(small.first) ids read for 1,000 rows, \(large.first) for 100,000")
        #expect(large.scrolling == small.scrolling, "scrolling: \(small.scrolling) ids read for 1,000 rows, \(large.scrolling) for 100,000")
        #expect(large.first < 200 && large.scrolling < 2_000)
    }

    struct Toggled: View {
        let number: Int
        @State var on = false
        var body: some View { Button("Row \(number) \(on ? "on" : "off")") { on.toggle() }.frame(height: 40) }
    }

    struct Moving: View {
        @State var numbers = Array(0..<1_000)
        var body: some View {
            VStack {
                Button("Insert") { numbers.insert(-1, at: 0) }
                ScrollView { LazyVStack { ForEach(numbers, id: \.self) { Toggled(number: $0) } } }
            }
        }
    }

    /// A made row whose element moves (one inserted before it) keeps its state: found again by its id.
    @Test func aMadeRowThatMovesKeepsItsState() {
        let host = TestHost(rootView: Moving(), width: 400, height: 480)
        host.runFrame()
        host.tap(text: "Row 2 off")
        host.runFrame()
        #expect(host.contains(text: "Row 2 on"))
        host.tap(text: "Insert")
        host.runFrame()
        host.runFrame()
        #expect(host.contains(text: "Row -1 off"))
        #expect(host.contains(text: "Row 2 on"), "\(host.visibleTexts)")
        #expect(host.contains(text: "Row 3 off"))
    }
}
