import GoldenImages
import Testing
import ScanoutPlatform
import ScanoutRaster
@testable import ScanoutRender
import ScanoutTesting
@testable import ScanoutUI

/// Sliding panels copied from bitmaps (`PanelCache`), repaints starting at the topmost opaque cover, and a
/// one-shape opacity group drawn without a layer: each frame of a push, a pop and a sheet equals the same
/// frame painted whole by a renderer that does none of it.
@Suite @MainActor struct SlidingPanelTests {
    @Observable @MainActor final class Flow {
        var taps = 0
    }

    struct Screen: View {
        let title: String
        var body: some View {
            List {
                Section("Line \(title)") {
                    ForEach(0..<12, id: \.self) { i in
                        HStack {
                            Label("Sensor \(i)", systemImage: "thermometer")
                            Spacer()
                            Text("\(20 + i).5 °C").foregroundStyle(.secondary)
                        }
                    }
                }
            }
            .navigationTitle(title)
        }
    }

    struct Pushing: View {
        let flow: Flow
        let startPushed: Bool
        @State private var path: [Int] = []
        var body: some View {
            NavigationStack(path: $path) {
                Screen(title: "Overview")
                    .navigationDestination(for: Int.self) { Screen(title: "Detail \($0)") }
            }
            .onAppear { if startPushed { path = [1] } }
            .onChange(of: flow.taps) { withAnimation(.easeOut(duration: 0.3)) { if path.isEmpty { path = [1] } else { path = [] } } }
        }
    }

    /// A pushing stack under things drawn over the sliding screen: a translucent button, a badge in an
    /// opacity group (a layer), a shadowed card.
    struct Overlaid: View {
        let flow: Flow
        var body: some View {
            Pushing(flow: flow, startPushed: false)
                .overlay(alignment: .bottomTrailing) {
                    Circle().fill(.blue.opacity(0.5)).frame(width: 60, height: 60).padding(20)
                }
                .overlay(alignment: .center) {
                    Text("Badge").padding(8).background(.red).opacity(0.6)
                }
                .overlay(alignment: .topTrailing) {
                    RoundedRectangle(cornerRadius: 8).fill(.white).frame(width: 80, height: 40).shadow(radius: 6).padding(60)
                }
        }
    }

    struct Paging: View {
        let flow: Flow
        @State private var page = 0
        var body: some View {
            TabView(selection: $page) {
                ForEach(0..<3, id: \.self) { i in Screen(title: "Page \(i)").tag(i) }
            }
            .tabViewStyle(.page)
            .onChange(of: flow.taps) { withAnimation(.easeOut(duration: 0.3)) { page = 1 } }
        }
    }

    struct Presenting: View {
        let flow: Flow
        @State private var shown = false
        var body: some View {
            NavigationStack { Screen(title: "Overview") }
                .sheet(isPresented: $shown) { Screen(title: "Settings") }
                .onChange(of: flow.taps) { shown = true }
        }
    }

    /// Expects `a` to equal `b` (a whole repaint): pixel for pixel, except that where a slanted edge crosses the
    /// screen's side a pixel next to it may differ by one level (the rasterizer cuts segments at the target's
    /// side, and a panel's bitmap is wider than what shows of it), in a handful of pixels at most.
    func expectSame(_ a: PixelBuffer, _ b: PixelBuffer, _ what: String) {
        let d = GoldenImage.difference(a, b, over: 0)
        #expect(d.maxDelta <= 1 && d.pixelsOver <= 16, "\(what) equals a whole repaint (\(d.pixelsOver) pixels differ, by up to \(d.maxDelta))")
        let middle = (0..<a.height).allSatisfy { y in
            (4..<(a.width - 4)).allSatisfy { x in a.premultipliedPixel(x: x, y: y) == b.premultipliedPixel(x: x, y: y) }
        }
        #expect(middle, "\(what) differs away from the screen's sides")
    }

    /// Expects the frame `host` shows on its 320x480 panel turned by `rotation` to equal a whole repaint of its
    /// display list (by a compositor that keeps no bitmaps) copied through the rotation.
    func expectShownEqualsAWholeRepaint(_ host: TestHost, rotation: DisplayRotation, _ what: String) {
        let shown = host.framebuffer
        let whole = FrameCompositor(width: host.compositor.frame.width, height: host.compositor.frame.height)
        whole.cachesSlidingPanels = false
        whole.render(host.displayList, background: host.background)
        let turned = PixelBuffer(width: shown.width, height: shown.height, format: shown.format)
        try? DisplayTransform(panelWidth: 320, panelHeight: 480, rotation: rotation).copy(whole.composition, to: turned)
        expectSame(shown, turned, what)
    }

