import Testing
import ScanoutUI
import ScanoutTesting

/// `@SceneStorage`: one value per key for the scene, shared by the views that use it, outliving them.
@MainActor
struct SceneStorageTests {
    enum Tab: String { case pumps, alarms }

    struct Counter: View {
        @SceneStorage("count") private var count = 0
        @SceneStorage("tab") private var tab = Tab.pumps
        var body: some View {
            VStack {
                Text("count \(count) \(tab.rawValue)")
                Button("Add") { count += 1; tab = .alarms }
            }
        }
    }

    struct Screen: View {
        @State private var shown = true
        @SceneStorage("note") private var note: String?
        var body: some View {
            VStack {
                if shown { Counter() }
                Counter()
                Text("note \(note ?? "none")")
                Button("Toggle") { shown.toggle(); note = "set" }
            }
        }
    }

    @Test func viewsSharingAKeyShareTheValueAndItOutlivesThem() throws {
        let host = TestHost(rootView: Screen(), width: 400, height: 400)
        host.runFrame()
        #expect(host.contains(text: "note none"))
        let add = try #require(host.frame(ofText: "Add"))
        host.tap(x: add.midX, y: add.midY)
        #expect(!host.contains(text: "count 0 pumps"), "both counters show the shared value")
        #expect(host.contains(text: "count 1 alarms"))
        host.tap(text: "Toggle")
        #expect(host.contains(text: "note set"))
        host.tap(text: "Toggle")
        #expect(!host.contains(text: "count 0 pumps"), "the counter made again reads the scene's value, not its initial one")
    }

    @Test func eachSceneHasItsOwnValues() throws {
        let first = TestHost(rootView: Counter(), width: 300, height: 200)
        first.runFrame()
        first.tap(text: "Add")
        #expect(first.contains(text: "count 1 alarms"))
        let second = TestHost(rootView: Counter(), width: 300, height: 200)
        second.runFrame()
        #expect(second.contains(text: "count 0 pumps"))
    }
}
