import Observation
import ScanoutRender
import ScanoutTesting
import ScanoutText
@testable import ScanoutUI
import Testing

// A kiosk rebuilds a screen every few seconds for months: a host that is dropped must free its whole view
// graph. Counted as live objects (weak references taken before the drop, and live counters), not as RSS.

/// Shared by every screen and outliving them all, as an app's model does.
@MainActor @Observable private final class Scoreboard {
    var home = 0
    var away = 0
}

/// Passed into every screen (`@ObservedObject`): its publisher outlives the screens.
private final class Settings: ObservableObject {
    @Published var volume = 3
}

/// Made by each screen (`@StateObject`): goes with it.
private final class Session: ObservableObject {
    @Published var ticks = 0
    init(_ registry: Registry) { registry.sessions.append(Weak(self)) }
}

private struct Weak {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// What the screens made, and what their tasks did (used on the main actor only).
private final class Registry: @unchecked Sendable {
    var sessions: [Weak] = []
    var tasksStarted = 0
    var tasksEnded = 0
}

private struct Screen: View {
    let scoreboard: Scoreboard
    @ObservedObject var settings: Settings
    let registry: Registry
    @StateObject private var session: Session
    @State private var expanded = false
    @State private var rows = Array(0..<12)

    init(scoreboard: Scoreboard, settings: Settings, registry: Registry) {
        self.scoreboard = scoreboard
        _settings = ObservedObject(wrappedValue: settings)
        self.registry = registry
        _session = StateObject(wrappedValue: Session(registry))
    }

    var body: some View {
        VStack(spacing: 4) {
            Text("\(scoreboard.home) : \(scoreboard.away)")
            Text("volume \(settings.volume), ticks \(session.ticks)")
            Button("expand") { withAnimation(.easeInOut(duration: 1)) { expanded.toggle() } }
            if expanded {
                Color.red.frame(width: 40, height: 40).transition(.opacity)
            }
            List(rows, id: \.self) { row in
                Text("row \(row)")
            }
            .frame(height: 60)
        }
        .offset(x: expanded ? 8 : 0)
        .animation(.linear(duration: 1), value: expanded)
        .navigationTitle("Screen")
        .task { [registry] in
            registry.tasksStarted += 1
            // Runs until cancelled (an hour otherwise): a dropped screen must not leave it waiting.
            try? await Task.sleep(nanoseconds: 3_600_000_000_000)
            registry.tasksEnded += 1
        }
    }
}

@Suite struct HostTeardownTests {
    /// Every node and behaviour of the tree, by weak reference.
    @MainActor private static func nodesAndBehaviours(of host: ViewHost) -> [Weak] {
        var out: [Weak] = []
        func visit(_ node: ViewNode) {
            out.append(Weak(node))
            out.append(Weak(node.behavior))
            for c in node.children { visit(c) }
        }
        visit(host.root)
        return out
    }

