import XCTest
import Observation
import ScanoutUI
import ScanoutTesting

/// Retained display lists: a change records again only the views whose drawing changed; damage compares only
/// what was recorded again. (TestHost checks every frame's retained list against a fresh recording.)
final class RetainedRecordingTests: XCTestCase, @unchecked Sendable {
    @Observable @MainActor final class Model {
        var third = "line 3"
        var color = Color.black
    }

    /// Each line is its own view: only the line that reads the model runs its body again.
    struct Line: View {
        let index: Int
        let model: Model?
        var body: some View {
            Text(model?.third ?? "line \(index)").foregroundColor(model?.color ?? .black)
        }
    }

    struct Lines: View {
        let model: Model
        var body: some View {
            VStack(alignment: .leading, spacing: 4) {
                ForEach(1..<11) { i in Line(index: i, model: i == 3 ? model : nil) }
            }
            .frame(width: 300, height: 300, alignment: .topLeading)
        }
    }

    @MainActor func testAnUnchangedSubtreeIsNotRecordedAgain() async {
        let model = Model()
        let host = TestHost(rootView: Lines(model: model), width: 300, height: 300)
        host.runFrame()
        for i in [1, 2, 4, 10] { XCTAssertEqual(host.host.recordingCounts(ofText: "line \(i)"), [1]) }
        let before = host.host.recordedNodes

        model.third = "line three"
        host.runFrame()
        XCTAssertTrue(host.contains(text: "line three"))
        XCTAssertEqual(host.host.recordingCounts(ofText: "line three"), [2], "the changed label is recorded again")
        for i in [1, 2, 4, 10] {
            XCTAssertEqual(host.host.recordingCounts(ofText: "line \(i)"), [1], "line \(i) did not change: its recording is reused")
        }
        // The changed line's nodes and the stack that holds it (placed again: the line is wider), not the tree.
        let recorded = host.host.recordedNodes - before
        XCTAssertGreaterThan(recorded, 0)
        XCTAssertLessThan(recorded, 12, "\(recorded) nodes recorded again for one label")
        XCTAssertTrue(host.lastDamageWasIncremental, "damage compares only what was recorded again")
        XCTAssertFalse(host.lastDamage.isEmpty)
    }

    /// A body that runs again with one new value: its other views, modifiers and containers get values equal
    /// in their own inputs, and keep their layout and recordings.
    struct Badge: View {
        let model: Model
        var body: some View {
            HStack(spacing: 4) {
                Circle().fill(Color.red).frame(width: 10, height: 10)
                Text(model.third).foregroundColor(model.color)
                Rectangle().stroke(Color.blue, lineWidth: 2).frame(width: 20, height: 10)
            }
            .padding(2)
            .offset(x: 3, y: 1)
            .frame(width: 200, height: 20, alignment: .leading)
        }
    }

    @MainActor func testABodyThatRunsAgainRecordsOnlyTheViewsWhoseInputsChanged() async {
        let model = Model()
        let host = TestHost(rootView: Badge(model: model), width: 200, height: 40)
        host.runFrame()
        let recorded = host.host.recordedNodes, bodies = host.host.bodyEvaluations
        model.color = .red  // the text's own value changes; its size does not
        host.runFrame()
        XCTAssertEqual(host.host.bodyEvaluations - bodies, 1, "the badge's body ran again")
        // The text, and the root (placed again at the top of every layout; it draws nothing of its own).
        XCTAssertLessThanOrEqual(host.host.recordedNodes - recorded, 2, "only the text is recorded again")
        XCTAssertEqual(host.host.recordingCounts(ofText: "line 3"), [2])
        XCTAssertFalse(host.lastDamage.isEmpty)
        XCTAssertLessThanOrEqual(host.lastDamage.bounds.width, 80, "the text's bounds, not the badge's: \(host.lastDamage)")

        // A wider text moves what is after it and grows the stack and the modifiers around it: those are
        // recorded again too (they moved or grew); the circle before it is not.
        let again = host.host.recordedNodes
        model.third = "line 3, longer"
        host.runFrame()
        XCTAssertTrue(host.contains(text: "line 3, longer"))
        let n = host.host.recordedNodes - again
        XCTAssertGreaterThanOrEqual(n, 2)
        XCTAssertLessThanOrEqual(n, 8, "\(n) nodes recorded again (the circle and its frame are not)")
    }

    @MainActor func testDamageOfARecordedAgainViewIsItsOldAndNewBounds() async {
        let model = Model()
        let host = TestHost(rootView: Lines(model: model), width: 300, height: 300)
        host.runFrame()
        let line3 = host.frame(ofText: "line 3")!
        let line2 = host.frame(ofText: "line 2")!, line4 = host.frame(ofText: "line 4")!

        model.color = .red  // same text, same frame: only its colour changes
        host.runFrame()
        XCTAssertTrue(host.lastDamageWasIncremental)
        XCTAssertFalse(host.lastDamage.isEmpty)
        let bounds = host.lastDamage.bounds
        XCTAssertTrue(Double(bounds.minY) >= Double(line3.minY) - 8 && Double(bounds.maxY) <= Double(line3.maxY) + 8,
                      "damage \(host.lastDamage) stays around line 3 \(line3)")
        XCTAssertLessThan(Double(bounds.minY), Double(line3.maxY))
        // The lines around it were not recorded again, and their pixels are not repainted.
        XCTAssertFalse(Double(bounds.maxY) > Double(line4.midY) || Double(bounds.minY) < Double(line2.midY))
        XCTAssertEqual(host.host.recordingCounts(ofText: "line 2"), [1])
        XCTAssertEqual(host.host.recordingCounts(ofText: "line 4"), [1])

        host.host.setNeedsFrame()
        host.runFrame()
        XCTAssertTrue(host.lastDamage.isEmpty, "nothing changed, nothing recorded, nothing damaged")
        XCTAssertEqual(host.host.recordingCounts(ofText: "line 3"), [2])
    }
}
