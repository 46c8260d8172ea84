import XCTest
import ScanoutUI
import ScanoutTesting

/// Lazy stacks beyond the seed: the horizontal one, data that changes under made rows, static views beside a
/// `ForEach`, a `ForEach` inside a row, and a lazy stack with no scroll view around it.
final class LazyStackTests: XCTestCase, @unchecked Sendable {
    typealias EventLog = LifecycleSeedTests.EventLog

    struct Cell: View {
        let i: Int
        let log: EventLog
        var body: some View {
            Text("\(i)")
                .frame(width: 40, height: 40)
                .logAppearance(i, to: log)
        }
    }

    @MainActor func testLazyHStackMakesColumnsNearTheViewport() async {
        let log = EventLog()
        let root = ScrollView(.horizontal) {
            LazyHStack(spacing: 0) { ForEach(0..<100) { i in Cell(i: i, log: log) } }
        }
        let host = TestHost(rootView: root, width: 200, height: 100)
        host.runFrame()
        // 40-point columns; the window is the 200-point viewport and 100 points each side.
        XCTAssertEqual(log.appearances, Array(0..<8))
        host.drag(fromX: 190, fromY: 50, toX: 10, toY: 50, steps: 6)
        XCTAssertEqual(log.appearances, Array(0..<12), "180 points to the right: columns starting before 480 appear")
        XCTAssertEqual(log.disappearances, [0, 1])
        XCTAssertEqual(host.visibleTexts.first, "4")
    }

    struct Changing: View {
        let log: EventLog
        @State var items = Array(0..<50)
        var body: some View {
            VStack(spacing: 0) {
                Button("Drop first three") { items.removeFirst(3) }.frame(height: 40)
                Button("Insert 100") { items.insert(100, at: 0) }.frame(height: 40)
                ScrollView {
                    LazyVStack(spacing: 0) { ForEach(items, id: \.self) { i in Cell(i: i, log: log) } }
                }
            }
        }
    }

    @MainActor func testRowsFollowTheirDataByID() async {
        let log = EventLog()
        let host = TestHost(rootView: Changing(log: log), width: 200, height: 280)
        host.runFrame()
        // The viewport is 200 points tall (from y 80): rows up to 300 points are made.
        XCTAssertEqual(log.appearances, Array(0..<8))
        log.events.removeAll()
        host.tap(text: "Drop first three")
        XCTAssertEqual(log.disappearances.sorted(), [0, 1, 2], "rows whose data is gone are destroyed")
        XCTAssertEqual(log.appearances, [8, 9, 10], "the rows moving into the window appear")
        XCTAssertEqual(host.visibleTexts.dropFirst(2).first, "3")
        log.events.removeAll()
        host.tap(text: "Insert 100")
        XCTAssertEqual(log.appearances, [100])
        XCTAssertEqual(log.disappearances, [10], "the last row is pushed out of the window")
        XCTAssertEqual(Array(host.visibleTexts.dropFirst(2).prefix(3)), ["100", "3", "4"])
    }

    @MainActor func testStaticViewsAndNestedForEach() async {
        let log = EventLog()
        let root = ScrollView {
            LazyVStack(spacing: 0) {
                Text("Top").frame(height: 40)
                ForEach(0..<30) { group in
                    // A row of two views from a nested ForEach: made (and appearing) as one row.
                    VStack(spacing: 0) {
                        ForEach(0..<2) { j in Cell(i: group * 10 + j, log: log) }
                    }
                }
                Text("Bottom").frame(height: 40)
            }
        }
        let host = TestHost(rootView: root, width: 200, height: 200)
        host.runFrame()
        // Rows are 80 points: the window (300 points from the top, after the 40-point text) takes rows 0...3.
        XCTAssertEqual(log.appearances, [0, 1, 10, 11, 20, 21, 30, 31])
        XCTAssertTrue(host.contains(text: "Top"))
        host.drag(fromX: 100, fromY: 190, toX: 100, toY: 10, steps: 6)
        host.drag(fromX: 100, fromY: 190, toX: 100, toY: 10, steps: 6)
        host.drag(fromX: 100, fromY: 190, toX: 100, toY: 10, steps: 6)
        XCTAssertEqual(Set(log.disappearances).count, log.disappearances.count)
        XCTAssertTrue(log.disappearances.contains(11) && log.disappearances.contains(10), "a row's views leave together")
        for _ in 0..<15 { host.drag(fromX: 100, fromY: 190, toX: 100, toY: 10, steps: 4) }
        XCTAssertTrue(host.contains(text: "Bottom"), "the end: \(host.visibleTexts)")
        XCTAssertTrue(host.contains(text: "291"))
    }

    @MainActor func testWithoutAScrollViewTheWindowIsTheScreen() async {
        let log = EventLog()
        let root = LazyVStack(spacing: 0) { ForEach(0..<50) { i in Cell(i: i, log: log) } }
        let host = TestHost(rootView: root, width: 100, height: 200)
        host.runFrame()
        // The stack is 2000 points tall and centred: it starts at y -900; the window is the screen and 100
        // points above and below it, so rows from y -100 to 300 (rows 20...29).
        XCTAssertEqual(log.appearances, Array(20..<30))
        XCTAssertEqual(log.disappearances, [], "rows made while the estimates settled did not appear on the way")
        XCTAssertEqual(host.visibleTexts, ["22", "23", "24", "25", "26", "27"])
    }
}