    /// Runs the tap's animation frame by frame into a compositor that keeps everything it can (and presents
    /// into `buffering` display buffers by age, the sliding panel's pixels straight from its bitmap), checking
    /// each presented buffer against a whole repaint by a fresh compositor with panel caching off, and the
    /// private frame (complete once read) every seventh frame — so deferred copies live on across frames in
    /// the others. Returns the caching compositor (for its counters). It may paint in bands on two threads,
    /// however quick the repaint (see `FrameCompositor.paintsInBands`).
    /// `animatedFrame` is told the caching compositor after each animated frame.
    func slide<V: View>(_ root: (Flow) -> V, width: Int = 480, height: Int = 320, buffering: Int = 2,
                        animatedFrame: (FrameCompositor) -> Void = { _ in }) -> FrameCompositor {
        let flow = Flow()
        let host = ViewHost(rootView: root(flow), size: CGSize(width: CGFloat(width), height: CGFloat(height)))
        let kept = FrameCompositor(width: width, height: height)
        kept.renderThreads = 2
        kept.parallelMinimumTime = 0
        let buffers = (0..<buffering).map { _ in PixelBuffer(width: width, height: height) }
        var drawn = Array(repeating: -1, count: buffering)
        var time = 1.0
        var frame = 0
        var animatedFrames = 0
        func step() {
            host.advanceTime(to: time)
            _ = host.update()
            host.layout()
            let list = host.makeDisplayList()
            kept.render(list, background: .white)
            let b = frame % buffering
            kept.present(into: buffers[b], age: drawn[b] < 0 ? 0 : frame - drawn[b])
            drawn[b] = frame
            let whole = FrameCompositor(width: width, height: height)
            whole.cachesSlidingPanels = false
            whole.render(list, background: .white)
            expectSame(buffers[b], whole.composition, "frame \(frame): the display buffer")
            if frame % 7 == 6 { expectSame(kept.composition, whole.composition, "frame \(frame): the kept frame") }
            frame += 1
            time += 1.0 / 60
        }
        for _ in 0..<3 { step() }
        flow.taps += 1
        repeat {
            step()
            animatedFrames += 1
            animatedFrame(kept)
        } while host.isAnimating && animatedFrames < 200
        #expect(animatedFrames > 10, "the change animates")
        step()
        expectSame(kept.composition, whole(), "the kept frame at the end")
        return kept

        func whole() -> PixelBuffer {
            let c = FrameCompositor(width: width, height: height)
            c.cachesSlidingPanels = false
            c.render(host.makeDisplayList(), background: .white)
            return c.composition
        }
    }

    @Test func aPushedScreenSlidesInFromItsBitmapAndEqualsDrawingIt() {
        let r = slide { Pushing(flow: $0, startPushed: false) }.privateFrameRenderer
        #expect(r.panelBuilds >= 1)
        #expect(r.panelCopies > 10, "the sliding screen is copied, not drawn, in most frames")
        #expect(r.panelBuilds <= 2, "drawn once for the slide (and at most once more when its bar's title settles)")
    }

    @Test func aPoppedScreenSlidesOutFromItsBitmapAndEqualsDrawingIt() {
        let r = slide { Pushing(flow: $0, startPushed: true) }.privateFrameRenderer
        #expect(r.panelBuilds >= 1)
        #expect(r.panelCopies > 10)
    }

    @Test func aSheetRisesOverItsDimmedPresenterAndEqualsDrawingIt() {
        let r = slide { Presenting(flow: $0) }.privateFrameRenderer
        #expect(r.panelCopies > 10)
    }

    /// A rising sheet is copied from its bitmap already while it covers little of the screen — its panel is
    /// where repainting starts within its pixels once they are an eighth of the repainted region (see
    /// `DamageTracker.cover`; it was half, and until then the sheet was drawn again at every frame) — and from
    /// then on at every frame until it comes to rest.
    @Test func aRisingSheetIsCopiedFromItsBitmapWhileItCoversLittleOfTheScreen() {
        var copied = [0]  // pixels copied from panel bitmaps so far, after each animated frame
        _ = slide({ Presenting(flow: $0) }) { kept in copied.append(kept.privateFrameRenderer.panelCopiedPixels) }
        let perFrame = (1..<copied.count).map { copied[$0] - copied[$0 - 1] }
        guard let first = perFrame.firstIndex(where: { $0 > 0 }) else {
            Issue.record("the sheet is never copied from its bitmap: \(perFrame)")
            return
        }
        #expect(perFrame[first] < 480 * 320 / 2, "first copied while it covers less than half the screen: \(perFrame)")
        #expect(perFrame[first..<(perFrame.count - 1)].allSatisfy { $0 > 0 }, "then copied at every frame until the last: \(perFrame)")
    }

