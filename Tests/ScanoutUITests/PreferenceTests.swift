import XCTest
import ScanoutUI
import ScanoutTesting

// Preferences flow up (seed 000), and a layout that needs a second pass through them is finished before
// anything is drawn (seed 004's custom layout example: "the first body is never rendered on screen").

private struct TitlesKey: PreferenceKey {
    static let defaultValue = ""
    static func reduce(value: inout String, nextValue: () -> String) { value += nextValue() }
}

/// The widest width any child reports.
private struct WidthKey: PreferenceKey {
    static let defaultValue = 0.0
    static func reduce(value: inout Double, nextValue: () -> Double) { value = max(value, nextValue()) }
}

private struct Child: View {
    let key: Int
    let handles: Handles<String>
    @State private var title: String
    init(title: String, key: Int, handles: Handles<String>) {
        self._title = State(initialValue: title)
        self.key = key
        self.handles = handles
    }
    var body: some View {
        Text(title)
            .preference(key: TitlesKey.self, value: title)
            .preference(key: WidthKey.self, value: Double(title.count * 10))
            .onAppear { handles.bindings[key] = $title }
    }
}

private struct Parent: View {
    let trace: Trace
    let handles: Handles<String>
    @State private var titles = "none"
    @State private var width = 0.0
    var body: some View {
        let _ = trace.log("parent \(titles)")
        VStack {
            Text("titles \(titles)")
            Text("width \(Int(width))")
            Child(title: "A", key: 0, handles: handles)
            Child(title: "BB", key: 1, handles: handles)
        }
        .onPreferenceChange(TitlesKey.self) { titles = $0 }
        .onPreferenceChange(WidthKey.self) { width = $0 }
    }
}

// @unchecked Sendable: Swift 6.0 asks for it when the async tests are handed self (the class keeps no state).
final class PreferenceTests: XCTestCase, @unchecked Sendable {
    @MainActor func testSecondPassThroughPreferencesIsNeverDrawn() async {
        let trace = Trace(), handles = Handles<String>()
        let host = TestHost(rootView: Parent(trace: trace, handles: handles), width: 200, height: 200)
        host.runFrame()
        XCTAssertEqual(host.committedFrames, 1, "no intermediate frame")
        XCTAssertEqual(host.visibleTexts, ["titles ABB", "width 20", "A", "BB"], "the first frame already shows the final values")
        XCTAssertEqual(trace.take(), ["parent none", "parent ABB"], "two passes, one drawing")
        host.advance(seconds: 0.1)
        XCTAssertEqual(host.committedFrames, 1, "then idle")
    }

    @MainActor func testAChildsChangedPreferenceReachesTheParentInTheSameFrame() async {
        let trace = Trace(), handles = Handles<String>()
        let host = TestHost(rootView: Parent(trace: trace, handles: handles), width: 200, height: 200)
        host.runFrame()
        _ = trace.take()
        handles[1].wrappedValue = "CCCC"
        host.runFrame()
        XCTAssertEqual(host.committedFrames, 2)
        XCTAssertEqual(host.visibleTexts, ["titles ACCCC", "width 40", "A", "CCCC"])
        XCTAssertEqual(trace.take(), ["parent ACCCC"], "the parent re-runs once, for the handler's change")
    }

    @MainActor func testAnUnchangedPreferenceCallsNoHandler() async {
        let trace = Trace(), handles = Handles<String>()
        let host = TestHost(rootView: Parent(trace: trace, handles: handles), width: 200, height: 200)
        host.runFrame()
        _ = trace.take()
        // Same combined titles ("A" + "BB" == "AB" + "B"), same widest width: nothing to tell the parent.
        handles[0].wrappedValue = "AB"
        handles[1].wrappedValue = "B"
        host.runFrame()
        XCTAssertEqual(trace.take(), [])
        XCTAssertEqual(host.visibleTexts, ["titles ABB", "width 20", "AB", "B"])
    }
}
