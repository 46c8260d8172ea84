import Testing
import ScanoutRender
import ScanoutUI
import ScanoutTesting

/// `TabView`: switching by tapping the bar, selection binding, state kept per tab, badges, pages by swipe.
@Suite @MainActor struct TabViewTests {
    enum Screen: Hashable { case overview, events, settings }

    struct Panel: View {
        @State private var selection = Screen.overview
        @State private var presses = 0
        var body: some View {
            TabView(selection: $selection) {
                VStack {
                    Text("Overview screen")
                    Button("Pressed \(presses)") { presses += 1 }
                }
                .tabItem { Label("Overview", systemImage: "house") }
                .tag(Screen.overview)
                Text("Events screen")
                    .tabItem { Label("Events", systemImage: "list.bullet") }
                    .tag(Screen.events)
                    .badge(3)
                Text("Settings screen")
                    .tabItem { Text("Settings") }
                    .tag(Screen.settings)
            }
        }
    }

    private func settle(_ host: TestHost) { for _ in 0..<20 { host.runFrame() } }

    private func hasInk(_ host: TestHost, _ f: CGRect) -> Bool {
        let bg = host.pixel(x: Int(f.minX) - 2, y: Int(f.midY))
        for x in Int(f.minX)..<Int(f.maxX) where host.pixel(x: x, y: Int(f.midY)) != bg { return true }
        return false
    }

    @Test func tappingATabItemSwitchesTabsAndKeepsState() throws {
        let host = TestHost(rootView: Panel(), width: 800, height: 480)
        settle(host)
        #expect(host.contains(text: "Overview screen"))
        host.tap(text: "Pressed 0"); settle(host)
        #expect(host.contains(text: "Pressed 1"))
        host.tap(text: "Events"); settle(host)
        let events = try #require(host.frame(ofText: "Events screen"))
        #expect(hasInk(host, events))
        let overview = try #require(host.frame(ofText: "Overview screen"))
        #expect(!hasInk(host, overview))
        host.tap(text: "Overview"); settle(host)
        #expect(host.contains(text: "Pressed 1"))
        #expect(hasInk(host, try #require(host.frame(ofText: "Overview screen"))))
    }

    /// Counts the bodies of a tab's view: a tab is made when first selected, as SwiftUI loads it.
    final class Evaluations { var count = 0 }

    struct Counted: View {
        let evaluations: Evaluations
        @State private var taps = 0
        var body: some View {
            let _ = evaluations.count += 1
            Button("Counted \(taps)") { taps += 1 }
        }
    }

    struct LazyPanel: View {
        let evaluations: Evaluations
        var body: some View {
            TabView {
                Text("First tab").frame(maxHeight: .infinity, alignment: .top).tabItem { Text("First") }
                Counted(evaluations: evaluations).tabItem { Text("Second") }
            }
        }
    }

    @Test func aTabIsMadeWhenFirstSelectedAndKeptAfter() throws {
        let evaluations = Evaluations()
        let host = TestHost(rootView: LazyPanel(evaluations: evaluations), width: 800, height: 480)
        settle(host)
        #expect(evaluations.count == 0)
        #expect(!host.contains(text: "Counted 0"))
        host.tap(text: "Second"); settle(host)
        #expect(evaluations.count >= 1)
        host.tap(text: "Counted 0"); settle(host)
        #expect(host.contains(text: "Counted 1"))
        host.tap(text: "First"); settle(host)
        // Kept while hidden (laid out, not drawn), with its state.
        let counted = try #require(host.frame(ofText: "Counted 1"))
        #expect(!hasInk(host, counted))
        host.tap(text: "Second"); settle(host)
        #expect(hasInk(host, try #require(host.frame(ofText: "Counted 1"))))
    }

    @Test func aBadgeShowsOnItsItem() throws {
        let host = TestHost(rootView: Panel(), width: 800, height: 480)
        settle(host)
        let badge = try #require(host.frame(ofText: "3"))
        let item = try #require(host.frame(ofText: "Events"))
        #expect(abs(badge.midX - item.maxX) < 40)
        #expect(badge.minY > 400)
    }