    /// A paged `TabView`'s pages slide as groups of their own: each is copied from its bitmap, under the index
    /// dots drawn over them.
    @Test func pagesSlideFromTheirBitmapsAndEqualDrawingThem() {
        let r = slide { Paging(flow: $0) }.privateFrameRenderer
        #expect(r.panelBuilds >= 2, "both pages on screen are drawn into bitmaps")
        #expect(r.panelCopies > 20, "and copied in most frames")
    }

    /// What is drawn over a sliding screen is drawn over its pixels: they are copied into the private frame
    /// there first (the rest of the screen goes from its bitmap to the display buffer).
    @Test func aSlideUnderOverlaysEqualsDrawingIt() {
        let kept = slide { Overlaid(flow: $0) }
        #expect(kept.privateFrameRenderer.panelCopies > 10)
    }

    /// With three display buffers a buffer lacks the last three frames' damage: pieces of it that only older
    /// frames repainted still come from the bitmaps their copies were deferred to.
    @Test(arguments: [false, true]) func aSlidePresentedIntoThreeBuffersEqualsDrawingIt(popping: Bool) {
        let kept = slide({ Pushing(flow: $0, startPushed: popping) }, buffering: 3)
        #expect(kept.privateFrameRenderer.panelCopies > 10)
    }

    /// A sliding screen's pixels go from its bitmap to the display buffer once: the private frame is not
    /// written under it (it is brought up to date only when read, or where something is drawn over it).
    @Test func aSlidingScreenIsCopiedOnceIntoTheDisplayBuffer() {
        let flow = Flow()
        let host = ViewHost(rootView: Pushing(flow: flow, startPushed: false), size: CGSize(width: 480, height: 320))
        let compositor = FrameCompositor(width: 480, height: 320)
        compositor.renderThreads = 1
        var time = 1.0
        func frame() {
            host.advanceTime(to: time)
            _ = host.update(); host.layout()
            compositor.render(host.makeDisplayList(), background: .white)
            time += 1.0 / 60
        }
        frame()
        flow.taps += 1
        for _ in 0..<6 { frame() }
        let frameBefore = PixelBuffer(width: 480, height: 320)
        frameBefore.copy(frameBefore.bounds, from: compositor.frame)
        frame()
        var fromBitmaps = 0
        compositor.sources(of: compositor.frame.bounds) { piece, source, _, _, _ in
            if source !== compositor.frame { fromBitmaps += piece.width * piece.height }
        }
        #expect(fromBitmaps > 480 * 320 / 4, "the sliding screen's pixels come from its bitmap (\(fromBitmaps) px)")
        // Where they do, the private frame was not written this frame.
        var untouched = true
        compositor.sources(of: compositor.frame.bounds) { piece, source, _, _, _ in
            guard source !== compositor.frame else { return }
            for y in piece.minY..<piece.maxY where untouched {
                for x in piece.minX..<piece.maxX where compositor.frame.premultipliedPixel(x: x, y: y) != frameBefore.premultipliedPixel(x: x, y: y) {
                    untouched = false
                }
            }
        }
        #expect(untouched)
    }

    /// Through the app's frame pipeline on a panel mounted turned, the display buffers (presented by age, the
    /// sliding screen's pieces copied through the rotation from its bitmap) show what a whole repaint shows.
    @Test(arguments: [DisplayRotation.degrees90, .degrees180, .degrees270])
    func aSlideOnATurnedPanelEqualsDrawingIt(rotation: DisplayRotation) {
        let flow = Flow()
        let host = TestHost(rootView: Pushing(flow: flow, startPushed: false), width: 320, height: 480, rotation: rotation)
        host.runFrame()
        flow.taps += 1
        var copiesBefore = host.compositor.privateFrameRenderer.panelCopies
        for i in 0..<12 {
            host.advance(seconds: 1.0 / 60)
            expectShownEqualsAWholeRepaint(host, rotation: rotation, "frame \(i) at \(rotation)")
        }
        copiesBefore = host.compositor.privateFrameRenderer.panelCopies - copiesBefore
        #expect(copiesBefore > 6, "the screen slid from its bitmap (\(copiesBefore) copies)")
    }

