import XCTest
import Observation
import ScanoutUI
import ScanoutTesting

// Scoping observation to the views that read (seed 002's last section): `@Observable` classes tracked per
// property, and the `ObservableObject` family (`@Published`, `@StateObject`, `@ObservedObject`).

// MARK: @Observable items

@Observable
private final class ObservableItem: Identifiable {
    let id: Int
    var isActive = false
    var nonVisibleProperty = 0
    init(id: Int) { self.id = id }
}

/// Holds the items; activation mutates them in place and publishes nothing.
@MainActor
private final class ObservableItems {
    let items = (0..<6).map { ObservableItem(id: $0) }
    var activeIndex: Int?

    func activateNextItem() {
        if let old = activeIndex { items[old].isActive = false }
        let next = activeIndex.map { ($0 + 1) % items.count } ?? 0
        items[next].isActive = true
        activeIndex = next
        for item in items { item.nonVisibleProperty += 1 }
    }
}

private struct ObservingCell: View {
    let item: ObservableItem
    let trace: Trace
    var body: some View {
        let _ = trace.log("cell \(item.id)")
        Text("\(item.id) is active: \(item.isActive ? "yes" : "no")")
    }
}

private struct ObservingList: View {
    let source: ObservableItems
    let trace: Trace
    var body: some View {
        let _ = trace.log("list")
        VStack {
            ForEach(source.items) { item in
                ObservingCell(item: item, trace: trace)
            }
        }
    }
}

/// Rows built inline by the list's `ForEach` closure: their reads belong to the list's body.
private struct InlineRowsList: View {
    let source: ObservableItems
    let trace: Trace
    var body: some View {
        let _ = trace.log("list")
        VStack {
            ForEach(source.items) { item in
                Text("\(item.id): \(item.isActive ? "on" : "off")")
            }
        }
    }
}

// MARK: ObservableObject items (seed 002's `class Item: ObservableObject` with `@Published var isActive`)

@MainActor
private final class PublishingItem: ObservableObject, Identifiable {
    let id: Int
    @Published var isActive = false
    var nonVisibleProperty = 0
    init(id: Int) { self.id = id }
}

private struct PublishingCell: View {
    @ObservedObject var item: PublishingItem
    let trace: Trace
    var body: some View {
        let _ = trace.log("cell \(item.id)")
        Text("\(item.id) is active: \(item.isActive ? "yes" : "no")")
    }
}

private struct PublishingList: View {
    let items: [PublishingItem]
    let trace: Trace
    var body: some View {
        let _ = trace.log("list")
        VStack {
            ForEach(items) { item in
                PublishingCell(item: item, trace: trace)
            }
        }
    }
}

// MARK: @StateObject

@MainActor
private final class Model: ObservableObject {
    static var made = 0
    @Published var count = 0
    init() { Model.made += 1 }
}

/// Owns a model; its parent re-renders it with new values now and then.
private struct Owner: View {
    let label: String
    @StateObject private var model = Model()
    var body: some View {
        VStack {
            Text("\(label) \(model.count)")
            Button("Increment \(label)") { model.count += 1 }
        }
    }
}

private struct OwnerParent: View {
    let handles: Handles<Int>
    @State private var generation = 0
    @State private var ownerID = 0
    var body: some View {
        VStack {
            Text("generation \(generation)")
            Owner(label: "owned \(generation)").id(ownerID)
        }
        .onAppear {
            handles.bindings[0] = $generation
            handles.bindings[1] = $ownerID
        }
    }
}

private struct Shared: View {
    let name: String
    @ObservedObject var model: Model
    let trace: Trace
    var body: some View {
        let _ = trace.log(name)
        Text("\(name) \(model.count)")
    }
}

private struct TwoObservers: View {
    let model: Model
    let trace: Trace
    var body: some View {
        let _ = trace.log("parent")
        VStack {
            Shared(name: "first", model: model, trace: trace)
            Shared(name: "second", model: model, trace: trace)
            Text("not observing")
        }
    }
}

// @unchecked Sendable: Swift 6.0 asks for it when the async tests are handed self (the class keeps no state).
final class ObservationTests: XCTestCase, @unchecked Sendable {
    @MainActor func testObservableItemsRedrawOnlyTheCellsThatReadTheChange() async {
        let trace = Trace()
        let source = ObservableItems()
        let host = TestHost(rootView: ObservingList(source: source, trace: trace), width: 300, height: 300)
        host.runFrame()
        XCTAssertEqual(trace.take(), ["list"] + (0..<6).map { "cell \($0)" })
        source.activateNextItem()
        host.runFrame()
        XCTAssertEqual(trace.take(), ["cell 0"])
        source.activateNextItem()
        XCTAssertEqual(trace.take(), [], "nothing runs on the spot")
        host.runFrame()
        XCTAssertEqual(trace.take(), ["cell 0", "cell 1"], "the list itself does not re-run")
        XCTAssertEqual(host.visibleTexts.filter { $0.hasSuffix("yes") }, ["1 is active: yes"])
    }