    struct Pages: View {
        @State private var page = 0
        var body: some View {
            VStack(spacing: 0) {
                Text("Page index \(page)")
                TabView(selection: $page) {
                    Text("First page").tag(0)
                    Text("Second page").tag(1)
                    Text("Third page").tag(2)
                }
                .tabViewStyle(.page)
            }
        }
    }

    @Test func pagesFollowASwipe() throws {
        let host = TestHost(rootView: Pages(), width: 800, height: 480)
        settle(host)
        #expect(host.contains(text: "Page index 0"))
        host.drag(fromX: 600, fromY: 240, toX: 150, toY: 240, steps: 10)
        settle(host)
        #expect(host.contains(text: "Page index 1"))
        let second = try #require(host.drawnFrame(ofText: "Second page"))
        #expect(abs(second.midX - 400) < 2)
        host.drag(fromX: 600, fromY: 240, toX: 500, toY: 240, steps: 5)  // too short: stays
        settle(host)
        #expect(host.contains(text: "Page index 1"))
        host.drag(fromX: 150, fromY: 240, toX: 600, toY: 240, steps: 10)
        settle(host)
        #expect(host.contains(text: "Page index 0"))
    }

    /// Pages made by a `ForEach` (each row a tab, its value the element's id), and a selection changed by code
    /// inside `withAnimation`: the pages slide to it.
    struct ForEachPages: View {
        @State private var page = 0
        var body: some View {
            VStack {
                TabView(selection: $page) {
                    ForEach(0..<3, id: \.self) { i in Text("Carousel page \(i)") }
                }
                .tabViewStyle(.page)
                Button("Next") { withAnimation(.easeOut(duration: 0.3)) { page += 1 } }
            }
        }
    }

    @Test func aForEachMakesOneTabPerRowAndCodeSlidesBetweenThem() throws {
        let host = TestHost(rootView: ForEachPages(), width: 800, height: 480)
        settle(host)
        let first = try #require(host.drawnFrame(ofText: "Carousel page 0"))
        #expect(abs(first.midX - 400) < 2, "the first row is the first page, alone on screen")
        #expect(host.drawnFrame(ofText: "Carousel page 1").map { $0.minX >= 800 } ?? true)
        // Where the page is drawn (the offset animates in drawing, not in layout).
        func drawnX() throws -> Double { try #require(host.displayList.textRuns.first { $0.run.string == "Carousel page 1" }?.frame.minX) }
        let start = try drawnX()
        host.tap(text: "Next")
        for _ in 0..<4 { host.runFrame() }
        #expect(host.needsFrame, "the pages slide")
        let moving = try drawnX()
        #expect(moving < start - 100 && moving > start - 700, "the second page slides in: at \(moving), from \(start)")
        settle(host)
        let second = try #require(host.drawnFrame(ofText: "Carousel page 1"))
        #expect(abs(second.midX - 400) < 2)
    }

    struct NewTabs: View {
        @State private var selection = "b"
        var body: some View {
            TabView(selection: $selection) {
                Tab("Alpha", systemImage: "house", value: "a") { Text("Alpha screen") }
                Tab("Beta", systemImage: "gear", value: "b") { Text("Beta screen") }
            }
        }
    }

    @Test func theTabFormSelectsByValue() throws {
        let host = TestHost(rootView: NewTabs(), width: 800, height: 480)
        settle(host)
        #expect(hasInk(host, try #require(host.frame(ofText: "Beta screen"))))
        host.tap(text: "Alpha"); settle(host)
        #expect(hasInk(host, try #require(host.frame(ofText: "Alpha screen"))))
        // The item draws its symbol before its title, in the tint when selected.
        let title = try #require(host.frame(ofText: "Alpha"))
        let tinted = (Int(title.minX) - 30..<Int(title.minX) - 2).filter { x in
            (Int(title.minY)..<Int(title.maxY)).contains { y in let p = host.pixel(x: x, y: y); return p.blue > 200 && p.red < 100 }
        }
        #expect(tinted.count > 8)
        #expect(host.warnings.isEmpty, "\(host.warnings)")
    }

    @Test func tabViewGoldens() {
        expectContainerGoldens("containers-tabview", { Panel() })
        expectContainerGoldens("containers-tabview-page", { Pages() })
    }
}
