import XCTest
@testable import ScanoutRender
import ScanoutText
import GoldenImages

/// Foundation (through XCTest) has an `AffineTransform` too.
private typealias AffineTransform = ScanoutRaster.AffineTransform

/// Text under a rotation, mirror, shear or unequal scale turns with its transform (glyph outlines filled
/// through it), and damage tracking repaints all of it.
final class RotatedTextTests: XCTestCase, @unchecked Sendable {
    /// A label centred on `center` (its line box's centre), drawn under `transform` about that centre.
    struct Label {
        var text: String
        var size: Double = 24
        var center: Point
        var transform: ScanoutRaster.AffineTransform = .identity
    }

    @MainActor func list(_ labels: [Label], owner: UInt64 = 1) -> DisplayList {
        var list = DisplayList()
        for (i, l) in labels.enumerated() {
            list.currentOwner = owner + UInt64(i)
            let font = FontDescriptor(size: l.size)
            let m = TextEngine.shared.metrics(font), w = TextEngine.shared.width(of: l.text, font: font)
            let origin = Point(x: l.center.x - w / 2, y: l.center.y + (m.ascender + m.descender) / 2)
            let frame = Rect(x: origin.x, y: origin.y - m.ascender, width: w, height: m.ascender - m.descender)
            let about = AffineTransform(translationX: -l.center.x, y: -l.center.y).concatenating(l.transform)
                .concatenating(AffineTransform(translationX: l.center.x, y: l.center.y))
            list.append(.pushTransform(about))
            list.append(.text(TextRun(string: l.text, font: font, origin: origin, color: .black, frame: frame)))
            list.append(.pop)
        }
        return list
    }

    static func turn(_ degrees: Double) -> ScanoutRaster.AffineTransform { AffineTransform(rotationAngle: .degrees(degrees)) }

    /// (Drawn through the transform unless `caching` says otherwise: these tests are about text drawn through
    /// its transform; the damage test below also composites from cached bitmaps.)
    @MainActor func paint(_ list: DisplayList, width: Int = 240, height: Int = 240, scale: Double = 1,
                          caching: DisplayListRenderer.TransformedGroupCaching = .never) -> PixelBuffer {
        let r = DisplayListRenderer(target: PixelBuffer(width: width, height: height, format: .xrgb8888), scale: scale)
        r.transformedGroupCaching = caching
        r.render(list, background: .white)
        return r.target
    }

