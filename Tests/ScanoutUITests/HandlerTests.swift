import XCTest
import ScanoutUI
import ScanoutTesting

// Change handlers (seed 004: "Change handlers, such as onChange or onPreferenceChange, and onAppear are first
// called, and those handlers may invalidate the view a second time" — all before the commit; a handler that
// keeps invalidating is cut off with "onChange(of: _) action tried to update multiple times per frame"), and a
// body that writes its own state (a cycle through the graph: SwiftUI's "Modifying state during view update").

/// Reads how many frames the host has committed, from inside a handler.
@MainActor
private final class FrameProbe {
    weak var host: TestHost?
    var committedFrames: Int { host?.committedFrames ?? -1 }
}

private struct ChangeWatcher: View {
    let initial: Bool
    let trace: Trace
    let probe: FrameProbe
    let handles: Handles<Int>
    @State private var value = 0
    @State private var seen = "nothing"
    var body: some View {
        let _ = trace.log("body \(value)")
        VStack {
            Text("value \(value)")
            Text("seen \(seen)")
        }
        .onChange(of: value, initial: initial) { old, new in
            trace.log("change \(old) -> \(new) after \(probe.committedFrames) frames")
            seen = "\(old) -> \(new)"
        }
        .onAppear { handles.bindings[0] = $value }
    }
}

/// Seed 004's runaway handler: every change of `n` changes `n`.
private struct Runaway: View {
    @State private var n = 0
    var body: some View {
        VStack {
            Text("n \(n)")
                .onChange(of: n) { n += 1 }
            Button("kick") { n += 1 }
        }
    }
}

private struct Bystander: View {
    @State private var taps = 0
    var body: some View {
        Button("other \(taps)") { taps += 1 }
    }
}

private struct RunawayScreen: View {
    var body: some View {
        VStack(spacing: 20) {
            Runaway()
            Bystander()
        }
    }
}

/// A body that writes the state it shows, after reading it, until `limit`.
private struct SelfWriting: View {
    let limit: Int
    let trace: Trace
    @State private var count = 0
    var body: some View {
        let _ = trace.log("body \(count)")
        Text("count \(count)")
        let _ = bump()
    }
    private func bump() {
        if count < limit { count += 1 }
    }
}

// @unchecked Sendable: Swift 6.0 asks for it when the async tests are handed self (the class keeps no state).
final class HandlerTests: XCTestCase, @unchecked Sendable {
    @MainActor func testOnChangeGetsOldAndNewValuesAfterTheBodiesBeforeDrawing() async {
        let trace = Trace(), probe = FrameProbe(), handles = Handles<Int>()
        let host = TestHost(rootView: ChangeWatcher(initial: false, trace: trace, probe: probe, handles: handles),
                            width: 200, height: 100)
        probe.host = host
        host.runFrame()
        XCTAssertEqual(trace.take(), ["body 0"], "no change yet, and initial is false")

        handles[0].wrappedValue = 5
        host.runFrame()
        XCTAssertEqual(trace.take(), ["body 5", "change 0 -> 5 after 1 frames", "body 5"],
                       "the handler runs after the body and before frame 2 is drawn; its change re-runs the body")
        XCTAssertEqual(host.committedFrames, 2)
        XCTAssertEqual(host.visibleTexts, ["value 5", "seen 0 -> 5"], "the handler's change is in the same frame")

        handles[0].wrappedValue = 7
        handles[0].wrappedValue = 8
        host.runFrame()
        XCTAssertEqual(trace.take(), ["body 8", "change 5 -> 8 after 2 frames", "body 8"], "one change per frame")
        XCTAssertEqual(host.visibleTexts, ["value 8", "seen 5 -> 8"])
        XCTAssertEqual(host.warnings, [], "a handler's write is not a write during a view update")
    }

    @MainActor func testOnChangeWithInitialFiresOnAppear() async {
        let trace = Trace(), probe = FrameProbe(), handles = Handles<Int>()
        let host = TestHost(rootView: ChangeWatcher(initial: true, trace: trace, probe: probe, handles: handles),
                            width: 200, height: 100)
        probe.host = host
        host.runFrame()
        XCTAssertEqual(trace.take(), ["body 0", "change 0 -> 0 after 0 frames", "body 0"])
        XCTAssertEqual(host.committedFrames, 1)
        XCTAssertEqual(host.visibleTexts, ["value 0", "seen 0 -> 0"])
        host.runFrame()
        XCTAssertEqual(trace.take(), [], "only on appear")
    }

    @MainActor func testARunawayHandlerIsCutOffWithAWarningAndTheAppKeepsRunning() async {
        let host = TestHost(rootView: RunawayScreen(), width: 200, height: 200)
        host.runFrame()
        XCTAssertEqual(host.warnings, [])

        host.tap(text: "kick")
        XCTAssertEqual(host.warnings.count, 1, "\(host.warnings)")
        XCTAssertTrue(host.warnings.first?.contains("Runaway") == true, "names the view: \(host.warnings)")
        XCTAssertFalse(host.warnings.first?.contains("ModifiedContent") == true, "\(host.warnings)")
        // Kicked once, then the handler ran once per allowed pass; what is drawn is the state the frame ended with.
        XCTAssertTrue(host.contains(text: "n \(1 + ViewHost.maximumPasses)"), "\(host.visibleTexts)")

        // The loop does not carry on into later frames, and the rest of the app still responds.
        let frames = host.committedFrames
        host.advance(seconds: 0.1)
        XCTAssertEqual(host.committedFrames, frames, "idle again")
        host.tap(text: "other 0")
        XCTAssertTrue(host.contains(text: "other 1"), "\(host.visibleTexts)")
        XCTAssertEqual(host.warnings.count, 1)
    }

    @MainActor func testABodyWritingItsOwnStateWarnsOnceAndShowsTheWriteNextFrame() async {
        let trace = Trace()
        let host = TestHost(rootView: SelfWriting(limit: 3, trace: trace), width: 200, height: 100)
        host.runFrame()
        XCTAssertEqual(host.visibleTexts, ["count 0"], "the body built its text before writing")
        XCTAssertEqual(host.warnings.count, 1, "\(host.warnings)")
        XCTAssertTrue(host.warnings.first?.contains("SelfWriting") == true, "\(host.warnings)")

        // The write is not lost: the next frame shows it (and this body writes again, up to its limit).
        host.runFrame()
        XCTAssertEqual(host.visibleTexts, ["count 1"])
        host.advance(seconds: 0.1)
        XCTAssertEqual(host.visibleTexts, ["count 3"])
        XCTAssertEqual(trace.take(), ["body 0", "body 1", "body 2", "body 3"], "one evaluation per frame, then idle")
        XCTAssertEqual(host.warnings.count, 1, "warned once")
    }

    @MainActor func testABodyThatAlwaysWritesItsStateDoesNotHang() async {
        let trace = Trace()
        let host = TestHost(rootView: SelfWriting(limit: .max, trace: trace), width: 200, height: 100)
        for _ in 0..<5 { host.runFrame() }
        XCTAssertEqual(trace.take(), (0..<5).map { "body \($0)" }, "one evaluation per frame, never more")
        XCTAssertEqual(host.visibleTexts, ["count 4"])
        XCTAssertEqual(host.committedFrames, 5)
        XCTAssertEqual(host.warnings.count, 1)
    }
}