    /// A sheet rising over a gradient (which cannot be drawn in dimmed colours): while its scrim fades, the
    /// picture under it is copied from a bitmap with the scrim blended over it on the way to the display buffer,
    /// through the panel's rotation (`DimmedBackdrop`) — each frame what a whole repaint shows.
    /// (`alert`: an alert instead, its card scaling in over the fading scrim.)
    struct GradientUnderASheet: View {
        let flow: Flow
        var alert = false
        @State private var shown = false
        @State private var alertShown = false
        var body: some View {
            ZStack {
                LinearGradient(colors: [.orange, .purple], startPoint: .topLeading, endPoint: .bottomTrailing)
                Text("Line 4").font(.title).foregroundStyle(.white)
            }
            .sheet(isPresented: $shown) { Text("Settings") }
            .alert("Pump stopped", isPresented: $alertShown) { Button("OK") {} }
            .onChange(of: flow.taps) { if alert { alertShown = true } else { shown = true } }
        }
    }

    @Test(arguments: [(DisplayRotation.degrees0, false), (.degrees90, false), (.degrees90, true)])
    func aSheetOverAGradientOnATurnedPanelEqualsDrawingIt(rotation: DisplayRotation, alert: Bool) {
        let flow = Flow()
        let host = TestHost(rootView: GradientUnderASheet(flow: flow, alert: alert), width: 320, height: 480, rotation: rotation)
        host.runFrame()
        flow.taps += 1
        for i in 0..<12 {
            host.advance(seconds: 1.0 / 60)
            expectShownEqualsAWholeRepaint(host, rotation: rotation, "frame \(i) at \(rotation)")
        }
        #expect(host.compositor.privateFrameRenderer.backdropBuilds >= 1, "the picture under the scrim was kept in a bitmap")
    }

    /// A slide's frames are whole-screen repaints, but they copy the sliding screen from the main renderer's
    /// bitmap: they are not painted in bands (the helpers would draw the screen instead), except before the
    /// bitmap exists.
    @Test func aSlideIsNotPaintedInBands() {
        let kept = slide { Pushing(flow: $0, startPushed: false) }
        #expect(kept.privateFrameRenderer.panelCopies > 10)
        #expect(kept.parallelRepaints <= 4, "\(kept.parallelRepaints) frames painted in bands")
    }

    @Test func aPanelAtRestKeepsNoBitmap() {
        let flow = Flow()
        let host = TestHost(rootView: Pushing(flow: flow, startPushed: false), width: 480, height: 320)
        host.runFrame()
        flow.taps += 1
        host.runFrame(); host.runFrame(); host.runFrame()
        #expect(host.compositor.privateFrameRenderer.panelCacheBytes > 0, "a sliding screen keeps its bitmap")
        host.advance(seconds: 1)
        #expect(host.compositor.privateFrameRenderer.panelCacheBytes == 0, "the screen at rest lets it go")
    }
}

extension Rect {
    var innerIntRectForTest: IntRect { innerIntRect }
}

/// The shapes whose fill hides what is under it.
@Suite struct OpaqueInteriorTests {
    @Test func aRectangleIsItsOwnInterior() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(Path(r).isRectangle)
        #expect(Path(r).opaqueInterior == r)
    }

    @Test func aRoundedRectangleKeepsTheBandBetweenItsCorners() {
        let wide = Path(roundedRect: Rect(x: 0, y: 0, width: 200, height: 100), cornerRadius: 10)
        #expect(!wide.isRectangle)
        // The larger band: 180 x 100 between the left and right corners, over 200 x 80 between top and bottom.
        #expect(wide.opaqueInterior == Rect(x: 10, y: 0, width: 180, height: 100))
        let tall = Path(roundedRect: Rect(x: 0, y: 0, width: 50, height: 300), cornerRadius: 10)
        let band = tall.opaqueInterior
        #expect(band?.innerIntRectForTest == IntRect(x: 0, y: 10, width: 50, height: 280))
    }

    @Test func otherShapesHaveNone() {
        #expect(Path(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 100)).opaqueInterior == nil)
        let triangle = Path { p in
            p.move(to: Point(x: 0, y: 0)); p.addLine(to: Point(x: 10, y: 0)); p.addLine(to: Point(x: 0, y: 10)); p.closeSubpath()
        }
        #expect(triangle.opaqueInterior == nil)
        let skewed = Path { p in
            p.move(to: Point(x: 0, y: 0)); p.addLine(to: Point(x: 10, y: 1)); p.addLine(to: Point(x: 10, y: 10))
            p.addLine(to: Point(x: 0, y: 10)); p.closeSubpath()
        }
        #expect(skewed.opaqueInterior == nil)
    }
}
