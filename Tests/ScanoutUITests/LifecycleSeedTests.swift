import Testing
import ScanoutUI
import ScanoutTesting

/// What seeds/001 ("Lifecycle of SwiftUI Views") shows about onAppear/onDisappear: hidden ZStack layers
/// appear once and never disappear; ScrollView + VStack makes and appears every row at once; ScrollView +
/// LazyVStack makes rows as they come near the viewport, appears and disappears them as they enter and leave it
/// (here on both sides), and keeps their state while the stack lives.
@MainActor
struct LifecycleSeedTests {
    @MainActor final class EventLog {
        var events: [String] = []
        /// The rows of "appear <row>" and "disappear <row>" events, in order.
        var appearances: [Int] { rows(of: "appear ") }
        var disappearances: [Int] { rows(of: "disappear ") }
        private func rows(of prefix: String) -> [Int] {
            events.compactMap { $0.hasPrefix(prefix) ? Int($0.dropFirst(prefix.count)) : nil }
        }
    }

    // MARK: ZStack

    struct Layers: View {
        let log: EventLog
        @State var selection = 1
        var body: some View {
            VStack {
                ZStack {
                    Text("1")
                        .opacity(selection == 1 ? 1 : 0)
                        .logAppearance(1, to: log)
                    Text("2")
                        .opacity(selection == 2 ? 1 : 0)
                        .logAppearance(2, to: log)
                }
                Button("Switch") { selection = selection == 1 ? 2 : 1 }
            }
        }
    }

    @Test func zStackLayersHiddenByOpacityAppearOnceAndNeverDisappear() async {
        let log = EventLog()
        let host = TestHost(rootView: Layers(log: log), width: 200, height: 200)
        host.runFrame()
        #expect(log.appearances.sorted() == [1, 2], "every layer takes part in the ZStack's layout: all appear")
        #expect(host.contains(text: "1"))
        #expect(!host.contains(text: "2"), "layer 2 is drawn at opacity 0")
        for _ in 0..<3 {
            host.tap(text: "Switch")
        }
        #expect(host.contains(text: "2"))
        #expect(!host.contains(text: "1"))
        #expect(log.appearances.sorted() == [1, 2], "no layer appears again")
        #expect(log.disappearances == [], "a hidden layer still takes part in layout: it never disappears")
    }

    // MARK: ScrollView + VStack

    struct EagerList: View {
        let log: EventLog
        var body: some View {
            ScrollView {
                VStack {
                    ForEach(0..<100) { i in
                        Text("\(i)")
                            .logAppearance(i, to: log)
                    }
                }
            }
        }
    }

    @Test func scrollViewWithVStackAppearsEveryRowAtOnceAndNeverDisappears() async {
        let log = EventLog()
        let host = TestHost(rootView: EagerList(log: log), width: 200, height: 300)
        host.runFrame()
        #expect(log.appearances.sorted() == Array(0..<100), "all rows take part in the VStack's layout, seen or not")
        #expect(!host.contains(text: "50"))
        host.drag(fromX: 100, fromY: 280, toX: 100, toY: 20, steps: 10)
        host.drag(fromX: 100, fromY: 280, toX: 100, toY: 20, steps: 10)
        #expect(!host.contains(text: "0"), "scrolled down: \(host.visibleTexts)")
        #expect(log.appearances.count == 100, "scrolling appears nothing again")
        #expect(log.disappearances == [], "scrolling disappears nothing")
    }

    // MARK: ScrollView + LazyVStack

    struct LazyList: View {
        let log: EventLog
        var body: some View {
            ScrollView {
                LazyVStack {
                    ForEach(0..<100) { i in
                        Text("\(i)")
                            .logAppearance(i, to: log)
                    }
                }
            }
        }
    }

    /// Rows in the window (the 300-point viewport and 100 points each side) of `pitch`-point rows scrolled by
    /// `offset`: what the lazy stack must have appeared.
    static func rowsInWindow(offset: Double, pitch: Double, viewport: Double = 300, margin: Double = 100, count: Int = 100) -> Range<Int> {
        let first = max(0, Int(((offset - margin) / pitch).rounded(.down)))
        let last = min(count, Int(((offset + viewport + margin) / pitch).rounded(.up)))
        return first..<last
    }

