import Testing
import ScanoutUI
import ScanoutTesting

// Which bodies run when something changes: seed 001 ("Reducing View Computations"), seed 002 ("How and when
// SwiftUI decides to redraw views"), seed 003 (one change re-runs one body; equal values stop the push) and
// seed 004 (invalidations are batched to the end of the event).

/// Seed 001's log: the bodies print through this, as `let _ = print("root update")` does there.
@MainActor private let updateTrace = Trace()

// MARK: Seed 001: extracting a subview

/// The Circle's VStack is part of `UpdateTest`'s body, so it is re-built whenever that body runs.
private struct UpdateTest: View {
    @State var i = 0
    var body: some View {
        VStack {
            let _ = updateTrace.log("root update")
            Text("\(i)")
            Button("change") {
                i += 1
            }
            // Circle will be recalculated on each refresh
            VStack {
                let _ = updateTrace.log("circle update")
                Circle()
                    .fill(Color.red.opacity(0.5))
                    .frame(width: 50, height: 50)
            }
        }
    }
}

/// The same screen with the Circle split out into a view of its own.
private struct UpdateTestExtracted: View {
    @State var i = 0
    var body: some View {
        VStack {
            let _ = updateTrace.log("root update")
            Text("\(i)")
            Button("change") {
                i += 1
            }
            UpdateSubView()
        }
    }
}

/// No inputs at all: every new value equals the last, so its body never runs again.
private struct UpdateSubView: View {
    var body: some View {
        VStack {
            let _ = updateTrace.log("circle update")
            Circle()
                .fill(Color.red.opacity(0.5))
                .frame(width: 50, height: 50)
        }
    }
}

// MARK: Seed 002: the six-cell list

/// Seed 002's cell model, with what the cell shows (`id`, `isActive`) and what it does not (`nonVisibleProperty`).
private protocol CellModel: Identifiable where ID == Int {
    var isActive: Bool { get set }
    var nonVisibleProperty: Int { get set }
    init(id: Int)
}

/// Plain data, not `Equatable`: compared field by field.
private struct PlainItem: CellModel {
    let id: Int
    var isActive = false
    var nonVisibleProperty = 0
    init(id: Int) { self.id = id }
}

/// Plain data (SwiftUI's `_isPOD` case) whose `==` ignores the non-visible property. SwiftUI compares such a
/// type bytewise and ignores `==`; Scanout honours `==` always.
private struct EquatableItem: CellModel, Equatable {
    let id: Int
    var isActive = false
    var nonVisibleProperty = 0
    init(id: Int) { self.id = id }
    static func == (lhs: EquatableItem, rhs: EquatableItem) -> Bool { lhs.id == rhs.id && lhs.isActive == rhs.isActive }
}

/// The seed's workaround: a `String` makes the type non-POD, which is when SwiftUI starts honouring `==`.
private struct EquatableItemWithString: CellModel, Equatable {
    let id: Int
    var isActive = false
    var nonVisibleProperty = 0
    let someString: String
    init(id: Int) { self.id = id; someString = "item \(id)" }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id && lhs.isActive == rhs.isActive }
}

/// The seed's view model: `activateNextItem` deactivates the active item, activates the next one and, when
/// asked, changes every item's non-visible property; then it publishes the whole list again.
@MainActor
private final class DataSource<Item: CellModel>: ObservableObject {
    @Published var items: [Item]
    var activeIndex: Int?
    let isMutatingHiddenProperty: Bool

    init(count: Int = 6, isMutatingHiddenProperty: Bool) {
        items = (0..<count).map { Item(id: $0) }
        self.isMutatingHiddenProperty = isMutatingHiddenProperty
    }

    func activateNextItem() {
        var copy = items
        if let old = activeIndex { copy[old].isActive = false }
        let next = activeIndex.map { ($0 + 1) % copy.count } ?? 0
        copy[next].isActive = true
        activeIndex = next
        if isMutatingHiddenProperty {
            for i in copy.indices { copy[i].nonVisibleProperty += 1 }
        }
        items = copy
    }
}

@MainActor private let cellTrace = Trace()

/// Seed 002's `StateDrivenCell`: shows its model, holds nothing else (so plain models keep it plain data).
private struct StateDrivenCell<Item: CellModel>: View {
    let item: Item
    var body: some View {
        let _ = cellTrace.log("cell \(item.id)")
        VStack(alignment: .leading, spacing: 8) {
            Text("identifier: \(item.id)")
            Text("is active: \(item.isActive ? "yes" : "no")")
        }
    }
}