    @MainActor func testObservableChangeToAnUnreadPropertyRunsNothing() async {
        let trace = Trace()
        let source = ObservableItems()
        let host = TestHost(rootView: ObservingList(source: source, trace: trace), width: 300, height: 300)
        host.runFrame()
        _ = trace.take()
        let frames = host.committedFrames
        source.items[2].nonVisibleProperty += 1
        host.runFrame()
        XCTAssertEqual(trace.take(), [])
        XCTAssertEqual(host.committedFrames, frames)
    }

    @MainActor func testObservableReadInAForEachClosureReRunsTheBodyThatOwnsIt() async {
        let trace = Trace()
        let source = ObservableItems()
        let host = TestHost(rootView: InlineRowsList(source: source, trace: trace), width: 300, height: 300)
        host.runFrame()
        XCTAssertEqual(trace.take(), ["list"])
        source.items[2].isActive = true
        host.runFrame()
        XCTAssertEqual(trace.take(), ["list"])
        XCTAssertEqual(host.visibleTexts, ["0: off", "1: off", "2: on", "3: off", "4: off", "5: off"])
        source.items[2].isActive = false
        host.runFrame()
        XCTAssertEqual(trace.take(), ["list"], "still tracked after the re-run")
        XCTAssertEqual(host.visibleTexts.filter { $0.hasSuffix("on") }, [])
    }

    @MainActor func testPublishedItemsRedrawOnlyTheCellsThatChanged() async {
        let trace = Trace()
        let items = (0..<6).map { PublishingItem(id: $0) }
        let host = TestHost(rootView: PublishingList(items: items, trace: trace), width: 300, height: 300)
        host.runFrame()
        XCTAssertEqual(trace.take(), ["list"] + (0..<6).map { "cell \($0)" })
        items[0].isActive = true
        host.runFrame()
        _ = trace.take()
        items[0].isActive = false
        items[1].isActive = true
        for item in items { item.nonVisibleProperty += 1 }  // not @Published: announces nothing
        host.runFrame()
        XCTAssertEqual(trace.take().sorted(), ["cell 0", "cell 1"], "the list itself does not re-run")
        XCTAssertEqual(host.visibleTexts.filter { $0.hasSuffix("yes") }, ["1 is active: yes"])
    }

    @MainActor func testStateObjectIsCreatedOncePerIdentity() async {
        Model.made = 0
        let handles = Handles<Int>()
        let host = TestHost(rootView: OwnerParent(handles: handles), width: 300, height: 200)
        host.runFrame()
        XCTAssertEqual(Model.made, 1)
        host.tap(text: "Increment owned 0")
        XCTAssertTrue(host.contains(text: "owned 0 1"), "\(host.visibleTexts)")

        // The parent re-renders the owner with new values: the autoclosure is not run again, the count stays.
        for g in 1...3 {
            handles[0].wrappedValue = g
            host.runFrame()
        }
        XCTAssertEqual(Model.made, 1)
        XCTAssertTrue(host.contains(text: "owned 3 1"), "\(host.visibleTexts)")

        // A new identity gets a new object.
        handles[1].wrappedValue = 1
        host.runFrame()
        XCTAssertEqual(Model.made, 2)
        XCTAssertTrue(host.contains(text: "owned 3 0"), "\(host.visibleTexts)")
    }

    @MainActor func testPublishingReRunsEveryObservingBodyAndOnlyThose() async {
        let trace = Trace()
        let model = Model()
        let host = TestHost(rootView: TwoObservers(model: model, trace: trace), width: 300, height: 200)
        host.runFrame()
        XCTAssertEqual(trace.take(), ["parent", "first", "second"])
        model.count = 5
        XCTAssertEqual(trace.take(), [], "objectWillChange evaluates nothing on the spot")
        host.runFrame()
        XCTAssertEqual(trace.take().sorted(), ["first", "second"])
        XCTAssertTrue(host.contains(text: "first 5") && host.contains(text: "second 5"), "\(host.visibleTexts)")

        // Still subscribed after re-running (the subscription survives the evaluation that made it).
        model.count = 6
        host.runFrame()
        XCTAssertEqual(trace.take().sorted(), ["first", "second"])
        XCTAssertTrue(host.contains(text: "first 6") && host.contains(text: "second 6"), "\(host.visibleTexts)")
    }

    @MainActor func testExplicitObjectWillChangeSendReRunsTheBody() async {
        let trace = Trace()
        let model = Model()
        let host = TestHost(rootView: Shared(name: "only", model: model, trace: trace), width: 300, height: 200)
        host.runFrame()
        _ = trace.take()
        model.objectWillChange.send()
        host.runFrame()
        XCTAssertEqual(trace.take(), ["only"])
    }
}