    @Test func scrollViewWithLazyVStackAppearsRowsNearTheViewportOnBothSides() async {
        let log = EventLog()
        let host = TestHost(rootView: LazyList(log: log), width: 200, height: 300)
        host.runFrame()
        let first = log.appearances
        #expect(first == Array(0..<first.count), "rows appear from the top, in order: \(first)")
        // Text rows are one line (about 17 points) plus 8 points of spacing: the viewport and its margins hold
        // about 20 rows.
        #expect(first.count > 12, "the viewport's rows appear")
        #expect(first.count < 25, "only rows near the viewport are made: \(first)")
        #expect(log.disappearances == [])
        #expect(host.contains(text: "0"))

        // Down by 520 points: rows come in at the bottom, rows leave at the top.
        log.events.removeAll()
        host.drag(fromX: 100, fromY: 280, toX: 100, toY: 20, steps: 13)
        host.drag(fromX: 100, fromY: 280, toX: 100, toY: 20, steps: 13)
        #expect(!host.contains(text: "0"))
        let appeared = log.appearances, disappeared = log.disappearances
        #expect(Set(appeared).count == appeared.count, "no row appears twice while it stays in the window")
        #expect(appeared.min() == first.count, "the next rows appear, in order: \(appeared)")
        #expect(appeared == appeared.sorted())
        #expect(disappeared == Array(0..<disappeared.count), "rows leaving at the top disappear, in order")
        #expect(disappeared.count > 10)
        let visibleNow = Set(host.visibleTexts.compactMap(Int.init))
        let onScreen = Set(disappeared.count..<(appeared.max()! + 1))
        #expect(visibleNow.isSubset(of: onScreen), "the rows on screen have appeared and not disappeared: \(visibleNow.sorted())")

        // Back to the top: the rows disappeared at the top appear again, those at the bottom disappear.
        log.events.removeAll()
        host.drag(fromX: 100, fromY: 20, toX: 100, toY: 280, steps: 13)
        host.drag(fromX: 100, fromY: 20, toX: 100, toY: 280, steps: 13)
        #expect(host.contains(text: "0"))
        #expect(log.appearances.sorted() == disappeared, "rows that left at the top appear again")
        let leftAtTheBottom = Array(first.count..<(appeared.max()! + 1))
        #expect(log.disappearances.sorted() == leftAtTheBottom, "rows that left at the bottom disappear (both sides, unlike SwiftUI's LazyVStack)")
    }

    /// A row whose state must outlive its trips out of the window.
    struct CounterRow: View {
        let i: Int
        let log: EventLog
        @State var taps = 0
        var body: some View {
            Button("Row \(i): \(taps)") { taps += 1 }
                .frame(maxWidth: .infinity)
                .frame(height: 40)
                .logAppearance(i, to: log)
        }
    }

    struct CounterList: View {
        let log: EventLog
        var body: some View {
            ScrollView {
                LazyVStack(spacing: 0) {
                    ForEach(0..<100) { i in CounterRow(i: i, log: log) }
                }
            }
        }
    }

    @Test func lazyRowsKeepTheirStateWhileOutOfTheWindow() async {
        let log = EventLog()
        let host = TestHost(rootView: CounterList(log: log), width: 200, height: 300)
        host.host.evaluationLog = []
        host.runFrame()
        let window = Self.rowsInWindow(offset: 0, pitch: 40)
        #expect(log.appearances == Array(window), "40-point rows: the viewport and margins hold \(window)")
        let rowBodies = host.host.evaluationLog?.filter { $0 == "CounterRow" }.count
        #expect(rowBodies == window.count, "rows out of the window are not made: their bodies never run")

        let frames = host.committedFrames
        host.runFrame()
        host.runFrame()
        #expect(host.committedFrames == frames, "once the rows are made and measured, idle frames commit nothing")

        host.tap(text: "Row 2: 0")
        host.tap(text: "Row 2: 1")
        #expect(host.contains(text: "Row 2: 2"))

        // Scroll down 800 points (drags that start on buttons: the scroll view takes them over).
        log.events.removeAll()
        for _ in 0..<4 { host.drag(fromX: 100, fromY: 250, toX: 100, toY: 50, steps: 5) }
        #expect(!host.contains(text: "Row 2: 2"))
        #expect(host.contains(text: "Row 20: 0"), "\(host.visibleTexts)")
        #expect(log.disappearances.contains(2), "row 2 left the window")
        #expect(!(log.events.contains { $0.hasPrefix("tap") }))
        let below = Self.rowsInWindow(offset: 800, pitch: 40)
        #expect(Set(log.appearances) == Set(window.upperBound..<below.upperBound))
        #expect(Set(log.disappearances) == Set(window.lowerBound..<below.lowerBound))

        // Back up: row 2 is the same node, with the same count, and appears again.
        log.events.removeAll()
        for _ in 0..<4 { host.drag(fromX: 100, fromY: 50, toX: 100, toY: 250, steps: 5) }
        #expect(host.contains(text: "Row 2: 2"), "state kept while out of the window: \(host.visibleTexts)")
        #expect(log.appearances.contains(2))
        #expect(Set(log.appearances) == Set(window.lowerBound..<below.lowerBound))
        host.tap(text: "Row 2: 2")
        #expect(host.contains(text: "Row 2: 3"))
    }
}

extension View {
    /// `onAppear`/`onDisappear` that log "appear <row>" and "disappear <row>".
    func logAppearance(_ row: Int, to log: LifecycleSeedTests.EventLog) -> some View {
        onAppear { log.events.append("appear \(row)") }
            .onDisappear { log.events.append("disappear \(row)") }
    }
}
