import Testing
import ScanoutUI
import ScanoutTesting

// onAppear / onDisappear / task / task(id:) / .id — seed 000 ("A Day in the Life of a SwiftUI View": the
// MyAsyncImage whose task does not re-run when its url changes), seed 001 ("Lifecycle of SwiftUI Views": task
// cancellation; its ZStack and ScrollView appear examples are in LifecycleSeedTests) and seed 004 (an onAppear
// change is never drawn half-done).

/// Loads "images" for seed 000's MyAsyncImage. Loads complete at once unless their url is in `suspended`:
/// those wait (for ever) until their task is cancelled. Every call and every observed cancellation is recorded.
@MainActor
private final class Loader {
    var calls: [String] = []
    var cancelled: [String] = []
    var suspended: Set<String> = []

    func load(_ url: String) async -> String {
        calls.append(url)
        if suspended.contains(url) {
            try? await Task.sleep(nanoseconds: 1_000_000_000_000_000_000)
            if Task.isCancelled { cancelled.append(url) }
        }
        return "data:\(url)"
    }
}

private enum LoadTrigger { case task, taskID, identity }

/// Seed 000's MyAsyncImage: shows "loading" until its data is there.
private struct MyAsyncImage: View {
    let url: String
    let trigger: LoadTrigger
    let loader: Loader
    @State private var imageData: String? = nil

    var body: some View {
        if trigger == .taskID {
            content.task(id: url) { await load() }
        } else {
            content.task { await load() }
        }
    }

    private var content: some View {
        ZStack {
            if let imageData {
                Text(imageData)
            } else {
                Text("loading")
            }
        }
    }

    private func load() async {
        let data = await loader.load(url)
        if !Task.isCancelled { imageData = data }
    }
}

/// Seed 000's ContentView: a button swaps the url between the logo and the photo.
private struct ImageScreen: View {
    let trigger: LoadTrigger
    let loader: Loader
    @State private var url = "logo.png"
    var body: some View {
        VStack {
            Button("Toggle") { url = url == "logo.png" ? "photo.jpg" : "logo.png" }
            if trigger == .identity {
                MyAsyncImage(url: url, trigger: trigger, loader: loader).id(url)
            } else {
                MyAsyncImage(url: url, trigger: trigger, loader: loader)
            }
        }
    }
}

/// Seed 001's task-cancellation example: a task that works until cancelled, on a view that can be removed.
private struct CancellableWork: View {
    let loader: Loader
    let flags: Handles<Bool>
    @State private var show = true
    var body: some View {
        VStack {
            if show {
                Text("Hello, world!")
                    .task { _ = await loader.load("work") }
            }
            Text("footer")
        }
        .onAppear { flags.bindings[0] = $show }
    }
}

// MARK: Seed 004's onAppear example

@MainActor
private final class ViewModel: ObservableObject {
    @Published var statusText: String = "invalid"
    func fetch() {
        self.statusText = "loading"
    }
}

private struct FetchOnAppear: View {
    @StateObject var model = ViewModel()
    var body: some View {
        Text(model.statusText)
            .padding()
            .onAppear { model.fetch() }
    }
}

private struct StateOnAppear: View {
    @State private var status = "invalid"
    var body: some View {
        Text(status).onAppear { status = "ready" }
    }
}

// MARK: Appearance

/// Appear actions and tasks run once per appearance, not once per body evaluation.
private struct AppearsOnce: View {
    let trace: Trace
    let handles: Handles<Int>
    @State private var count = 0
    var body: some View {
        let _ = trace.log("body")
        Text("count \(count)")
            .onAppear { trace.log("appear") }
            .task { trace.log("task") }
            .onAppear { handles.bindings[0] = $count }
    }
}

private struct RemovableRow: View {
    let trace: Trace
    let flags: Handles<Bool>
    @State private var show = true
    var body: some View {
        VStack {
            if show {
                Text("row")
                    .onAppear { trace.log("appear") }
                    .onDisappear { trace.log("disappear") }
            }
        }
        .onAppear { flags.bindings[0] = $show }
    }
}

/// A task that writes its view's state (and reads it) when it runs.
private struct LateWriter: View {
    let trace: Trace
    @State private var value = 0
    var body: some View {
        Text("value \(value)").task {
            value += 1
            trace.log("wrote \(value)")
        }
    }
}

@MainActor
struct LifecycleTests {
    // MARK: Seed 000: task, task(id:), .id

    @Test func taskDoesNotRunAgainWhenTheURLChanges() async {
        let loader = Loader()
        let host = TestHost(rootView: ImageScreen(trigger: .task, loader: loader), width: 300, height: 200)
        host.runFrame()
        #expect(host.contains(text: "loading"), "\(host.visibleTexts)")
        await host.runFrames(1)
        #expect(loader.calls == ["logo.png"])
        #expect(host.contains(text: "data:logo.png"), "\(host.visibleTexts)")

        host.tap(text: "Toggle")
        await host.runFrames(3)
        #expect(loader.calls == ["logo.png"], "the task node was updated, not restarted (seed 000's bug)")
        #expect(host.contains(text: "data:logo.png"), "\(host.visibleTexts)")
    }

    @Test func taskWithIDRunsAgainWhenTheIDChanges() async {
        let loader = Loader()
        let host = TestHost(rootView: ImageScreen(trigger: .taskID, loader: loader), width: 300, height: 200)
        await host.runFrames(3)
        #expect(loader.calls == ["logo.png"])
        #expect(host.contains(text: "data:logo.png"), "\(host.visibleTexts)")

        host.tap(text: "Toggle")
        #expect(host.contains(text: "data:logo.png"), "the state is kept: \(host.visibleTexts)")
        await host.runFrames(3)
        #expect(loader.calls == ["logo.png", "photo.jpg"])
        #expect(host.contains(text: "data:photo.jpg"), "\(host.visibleTexts)")

        host.tap(text: "Toggle")
        await host.runFrames(3)
        #expect(loader.calls == ["logo.png", "photo.jpg", "logo.png"])
        #expect(host.contains(text: "data:logo.png"), "\(host.visibleTexts)")
    }

