import Testing
import ScanoutUI
import ScanoutTesting

/// `NavigationStack`: push and pop by tap, back button and edge swipe, path bindings, state kept under covers.
@Suite @MainActor struct NavigationStackTests {
    struct Machine: Hashable, Identifiable {
        let id: Int
        let name: String
    }
    static let machines = [Machine(id: 1, name: "Press"), Machine(id: 2, name: "Lathe"), Machine(id: 3, name: "Mill")]

    struct MachineList: View {
        @State private var taps = 0
        var body: some View {
            NavigationStack {
                List {
                    Button("Tapped \(taps)") { taps += 1 }
                    ForEach(NavigationStackTests.machines) { machine in
                        NavigationLink(machine.name, value: machine)
                    }
                    NavigationLink("About") { Text("Version 1.0") }
                }
                .navigationTitle("Machines")
                .navigationDestination(for: Machine.self) { machine in
                    Text("Detail of \(machine.name)")
                        .navigationTitle(machine.name)
                }
            }
        }
    }

    private func settle(_ host: TestHost) { for _ in 0..<30 { host.runFrame() } }

    @Test func tappingALinkPushesItsDestinationAndBackPops() {
        let host = TestHost(rootView: MachineList(), width: 800, height: 480)
        settle(host)
        #expect(host.contains(text: "Machines"))
        host.tap(text: "Lathe")
        settle(host)
        #expect(host.contains(text: "Detail of Lathe"))
        #expect(host.contains(text: "Machines"))
        host.tap(text: "Machines")
        settle(host)
        #expect(!host.contains(text: "Detail of Lathe"))
        #expect(host.contains(text: "Lathe"))
    }

    /// A pushed screen's `dismiss()` pops it (as SwiftUI's does), a value screen and a view screen alike; the
    /// path binding follows; a sheet inside keeps its own dismiss.
    struct Editor: View {
        @State var path: [Int] = []
        var body: some View {
            VStack {
                Text("depth \(path.count)")
                NavigationStack(path: $path) {
                    VStack {
                        NavigationLink("Edit", value: 1)
                        NavigationLink("Notes") { Closer(title: "Notes screen") }
                    }
                    .navigationDestination(for: Int.self) { n in Closer(title: "Screen \(n)") }
                }
            }
        }
    }

    struct Closer: View {
        let title: String
        @Environment(\.dismiss) private var dismiss
        @State private var sheet = false
        var body: some View {
            VStack {
                Text(title)
                Button("Save") { dismiss() }
                Button("Options") { sheet = true }
            }
            .sheet(isPresented: $sheet) { SheetBody() }
        }
    }

    struct SheetBody: View {
        @Environment(\.dismiss) private var dismiss
        var body: some View { Button("Close sheet") { dismiss() } }
    }

    @Test func dismissInAPushedScreenPopsIt() {
        let host = TestHost(rootView: Editor(), width: 800, height: 480)
        settle(host)
        host.tap(text: "Edit")
        settle(host)
        #expect(host.contains(text: "Screen 1") && host.contains(text: "depth 1"))
        host.tap(text: "Options")
        settle(host)
        host.tap(text: "Close sheet")
        settle(host)
        #expect(host.contains(text: "Screen 1") && !host.contains(text: "Close sheet"), "the sheet's dismiss closes the sheet only")
        host.tap(text: "Save")
        settle(host)
        #expect(!host.contains(text: "Screen 1") && host.contains(text: "depth 0"), "\(host.visibleTexts)")
        host.tap(text: "Notes")
        settle(host)
        #expect(host.contains(text: "Notes screen"))
        host.tap(text: "Save")
        settle(host)
        #expect(!host.contains(text: "Notes screen") && host.contains(text: "Edit"), "\(host.visibleTexts)")
    }

    @Test func aDestinationViewLinkPushesThatView() {
        let host = TestHost(rootView: MachineList(), width: 800, height: 480)
        settle(host)
        host.tap(text: "About")
        settle(host)
        #expect(host.contains(text: "Version 1.0"))
        host.tap(text: "Machines")
        settle(host)
        #expect(!host.contains(text: "Version 1.0"))
    }

    @Test func stateOfTheCoveredScreenIsKept() {
        let host = TestHost(rootView: MachineList(), width: 800, height: 480)
        settle(host)
        host.tap(text: "Tapped 0"); host.runFrame()
        host.tap(text: "Tapped 1"); host.runFrame()
        host.tap(text: "Mill")
        settle(host)
        host.tap(text: "Machines")
        settle(host)
        #expect(host.contains(text: "Tapped 2"))
    }

    @Test func aSwipeFromTheLeadingEdgeFollowsTheFingerAndPops() throws {
        let host = TestHost(rootView: MachineList(), width: 800, height: 480)
        settle(host)
        host.tap(text: "Press")
        settle(host)
        let before = try #require(host.frame(ofText: "Detail of Press"))
        host.touchDown(x: 5, y: 300)
        host.runFrame()
        for x in stride(from: 25.0, through: 205, by: 20) { host.touchMove(x: x, y: 300); host.runFrame() }
        let during = try #require(host.frame(ofText: "Detail of Press"))
        #expect(abs(during.minX - before.minX - 200) < 2)  // the screen is under the finger
        for x in stride(from: 225.0, through: 505, by: 20) { host.touchMove(x: x, y: 300); host.runFrame() }
        host.touchUp(x: 505, y: 300)
        settle(host)
        #expect(!host.contains(text: "Detail of Press"))
        #expect(host.contains(text: "Machines"))
    }

