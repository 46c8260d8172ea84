import Testing
import ScanoutUI
import ScanoutTesting

/// When one view replaces another in a frame, SwiftUI runs the new view's `onAppear` before the old one's
/// `onDisappear` (issue 14, item 6: Scanout did the reverse).
@MainActor
struct AppearOrderTests {
    final class Log {
        var events: [String] = []
    }

    struct Identified: View {
        @State var generation = 0
        let log: Log
        var body: some View {
            let g = generation
            return VStack {
                Text("Item \(g)")
                    .onAppear { log.events.append("appear \(g)") }
                    .onDisappear { log.events.append("disappear \(g)") }
                    .id(g)
                Button("Next") { generation += 1 }
            }
        }
    }

    @Test func aNewIdentityAppearsBeforeTheOldOneDisappears() {
        let log = Log()
        let host = TestHost(rootView: Identified(log: log), width: 300, height: 200)
        host.runFrame()
        #expect(log.events == ["appear 0"])
        log.events.removeAll()
        host.tap(text: "Next")
        host.runFrame()
                #expect(log.events == ["appear 1", "disappear 0"])
    }

    struct Branches: View {
        @State var on = false
        let log: Log
        var body: some View {
            VStack {
                if on {
                    Text("On").onAppear { log.events.append("appear on") }.onDisappear { log.events.append("disappear on") }
                } else {
                    Text("Off").onAppear { log.events.append("appear off") }.onDisappear { log.events.append("disappear off") }
                }
                Button("Switch") { on.toggle() }
            }
        }
    }

    @Test func theOtherBranchAppearsBeforeThisOneDisappears() {
        let log = Log()
        let host = TestHost(rootView: Branches(log: log), width: 300, height: 200)
        host.runFrame()
        log.events.removeAll()
        host.tap(text: "Switch")
        host.runFrame()
        #expect(log.events == ["appear on", "disappear off"])
        log.events.removeAll()
        host.tap(text: "Switch")
        host.runFrame()
        #expect(log.events == ["appear off", "disappear on"])
    }

    struct Tabs: View {
        let log: Log
        var body: some View {
            TabView {
                Text("First page").onAppear { log.events.append("appear first") }.onDisappear { log.events.append("disappear first") }
                    .tabItem { Label("First", systemImage: "house") }
                Text("Second page").onAppear { log.events.append("appear second") }.onDisappear { log.events.append("disappear second") }
                    .tabItem { Label("Second", systemImage: "gear") }
            }
        }
    }

    @Test func anotherTabAppearsBeforeTheShownOneDisappears() {
        let log = Log()
        let host = TestHost(rootView: Tabs(log: log), width: 480, height: 320)
        host.runFrame()
        #expect(log.events == ["appear first"])
        log.events.removeAll()
        host.tap(text: "Second")
        host.advance(seconds: 0.5)
        #expect(log.events == ["appear second", "disappear first"])
    }

    @Test func aRemovedViewStillDisappears() {
        struct Removing: View {
            @State var shown = true
            let log: Log
            var body: some View {
                VStack {
                    if shown { Text("Gone soon").onDisappear { log.events.append("disappear") } }
                    Button("Remove") { shown = false }
                }
            }
        }
        let log = Log()
        let host = TestHost(rootView: Removing(log: log), width: 300, height: 200)
        host.runFrame()
        host.tap(text: "Remove")
        host.runFrame()
        #expect(log.events == ["disappear"])
        #expect(!host.contains(text: "Gone soon"))
    }
}

/// A navigation screen covered by a pushed one disappears (its tasks end) and appears again when it is back on
/// top; the pushed screen appears before the covered one disappears, as in SwiftUI.
@MainActor
struct CoveredScreenLifecycleTests {
    final class Log {
        var events: [String] = []
    }

    struct Stack: View {
        let log: Log
        var body: some View {
            NavigationStack {
                VStack {
                    Text("Root screen")
                    NavigationLink("Open detail") {
                        Text("Detail screen")
                            .onAppear { log.events.append("appear detail") }
                            .onDisappear { log.events.append("disappear detail") }
                    }
                }
                .onAppear { log.events.append("appear root") }
                .onDisappear { log.events.append("disappear root") }
                .navigationTitle("Root")
            }
        }
    }

    @Test func pushingAndPoppingRunTheCoveredScreensLifecycle() {
        let log = Log()
        let host = TestHost(rootView: Stack(log: log), width: 480, height: 320)
        host.runFrame()
        #expect(log.events == ["appear root"])
        log.events.removeAll()
        host.tap(text: "Open detail")
        host.advance(seconds: 0.6)
        #expect(log.events == ["appear detail", "disappear root"])
        #expect(host.contains(text: "Detail screen"))
        log.events.removeAll()
        host.tap(text: "Root")  // the back button names the screen under it
        host.advance(seconds: 0.6)
        #expect(log.events == ["appear root", "disappear detail"])
    }
}