    @Test func taskWithIDCancelsTheRunningTaskWhenTheIDChanges() async {
        let loader = Loader()
        loader.suspended = ["logo.png"]
        let host = TestHost(rootView: ImageScreen(trigger: .taskID, loader: loader), width: 300, height: 200)
        await host.runFrames(3)
        #expect(loader.calls == ["logo.png"])
        #expect(loader.cancelled == [])
        #expect(host.contains(text: "loading"), "\(host.visibleTexts)")

        host.tap(text: "Toggle")
        await host.runFrames(3)
        await host.runMainActorJobs(until: { !loader.cancelled.isEmpty })  // the cancelled sleep hops back
        #expect(loader.cancelled == ["logo.png"])
        #expect(loader.calls == ["logo.png", "photo.jpg"])
        #expect(host.contains(text: "data:photo.jpg"), "\(host.visibleTexts)")
    }

    @Test func identityResetsStateAndRunsTheTaskOfTheFreshView() async {
        let loader = Loader()
        let host = TestHost(rootView: ImageScreen(trigger: .identity, loader: loader), width: 300, height: 200)
        await host.runFrames(3)
        #expect(host.contains(text: "data:logo.png"), "\(host.visibleTexts)")

        host.tap(text: "Toggle")
        #expect(host.contains(text: "loading"), "a fresh view, its @State back at nil: \(host.visibleTexts)")
        await host.runFrames(3)
        #expect(loader.calls == ["logo.png", "photo.jpg"])
        #expect(host.contains(text: "data:photo.jpg"), "\(host.visibleTexts)")
    }

    @Test func identityChangeCancelsTheOldViewsTask() async {
        let loader = Loader()
        loader.suspended = ["logo.png"]
        let host = TestHost(rootView: ImageScreen(trigger: .identity, loader: loader), width: 300, height: 200)
        await host.runFrames(3)
        host.tap(text: "Toggle")
        await host.runFrames(3)
        await host.runMainActorJobs(until: { !loader.cancelled.isEmpty })  // the cancelled sleep hops back
        #expect(loader.cancelled == ["logo.png"])
        #expect(host.contains(text: "data:photo.jpg"), "\(host.visibleTexts)")
    }

    // MARK: Seed 001: task cancellation, appear once

    @Test func taskIsCancelledWhenItsViewDisappears() async {
        let loader = Loader()
        loader.suspended = ["work"]
        let flags = Handles<Bool>()
        let host = TestHost(rootView: CancellableWork(loader: loader, flags: flags), width: 300, height: 200)
        await host.runFrames(3)
        #expect(loader.calls == ["work"], "started")
        #expect(loader.cancelled == [], "and still waiting")

        flags[0].wrappedValue = false
        host.runFrame()
        #expect(host.visibleTexts == ["footer"])
        // The cancelled task resumes (through the global executor, then as a main-actor job).
        await host.runMainActorJobs(until: { !loader.cancelled.isEmpty })
        #expect(loader.cancelled == ["work"])
    }

    @Test func appearAndTaskRunOnceWhateverTheBodyDoes() async {
        let trace = Trace()
        let handles = Handles<Int>()
        let host = TestHost(rootView: AppearsOnce(trace: trace, handles: handles), width: 200, height: 100)
        await host.runFrames(2)
        #expect(trace.take() == ["body", "appear", "task"])
        for n in 1...3 {
            handles[0].wrappedValue = n
            await host.runFrames(1)
        }
        #expect(trace.take() == ["body", "body", "body"])
        #expect(host.contains(text: "count 3"), "\(host.visibleTexts)")
    }

    @Test func disappearRunsWhenTheViewIsRemoved() async {
        let trace = Trace()
        let flags = Handles<Bool>()
        let host = TestHost(rootView: RemovableRow(trace: trace, flags: flags), width: 200, height: 100)
        host.runFrame()
        #expect(trace.take() == ["appear"])
        flags[0].wrappedValue = false
        host.runFrame()
        #expect(trace.take() == ["disappear"])
        flags[0].wrappedValue = true
        host.runFrame()
        #expect(trace.take() == ["appear"])
    }

    @Test func aTaskThatOutlivesItsHostWritesNowhereAndCrashesNothing() async {
        let trace = Trace()
        var host: TestHost? = TestHost(rootView: LateWriter(trace: trace), width: 100, height: 50)
        host?.runFrame()  // the task is made, not yet run
        host = nil
        for _ in 0..<4 { await Task.yield() }
        #expect(trace.take() == ["wrote 1"])
    }

    // MARK: Seed 004: an onAppear change is in the first frame

    @Test func onAppearChangeIsInTheVeryFirstCommittedFrame() async {
        let host = TestHost(rootView: FetchOnAppear(), width: 200, height: 100)
        host.runFrame()
        #expect(host.committedFrames == 1)
        #expect(host.visibleTexts == ["loading"], "\"invalid\" is never drawn")
        #expect(host.host.bodyEvaluations == 2, "the body runs twice, the screen is drawn once")
        host.advance(seconds: 0.1)
        #expect(host.committedFrames == 1, "and then it is idle")
    }

    @Test func onAppearStateChangeIsInTheVeryFirstCommittedFrame() async {
        let host = TestHost(rootView: StateOnAppear(), width: 200, height: 100)
        host.runFrame()
        #expect(host.committedFrames == 1)
        #expect(host.visibleTexts == ["ready"])
    }
}
