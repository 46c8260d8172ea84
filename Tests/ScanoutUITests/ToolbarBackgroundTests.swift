import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRender

/// `toolbarBackground(_:for:)` and `toolbarColorScheme(_:for:)`: a screen's navigation bar and bottom bar
/// painted in a style, hidden to show what is under them, and their title and items in a colour scheme.
@MainActor
struct ToolbarBackgroundTests {
    struct Screen<Bars: ViewModifier>: View {
        let bars: Bars
        var body: some View {
            NavigationStack {
                Color(red: 0, green: 1, blue: 0)
                    .navigationTitle("Pumps")
                    .navigationBarTitleDisplayMode(.inline)
                    .toolbar {
                        ToolbarItem(placement: .bottomBar) { Button("Start") {} }
                    }
                    .modifier(bars)
            }
            .background(Color(red: 1, green: 0, blue: 0))
        }
    }

    struct Plain: ViewModifier { func body(content: Content) -> some View { content } }
    struct Blue: ViewModifier {
        func body(content: Content) -> some View {
            content.toolbarBackground(Color(red: 0, green: 0, blue: 1), for: .navigationBar, .bottomBar)
        }
    }
    struct BlueDark: ViewModifier {
        func body(content: Content) -> some View {
            content.toolbarBackground(Color(red: 0, green: 0, blue: 1), for: .navigationBar)
                .toolbarColorScheme(.dark, for: .navigationBar)
        }
    }
    struct Hidden: ViewModifier {
        func body(content: Content) -> some View { content.toolbarBackground(.hidden, for: .navigationBar) }
    }

    private func render(_ bars: some ViewModifier) -> TestHost {
        let host = TestHost(rootView: Screen(bars: bars), width: 400, height: 300)
        host.runFrame()
        return host
    }

    /// The darkest and the lightest pixel of the title's box.
    private func titleInk(_ host: TestHost) -> (darkest: Int, lightest: Int) {
        guard let title = host.displayList.textRuns.first(where: { $0.run.string == "Pumps" }) else { return (-1, -1) }
        var darkest = 255, lightest = 0
        for y in Int(title.frame.minY)..<Int(title.frame.maxY) {
            for x in Int(title.frame.minX)..<Int(title.frame.maxX) {
                let p = host.pixel(x: x, y: y), v = (Int(p.red) + Int(p.green) + Int(p.blue)) / 3
                darkest = min(darkest, v); lightest = max(lightest, v)
            }
        }
        return (darkest, lightest)
    }

    @Test func aStylePaintsTheBars() {
        let plain = render(Plain()), blue = render(Blue())
        #expect(plain.pixel(x: 5, y: 5) == RGBA(red: 242, green: 242, blue: 247), "the system's bar: \(plain.pixel(x: 5, y: 5))")
        #expect(blue.pixel(x: 5, y: 5) == RGBA(red: 0, green: 0, blue: 255), "the navigation bar")
        #expect(blue.pixel(x: 5, y: 295) == RGBA(red: 0, green: 0, blue: 255), "the bottom bar")
        #expect(blue.pixel(x: 200, y: 150) == RGBA(red: 0, green: 255, blue: 0), "the content")
        #expect(titleInk(blue).darkest < 40, "the title in the app's scheme: dark ink")
    }

    @Test func aDarkSchemeLightensTheTitle() {
        let host = render(BlueDark())
        #expect(host.pixel(x: 5, y: 5) == RGBA(red: 0, green: 0, blue: 255))
        let ink = titleInk(host)
        #expect(ink.lightest > 220 && ink.darkest >= 80, "white glyphs on blue (85 on average), nothing darker: \(ink)")
        #expect(host.pixel(x: 5, y: 295) == RGBA(red: 242, green: 242, blue: 247), "the bottom bar keeps the system's look")
    }

    @Test func aHiddenBackgroundShowsWhatIsUnder() {
        let host = render(Hidden())
        #expect(host.pixel(x: 5, y: 5) == RGBA(red: 255, green: 0, blue: 0), "the stack's background under the bar")
        #expect(host.displayList.textRuns.contains { $0.run.string == "Pumps" }, "the title still shows")
    }
}

/// The same modifiers for `.tabBar`: the tab bar takes the appearance the shown tab's views ask for, each
/// modifier its own part.
@MainActor
struct TabBarBackgroundTests {
    struct Tabs: View {
        @State private var tab = 0
        var body: some View {
            TabView(selection: $tab) {
                NavigationStack {
                    Color(red: 0, green: 1, blue: 0)
                        .navigationTitle("Pumps")
                        .toolbarBackground(Color(red: 0, green: 0, blue: 1), for: .tabBar)
                        .toolbarColorScheme(.dark, for: .tabBar)
                }
                .tabItem { Label("Pumps", systemImage: "gauge") }
                .tag(0)
                Color(red: 0, green: 1, blue: 0)
                    .toolbarBackground(.hidden, for: .tabBar)
                    .tabItem { Label("Valves", systemImage: "gear") }
                    .tag(1)
                Color(red: 0, green: 1, blue: 0)
                    .toolbarColorScheme(.dark, for: .tabBar)
                    .tabItem { Label("Log", systemImage: "list.bullet") }
                    .tag(2)
                Color(red: 0, green: 1, blue: 0)
                    .tabItem { Label("Info", systemImage: "info.circle") }
                    .tag(3)
            }
            .background(Color(red: 1, green: 0, blue: 0))
        }
    }

    @Test func theShownTabPaintsTheTabBar() {
        let host = TestHost(rootView: Tabs(), width: 480, height: 320)
        host.runFrame()
        host.runFrame()
        let bar = (x: 2, y: 318)
        #expect(host.pixel(x: bar.x, y: bar.y) == RGBA(red: 0, green: 0, blue: 255), "the first tab's style: \(host.pixel(x: bar.x, y: bar.y))")
        host.tap(text: "Info")
        host.runFrame()
        #expect(host.pixel(x: bar.x, y: bar.y) == RGBA(red: 242, green: 242, blue: 247), "the system's bar for a tab that asks nothing")
        host.tap(text: "Log")
        host.runFrame()
        let dark = host.pixel(x: bar.x, y: bar.y)
        #expect(dark.red < 60 && dark.red == dark.green, "the system's bar in the dark scheme: \(dark)")
        host.tap(text: "Valves")
        host.runFrame()
        #expect(host.pixel(x: bar.x, y: bar.y) == RGBA(red: 255, green: 0, blue: 0), "hidden: what is under the bar")
        host.tap(text: "Pumps")
        host.runFrame()
        #expect(host.pixel(x: bar.x, y: bar.y) == RGBA(red: 0, green: 0, blue: 255))
    }
}