    /// Darkness per pixel (255 − green, black text on white) and the box of the pixels with any.
    func ink(_ b: PixelBuffer) -> (dark: [Int], box: IntRect?) {
        var dark: [Int] = []
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for y in 0..<b.height {
            for x in 0..<b.width {
                let d = 255 - Int(b.premultipliedPixel(x: x, y: y) >> 8 & 0xFF)
                dark.append(d)
                if d > 0 { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y) }
            }
        }
        return (dark, x1 >= x0 ? IntRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1) : nil)
    }

    @MainActor func testQuarterTurnStandsTheTextUp() async throws {
        let upright = try XCTUnwrap(ink(paint(list([Label(text: "IIIIIIIIII", center: Point(x: 120, y: 120))]))).box)
        XCTAssertGreaterThan(upright.width, 3 * upright.height, "upright: wide and short, \(upright)")

        let turned = try XCTUnwrap(ink(paint(list([Label(text: "IIIIIIIIII", center: Point(x: 120, y: 120),
                                                         transform: Self.turn(90))]))).box)
        XCTAssertGreaterThan(turned.height, 3 * turned.width, "turned: tall and narrow, \(turned)")
        // The same ink, turned about the centre: the boxes swap their sides.
        XCTAssertEqual(Double(turned.height), Double(upright.width), accuracy: 2)
        XCTAssertEqual(Double(turned.width), Double(upright.height), accuracy: 2)
        XCTAssertEqual(Double(turned.minY + turned.maxY) / 2, Double(upright.minX + upright.maxX) / 2, accuracy: 2)
    }

    /// A half turn about the image's centre puts each pixel's ink at the mirrored pixel through that centre.
    @MainActor func testHalfTurnMirrorsTheInkThroughTheCentre() async throws {
        let text = "Half turn, gyq!"
        let upright = ink(paint(list([Label(text: text, size: 22, center: Point(x: 120, y: 120))])))
        let turned = ink(paint(list([Label(text: text, size: 22, center: Point(x: 120, y: 120), transform: Self.turn(180))])))
        let u = try XCTUnwrap(upright.box), t = try XCTUnwrap(turned.box)
        XCTAssertEqual(Double(t.minX), Double(240 - u.maxX), accuracy: 1)
        XCTAssertEqual(Double(t.maxX), Double(240 - u.minX), accuracy: 1)
        XCTAssertEqual(Double(t.minY), Double(240 - u.maxY), accuracy: 1)
        XCTAssertEqual(Double(t.maxY), Double(240 - u.minY), accuracy: 1)
        var worst = 0, total = 0, mirroredTotal = 0
        for y in 0..<240 {
            for x in 0..<240 {
                let a = upright.dark[y * 240 + x], b = turned.dark[(239 - y) * 240 + (239 - x)]
                worst = max(worst, abs(a - b))
                total += a; mirroredTotal += b
            }
        }
        // Upright masks sit within 1/8 px of the exact pen on each axis: an edge pixel moves by up to ~1/4.
        XCTAssertLessThanOrEqual(worst, 72)
        XCTAssertEqual(Double(mirroredTotal), Double(total), accuracy: Double(total) * 0.005, "as much ink")
    }

    /// A turn of almost nothing goes through the outlines and draws what the upright masks draw.
    @MainActor func testAlmostNoTurnMatchesUprightText() async {
        let turn = Self.turn(1e-6)
        XCTAssertFalse(TextRenderer.drawsWithMasks(under: turn), "drawn through the outlines")
        for scale in [1.0, 2.0] {
            let labels = [Label(text: "Waves, AVATAR & jumpy", size: 17, center: Point(x: 120, y: 60)),
                          Label(text: "IIIII", size: 30, center: Point(x: 120, y: 150))]
            let upright = ink(paint(list(labels), scale: scale))
            let turned = ink(paint(list(labels.map { var l = $0; l.transform = turn; return l }), scale: scale))
            // Faint edge pixels may reach one pixel further either way.
            if let u = upright.box, let t = turned.box {
                for (a, b) in [(u.minX, t.minX), (u.minY, t.minY), (u.maxX, t.maxX), (u.maxY, t.maxY)] {
                    XCTAssertEqual(Double(a), Double(b), accuracy: 1, "@\(scale)x: \(u) against \(t)")
                }
            } else {
                XCTFail("no ink")
            }
            let worst = zip(upright.dark, turned.dark).map { abs($0 - $1) }.max()!
            XCTAssertLessThanOrEqual(worst, 72, "@\(scale)x")
            let a = upright.dark.reduce(0, +), b = turned.dark.reduce(0, +)
            XCTAssertEqual(Double(b), Double(a), accuracy: Double(a) * 0.005, "@\(scale)x")
        }
    }

    @MainActor func testUnequalScaleStretchesAndMirrorFlips() async throws {
        let upright = try XCTUnwrap(ink(paint(list([Label(text: "Stretch", center: Point(x: 120, y: 120))]))).box)
        let wide = try XCTUnwrap(ink(paint(list([Label(text: "Stretch", center: Point(x: 120, y: 120),
                                                       transform: AffineTransform(scaleX: 2, y: 1))]))).box)
        XCTAssertEqual(Double(wide.width), 2 * Double(upright.width), accuracy: 3)
        XCTAssertEqual(wide.height, upright.height)
        let flipped = try XCTUnwrap(ink(paint(list([Label(text: "Stretch", center: Point(x: 120, y: 120),
                                                          transform: AffineTransform(scaleX: 1, y: -1))]))).box)
        XCTAssertEqual(Double(flipped.minY), Double(240 - upright.maxY), accuracy: 1, "upside down about y = 120")
        XCTAssertEqual(flipped.width, upright.width)
    }

    /// Frames of text turning, changing and going, composited by damage (and by bands into display buffers by
    /// buffer age): every changed pixel is inside the damage, and every frame equals a full repaint.
    @MainActor func testDamageCoversTurnedTextAndEqualsAFullRepaint() async {
        let c = Point(x: 120, y: 120)
        let frames: [[Label]] = [
            [],
            [Label(text: "Turning text", center: c, transform: Self.turn(90))],
            [Label(text: "Turning text", center: c, transform: Self.turn(60))],
            [Label(text: "Turning texts!", center: c, transform: Self.turn(60))],
            [Label(text: "Turning texts!", center: c, transform: Self.turn(200).scaledBy(x: 1.5, y: 1))],
            [Label(text: "Turning texts!", center: c, transform: Self.turn(200).scaledBy(x: 1.5, y: 1)),
             Label(text: "sheared", size: 30, center: Point(x: 60, y: 40), transform: AffineTransform(a: 1, b: 0.4, c: -0.5, d: 1, tx: 0, ty: 0))],
            [Label(text: "sheared", size: 30, center: Point(x: 60, y: 40), transform: AffineTransform(a: 1, b: 0.4, c: -0.5, d: 1, tx: 0, ty: 0))],
            [],
        ]
        // Drawn through the transform, and composited from cached bitmaps: the full repaint each frame is
        // compared with is made the same way, by a renderer made afresh.
        for caching in [DisplayListRenderer.TransformedGroupCaching.never, .groupsWithTurnedText, .automatic] {
            let compositor = FrameCompositor(width: 240, height: 240)
            let banded = FrameCompositor(width: 240, height: 240)
            banded.bandBytes = 240 * 4 * 8  // bands of 8 rows, so glyphs straddle bands
            compositor.transformedGroupCaching = caching
            banded.transformedGroupCaching = caching
            let buffers = (0..<3).map { _ in PixelBuffer(width: 240, height: 240, format: .xrgb8888) }
            var lastDrawn = [Int?](repeating: nil, count: 3)
            var previous = paint(DisplayList(), caching: caching)
            for (n, labels) in frames.enumerated() {
                let l = list(labels)
                let full = paint(l, caching: caching)
                let damage = compositor.render(l, background: .white)
                var outside = 0, changed = 0
                for y in 0..<240 {
                    for x in 0..<240 where full.premultipliedPixel(x: x, y: y) != previous.premultipliedPixel(x: x, y: y) {
                        changed += 1
                        if !damage.rects.contains(where: { $0.minX <= x && x < $0.maxX && $0.minY <= y && y < $0.maxY }) { outside += 1 }
                    }
                }
                if n > 0 { XCTAssertGreaterThan(changed, 100, "\(caching) frame \(n) changes the picture") }
                XCTAssertEqual(outside, 0, "\(caching) frame \(n): \(outside) changed pixels outside the damage \(damage)")
                XCTAssertEqual(GoldenImage.difference(compositor.composition, full, over: 0).pixelsOver, 0,
                               "\(caching) frame \(n): incremental equals full repaint")

                let b = n % 3
                let age = lastDrawn[b].map { n - $0 } ?? 0
                banded.render(l, background: .white, into: buffers[b], age: age)
                lastDrawn[b] = n
                XCTAssertEqual(GoldenImage.difference(buffers[b], full, over: 0).pixelsOver, 0,
                               "\(caching) frame \(n): banded by buffer age equals full repaint")
                previous = full
            }
        }
    }

    /// Labels at several angles, mirrored, sheared and stretched, at 1x and 2x.
    @MainActor func testRotatedTextSheet() async {
        func sheet(_ scale: Double) -> DisplayList {
            let shear = AffineTransform(a: 1, b: 0, c: -0.3, d: 1, tx: 0, ty: 0)
            var labels = [Label(text: "Upright", size: 18, center: Point(x: 70, y: 25)),
                          Label(text: "Mirrored", size: 18, center: Point(x: 190, y: 25), transform: AffineTransform(scaleX: -1, y: 1)),
                          Label(text: "Slanted", size: 18, center: Point(x: 310, y: 25), transform: shear),
                          Label(text: "Wide", size: 14, center: Point(x: 90, y: 265), transform: AffineTransform(scaleX: 2.5, y: 1)),
                          Label(text: "Tall", size: 14, center: Point(x: 220, y: 262), transform: AffineTransform(scaleX: 1, y: 2))]
            for (degrees, x, y) in [(15.0, 70.0, 90.0), (45, 200, 100), (-30, 70, 180), (180, 200, 190), (90, 310, 160), (270, 360, 160)] {
                labels.append(Label(text: "\(Int(degrees))° Rotated", size: 16, center: Point(x: x, y: y), transform: Self.turn(degrees)))
            }
            return list(labels)
        }
        GoldenImage.assertMatches(paint(sheet(1), width: 400, height: 300), named: "render-rotated-text")
        GoldenImage.assertMatches(paint(sheet(2), width: 800, height: 600, scale: 2), named: "render-rotated-text-2x")
    }
}