    @Test @MainActor func droppedHostsFreeTheirWholeViewGraph() async {
        let scoreboard = Scoreboard()
        let settings = Settings()
        let registry = Registry()
        let hosts = 1000
        // Every face the process can load, loaded first (tests running alongside may draw in any of them).
        for weight in FontDescriptor.Weight.allCases {
            for monospaced in [false, true] {
                for italic in [false, true] {
                    var d = FontDescriptor(size: 12, weight: weight, monospaced: monospaced)
                    d.italic = italic
                    _ = TextEngine.shared.metrics(d)
                }
            }
        }
        _ = TextEngine.shared.metrics(.symbols(size: 12))
        // Faces other tests load meanwhile (a named family) are the engine's: counted apart. Suites running alongside
        // also hold fonts of their own for a while (a shaping test's face, a fallback face being opened): the least
        // of a few samples, and at the end the count is given time to settle back.
        func unshared() -> Int { Font.liveCount - TextEngine.shared.loadedFaceCount }
        var fonts = unshared()
        for _ in 0..<10 {
            try? await Task.sleep(nanoseconds: 1_000_000)
            fonts = min(fonts, unshared())
        }
        var tracked = 0
        var survivors: [String] = []
        var survivingHosts = 0
        var survivingGraphs = 0

        for i in 0..<hosts {
            weak var weakHost: ViewHost?
            weak var weakGraph: AnyObject?
            var objects: [Weak] = []
            do {
                let host = TestHost(rootView: NavigationStack { Screen(scoreboard: scoreboard, settings: settings, registry: registry) },
                                    width: 160, height: 260)
                host.host.verifiesRecordings = false  // (checked by the other tests; here it would double the time)
                await host.runFrames(1)
                // State, an observed object, the @Observable model and an animation in flight when the host goes;
                // the task starts in the jobs run before the next frame.
                host.tap(text: "expand")
                settings.volume += 1
                scoreboard.home += 1
                await host.runFrames(1)
                if i == 0 { #expect(host.contains(text: "row 0") && host.contains(text: "volume 4, ticks 0"), "\(host.visibleTexts)") }
                objects = Self.nodesAndBehaviours(of: host.host)
                weakHost = host.host
                weakGraph = host.host.graph
            }
            tracked += objects.count
            survivors += objects.compactMap { $0.object.map { String(describing: type(of: $0)) } }
            if weakHost != nil { survivingHosts += 1 }
            // Every attribute holds its graph: a freed graph means every attribute went too.
            if weakGraph != nil { survivingGraphs += 1 }
        }
        // Cancelled tasks resume (off the main actor first, then here) and end; at most 30 s on a loaded machine.
        for _ in 0..<30_000 where registry.tasksEnded < registry.tasksStarted {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }

        #expect(tracked >= hosts * 40, "the screen is a real tree (\(tracked / hosts) nodes and behaviours each)")
        #expect(survivors.isEmpty, "\(survivors.count) nodes or behaviours outlived their host: \(Set(survivors).sorted().prefix(10))")
        #expect(survivingHosts == 0)
        #expect(survivingGraphs == 0, "attribute graphs kept by their attributes")
        #expect(registry.sessions.count == hosts)
        #expect(registry.sessions.allSatisfy { $0.object == nil }, "@StateObject objects outlived their screen")
        #expect(registry.tasksStarted == hosts)
        #expect(registry.tasksEnded == hosts, "a dropped screen's .task was not cancelled")
        #expect(settings.objectWillChange.subscriberCount == 0, "dropped screens still subscribed to the shared @ObservedObject")
        // The text engine loads each face once for the process: no screen made or kept one of its own.
        #expect(TextEngine.shared.loadedFaceCount > 0)
        for _ in 0..<30_000 where unshared() > fonts {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        #expect(unshared() <= fonts, "fonts made by the dropped screens outlived them")
        // The shared models still work (nothing dangles in their observers).
        scoreboard.away += 1
        settings.volume += 1
    }

    /// A host dropped while a view is fading out (its removal transition holds the removed node until it ends)
    /// frees that node and the rest of its tree.
    @Test @MainActor func aHostDroppedDuringARemovalTransitionIsFreed() {
        struct Fading: View {
            @State var shown = true
            var body: some View {
                VStack {
                    if shown { Color.red.frame(width: 40, height: 40).transition(.opacity) }
                    Button("hide") { withAnimation(.linear(duration: 1)) { shown = false } }
                }
            }
        }
        var objects: [Weak] = []
        weak var weakHost: ViewHost?
        do {
            let host = TestHost(rootView: Fading(), width: 200, height: 200)
            host.runFrame()
            objects = Self.nodesAndBehaviours(of: host.host)
            host.tap(text: "hide")
            host.runFrame()  // the red square is being removed: half-way through its fade when the host goes
            weakHost = host.host
        }
        #expect(weakHost == nil)
        let survivors = objects.compactMap { $0.object.map { String(describing: type(of: $0)) } }
        #expect(survivors.isEmpty, "outlived their host: \(survivors)")
    }

    /// A stack with screens pushed through `navigationDestination(isPresented:)` (a split view collapsed into
    /// one stack, two levels deep) is freed with its host: the pushed views, kept in the stack's state, keep
    /// the environment they were installed with, which must not hold the stack's controller or a screen's bar
    /// model strongly (a reference cycle that kept the whole graph).
    @Test @MainActor func aCollapsedSplitViewWithPushedScreensIsFreed() {
        weak var weakHost: ViewHost?
        weak var weakGraph: AnyObject?
        var objects: [Weak] = []
        do {
            let host = TestHost(rootView: NavigationSplitViewTests.ThreeColumns(), width: 480, height: 800)
            host.runFrame()
            host.tap(text: "Hall A")
            host.advance(seconds: 1)
            host.tap(text: "Hall A press")
            host.advance(seconds: 1)
            #expect(host.visibleTexts.contains("Showing Hall A press"))
            objects = Self.nodesAndBehaviours(of: host.host)
            weakHost = host.host
            weakGraph = host.host.graph
        }
        #expect(weakHost == nil)
        #expect(weakGraph == nil, "the attribute graph kept by a cycle through the pushed screens' environment")
        let survivors = objects.compactMap { $0.object.map { String(describing: type(of: $0)) } }
        #expect(survivors.isEmpty, "outlived their host: \(survivors)")
    }

    /// An object without `@Published` properties has one publisher as long as it lives (a send reaches the
    /// views subscribed to it), and the table that keeps them drops the freed objects' ones.
    @Test @MainActor func publishersOfObjectsWithoutPublishedPropertiesGoWithTheirObjects() {
        final class Plain: ObservableObject {}
        let kept = Plain()
        #expect(kept.objectWillChange === kept.objectWillChange)
        for _ in 0..<10_000 { _ = Plain().objectWillChange }
        #expect(OrphanPublishers.count < 100, "freed objects' publishers are dropped as the table grows")
        #expect(kept.objectWillChange === kept.objectWillChange)
    }
}

/// A task of a view that is gone may still read the view's `@Environment` (a cancelled sleep returns and the
/// loop body runs once more): it sees the values the view had, and does not crash.
@MainActor
struct EnvironmentAfterTeardownTests {
    @Observable final class Model {
        var ticks = 0
    }

    struct Ticking: View {
        @Environment(Model.self) private var model
        let ended: (Int) -> Void
        var body: some View {
            Text("ticking")
                .task {
                    try? await Task.sleep(nanoseconds: 3_600_000_000_000)
                    model.ticks += 1
                    ended(model.ticks)
                }
        }
    }

    final class Ended: @unchecked Sendable {
        var value: Int?
    }

    @Test func aTaskOfADroppedViewReadsItsLastEnvironment() async {
        let model = Model()
        let ended = Ended()
        do {
            let host = TestHost(rootView: Ticking(ended: { ended.value = $0 }).environment(model), width: 200, height: 100)
            await host.runFrames(2)
        }
        for _ in 0..<5000 where ended.value == nil { try? await Task.sleep(nanoseconds: 1_000_000) }
        #expect(ended.value == 1)
        #expect(model.ticks == 1)
    }
}