    @Test func aShortSwipeSnapsBack() {
        let host = TestHost(rootView: MachineList(), width: 800, height: 480)
        settle(host)
        host.tap(text: "Press")
        settle(host)
        host.drag(fromX: 5, fromY: 300, toX: 80, toY: 300, steps: 5)
        settle(host)
        #expect(host.contains(text: "Detail of Press"))
        #expect((host.frame(ofText: "Detail of Press")?.minX ?? 0) < 400)
    }

    struct BoundPath: View {
        @State var path: [Int] = []
        var body: some View {
            VStack(spacing: 0) {
                HStack {
                    Text("Depth \(path.count)")
                    Button("Deep link") { path = [4, 5] }
                }
                NavigationStack(path: $path) {
                    VStack {
                        NavigationLink("Open 7", value: 7)
                    }
                    .navigationDestination(for: Int.self) { n in Text("Number \(n)") }
                }
            }
        }
    }

    @Test func thePathBindingRoundTrips() {
        let host = TestHost(rootView: BoundPath(), width: 800, height: 480)
        settle(host)
        host.tap(text: "Open 7")
        settle(host)
        #expect(host.contains(text: "Number 7"))
        #expect(host.contains(text: "Depth 1"))
        host.tap(text: "Deep link")
        settle(host)
        #expect(host.contains(text: "Depth 2"))
        #expect(host.contains(text: "Number 5"))
        host.tap(text: "Back")
        settle(host)
        #expect(host.contains(text: "Depth 1"))
        #expect(host.contains(text: "Number 4"))
    }

    struct WithToolbar: View {
        @State private var count = 0
        var body: some View {
            NavigationStack {
                Text("Count \(count)")
                    .navigationTitle("Counter")
                    .navigationBarTitleDisplayMode(.inline)
                    .toolbar {
                        ToolbarItem(placement: .topBarLeading) { Button("Reset") { count = 0 } }
                        ToolbarItem(placement: .topBarTrailing) { Button("Add") { count += 1 } }
                        ToolbarItem(placement: .bottomBar) { Text("Bottom \(count)") }
                    }
            }
        }
    }

    @Test func toolbarItemsGoToTheirPlacements() throws {
        let host = TestHost(rootView: WithToolbar(), width: 800, height: 480)
        settle(host)
        let reset = try #require(host.frame(ofText: "Reset")), add = try #require(host.frame(ofText: "Add"))
        let title = try #require(host.frame(ofText: "Counter")), bottom = try #require(host.frame(ofText: "Bottom 0"))
        #expect(reset.midX < title.midX && title.midX < add.midX)
        #expect(abs(title.midX - 400) < 2)
        #expect(bottom.minY > 400)
        host.tap(text: "Add"); settle(host)
        host.tap(text: "Add"); settle(host)
        #expect(host.contains(text: "Count 2"))
        #expect(host.contains(text: "Bottom 2"))
    }

    @Test func navigationGoldens() {
        expectContainerGoldens("containers-navigation-root", { MachineList() })
        expectContainerGoldens("containers-navigation-detail", { MachineList() }, act: { host in
            for _ in 0..<5 { host.runFrame() }
            host.tap(text: "Mill")
        })
    }

    struct ItemDestination: View {
        @State var selected: Machine?
        var body: some View {
            VStack(spacing: 0) {
                Text(selected.map { "Selected \($0.name)" } ?? "None selected")
                NavigationStack {
                    VStack {
                        ForEach(NavigationStackTests.machines) { m in Button(m.name) { selected = m } }
                    }
                    .navigationDestination(item: $selected) { m in Text("Detail \(m.name)") }
                }
            }
        }
    }

    @Test func anItemDestinationIsPushedForTheItemAndPoppingClearsIt() {
        let host = TestHost(rootView: ItemDestination(), width: 800, height: 480)
        settle(host)
        host.tap(text: "Lathe")
        settle(host)
        #expect(host.contains(text: "Detail Lathe"))
        #expect(host.contains(text: "Selected Lathe"))
        host.tap(text: "Back")
        host.runFrame()
        host.runFrame()
        #expect(host.contains(text: "Detail Lathe"), "the screen slides away showing its last item")
        settle(host)
        #expect(host.contains(text: "None selected"))
        #expect(!host.contains(text: "Detail Lathe"))
        host.tap(text: "Mill")
        settle(host)
        #expect(host.contains(text: "Detail Mill"))
    }

    struct Titled: View {
        var toolbarMode: ToolbarTitleDisplayMode?
        var barMode: NavigationBarItem.TitleDisplayMode = .automatic
        var body: some View {
            NavigationStack {
                if let toolbarMode {
                    Text("Body").navigationTitle("Settings").toolbarTitleDisplayMode(toolbarMode)
                } else {
                    Text("Body").navigationTitle("Settings").navigationBarTitleDisplayMode(barMode)
                }
            }
        }
    }

    @Test func toolbarTitleDisplayModeIsTheBarsTitleMode() {
        func title(_ view: Titled) -> CGRect? {
            let host = TestHost(rootView: view, width: 800, height: 480)
            settle(host)
            return host.frame(ofText: "Settings")
        }
        let inline = title(Titled(barMode: .inline)), large = title(Titled(barMode: .large))
        #expect(inline != large)
        #expect(title(Titled(toolbarMode: .inline)) == inline)
        #expect(title(Titled(toolbarMode: .large)) == large)
        #expect(title(Titled(toolbarMode: .inlineLarge)) == large)
    }
}
