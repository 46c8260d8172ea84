import XCTest
import ScanoutUI
import ScanoutRender
import ScanoutTesting
import GoldenImages

/// `shadow(color:radius:x:y:)`: the content's coverage blurred, offset and tinted under it, and `blur(radius:)`;
/// repainting only the damage (a shadowed card moving, changing colour, a blur changing) equals a full repaint.
final class ShadowTests: XCTestCase, @unchecked Sendable {
    struct Cards: View {
        @State var step = 0
        var body: some View {
            VStack(alignment: .leading, spacing: 24) {
                HStack(spacing: 28) {
                    RoundedRectangle(cornerRadius: 12).fill(Color.white)
                        .frame(width: 120, height: 70)
                        .shadow(radius: 8, y: 4)
                    RoundedRectangle(cornerRadius: 12).fill(step % 2 == 0 ? Color.blue : Color.orange)
                        .frame(width: 120, height: 70)
                        .shadow(color: .blue.opacity(0.6), radius: 12, x: 6, y: 6)
                        .offset(x: step % 2 == 0 ? 0 : 40)
                    Circle().fill(Color.yellow).frame(width: 60, height: 60)
                        .shadow(color: .black, radius: 2, x: 3, y: 3)
                    // A clip inside the shadow: the shadow reaches past it (and its damage must too).
                    (step % 2 == 0 ? Color.green : Color.purple).frame(width: 90, height: 40)
                        .clipShape(Capsule())
                        .shadow(radius: 10, y: 8)
                }
                HStack(spacing: 28) {
                    Text("Shadowed text").font(.title).foregroundColor(.white).shadow(color: .black.opacity(0.8), radius: 3, x: 1, y: 2)
                    Text("Blurred").font(.title).blur(radius: step % 2 == 0 ? 2 : 6)
                    Circle().fill(Color.red).frame(width: 50, height: 50).blur(radius: 8)
                }
                Text("step \(step)")
                Button("next") { withAnimation(.easeInOut(duration: 0.4)) { step += 1 } }
            }
            .padding(32)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .background(Color(white: 0.9))
        }
    }

    @MainActor func testIncrementalFramesEqualFullRepaints() async {
        let host = TestHost(rootView: Cards(), width: 800, height: 480)
        host.runFrame()
        XCTAssertEqual(host.pixelsDifferingFromFullRepaint(), 0)
        for _ in 0..<2 {
            host.tap(text: "next")
            for frame in 0..<28 where frame % 3 == 0 || frame == 27 {
                host.runFrame()
                host.runFrame()
                host.runFrame()
                let differing = host.pixelsDifferingFromFullRepaint()
                XCTAssertEqual(differing, 0, "frame at t=\(host.time): \(differing) pixels differ from a full repaint")
            }
        }
    }

    @MainActor func testTheShadowIsBlurredOffsetAndUnderTheContent() async {
        let host = TestHost(rootView: Rectangle().fill(Color.white).frame(width: 100, height: 100)
            .shadow(color: .black, radius: 10, x: 20, y: 0)
            .frame(width: 300, height: 200).background(Color.white), width: 300, height: 200)
        host.runFrame()
        // The content (100x100 at 100...200, 50...150) stays white; right of it the shadow shows, darkest near
        // the content's edge moved by x, fading out over about 1.5 radius.
        XCTAssertEqual(host.pixel(x: 150, y: 100), RGBA(red: 255, green: 255, blue: 255))
        let near = host.pixel(x: 210, y: 100).red, mid = host.pixel(x: 222, y: 100).red, far = host.pixel(x: 245, y: 100).red
        XCTAssertLessThan(near, mid)
        XCTAssertLessThan(mid, far)
        XCTAssertGreaterThan(far, 245, "faded out well past the radius")
        XCTAssertEqual(host.pixel(x: 90, y: 100), RGBA(red: 255, green: 255, blue: 255), "moved right: nothing on the left")
    }

