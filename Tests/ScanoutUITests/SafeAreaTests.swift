import Testing
@testable import ScanoutUI
import ScanoutTesting
import ScanoutPlatform

/// Safe areas: the root stays inside the board's insets, `ignoresSafeArea` and shape-style backgrounds reach
/// the screen's edges where they meet the safe area, `safeAreaInset` puts a bar beside the view.
@MainActor
struct SafeAreaTests {
    struct Screen: View {
        var body: some View {
            VStack {
                Text("Title").layoutProbe("title")
                Spacer()
                Text("Footer")
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .layoutProbe("content")
            .background(.blue)
        }
    }

    @Test func theRootIsLaidOutInsideTheSafeAreaAndBackgroundsReachTheEdges() throws {
        let host = TestHost(rootView: Screen(), width: 400, height: 300)
        host.safeAreaInsets = EdgeInsets(top: 30, leading: 10, bottom: 40, trailing: 20)
        host.runFrame()
        let content = try #require(host.frame(ofProbe: "content"))
        #expect(content == CGRect(x: 10, y: 30, width: 370, height: 230))
        let title = try #require(host.frame(ofProbe: "title"))
        #expect(title.minY >= 30)
        // The background (a shape style) fills the panel, the bezel's strips included.
        let blue = host.pixel(x: 200, y: 150)
        #expect(host.pixel(x: 2, y: 2) == blue)
        #expect(host.pixel(x: 397, y: 297) == blue)
        #expect(host.pixel(x: 200, y: 290) == blue)
    }

    struct Ignoring: View {
        var body: some View {
            ZStack {
                Color.red.ignoresSafeArea(edges: .top).layoutProbe("red")
                Text("Over")
            }
        }
    }

    @Test func ignoresSafeAreaReachesOnlyTheEdgesItNames() throws {
        let host = TestHost(rootView: Ignoring(), width: 300, height: 200)
        host.safeAreaInsets = EdgeInsets(top: 20, leading: 0, bottom: 30, trailing: 0)
        host.runFrame()
        let red = host.pixel(x: 150, y: 100)
        #expect(red.red > 200 && red.green < 80)
        #expect(host.pixel(x: 150, y: 5) == red)         // past the top inset
        #expect(host.pixel(x: 150, y: 195) != red)       // not past the bottom one
        // Its layout frame is still the safe area's: only where it reaches changed.
        let frame = try #require(host.frame(ofProbe: "red"))
        #expect(frame.minY == 20 && frame.maxY == 170)
    }

    @Test func withoutInsetsNothingChanges() throws {
        let host = TestHost(rootView: Screen(), width: 400, height: 300)
        host.runFrame()
        #expect(try #require(host.frame(ofProbe: "content")) == CGRect(x: 0, y: 0, width: 400, height: 300))
    }

    struct Inset: View {
        var body: some View {
            ScrollView {
                VStack { ForEach(0..<30, id: \.self) { Text("Row \($0)") } }
            }
            .layoutProbe("scroll")
            .safeAreaInset(edge: .bottom, spacing: 8) {
                Text("Bottom bar").frame(maxWidth: .infinity, minHeight: 44).background(.gray).layoutProbe("bar")
            }
        }
    }

    @Test func safeAreaInsetPutsABarBesideTheView() throws {
        let host = TestHost(rootView: Inset(), width: 300, height: 400)
        host.runFrame()
        let bar = try #require(host.frame(ofProbe: "bar"))
        let scroll = try #require(host.frame(ofProbe: "scroll"))
        #expect(bar.maxY == 400)
        #expect(scroll.maxY == bar.minY - 8)
        #expect(scroll.minY == 0)
    }

    @Test func theBoardKeyParses() throws {
        func parse(_ value: String) throws -> PlatformOptions {
            try PlatformOptions.parse(arguments: ["--safe-area", value], environment: { _ in nil })
        }
        #expect(try parse("10 0 40 0").safeArea == SafeAreaInsets(top: 10, left: 0, bottom: 40, right: 0))
        #expect(throws: (any Error).self) { try parse("10 0 40") }
        #expect(throws: (any Error).self) { try parse("-1 0 0 0") }
    }

    struct Measured: View {
        var ignores: Bool
        var body: some View {
            GeometryReader { geo in
                let i = geo.safeAreaInsets
                Text("insets \(Int(i.top)) \(Int(i.leading)) \(Int(i.bottom)) \(Int(i.trailing))")
            }
            .ignoresSafeArea(edges: ignores ? .all : [])
        }
    }

    @Test func aReadersSafeAreaInsetsAreWhatReachesIntoIt() {
        for (ignores, expected) in [(false, "insets 0 0 0 0"), (true, "insets 30 10 40 20")] {
            let host = TestHost(rootView: Measured(ignores: ignores), width: 400, height: 300)
            host.safeAreaInsets = EdgeInsets(top: 30, leading: 10, bottom: 40, trailing: 20)
            host.runFrame()
            host.runFrame()
            #expect(host.visibleTexts == [expected])
        }
    }
}
