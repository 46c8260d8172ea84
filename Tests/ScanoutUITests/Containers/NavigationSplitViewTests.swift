import Testing
import ScanoutUI
import ScanoutTesting

/// NavigationSplitView: columns side by side on a wide panel, one stack on a narrow one (a selection pushes
/// the detail, back returns), three columns, column visibility and width.
@MainActor
struct NavigationSplitViewTests {
    struct Machine: Identifiable, Hashable {
        let id: Int
        let name: String
    }
    static let machines = [Machine(id: 1, name: "Press 1"), Machine(id: 2, name: "Press 2"), Machine(id: 3, name: "Lathe")]

    struct Screen: View {
        @State var selected: Int?
        var visibility: NavigationSplitViewVisibility = .automatic
        var columnWidth: CGFloat?
        var body: some View {
            NavigationSplitView(columnVisibility: .constant(visibility)) {
                List(NavigationSplitViewTests.machines, selection: $selected) { m in
                    Text(m.name)
                }
                .navigationTitle("Machines")
                .modifier(Width(width: columnWidth))
            } detail: {
                if let m = NavigationSplitViewTests.machines.first(where: { $0.id == selected }) {
                    Text("Detail of \(m.name)").navigationTitle(m.name)
                } else {
                    Text("Choose a machine")
                }
            }
        }
    }

    struct Width: ViewModifier {
        let width: CGFloat?
        func body(content: Content) -> some View {
            if let width { content.navigationSplitViewColumnWidth(width) } else { content }
        }
    }

    @Test func wideShowsBothColumnsAndTheDetailFollowsTheSelection() async {
        let host = TestHost(rootView: Screen(), width: 800, height: 480)
        host.runFrame()
        #expect(host.visibleTexts.contains("Press 1"))
        #expect(host.visibleTexts.contains("Choose a machine"))
        host.tap(text: "Lathe")
        host.advance(seconds: 0.5)
        #expect(host.visibleTexts.contains("Detail of Lathe"))
        #expect(host.visibleTexts.contains("Press 1"), "the sidebar stays")
        let sidebar = host.frame(ofText: "Press 1")!, detail = host.frame(ofText: "Detail of Lathe")!
        #expect(sidebar.maxX < 320 && detail.minX > 320, "side by side: \(sidebar) \(detail)")
    }

    @Test func narrowIsOneStackASelectionPushesTheDetail() async {
        let host = TestHost(rootView: Screen(), width: 480, height: 800)
        host.runFrame()
        #expect(host.visibleTexts.contains("Press 2"))
        #expect(!host.visibleTexts.contains("Choose a machine"), "only the sidebar shows")
        host.tap(text: "Press 2")
        host.advance(seconds: 1)
        #expect(host.visibleTexts.contains("Detail of Press 2"), "the detail pushed, showing the selection made")
        host.tap(text: "Machines")  // the back button names the screen under it
        host.advance(seconds: 1)
        #expect(host.visibleTexts.contains("Lathe"))
        #expect(!host.visibleTexts.contains("Detail of Press 2"))
    }

    @Test func detailOnlyHidesTheSidebarAndColumnWidthIsHonoured() async {
        let hidden = TestHost(rootView: Screen(visibility: .detailOnly), width: 800, height: 480)
        hidden.runFrame()
        #expect(!hidden.visibleTexts.contains("Press 1"))
        #expect(hidden.visibleTexts.contains("Choose a machine"))
        let narrowSidebar = TestHost(rootView: Screen(columnWidth: 200), width: 800, height: 480)
        narrowSidebar.advance(seconds: 0.1)
        let detail = narrowSidebar.frame(ofText: "Choose a machine")!
        let expectedMid: Double = 201 + 599.0 / 2
        #expect(abs(Double(detail.midX) - expectedMid) < 1, "the detail centred in what the 200-point sidebar leaves: \(detail)")
    }

    struct ThreeColumns: View {
        @State var area: String?
        @State var machine: String?
        var body: some View {
            NavigationSplitView {
                List(["Hall A", "Hall B"], id: \.self, selection: $area) { Text($0) }
            } content: {
                if let area {
                    List(["\(area) press", "\(area) lathe"], id: \.self, selection: $machine) { Text($0) }
                } else {
                    Text("Choose a hall")
                }
            } detail: {
                Text(machine.map { "Showing \($0)" } ?? "Nothing chosen")
            }
        }
    }

    @Test func threeColumnsWideAndNarrow() async {
        let wide = TestHost(rootView: ThreeColumns(), width: 1280, height: 800)
        wide.runFrame()
        let texts = wide.visibleTexts
        #expect(texts.contains("Hall A"))
        #expect(texts.contains("Choose a hall"))
        #expect(texts.contains("Nothing chosen"))
        wide.tap(text: "Hall B")
        wide.advance(seconds: 0.5)
        wide.tap(text: "Hall B lathe")
        wide.advance(seconds: 0.5)
        #expect(wide.visibleTexts.contains("Showing Hall B lathe"))

        let narrow = TestHost(rootView: ThreeColumns(), width: 480, height: 800)
        narrow.runFrame()
        narrow.tap(text: "Hall A")
        narrow.advance(seconds: 1)
        #expect(narrow.visibleTexts.contains("Hall A press"))
        narrow.tap(text: "Hall A press")
        narrow.advance(seconds: 1)
        #expect(narrow.visibleTexts.contains("Showing Hall A press"))
    }
}

/// A split view at 800x480, light and dark, with a row selected.
@MainActor
struct NavigationSplitViewGoldenTests {
    @Test func goldens() {
        expectContainerGoldens("containers-split-view", { NavigationSplitViewTests.Screen(selected: 2) })
    }
}
