import Testing
import ScanoutUI
import ScanoutTesting

/// `toolbar(_:for:)` hides the navigation bar of a screen or the tab bar while a tab is shown; a field in a
/// tab switched away from, or on a screen covered by a push, ends its editing (SwiftUI resigns it).
@Suite @MainActor struct BarVisibilityTests {
    private func settle(_ host: TestHost) { for _ in 0..<30 { host.runFrame() } }

    struct Dashboard: View {
        var body: some View {
            NavigationStack {
                VStack(alignment: .leading) {
                    Text("Own header")
                    NavigationLink("Open Pump", value: "Pump")
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                .navigationTitle("Plant")
                .toolbar(.hidden, for: .navigationBar)
                .navigationDestination(for: String.self) { name in
                    Text("Detail of \(name)").navigationTitle(name)
                }
            }
        }
    }

    @Test func aHiddenNavigationBarGivesTheRootTheWholeHeightAndAPushedScreenKeepsItsBar() throws {
        let host = TestHost(rootView: Dashboard(), width: 800, height: 480)
        settle(host)
        let header = try #require(host.frame(ofText: "Own header"))
        #expect(header.minY < 10, "no bar above the root: \(header)")
        #expect(!host.contains(text: "Plant"), "the hidden bar's title is not drawn")
        host.tap(text: "Open Pump"); settle(host)
        #expect(host.contains(text: "Detail of Pump"))
        // The pushed screen has its bar: the back button names the root by its (hidden) title.
        let back = try #require(host.frame(ofText: "Plant"))
        #expect(back.minY < 56 && back.minX < 100, "\(back)")
        host.tap(text: "Plant"); settle(host)
        #expect(host.frame(ofText: "Own header").map { $0.minY < 10 } == true)
    }

    struct Tabs: View {
        @State private var selection = 0
        @State private var name = ""
        var body: some View {
            TabView(selection: $selection) {
                VStack {
                    Text("Full screen")
                    Button("Go to form") { selection = 1 }
                }
                .toolbar(.hidden, for: .tabBar)
                .tabItem { Text("Kiosk") }
                .tag(0)
                NavigationStack {
                    VStack {
                        TextField("Name", text: $name)
                        NavigationLink("More", value: 1)
                    }
                    .navigationDestination(for: Int.self) { _ in Text("More screen") }
                }
                .tabItem { Text("Form") }
                .tag(1)
            }
        }
    }

    @Test func aHiddenTabBarShowsAgainOnATabThatDoesNotHideIt() throws {
        let host = TestHost(rootView: Tabs().onScreenKeyboard(.never), width: 800, height: 480)
        settle(host)
        #expect(!host.contains(text: "Kiosk"), "no tab bar while the first tab hides it")
        host.tap(text: "Go to form"); settle(host)
        let item = try #require(host.frame(ofText: "Kiosk"))
        #expect(item.minY > 400, "the bar is back at the bottom: \(item)")
        host.tap(text: "Kiosk"); settle(host)
        #expect(!host.contains(text: "Form"))
    }

    @Test func switchingTabsOrPushingEndsEditing() throws {
        let host = TestHost(rootView: Tabs().onScreenKeyboard(.never), width: 800, height: 480)
        settle(host)
        host.tap(text: "Go to form"); settle(host)
        host.tap(text: "Name"); settle(host)
        #expect(host.focusedViewName != nil)
        host.type("Ada")
        host.tap(text: "Kiosk"); settle(host)
        #expect(host.focusedViewName == nil, "the field in the tab left gave up the focus")
        host.tap(text: "Go to form"); settle(host)
        #expect(host.contains(text: "Ada"), "its text is kept")
        host.tap(text: "Ada"); settle(host)
        #expect(host.focusedViewName != nil)
        host.tap(text: "More"); settle(host)
        #expect(host.contains(text: "More screen"))
        #expect(host.focusedViewName == nil, "the field on the covered screen gave up the focus")
    }
}
