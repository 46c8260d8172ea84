import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRaster

/// `onDelete`/`onMove` with `EditButton` and `editMode`, `swipeActions`, and `refreshable`, through TestHost.
@Suite @MainActor struct ListEditingTests {
    /// What the screens under test did, for the tests to read.
    final class Log {
        var entries: [String] = []
        var moves: [(source: [Int], destination: Int)] = []
    }

    private struct Deletable: View {
        @State var items = (1...6).map { "Item \($0)" }
        var body: some View {
            VStack(spacing: 0) {
                Text("Count \(items.count)")
                List {
                    ForEach(items, id: \.self) { Text($0) }
                        .onDelete { items.remove(atOffsets: $0) }
                }
            }
        }
    }

    private func rowMidY(_ host: TestHost, _ text: String) throws -> Double {
        Double(try #require(host.frame(ofText: text)).midY)
    }

    @Test func swipingARowLeadingwardRevealsDeleteWhichDeletesIt() throws {
        let host = TestHost(rootView: Deletable(), width: 400, height: 480)
        host.runFrame()
        #expect(!host.contains(text: "Delete"))
        let y = try rowMidY(host, "Item 2")
        host.drag(fromX: 300, fromY: y, toX: 200, toY: y, steps: 6)
        host.advance(seconds: 0.4)
        // Open: the label moved leading-ward and Delete shows at the trailing end of the row.
        let delete = try #require(host.frame(ofText: "Delete"))
        #expect(delete.minX > 250)
        #expect(abs(Double(delete.midY) - y) < 2)
        #expect(try #require(host.frame(ofText: "Item 2")).minX < 36)
        host.tap(text: "Delete")
        host.advance(seconds: 0.4)
        #expect(host.contains(text: "Count 5"))
        #expect(!host.contains(text: "Item 2"))
        #expect(host.contains(text: "Item 3"))
    }

    @Test func aShortSwipeSnapsBackAndAFullSwipeDeletes() throws {
        let host = TestHost(rootView: Deletable(), width: 400, height: 480)
        host.runFrame()
        let y = try rowMidY(host, "Item 3")
        host.drag(fromX: 300, fromY: y, toX: 280, toY: y, steps: 3)
        host.advance(seconds: 0.4)
        #expect(!host.contains(text: "Delete"))
        #expect(host.contains(text: "Count 6"))
        host.drag(fromX: 370, fromY: y, toX: 30, toY: y, steps: 10)
        host.advance(seconds: 0.4)
        #expect(host.contains(text: "Count 5"))
        #expect(!host.contains(text: "Item 3"))
        #expect(!host.contains(text: "Delete"))
    }

    @Test func swipingAnotherRowClosesTheOpenOneAndATapElsewhereClosesIt() throws {
        let host = TestHost(rootView: Deletable(), width: 400, height: 480)
        host.runFrame()
        let y1 = try rowMidY(host, "Item 1"), y4 = try rowMidY(host, "Item 4")
        host.drag(fromX: 300, fromY: y1, toX: 200, toY: y1, steps: 6)
        host.advance(seconds: 0.4)
        #expect(abs(Double(try #require(host.frame(ofText: "Delete")).midY) - y1) < 2)
        host.drag(fromX: 300, fromY: y4, toX: 200, toY: y4, steps: 6)
        host.advance(seconds: 0.4)
        let deletes = host.visibleTexts.filter { $0 == "Delete" }
        #expect(deletes.count == 1)
        #expect(abs(Double(try #require(host.frame(ofText: "Delete")).midY) - y4) < 2)
        // A tap on another row closes the open one.
        host.tap(x: 200, y: y1)
        host.advance(seconds: 0.4)
        #expect(!host.contains(text: "Delete"))
        #expect(host.contains(text: "Count 6"))
    }

    private struct EditableMachines: View {
        @State var items = ["Press", "Lathe", "Mill", "Saw"]
        var body: some View {
            NavigationStack {
                List {
                    ForEach(items, id: \.self) { Text($0) }
                        .onDelete { items.remove(atOffsets: $0) }
                        .onMove { items.move(fromOffsets: $0, toOffset: $1) }
                }
                .navigationTitle("Machines")
                .toolbar { ToolbarItem(placement: .topBarTrailing) { EditButton() } }
            }
        }
    }

    @Test func editButtonShowsDeleteControlsThatRevealDelete() throws {
        let host = TestHost(rootView: EditableMachines(), width: 400, height: 480)
        host.runFrame()
        let before = try #require(host.frame(ofText: "Lathe"))
        host.tap(text: "Edit")
        host.advance(seconds: 0.4)
        #expect(host.contains(text: "Done"))
        // The content makes room for the delete control on its leading side.
        let editing = try #require(host.frame(ofText: "Lathe"))
        #expect(editing.minX >= before.minX + 30)
        // The control is red.
        let control = host.pixel(x: Int(before.minX) + 11, y: Int(editing.midY) - 7)
        #expect(control.red > 200 && control.green < 120)
        // Edit mode: no swipe.
        host.drag(fromX: 300, fromY: Double(editing.midY), toX: 150, toY: Double(editing.midY), steps: 6)
        host.advance(seconds: 0.4)
        #expect(!host.contains(text: "Delete"))
        host.tap(x: Double(before.minX) + 11, y: Double(editing.midY))
        host.advance(seconds: 0.4)
        host.tap(text: "Delete")
        host.advance(seconds: 0.4)
        #expect(!host.contains(text: "Lathe"))
        #expect(host.contains(text: "Mill"))
        host.tap(text: "Done")
        host.advance(seconds: 0.4)
        #expect(host.contains(text: "Edit"))
        #expect(try #require(host.frame(ofText: "Press")).minX == before.minX)
    }

    private struct Reorderable: View {
        let log: Log
        @State var items = ["A", "B", "C", "D", "E"]
        @State var mode = EditMode.active
        var body: some View {
            VStack(spacing: 0) {
                Text(items.joined(separator: ","))
                List {
                    ForEach(items, id: \.self) { Text("Row \($0)") }
                        .onMove { source, destination in
                            log.moves.append((Array(source), destination))
                            items.move(fromOffsets: source, toOffset: destination)
                        }
                }
                .environment(\.editMode, $mode)
            }
        }
    }

    @Test func draggingTheHandleMovesTheRow() throws {
        let log = Log()
        let host = TestHost(rootView: Reorderable(log: log), width: 400, height: 480)
        host.runFrame()
        #expect(host.contains(text: "A,B,C,D,E"))
        let a = try #require(host.frame(ofText: "Row A")), b = try #require(host.frame(ofText: "Row B"))
        let rowHeight = Double(b.midY - a.midY)
        // While dragged, the row follows the finger.
        host.touchDown(x: 350, y: Double(a.midY))
        host.runFrame()
        host.touchMove(x: 350, y: Double(a.midY) + 30)
        host.runFrame()
        host.touchMove(x: 350, y: Double(a.midY) + 70)
        host.runFrame()
        #expect(try #require(host.frame(ofText: "Row A")).minY == a.minY + 70)
        host.touchUp(x: 350, y: Double(a.midY))
        host.runFrame()
        #expect(try #require(host.frame(ofText: "Row A")).minY == a.minY)
        #expect(log.moves.isEmpty)
        // Down past the middles of B and C: before D.
        host.drag(fromX: 350, fromY: Double(a.midY), toX: 350, toY: Double(a.midY) + rowHeight * 2.4, steps: 8)
        host.advance(seconds: 0.4)
        #expect(log.moves.count == 1)
        #expect(log.moves.first?.source == [0])
        #expect(log.moves.first?.destination == 3)
        #expect(host.contains(text: "B,C,A,D,E"))
        // Up from the end to the top.
        let e = try #require(host.frame(ofText: "Row E"))
        host.drag(fromX: 350, fromY: Double(e.midY), toX: 350, toY: Double(e.midY) - rowHeight * 4.2, steps: 8)
        host.advance(seconds: 0.4)
        #expect(log.moves.last?.source == [4])
        #expect(log.moves.last?.destination == 0)
        #expect(host.contains(text: "E,B,C,A,D"))
        // A drag that ends where it started moves nothing.
        host.drag(fromX: 350, fromY: Double(a.midY), toX: 350, toY: Double(a.midY) + 10, steps: 3)
        host.advance(seconds: 0.4)
        #expect(log.moves.count == 2)
    }

    private struct PartlyEditable: View {
        @State var items = ["Home", "Press", "Lathe"]
        @State var mode = EditMode.inactive
        var body: some View {
            VStack(spacing: 0) {
                Button(mode == .active ? "Stop editing" : "Start editing") { mode = mode == .active ? .inactive : .active }
                List {
                    ForEach(items, id: \.self) { item in
                        Text(item)
                            .deleteDisabled(item == "Home")
                            .moveDisabled(item == "Home")
                    }
                    .onDelete { items.remove(atOffsets: $0) }
                    .onMove { items.move(fromOffsets: $0, toOffset: $1) }
                }
                .environment(\.editMode, $mode)
            }
        }
    }

    @Test func rowsWithDeleteAndMoveDisabledHaveNoControls() throws {
        let host = TestHost(rootView: PartlyEditable(), width: 400, height: 480)
        host.runFrame()
        let y = try rowMidY(host, "Home")
        host.drag(fromX: 300, fromY: y, toX: 150, toY: y, steps: 6)
        host.advance(seconds: 0.4)
        #expect(!host.contains(text: "Delete"))
        host.tap(text: "Start editing")
        host.advance(seconds: 0.4)
        let home = try #require(host.frame(ofText: "Home")), press = try #require(host.frame(ofText: "Press"))
        // Only the editable rows make room for a delete control and show a handle.
        #expect(press.minX > home.minX + 30)
        #expect(Self.isRed(host.pixel(x: Int(home.minX) + 11, y: Int(press.midY) - 7)))
        #expect(!Self.isRed(host.pixel(x: Int(home.minX) + 11, y: Int(home.midY) - 7)))
        #expect(host.pixel(x: 354, y: Int(home.midY)) != host.pixel(x: 354, y: Int(press.midY)))
    }

    private struct Alarms: View {
        let log: Log
        var body: some View {
            List {
                ForEach(["Alarm 1", "Alarm 2"], id: \.self) { name in
                    Text(name)
                        .swipeActions(edge: .leading) {
                            Button { log.entries.append("ack \(name)") } label: { Label("Acknowledge", systemImage: "checkmark") }
                                .tint(.green)
                        }
                        .swipeActions(edge: .trailing, allowsFullSwipe: true) {
                            Button(role: .destructive) { log.entries.append("delete \(name)") } label: { Label("Delete", systemImage: "trash") }
                            Button { log.entries.append("mute \(name)") } label: { Label("Mute", systemImage: "bell.slash") }
                                .tint(.orange)
                        }
                }
            }
        }
    }

    private static func isGreen(_ c: RGBA) -> Bool { c.green > 150 && c.red < 100 && c.blue < 120 }
    private static func isRed(_ c: RGBA) -> Bool { c.red > 200 && c.green < 100 && c.blue < 100 }
    private static func isOrange(_ c: RGBA) -> Bool { c.red > 200 && c.green > 120 && c.green < 180 && c.blue < 60 }

    @Test func swipeActionsOnBothEdgesWithTheirTints() throws {
        let log = Log()
        let host = TestHost(rootView: Alarms(log: log), width: 400, height: 480)
        host.runFrame()
        let y = try rowMidY(host, "Alarm 1")
        // Towards the trailing edge: the leading action, green, at the leading end of the cell.
        host.drag(fromX: 100, fromY: y, toX: 200, toY: y, steps: 6)
        host.advance(seconds: 0.4)
        #expect(Self.isGreen(host.pixel(x: 28, y: Int(y))))
        host.tap(x: 40, y: y)
        host.advance(seconds: 0.4)
        #expect(log.entries == ["ack Alarm 1"])
        #expect(!Self.isGreen(host.pixel(x: 28, y: Int(y))))
        // Towards the leading edge: two trailing actions, the first (destructive, red) at the edge.
        host.drag(fromX: 300, fromY: y, toX: 140, toY: y, steps: 8)
        host.advance(seconds: 0.4)
        #expect(Self.isRed(host.pixel(x: 372, y: Int(y))))
        #expect(Self.isOrange(host.pixel(x: 290, y: Int(y))))
        host.tap(x: 290, y: y)
        host.advance(seconds: 0.4)
        #expect(log.entries == ["ack Alarm 1", "mute Alarm 1"])
        // A full swipe runs the first trailing action.
        let y2 = try rowMidY(host, "Alarm 2")
        host.drag(fromX: 370, fromY: y2, toX: 30, toY: y2, steps: 10)
        host.advance(seconds: 0.4)
        #expect(log.entries.last == "delete Alarm 2")
    }

    private struct LongList: View {
        var body: some View {
            List {
                ForEach(0..<60, id: \.self) { Text("Row \($0)") }
                    .onDelete { _ in }
            }
        }
    }

    @Test func verticalDragsStillScrollAndHorizontalOnesSwipe() throws {
        let host = TestHost(rootView: LongList(), width: 400, height: 480)
        host.runFrame()
        let start = try #require(host.frame(ofText: "Row 3"))
        // Mostly vertical, with some sideways drift: it scrolls, no row opens.
        host.drag(fromX: 250, fromY: 400, toX: 225, toY: 200, steps: 8)
        host.advance(seconds: 0.4)
        let scrolled = try #require(host.frame(ofText: "Row 3"))
        #expect(scrolled.minY < start.minY - 150)
        #expect(scrolled.minX == start.minX)
        #expect(!host.contains(text: "Delete"))
        host.advance(seconds: 2)
        // Mostly horizontal, with some vertical drift: it swipes, the list stays.
        let row = try #require(host.frame(ofText: "Row 6"))
        #expect(row.minY > 0)
        let y = Double(row.midY)
        host.drag(fromX: 300, fromY: y, toX: 180, toY: y + 20, steps: 8)
        host.advance(seconds: 0.4)
        #expect(host.contains(text: "Delete"))
        #expect(abs(Double(try #require(host.frame(ofText: "Delete")).midY) - y) < 2)
        #expect(try #require(host.frame(ofText: "Row 6")).minY == row.minY)
    }

    final class Appeared {
        var rows = Set<Int>()
        /// The rows whose views were made (their bodies ran).
        var made = Set<Int>()
    }

    private struct CountedRow: View {
        let index: Int
        let appeared: Appeared
        var body: some View {
            appeared.made.insert(index)
            return Text("Row \(index)").onAppear { appeared.rows.insert(index) }
        }
    }

    private struct TenThousand: View {
        let appeared: Appeared
        @State var items = Array(0..<10_000)
        var body: some View {
            List {
                ForEach(items, id: \.self) { CountedRow(index: $0, appeared: appeared) }
                .onDelete { items.remove(atOffsets: $0) }
                .onMove { items.move(fromOffsets: $0, toOffset: $1) }
            }
        }
    }

    @Test func tenThousandEditableRowsStayLazy() async throws {
        let appeared = Appeared()
        let host = TestHost(rootView: TenThousand(appeared: appeared), width: 400, height: 480)
        await host.runFrames(3)
        #expect(appeared.rows.count > 5 && appeared.rows.count < 20)
        #expect(appeared.rows.max()! < 20)
        // Rows far from the viewport were never made.
        #expect(appeared.made.count < 20)
        #expect(appeared.made.max()! < 20)
        #expect(!host.contains(text: "Row 5000"))
        let y = try rowMidY(host, "Row 1")
        host.drag(fromX: 370, fromY: y, toX: 30, toY: y, steps: 10)
        await host.runFrames(2)
        #expect(!host.contains(text: "Row 1"))
        #expect(host.contains(text: "Row 2"))
        #expect(appeared.rows.count < 25)
        #expect(appeared.made.count < 25)
    }

    /// A refresh that waits until the test lets it finish.
    @MainActor final class Refresher {
        var calls = 0
        private var waiting: CheckedContinuation<Void, Never>?
        var isWaiting: Bool { waiting != nil }
        func refresh() async {
            calls += 1
            await withCheckedContinuation { waiting = $0 }
        }
        func finish() {
            waiting?.resume()
            waiting = nil
        }
    }

    private struct Refreshing: View {
        let refresher: Refresher
        var body: some View {
            List {
                ForEach(0..<20, id: \.self) { Text("Reading \($0)") }
            }
            .refreshable { await refresher.refresh() }
        }
    }

    @Test func pullingDownRefreshesOnceAndTheSpinnerStaysUntilItReturns() async throws {
        let refresher = Refresher()
        let host = TestHost(rootView: Refreshing(refresher: refresher), width: 400, height: 480)
        await host.runFrames(2)
        let top = try #require(host.frame(ofText: "Reading 0")).minY
        let cellTop = host.pixel(x: 200, y: 19)
        // A short pull springs back without refreshing.
        host.drag(fromX: 200, fromY: 100, toX: 200, toY: 160, steps: 6)
        await host.runFrames(2)
        #expect(refresher.calls == 0)
        #expect(host.frame(ofText: "Reading 0")?.minY == top)
        // Past the threshold: the action runs and the content rests over the spinner.
        host.drag(fromX: 200, fromY: 100, toX: 200, toY: 300, steps: 10)
        #expect(await host.runMainActorJobs(until: { refresher.isWaiting }))
        await host.runFrames(2)
        #expect(refresher.calls == 1)
        let lowered = try #require(host.frame(ofText: "Reading 0")).minY
        #expect(lowered > top + 40)
        // The spoke at twelve o'clock, in the gap above the content.
        let spinner = host.pixel(x: 200, y: 19)
        #expect(spinner.red < 200 && spinner.red > 80)
        // Still running a while later.
        await host.runFrames(30)
        #expect(host.frame(ofText: "Reading 0")?.minY == lowered)
        refresher.finish()
        #expect(await host.runMainActorJobs(until: {
            host.runFrame()
            return host.frame(ofText: "Reading 0")?.minY == top
        }))
        #expect(refresher.calls == 1)
        #expect(host.pixel(x: 200, y: 19) == cellTop)
    }

    private struct RefreshingScroll: View {
        let refresher: Refresher
        var body: some View {
            ScrollView {
                VStack { ForEach(0..<30, id: \.self) { Text("Line \($0)").frame(height: 40) } }
            }
            .refreshable { await refresher.refresh() }
        }
    }

    @Test func aScrollViewRefreshesToo() async throws {
        let refresher = Refresher()
        let host = TestHost(rootView: RefreshingScroll(refresher: refresher), width: 400, height: 480)
        await host.runFrames(2)
        let top = try #require(host.frame(ofText: "Line 0")).minY
        host.drag(fromX: 200, fromY: 100, toX: 200, toY: 320, steps: 10)
        #expect(await host.runMainActorJobs(until: { refresher.isWaiting }))
        await host.runFrames(2)
        #expect(try #require(host.frame(ofText: "Line 0")).minY > top + 40)
        // A second pull while it runs does not run it again.
        host.drag(fromX: 200, fromY: 100, toX: 200, toY: 320, steps: 10)
        await host.runFrames(2)
        #expect(refresher.calls == 1)
        refresher.finish()
        #expect(await host.runMainActorJobs(until: {
            host.runFrame()
            return host.frame(ofText: "Line 0")?.minY == top
        }))
    }

    private struct SelectableAlarms: View {
        let log: Log
        @State var selected: String?
        var body: some View {
            VStack(spacing: 0) {
                Text("Selected \(selected ?? "none")")
                List(["Alarm A", "Alarm B"], id: \.self, selection: $selected) { name in
                    Text(name).swipeActions {
                        Button(role: .destructive) { log.entries.append("delete \(name)") } label: { Label("Delete", systemImage: "trash") }
                    }
                }
            }
        }
    }

    @Test func aSwipeOnASelectableRowDoesNotSelectIt() throws {
        let log = Log()
        let host = TestHost(rootView: SelectableAlarms(log: log), width: 400, height: 480)
        host.runFrame()
        let y = try rowMidY(host, "Alarm B")
        host.drag(fromX: 300, fromY: y, toX: 150, toY: y, steps: 8)
        host.advance(seconds: 0.4)
        #expect(host.contains(text: "Selected none"))
        #expect(Self.isRed(host.pixel(x: 372, y: Int(y))))
        host.tap(x: 372, y: y)
        host.advance(seconds: 0.4)
        #expect(log.entries == ["delete Alarm B"])
        host.tap(text: "Alarm A")
        host.advance(seconds: 0.4)
        #expect(host.contains(text: "Selected Alarm A"))
    }

    @Test func refreshIsInTheEnvironment() async {
        struct Reader: View {
            @Environment(\.refresh) private var refresh
            @State private var done = false
            var body: some View {
                Button(done ? "Refreshed" : (refresh == nil ? "No refresh" : "Refresh")) {
                    Task { await refresh?(); done = true }
                }
            }
        }
        let count = Counter()
        let host = TestHost(rootView: VStack { Reader(); Reader().refreshable { await count.increment() } }, width: 300, height: 200)
        host.runFrame()
        #expect(host.contains(text: "No refresh"))
        host.tap(text: "Refresh")
        #expect(await host.runMainActorJobs(until: { host.runFrame(); return host.contains(text: "Refreshed") }))
        #expect(count.value == 1)
    }

    @MainActor final class Counter {
        var value = 0
        func increment() async { value += 1 }
    }
}
