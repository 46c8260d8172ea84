import Testing
import ScanoutTesting
import ScanoutUI

/// TestHost from Swift Testing, as `swift package init` writes tests (`@Test @MainActor`): on Linux these run
/// on a dispatch worker, not the process's main thread. Sync tests use the plain forms (`runFrame`,
/// `advance(seconds:)`, `tap`); tests whose views start `.task` bodies are `async` and use the `…Async` forms,
/// which let the ready main-actor jobs run before each frame.
@Suite @MainActor struct TestHostSwiftTestingTests {
    /// Appearances, a `.task`, a `.task(id:)` restarted when its id changes, an animated width, a button.
    private struct Screen: View {
        let log: Log
        @State var source = "a"
        @State var wide = false
        @State var taskRuns = 0
        @State var loaded = "none"
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Text("runs \(taskRuns)")
                    .task { taskRuns += 1 }
                Text("loaded \(loaded)")
                    .task(id: source) {
                        log.tasks.append(source)
                        loaded = source
                    }
                Button("Switch") { source = source == "a" ? "b" : "a" }
                Button("Grow") { withAnimation(.linear(duration: 1)) { wide.toggle() } }
                Color.blue.frame(width: wide ? 200 : 100, height: 20).layoutProbe("bar")
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .onAppear { log.appeared += 1 }
        }
    }

    @MainActor final class Log {
        var appeared = 0
        var tasks: [String] = []
    }

    @Test func onAppearRunsOnceBeforeTheFirstFrameShows() {
        let log = Log()
        let host = TestHost(rootView: Screen(log: log), width: 320, height: 240)
        host.runFrame()
        #expect(log.appeared == 1)
        #expect(host.contains(text: "runs 0"))
        host.advance(seconds: 0.5)
        #expect(log.appeared == 1)
        #expect(host.committedFrames >= 1)
    }

    @Test func aTapOnAButtonChangesStateInASyncTest() {
        let log = Log()
        let host = TestHost(rootView: Screen(log: log), width: 320, height: 240)
        host.runFrame()
        #expect(host.frame(ofProbe: "bar")?.width == 100)
        host.tap(text: "Grow")
        host.advance(seconds: 1.1)
        #expect(host.frame(ofProbe: "bar")?.width == 200)
    }

    @Test func withAnimationProgressesWithTheSimulatedClock() {
        let log = Log()
        let host = TestHost(rootView: Screen(log: log), width: 320, height: 240)
        host.runFrame()
        host.tap(text: "Grow")
        host.advance(seconds: 0.5)
        let halfway = host.frame(ofProbe: "bar")?.width ?? 0
        #expect(halfway > 120 && halfway < 180, "about halfway at half the duration: \(halfway)")
        host.advance(seconds: 0.6)
        #expect(host.frame(ofProbe: "bar")?.width == 200)
    }

    @Test func taskBodiesRunBetweenFramesInAnAsyncTest() async {
        let log = Log()
        let host = TestHost(rootView: Screen(log: log), width: 320, height: 240)
        await host.runFrameAsync()
        await host.advanceAsync(seconds: 0.1)
        #expect(host.contains(text: "runs 1"), "\(host.visibleTexts)")
        #expect(host.contains(text: "loaded a"), "\(host.visibleTexts)")
        #expect(log.tasks == ["a"])
    }

    @Test func taskWithIDRestartsWhenTheIDChanges() async {
        let log = Log()
        let host = TestHost(rootView: Screen(log: log), width: 320, height: 240)
        await host.advanceAsync(seconds: 0.1)
        #expect(log.tasks == ["a"])
        await host.tapAsync(text: "Switch")
        await host.advanceAsync(seconds: 0.1)
        #expect(log.tasks == ["a", "b"])
        #expect(host.contains(text: "loaded b"), "\(host.visibleTexts)")
        // The plain `.task` belongs to a view that stayed: it did not run again.
        #expect(host.contains(text: "runs 1"), "\(host.visibleTexts)")
        await host.tapAsync(text: "Switch")
        await host.advanceAsync(seconds: 0.1)
        #expect(log.tasks == ["a", "b", "a"])
    }

    @Test func anAsyncDragAndTapRunThroughTheSameFrames() async {
        let log = Log()
        let host = TestHost(rootView: Screen(log: log), width: 320, height: 240)
        await host.advanceAsync(seconds: 0.1)
        let frames = host.committedFrames
        await host.dragAsync(fromX: 300, fromY: 200, toX: 250, toY: 200, steps: 3)
        #expect(host.frame(ofProbe: "bar")?.width == 100)  // a drag on empty space presses nothing
        await host.tapAsync(text: "Grow")
        await host.advanceAsync(seconds: 1.1)
        #expect(host.frame(ofProbe: "bar")?.width == 200)
        #expect(host.committedFrames > frames)
    }
}