/// A cell that decides for itself what counts as a change (seed 002's `extension StateDrivenCell: Equatable`).
private struct EquatableCell: View, Equatable {
    let item: PlainItem
    var body: some View {
        let _ = cellTrace.log("cell \(item.id)")
        Text("\(item.id) is active: \(item.isActive ? "yes" : "no")")
    }
    nonisolated static func == (lhs: EquatableCell, rhs: EquatableCell) -> Bool {
        lhs.item.id == rhs.item.id && lhs.item.isActive == rhs.item.isActive
    }
}

/// Seed 002's `StateDrivenView` (a `VStack` where the seed has a `LazyVStack`): its source of truth is the data
/// source, so every publish re-runs its body; each cell then re-runs only if its inputs changed.
private struct StateDrivenView<Item: CellModel, Cell: View>: View {
    @ObservedObject var state: DataSource<Item>
    let cell: (Item) -> Cell
    var body: some View {
        let _ = cellTrace.log("list")
        VStack {
            ForEach(state.items) { item in
                cell(item)
            }
        }
    }
}

// MARK: Seed 001/003: many views, one change

/// A row with its own state, handing a binding to it out to the test.
private struct CounterRow: View {
    let index: Int
    let handles: Handles<Int>
    @State private var count = 0
    var body: some View {
        Text("row \(index): \(count)")
            .onAppear { handles.bindings[index] = $count }
    }
}

private struct CounterRows: View {
    let count: Int
    let handles: Handles<Int>
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0..<count) { i in
                CounterRow(index: i, handles: handles)
            }
        }
    }
}

/// Two pieces of state changed by one button.
private struct TwoCounters: View {
    let trace: Trace
    let handles: Handles<Int>
    @State private var a = 0
    @State private var b = 0
    var body: some View {
        let _ = trace.log("TwoCounters")
        VStack {
            Text("a \(a) b \(b)")
            Button("Both") {
                a += 1
                b += 1
                a += 1
            }
        }
        .onAppear {
            handles.bindings[0] = $a
            handles.bindings[1] = $b
        }
    }
}

/// Seed 002's last experiment: a stored property is compared (a new value re-runs the body), a computed one
/// is not looked at.
private struct StoredAndComputed: View {
    let handles: Handles<Int>
    @State private var tick = 0
    var body: some View {
        VStack {
            Text("tick \(tick)")
            WithComputedProperty(label: "same")
            WithStoredProperty(stamp: tick)
        }
        .onAppear { handles.bindings[0] = $tick }
    }
}

private struct WithComputedProperty: View {
    let label: String
    var randomInt: Int { Int.random(in: 0..<Int.max) }
    var body: some View {
        let _ = cellTrace.log("computed")
        Text(label)
    }
}

private struct WithStoredProperty: View {
    let stamp: Int
    var body: some View {
        let _ = cellTrace.log("stored")
        Text("stamp \(stamp)")
    }
}

/// A row holding an action and a model object (neither `Equatable`), given either the same ones at every body
/// run of the parent or a new closure capturing the parent's state.
private struct ActionsScreen: View {
    let handles: Handles<Int>
    let model: Box
    let kept: () -> Void
    @State private var tick = 0
    var body: some View {
        VStack {
            Text("tick \(tick)")
            ActionRow(name: "kept", model: model, action: kept)
            ActionRow(name: "fresh", model: model, action: { [tick] in _ = tick })
        }
        .onAppear { handles.bindings[0] = $tick }
    }
    final class Box {}
}

private struct ActionRow: View {
    let name: String
    let model: ActionsScreen.Box
    let action: () -> Void
    var body: some View {
        let _ = cellTrace.log(name)
        Button(name) { action() }  // a literal: a stored closure passed as `@MainActor` warns (as with Apple's Button)
    }
}

/// Plain data without `==`, some cases without a payload (nothing for reflection to compare).
private enum Mode {
    case idle
    case busy(Int)
}

private struct ModeView: View {
    let mode: Mode
    let trace: Trace
    var body: some View {
        let _ = trace.log("mode")
        Text("\(mode)")
    }
}

private struct ModeScreen: View {
    let trace: Trace
    let handles: Handles<Int>
    @State private var tick = 0
    var body: some View {
        VStack {
            Text("tick \(tick)")
            ModeView(mode: tick < 2 ? .idle : .busy(tick / 10), trace: trace)
        }
        .onAppear { handles.bindings[0] = $tick }
    }
}

@MainActor
struct RedrawTests {
    // MARK: Seed 001

    @Test func circleInTheSameBodyIsRebuiltOnEveryChange() async {
        _ = updateTrace.take()
        let host = TestHost(rootView: UpdateTest(), width: 200, height: 200)
        host.runFrame()
        #expect(updateTrace.take() == ["root update", "circle update"])
        for expected in 1...3 {
            host.tap(text: "change")
            #expect(updateTrace.take() == ["root update", "circle update"], "tap \(expected)")
            #expect(host.contains(text: "\(expected)"), "\(host.visibleTexts)")
        }
    }

