import Testing
import ScanoutUI
import ScanoutTesting

// State lives in the render tree, keyed by identity (seed 000, seed 001 "state lifetime = view lifetime",
// seed 003 "State and identity"): it survives every rebuild of the view value, follows `ForEach` ids when
// rows move, and is destroyed when the identity changes (`.id`, a conditional's branch, removal).

/// A counter whose count lives in the render tree; it hands its binding out to the test.
private struct Counter: View {
    let name: String
    let handles: Handles<Int>
    let key: Int
    @State private var count = 0
    var body: some View {
        Text("\(name): \(count)")
            .onAppear { handles.bindings[key] = $count }
    }
}

/// A counter given an explicit identity by its parent.
private struct IdentifiedCounter: View {
    let handles: Handles<Int>
    @State private var id = 0
    @State private var label = "a"
    var body: some View {
        VStack {
            Counter(name: "counter \(label)", handles: handles, key: 0).id(id)
        }
        .onAppear {
            handles.bindings[100] = $id
        }
        .onChange(of: id) { label = "b" }
    }
}

private struct Row: Identifiable {
    let id: String
}

private struct ReorderableRows: View {
    let handles: Handles<Int>
    let order: Handles<[String]>
    @State private var rows = ["a", "b", "c", "d"]
    var body: some View {
        VStack {
            ForEach(rows.map(Row.init)) { row in
                Counter(name: row.id, handles: handles, key: Int(row.id.unicodeScalars.first!.value))
            }
        }
        .onAppear { order.bindings[0] = $rows }
    }
}

private struct Conditional: View {
    let handles: Handles<Int>
    let flags: Handles<Bool>
    @State private var show = true
    @State private var first = true
    var body: some View {
        VStack {
            if show {
                Counter(name: "optional", handles: handles, key: 0)
            }
            if first {
                Counter(name: "first branch", handles: handles, key: 1)
            } else {
                Counter(name: "second branch", handles: handles, key: 1)
            }
        }
        .onAppear {
            flags.bindings[0] = $show
            flags.bindings[1] = $first
        }
    }
}

/// State read inside a `ForEach` row closure: the closure belongs to this body, so the rows must follow it.
private struct ForEachReadsState: View {
    let handles: Handles<Int>
    @State private var suffix = 0
    var body: some View {
        VStack {
            ForEach(0..<3) { i in
                Text("item \(i).\(suffix)")
            }
        }
        .onAppear { handles.bindings[0] = $suffix }
    }
}

@MainActor
struct IdentityTests {
    @Test func changingTheIDDestroysStateKeepingItKeepsIt() async {
        let handles = Handles<Int>()
        let host = TestHost(rootView: IdentifiedCounter(handles: handles), width: 200, height: 100)
        host.runFrame()
        handles[0].wrappedValue = 5
        host.runFrame()
        #expect(host.contains(text: "counter a: 5"), "\(host.visibleTexts)")

        // Same id, new view value (a new label): the state stays.
        handles[100].wrappedValue = 0
        host.runFrame()
        #expect(host.contains(text: "counter a: 5"), "\(host.visibleTexts)")

        // A new id: a fresh view, its state back at the initial value.
        handles[100].wrappedValue = 1
        host.runFrame()
        #expect(host.contains(text: "counter b: 0"), "\(host.visibleTexts)")

        // And the fresh state is a state of its own (the old binding is gone with the old view).
        handles[0].wrappedValue = 2
        host.runFrame()
        #expect(host.contains(text: "counter b: 2"), "\(host.visibleTexts)")
    }

    @Test func stateFollowsForEachIdentityWhenRowsAreReordered() async {
        let handles = Handles<Int>()
        let order = Handles<[String]>()
        let host = TestHost(rootView: ReorderableRows(handles: handles, order: order), width: 200, height: 200)
        host.runFrame()
        for (i, name) in ["a", "b", "c", "d"].enumerated() {
            handles[Int(name.unicodeScalars.first!.value)].wrappedValue = (i + 1) * 10
        }
        host.runFrame()
        #expect(host.visibleTexts == ["a: 10", "b: 20", "c: 30", "d: 40"])

        order[0].wrappedValue = ["d", "b", "a", "c"]
        host.runFrame()
        #expect(host.visibleTexts == ["d: 40", "b: 20", "a: 10", "c: 30"], "each count travels with its id")

        // Removing a row destroys its state; inserting it again starts fresh.
        order[0].wrappedValue = ["d", "a", "c"]
        host.runFrame()
        order[0].wrappedValue = ["d", "a", "c", "b"]
        host.runFrame()
        #expect(host.visibleTexts == ["d: 40", "a: 10", "c: 30", "b: 0"])
    }

    @Test func removingAndReinsertingAViewResetsItsState() async {
        let handles = Handles<Int>()
        let flags = Handles<Bool>()
        let host = TestHost(rootView: Conditional(handles: handles, flags: flags), width: 200, height: 200)
        host.runFrame()
        handles[0].wrappedValue = 3
        handles[1].wrappedValue = 4
        host.runFrame()
        #expect(host.visibleTexts == ["optional: 3", "first branch: 4"])

        flags[0].wrappedValue = false
        host.runFrame()
        #expect(host.visibleTexts == ["first branch: 4"])
        flags[0].wrappedValue = true
        host.runFrame()
        #expect(host.visibleTexts == ["optional: 0", "first branch: 4"])
    }

    @Test func stateReadInAForEachClosureUpdatesTheRows() async {
        let handles = Handles<Int>()
        let host = TestHost(rootView: ForEachReadsState(handles: handles), width: 200, height: 200)
        host.runFrame()
        #expect(host.visibleTexts == ["item 0.0", "item 1.0", "item 2.0"])
        handles[0].wrappedValue = 1
        host.runFrame()
        #expect(host.visibleTexts == ["item 0.1", "item 1.1", "item 2.1"])
    }
}
