import GoldenImages
import Testing
import ScanoutRaster
@testable import ScanoutRender

/// A large repaint painted by several threads, in bands, is the frame one thread paints, pixel for pixel:
/// random scenes of everything a display list holds (text, shadows and blurs crossing band edges, gradients,
/// images, clips by shape, opacity groups, rotated groups with text), at 1 to 4 threads, then damage frames
/// on top (painted by the main renderer with the shadows the helpers blurred).
@Suite @MainActor struct ParallelRepaintTests {
    typealias Random = SeededRandom

    static let width = 320, height = 240

    static let image: ImageContent = {
        let pixels = PixelBuffer(width: 24, height: 16, format: .argb8888)
        for y in 0..<16 {
            for x in 0..<24 {
                let a = UInt32(120 + x * 5)  // premultiplied
                pixels.setPremultipliedPixel(x: x, y: y, a << 24 | UInt32(x * 10) * a / 255 << 16 | UInt32(y * 15) * a / 255 << 8 | 200 * a / 255)
            }
        }
        return ImageContent(pixels)
    }()

    func color(_ r: inout Random, alpha: UInt8? = nil) -> RGBA {
        RGBA(red: UInt8(r.int(256)), green: UInt8(r.int(256)), blue: UInt8(r.int(256)), alpha: alpha ?? UInt8(60 + r.int(196)))
    }