    @Test func extractedSubviewIsNotEvaluatedAgain() async {
        _ = updateTrace.take()
        let host = TestHost(rootView: UpdateTestExtracted(), width: 200, height: 200)
        host.runFrame()
        #expect(updateTrace.take() == ["root update", "circle update"])
        for expected in 1...3 {
            host.tap(text: "change")
            #expect(updateTrace.take() == ["root update"], "tap \(expected)")
            #expect(host.contains(text: "\(expected)"), "\(host.visibleTexts)")
        }
    }

    // MARK: Seed 002

    /// Runs seed 002's experiment — six cells, one activation to start, then one more, which flips items 0
    /// and 1 — and checks which bodies ran during the second.
    @MainActor private func assertSecondActivationRuns<Item: CellModel, Cell: View>(
        _ expected: [String], hidingChanges: Bool, _ item: Item.Type, cell: @escaping (Item) -> Cell,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        _ = cellTrace.take()
        let source = DataSource<Item>(isMutatingHiddenProperty: hidingChanges)
        let host = TestHost(rootView: StateDrivenView(state: source, cell: cell), width: 300, height: 400)
        host.runFrame()
        let firstFrame = ["list"] + (0..<6).map { "cell \($0)" }
        #expect(cellTrace.take() == firstFrame, "first frame", sourceLocation: sourceLocation)
        source.activateNextItem()
        host.runFrame()
        _ = cellTrace.take()
        source.activateNextItem()
        host.runFrame()
        #expect(cellTrace.take() == expected, sourceLocation: sourceLocation)
        let activeCount = host.visibleTexts.filter { $0.hasSuffix("is active: yes") }.count
        #expect(activeCount == 1, "\(host.visibleTexts)", sourceLocation: sourceLocation)
    }

    @Test func plainModelRedrawsOnlyTheCellsThatChanged() async {
        assertSecondActivationRuns(["list", "cell 0", "cell 1"], hidingChanges: false, PlainItem.self) { StateDrivenCell(item: $0) }
    }

    @Test func plainModelWithChangedHiddenPropertyRedrawsEveryCell() async {
        // Not Equatable: every stored property counts, seen or not (as in SwiftUI).
        assertSecondActivationRuns(["list"] + (0..<6).map { "cell \($0)" }, hidingChanges: true, PlainItem.self) { StateDrivenCell(item: $0) }
    }

    @Test func equatablePlainDataModelIsComparedWithItsOwnEquality() async {
        // SwiftUI's plain-data quirk would redraw all six here; Scanout honours `==`.
        assertSecondActivationRuns(["list", "cell 0", "cell 1"], hidingChanges: true, EquatableItem.self) { StateDrivenCell(item: $0) }
    }

    @Test func equatableModelWithStringIsComparedWithItsOwnEquality() async {
        assertSecondActivationRuns(["list", "cell 0", "cell 1"], hidingChanges: true, EquatableItemWithString.self) { StateDrivenCell(item: $0) }
    }

    @Test func equatableViewDecidesWhenItsBodyRuns() async {
        assertSecondActivationRuns(["list", "cell 0", "cell 1"], hidingChanges: true, PlainItem.self) { EquatableCell(item: $0) }
    }

    @Test func storedPropertiesAreComparedAndComputedOnesIgnored() async {
        _ = cellTrace.take()
        let handles = Handles<Int>()
        let host = TestHost(rootView: StoredAndComputed(handles: handles), width: 200, height: 200)
        host.runFrame()
        #expect(cellTrace.take() == ["computed", "stored"])
        handles[0].wrappedValue = 1
        host.runFrame()
        #expect(cellTrace.take() == ["stored"], "only the view whose stored input changed")
        #expect(host.contains(text: "stamp 1"), "\(host.visibleTexts)")
    }

    @Test func theSameClosureAndObjectAreUnchangedAndANewClosureIsChanged() async {
        // Identical stored bytes (the same closure context, the same object) are the same inputs; a closure made
        // again by the parent's body is a new one (it may capture new values), so that row runs its body.
        _ = cellTrace.take()
        let handles = Handles<Int>()
        let host = TestHost(rootView: ActionsScreen(handles: handles, model: .init(), kept: {}), width: 200, height: 200)
        host.runFrame()
        #expect(cellTrace.take() == ["kept", "fresh"])
        handles[0].wrappedValue = 1
        host.runFrame()
        #expect(cellTrace.take() == ["fresh"])
        #expect(host.contains(text: "tick 1"), "\(host.visibleTexts)")
    }

