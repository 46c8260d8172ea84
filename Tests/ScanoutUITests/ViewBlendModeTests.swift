import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRender

/// `blendMode(_:)`: a view's drawing combined with what is under it, as one group, only within its pixels;
/// `.normal` draws as before; a changed mode repaints the same as a fresh frame.
@MainActor
struct ViewBlendModeTests {
    private let red = ScanoutUI.Color(red: 1, green: 0, blue: 0)

    struct Blended: View {
        @State var mode: ScanoutUI.BlendMode
        init(_ mode: ScanoutUI.BlendMode) { _mode = State(initialValue: mode) }
        var body: some View {
            VStack(spacing: 0) {
                ZStack {
                    Color(red: 1, green: 0, blue: 0)
                    Color(white: 0.5).frame(width: 40, height: 40).blendMode(mode)
                }
                .frame(width: 100, height: 60)
                Button("screen") { mode = .screen }.frame(width: 100, height: 40)
            }
        }
    }

    @Test func aViewBlendsWithWhatIsUnderIt() {
        func centre(_ mode: ScanoutUI.BlendMode) -> RGBA {
            let host = TestHost(rootView: Blended(mode), width: 100, height: 100)
            host.runFrame()
            #expect(host.pixel(x: 5, y: 5) == RGBA(red: 255, green: 0, blue: 0), "outside the blended view: \(mode)")
            return host.pixel(x: 50, y: 30)
        }
        #expect(centre(.normal) == RGBA(red: 128, green: 128, blue: 128))
        #expect(centre(.multiply) == RGBA(red: 128, green: 0, blue: 0))
        #expect(centre(.screen) == RGBA(red: 255, green: 128, blue: 128))
        #expect(centre(.difference) == RGBA(red: 127, green: 128, blue: 128))
        #expect(centre(.darken) == RGBA(red: 128, green: 0, blue: 0))
        #expect(centre(.lighten) == RGBA(red: 255, green: 128, blue: 128))
        #expect(centre(.destinationOver) == RGBA(red: 255, green: 0, blue: 0), "under the red")
        #expect(centre(.sourceAtop) == RGBA(red: 128, green: 128, blue: 128))
    }

    @Test func aGroupBlendsOnceAndTextBlendsToo() {
        // Two overlapping squares blended as one group: where they overlap the top one alone is multiplied.
        let host = TestHost(rootView: ZStack {
            Color(red: 1, green: 1, blue: 0)
            ZStack {
                Color(white: 0.5).frame(width: 40, height: 40).offset(x: -10)
                Color(red: 0, green: 1, blue: 1).frame(width: 40, height: 40).offset(x: 10)
            }
            .blendMode(.multiply)
        }.frame(width: 100, height: 100), width: 100, height: 100)
        host.runFrame()
        #expect(host.pixel(x: 50, y: 50) == RGBA(red: 0, green: 255, blue: 0), "cyan × yellow, the grey under it not counted")
        #expect(host.pixel(x: 25, y: 50) == RGBA(red: 128, green: 128, blue: 0), "grey × yellow")
        let text = TestHost(rootView: ZStack {
            Color(red: 1, green: 0, blue: 0)
            Text("WWW").font(.system(size: 40)).foregroundStyle(.white).blendMode(.difference)
        }.frame(width: 100, height: 60), width: 100, height: 60)
        text.runFrame()
        var cyan = 0
        for y in 0..<60 { for x in 0..<100 where text.pixel(x: x, y: y) == RGBA(red: 0, green: 255, blue: 255) { cyan += 1 } }
        #expect(cyan > 100, "white glyphs over red by difference: cyan, \(cyan)")
    }

    @Test func aCompositingGroupKeepsACutOutWithinIt() {
        // SwiftUI's hole punch: a destination-out shape erases its group, and the group shows what is under it.
        let host = TestHost(rootView: ZStack {
            Color(red: 0, green: 0, blue: 1)
            ZStack {
                Color(red: 1, green: 0, blue: 0)
                Circle().frame(width: 40, height: 40).blendMode(.destinationOut)
            }
            .compositingGroup()
        }.frame(width: 100, height: 100), width: 100, height: 100)
        host.runFrame()
        #expect(host.pixel(x: 50, y: 50) == RGBA(red: 0, green: 0, blue: 255), "the hole shows the blue under the group")
        #expect(host.pixel(x: 5, y: 5) == RGBA(red: 255, green: 0, blue: 0))
        let edge = host.pixel(x: 50, y: 30)
        #expect(edge.red > 0 && edge.blue > 0, "anti-aliased edge between the two: \(edge)")
    }

    @Test func aChangedModeRepaintsAsAFreshFrame() {
        let host = TestHost(rootView: Blended(.multiply), width: 100, height: 100)
        host.runFrame()
        host.tap(text: "screen")
        host.runFrame()
        let fresh = TestHost(rootView: Blended(.screen), width: 100, height: 100)
        fresh.runFrame()
        #expect(host.pixel(x: 50, y: 30) == RGBA(red: 255, green: 128, blue: 128))
        for y in 0..<100 { for x in 0..<100 where host.pixel(x: x, y: y) != fresh.pixel(x: x, y: y) {
            Issue.record("pixel \(x),\(y) differs: \(host.pixel(x: x, y: y)) vs \(fresh.pixel(x: x, y: y))"); return
        } }
    }
}
