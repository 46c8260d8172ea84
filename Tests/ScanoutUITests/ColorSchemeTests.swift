import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRaster

/// Semantic colours resolve by the colour scheme where they draw; fixed colours do not.
@Suite @MainActor struct ColorSchemeTests {
    private struct Swatches: View {
        var scheme: ColorScheme?
        var body: some View {
            HStack(spacing: 0) {
                Color.primary.frame(width: 20, height: 20)
                Color.blue.frame(width: 20, height: 20)
                Color(red: 0, green: 0, blue: 1).frame(width: 20, height: 20)
                Rectangle().frame(width: 20, height: 20)  // the foreground style: .primary
            }
            .preferredColorScheme(scheme)
        }
    }

    @Test func lightIsTheDefault() {
        let host = TestHost(rootView: Swatches(scheme: nil), width: 80, height: 20)
        host.runFrame()
        #expect(host.pixel(x: 10, y: 10) == RGBA(red: 0, green: 0, blue: 0))
        #expect(host.pixel(x: 30, y: 10) == RGBA(red: 0, green: 122, blue: 255))
        #expect(host.pixel(x: 70, y: 10) == RGBA(red: 0, green: 0, blue: 0))
    }

    @Test func darkResolvesSemanticAndSystemColoursButNotFixedOnes() {
        let host = TestHost(rootView: Swatches(scheme: .dark), width: 80, height: 20)
        host.runFrame()
        #expect(host.pixel(x: 10, y: 10) == RGBA(red: 255, green: 255, blue: 255))
        #expect(host.pixel(x: 30, y: 10) == RGBA(red: 10, green: 132, blue: 255))
        #expect(host.pixel(x: 50, y: 10) == RGBA(red: 0, green: 0, blue: 255))
        #expect(host.pixel(x: 70, y: 10) == RGBA(red: 255, green: 255, blue: 255))
    }

    private struct Switching: View {
        @State var dark = false
        var body: some View {
            VStack(spacing: 0) {
                Text("Mode").frame(width: 100, height: 30)
                Button("Switch") { dark.toggle() }.frame(width: 100, height: 40)
            }
            .environment(\.colorScheme, dark ? .dark : .light)
        }
    }

    @Test func changingTheSchemeRedrawsText() {
        let host = TestHost(rootView: Switching(), width: 100, height: 70)
        host.runFrame()
        func inkOfLabel() -> (dark: Int, light: Int) {
            var dark = 0, light = 0
            for y in 0..<30 { for x in 0..<100 {
                let p = host.pixel(x: x, y: y)
                if p.red < 60 { dark += 1 } else if p.red > 200, p != RGBA(red: 255, green: 255, blue: 255) { light += 1 }
            } }
            return (dark, light)
        }
        #expect(inkOfLabel().dark > 20)  // black text on the test host's white
        host.tap(text: "Switch")
        host.advance(seconds: 0.1)
        let after = inkOfLabel()
        #expect(after.dark == 0)  // white text now: no dark ink left in the label
    }

    @Test func environmentReadsTheScheme() {
        struct Reader: View {
            @Environment(\.colorScheme) var scheme
            var body: some View { Text(scheme == .dark ? "dark" : "light") }
        }
        let host = TestHost(rootView: Reader().preferredColorScheme(.dark), width: 100, height: 30)
        host.runFrame()
        #expect(host.contains(text: "dark"))
    }
}