    @Test func enumCasesWithoutEqualityCompareByTheirData() async {
        let trace = Trace(), handles = Handles<Int>()
        let host = TestHost(rootView: ModeScreen(trace: trace, handles: handles), width: 300, height: 100)
        host.runFrame()
        #expect(trace.take() == ["mode"])
        handles[0].wrappedValue = 1  // .idle again
        host.runFrame()
        #expect(trace.take() == [])
        handles[0].wrappedValue = 2  // .busy(0)
        host.runFrame()
        #expect(trace.take() == ["mode"])
        handles[0].wrappedValue = 3  // .busy(0) again
        host.runFrame()
        #expect(trace.take() == [])
        handles[0].wrappedValue = 10  // .busy(1)
        host.runFrame()
        #expect(trace.take() == ["mode"])
    }

    // MARK: Seed 003: one change, one body

    @Test func oneStateChangeAmongAThousandViewsRunsOneBody() async {
        let handles = Handles<Int>()
        let host = TestHost(rootView: CounterRows(count: 1000, handles: handles), width: 200, height: 300)
        host.runFrame()
        #expect(handles.bindings.count == 1000)
        #expect(host.host.bodyEvaluations == 1001)
        let before = host.host.bodyEvaluations
        host.host.evaluationLog = []
        handles[500].wrappedValue = 7
        #expect(host.host.bodyEvaluations == before, "a mutation evaluates nothing on the spot")
        host.runFrame()
        #expect((host.host.bodyEvaluations - before) == 1)
        #expect(host.host.evaluationLog == ["CounterRow"])
        #expect(host.contains(text: "row 500: 7"), "\(host.visibleTexts)")
    }

    @Test func dirtyPropagationDoesNotVisitUnrelatedNodes() async {
        // The cost of one change (rules re-run, attributes marked dirty) is the same for 100 and 2,000 rows.
        var costs: [(evaluations: Int, invalidations: Int, bodies: Int)] = []
        for count in [100, 2000] {
            let handles = Handles<Int>()
            let host = TestHost(rootView: CounterRows(count: count, handles: handles), width: 200, height: 300)
            host.runFrame()
            let graph = host.host.graph
            let (e0, i0, b0) = (graph.evaluations, graph.invalidations, host.host.bodyEvaluations)
            handles[count / 2].wrappedValue += 1
            host.runFrame()
            costs.append((graph.evaluations - e0, graph.invalidations - i0, host.host.bodyEvaluations - b0))
        }
        #expect(costs[0].bodies == 1)
        #expect(costs[1].bodies == 1)
        #expect(costs[0].evaluations == costs[1].evaluations, "\(costs)")
        #expect(costs[0].invalidations == costs[1].invalidations, "\(costs)")
        #expect(costs[1].invalidations <= 2, "the row's body and nothing else: \(costs)")
        #expect(costs[1].evaluations <= 2, "\(costs)")
    }

    @Test func equalValueEvaluatesNothingAndCommitsNoFrame() async {
        let handles = Handles<Int>()
        let host = TestHost(rootView: CounterRows(count: 10, handles: handles), width: 200, height: 300)
        host.runFrame()
        handles[3].wrappedValue = 5
        host.runFrame()
        let (bodies, frames, evaluations) = (host.host.bodyEvaluations, host.committedFrames, host.host.graph.evaluations)
        handles[3].wrappedValue = 5
        #expect(!host.host.needsFrame, "an equal value asks for no frame")
        host.runFrame()
        #expect(host.host.bodyEvaluations == bodies)
        #expect(host.host.graph.evaluations == evaluations)
        #expect(host.committedFrames == frames)
    }

    // MARK: Seed 004: invalidations are batched

    @Test func twoMutationsInOneEventGiveOneEvaluation() async {
        let trace = Trace()
        let handles = Handles<Int>()
        let host = TestHost(rootView: TwoCounters(trace: trace, handles: handles), width: 200, height: 200)
        host.runFrame()
        #expect(trace.take() == ["TwoCounters"])

        host.tap(text: "Both")
        #expect(trace.take() == ["TwoCounters"], "three writes in one action, one body")
        #expect(host.contains(text: "a 2 b 1"), "\(host.visibleTexts)")

        let frames = host.committedFrames
        handles[0].wrappedValue = 10
        handles[1].wrappedValue = 20
        #expect(trace.take() == [], "nothing runs on the spot")
        host.runFrame()
        #expect(trace.take() == ["TwoCounters"])
        #expect(host.committedFrames == (frames + 1))
        #expect(host.contains(text: "a 10 b 20"), "\(host.visibleTexts)")
    }
}