    @MainActor func testABlurSpreadsTheContentAndKeepsItsColour() async {
        let host = TestHost(rootView: Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 60, height: 60).blur(radius: 10)
            .frame(width: 200, height: 200).background(Color.white), width: 200, height: 200)
        host.runFrame()
        let centre = host.pixel(x: 100, y: 100), edge = host.pixel(x: 130, y: 100), outside = host.pixel(x: 142, y: 100)
        XCTAssertEqual(centre, RGBA(red: 255, green: 0, blue: 0), "the middle of a 60-point square keeps its colour")
        XCTAssertGreaterThan(edge.green, 60, "at the edge: half red, half the white behind")
        XCTAssertLessThan(edge.green, 200)
        XCTAssertGreaterThan(outside.green, edge.green, "fading outwards")
        XCTAssertLessThan(outside.green, 255, "the blur reaches past the square")
        XCTAssertEqual(host.pixel(x: 10, y: 10), RGBA(red: 255, green: 255, blue: 255))
    }

    @MainActor func testNonFiniteValuesDrawNoShadow() async {
        let host = TestHost(rootView: Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 50, height: 50)
            .shadow(radius: .nan, x: .infinity).frame(width: 100, height: 100).background(Color.white), width: 100, height: 100)
        host.runFrame()
        XCTAssertEqual(host.pixel(x: 10, y: 10), RGBA(red: 255, green: 255, blue: 255))
        XCTAssertEqual(host.pixel(x: 50, y: 50), RGBA(red: 255, green: 0, blue: 0))
    }

    @MainActor func testGolden() async {
        for dark in [false, true] {
            let host = TestHost(rootView: Cards().preferredColorScheme(dark ? .dark : .light), width: 800, height: 480)
            host.runFrame()
            GoldenImage.assertMatches(host.framebuffer, named: "ui-shadow-\(dark ? "dark" : "light")")
        }
    }

    /// The shadow cache (each group blurred whole, once) paints exactly what blurring over the repainted
    /// region at every repaint does: the goldens above are the same either way.
    @MainActor func testCachedShadowsPaintWhatUncachedOnesDo() async {
        for dark in [false, true] {
            let host = TestHost(rootView: Cards().preferredColorScheme(dark ? .dark : .light), width: 800, height: 480)
            host.runFrame()
            var painted: [PixelBuffer] = []
            for cached in [true, false] {
                let r = DisplayListRenderer(target: PixelBuffer(width: 800, height: 480, format: .xrgb8888))
                r.cachesShadows = cached
                r.render(host.displayList, background: host.background)
                painted.append(r.target)
            }
            XCTAssertEqual(GoldenImage.difference(painted[0], painted[1], over: 0).pixelsOver, 0)
            XCTAssertEqual(GoldenImage.difference(painted[0], host.framebuffer, over: 0).pixelsOver, 0)
        }
    }

    /// A view blurred opaque (pixels past its frame read as its edge pixels: SwiftUI's `opaque: true`)
    /// stays opaque to its edges and draws nothing outside its frame; the ordinary blur fades across them.
    struct OpaqueBlur: View {
        var body: some View {
            HStack(spacing: 40) {
                ForEach([false, true], id: \.self) { opaque in
                    VStack(spacing: 0) {
                        Color(red: 0.9, green: 0.2, blue: 0.3).frame(height: 40)
                        Color(red: 0.2, green: 0.5, blue: 0.9).frame(height: 40)
                    }
                    .frame(width: 80)
                    .blur(radius: 8, opaque: opaque)
                }
            }
            .frame(width: 300, height: 160)
            .background(Color.white)
        }
    }

    @MainActor func testAnOpaqueBlurStaysOpaqueAndInsideItsFrame() async {
        let host = TestHost(rootView: OpaqueBlur(), width: 300, height: 160)
        host.runFrame()
        // Fading: x 50...130; opaque: x 170...250; both y 40...120. Rows 40...52 and 108...120 are more than
        // the blur's reach from where red meets blue: blurred opaque, they keep the colour they have inside.
        let white = RGBA(red: 255, green: 255, blue: 255)
        let red = host.pixel(x: 210, y: 52), blue = host.pixel(x: 210, y: 108)
        XCTAssertGreaterThan(red.red, 200)
        XCTAssertLessThan(red.blue, 100)
        XCTAssertGreaterThan(blue.blue, 200)
        for (x, y) in [(170, 40), (249, 40), (210, 40), (170, 60), (249, 52)] {
            XCTAssertEqual(host.pixel(x: x, y: y), red, "(\(x), \(y)): red to the edge, not faded")
        }
        for (x, y) in [(170, 119), (249, 119), (210, 119), (170, 108)] {
            XCTAssertEqual(host.pixel(x: x, y: y), blue, "(\(x), \(y)): blue to the edge, not faded")
        }
        for (x, y) in [(169, 80), (250, 80), (210, 39), (210, 120)] {
            XCTAssertEqual(host.pixel(x: x, y: y), white, "(\(x), \(y)): nothing outside the frame")
        }
        XCTAssertNotEqual(host.pixel(x: 50, y: 52), host.pixel(x: 90, y: 52), "the ordinary blur fades at its edges")
        XCTAssertNotEqual(host.pixel(x: 45, y: 80), white, "and spreads past them")
        XCTAssertEqual(host.pixelsDifferingFromFullRepaint(), 0)
        GoldenImage.assertMatches(host.framebuffer, named: "ui-blur-opaque")
    }
}