    /// A scene of `count` random elements; `changed` alters the element at that index (a damage frame).
    func scene(seed: UInt64, count: Int = 24, changed: Int? = nil) -> DisplayList {
        var l = DisplayList()
        var r = Random(seed: seed)
        l.currentOwner = 1
        l.append(.fill(Path(Rect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height))),
                       .linearGradient(LinearGradient(gradient: Gradient(colors: [color(&r, alpha: 255), color(&r, alpha: 255)]),
                                                      startPoint: Point(x: 0, y: 0), endPoint: Point(x: 0, y: Double(Self.height)))),
                       FillStyle()))
        for i in 0..<count {
            l.currentOwner = UInt64(10 + i)
            var e = Random(seed: seed &* 31 &+ UInt64(i) &+ (changed == i ? 7777 : 0))
            let x = e.double(-20...Double(Self.width)), y = e.double(-20...Double(Self.height))
            let w = e.double(10...160), h = e.double(10...120)
            let frame = Rect(x: x, y: y, width: w, height: h)
            switch e.int(9) {
            case 0:
                l.append(.pushShadow(Shadow(color: RGBA(red: 0, green: 0, blue: 0, alpha: 140), radius: e.double(2...12),
                                            offset: Point(x: e.double(-4...4), y: e.double(0...8)))))
                l.append(.fill(Path(roundedRect: frame, cornerRadius: 10), .solid(color(&e, alpha: 255)), FillStyle()))
                l.append(.pop)
            case 1:
                l.append(.text(TextRun(string: "Band \(i) ÅÉ 0.5", font: FontDescriptor(size: e.double(9...30), weight: e.chance(0.5) ? .bold : .regular),
                                       origin: Point(x: x, y: y + 20), color: color(&e, alpha: 255), frame: frame)))
            case 2:
                l.append(.pushBlur(Blur(radius: e.double(1...6))))
                l.append(.fill(Path(ellipseIn: frame), .solid(color(&e)), FillStyle()))
                l.append(.pop)
            case 3:
                l.append(.pushOpacity(e.double(0.2...0.9)))
                l.append(.fill(Path(frame), .solid(color(&e, alpha: 255)), FillStyle()))
                l.append(.stroke(Path(ellipseIn: frame), .solid(color(&e, alpha: 255)), StrokeStyle(lineWidth: 3)))
                l.append(.pop)
            case 4:
                l.append(.pushClipShape(Path(ellipseIn: frame)))
                l.append(.image(Self.image, frame, e.chance(0.5) ? .bilinear : .nearest))
                l.append(.pop)
            case 5:
                l.append(.pushTransform(AffineTransform(translationX: x, y: y).concatenating(AffineTransform(rotationAngle: .radians(e.double(-1...1))))))
                l.append(.text(TextRun(string: "turned \(i)", font: FontDescriptor(size: 14), origin: Point(x: 0, y: 0),
                                       color: color(&e, alpha: 255), frame: Rect(x: 0, y: -14, width: 80, height: 18))))
                l.append(.fill(Path(Rect(x: 0, y: 4, width: 60, height: 3)), .solid(color(&e)), FillStyle()))
                l.append(.pop)
            case 6:
                let line = Path { p in
                    p.move(to: Point(x: x, y: y))
                    p.addLine(to: Point(x: x + w, y: y + h * 2))
                    p.addLine(to: Point(x: x - w / 2, y: y + h))
                }
                l.append(.stroke(line, .solid(color(&e)), StrokeStyle(lineWidth: e.double(1...9))))
            case 7:
                l.append(.pushClip(frame))
                l.append(.fill(Path(ellipseIn: Rect(x: x - 20, y: y - 20, width: w + 40, height: h + 40)),
                               .radialGradient(RadialGradient(gradient: Gradient(colors: [color(&e), color(&e)]),
                                                              center: Point(x: x + w / 2, y: y + h / 2), endRadius: max(w, h))),
                               FillStyle()))
                l.append(.pop)
            default:
                l.append(.fill(Path(roundedRect: frame, cornerRadius: e.double(0...20)), .solid(color(&e)), FillStyle()))
            }
        }
        return l
    }

    /// A compositor with a text engine of its own: its glyphs are rasterized as its bands first need them
    /// (outside the engine's lock), not found in the cache another compositor filled.
    func compositor(threads: Int) -> FrameCompositor {
        let c = FrameCompositor(width: Self.width, height: Self.height, text: TextEngine())
        c.renderThreads = threads
        c.parallelArea = 1  // every repaint in bands (the scene is small, and quick)
        c.parallelMinimumTime = 0
        return c
    }

    func expectSame(_ a: PixelBuffer, _ b: PixelBuffer, _ what: String) {
        let d = GoldenImage.difference(a, b, over: 0)
        #expect(d.maxDelta == 0, "\(what): \(d.pixelsOver) pixels differ, by up to \(d.maxDelta)")
    }

    @Test(arguments: [2, 3, 4])
    func bandsPaintWhatOneThreadPaints(threads: Int) {
        for seed in UInt64(1)...12 {
            let single = compositor(threads: 1)
            let parallel = compositor(threads: threads)
            let background = RGBA(red: 250, green: 250, blue: 250)
            for frame in 0..<4 {
                // Frames 1 and 2 change one element (damage frames, painted in bands too at this threshold);
                // frame 3 repaints everything again.
                let list = scene(seed: seed, changed: frame == 0 || frame == 3 ? nil : frame * 5)
                if frame == 3 { single.invalidateAll(); parallel.invalidateAll() }
                single.render(list, background: background)
                parallel.render(list, background: background)
                expectSame(parallel.composition, single.composition, "seed \(seed), \(threads) threads, frame \(frame)")
            }
            #expect(parallel.parallelRepaints == 4)
            #expect(single.parallelRepaints == 0)
        }
        #expect(RenderWorkers.shared.startedThreads >= 1)
    }

    /// The bands' renderers share one shadow cache: a shadow crossing bands is blurred once, and a repaint by
    /// one thread afterwards blurs none of them again.
    @Test func bandsBlurEachShadowOnceAndKeepIt() {
        var l = DisplayList()
        l.currentOwner = 1
        for i in 0..<4 {
            l.currentOwner = UInt64(2 + i)
            l.append(.pushShadow(Shadow(color: RGBA(red: 0, green: 0, blue: 0, alpha: 120), radius: 6, offset: Point(x: 0, y: 3))))
            l.append(.fill(Path(roundedRect: Rect(x: 20, y: 10 + Double(i) * 58, width: 280, height: 40), cornerRadius: 8),
                           .solid(RGBA(red: 255, green: 255, blue: 255)), FillStyle()))
            l.append(.pop)
        }
        let c = compositor(threads: 4)
        c.render(l, background: RGBA(red: 230, green: 230, blue: 230))
        #expect(c.parallelRepaints == 1)
        #expect(c.shadowBuilds == 4)
        #expect(c.privateFrameRenderer.cachedShadows == 4)
        // Everything again, on one thread now: every shadow comes from the main renderer's cache.
        c.renderThreads = 1
        c.invalidateAll()
        c.render(l, background: RGBA(red: 230, green: 230, blue: 230))
        #expect(c.shadowBuilds == 4)
    }

    /// Which large repaints go to bands: the first, and those after a large repaint that took long enough on
    /// one thread (or half of that in bands); never while sliding panels are copied from bitmaps, nor with
    /// one thread.
    @Test func bandsAreForRepaintsWorthThem() {
        let c = FrameCompositor(width: Self.width, height: Self.height)
        c.renderThreads = 2
        #expect(c.paintsInBands)
        c.lastLargeRepaint = (0.5, false)
        #expect(!c.paintsInBands)
        c.lastLargeRepaint = (2.5, false)
        #expect(c.paintsInBands)
        c.lastLargeRepaint = (1.2, true)
        #expect(c.paintsInBands)
        c.lastLargeRepaint = (0.6, true)
        #expect(!c.paintsInBands)
        c.lastLargeRepaint = nil
        c.renderThreads = 1
        #expect(!c.paintsInBands)
    }

    /// A helper (no panel caching) that draws an opaque panel between whole pixels — a screen mid-slide —
    /// says so, and the next repaints are the main renderer's (which copies a sliding panel from its bitmap),
    /// until the panels' bitmaps are let go at the slide's end. Without it, a slide whose panel the helpers
    /// happened to take was drawn in bands frame after frame (seen in a loaded CI run: no copy in a whole slide).
    @Test func aPanelDrawnByAHelperKeepsTheSlideOnTheMainRenderer() {
        var list = DisplayList()
        list.append(.pushTransform(AffineTransform(translationX: 10.5, y: 0)))
        var cover = Path()
        cover.addRect(Rect(x: 0, y: 0, width: 300, height: 230))
        list.append(.fill(cover, .solid(RGBA(red: 240, green: 240, blue: 245)), FillStyle()))
        list.append(.pop)
        let helper = DisplayListRenderer(target: PixelBuffer(width: Self.width, height: Self.height), scale: 1, text: TextEngine())
        helper.cachesSlidingPanels = false
        helper.render(list, background: .black)
        #expect(helper.drewPanelsDirectly, "a panel mid-slide drawn without its bitmap")
        let atRest = DisplayListRenderer(target: PixelBuffer(width: Self.width, height: Self.height), scale: 1, text: TextEngine())
        atRest.cachesSlidingPanels = false
        var whole = DisplayList()
        whole.append(.pushTransform(AffineTransform(translationX: 10, y: 0)))
        whole.append(.fill(cover, .solid(RGBA(red: 240, green: 240, blue: 245)), FillStyle()))
        whole.append(.pop)
        atRest.render(whole, background: .black)
        #expect(!atRest.drewPanelsDirectly, "a panel on whole pixels is at rest")

        let c = FrameCompositor(width: Self.width, height: Self.height)
        c.renderThreads = 2
        c.parallelMinimumTime = 0
        #expect(c.paintsInBands)
        c.helpersDrewSlidingPanels = true
        #expect(!c.paintsInBands)
        c.releaseSlidingPanelBitmaps()
        #expect(c.paintsInBands)
    }

    /// Geometry warnings met by helpers are told on the calling thread, as one thread tells them: once per
    /// item and reason.
    @Test func helpersGeometryWarningsAreTold() {
        var l = DisplayList()
        l.append(.fill(Path(Rect(x: 0, y: 0, width: 320, height: 240)), .solid(.white), FillStyle()))
        for y in stride(from: 10.0, to: 240, by: 40) {
            l.append(.pushTransform(AffineTransform(a: 1, b: 1, c: 1, d: 1, tx: 0, ty: y)))
            l.append(.stroke(Path(Rect(x: 2, y: 2, width: 300, height: 8)), .solid(.black), StrokeStyle(lineWidth: 2)))
            l.append(.pop)
        }
        func warnings(threads: Int) -> [String] {
            let c = compositor(threads: threads)
            var told: [String] = []
            c.geometryWarning = { told.append("\($0) at \($1)") }
            for _ in 0..<2 { c.invalidateAll(); c.render(l, background: .clear) }
            return told
        }
        let serial = warnings(threads: 1)
        #expect(!serial.isEmpty)
        #expect(warnings(threads: 4).sorted() == serial.sorted())
    }
}
