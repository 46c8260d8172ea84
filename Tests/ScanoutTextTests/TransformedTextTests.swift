import ScanoutRaster
import ScanoutText
import XCTest

/// Text drawn through a transform: glyph outlines filled as paths, so glyphs turn, mirror and shear.
final class TransformedTextTests: XCTestCase {
    private var font: Font!
    private let black = RGBA(red: 0, green: 0, blue: 0)

    override func setUpWithError() throws {
        font = try Font.default()
    }

    private func canvas() -> Canvas { Canvas(target: PixelBuffer(width: 200, height: 60)) }

    /// Ink per pixel (alpha of black on transparent), and its bounding box.
    private func ink(_ b: PixelBuffer) -> (alpha: [Int], box: IntRect?, sum: Int) {
        var alpha: [Int] = [], sum = 0
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for y in 0..<b.height {
            for x in 0..<b.width {
                let a = Int(b.premultipliedPixel(x: x, y: y) >> 24)
                alpha.append(a)
                sum += a
                if a > 0 { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y) }
            }
        }
        return (alpha, x1 >= x0 ? IntRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1) : nil, sum)
    }

    func testMaskRuleIsOnlyForUprightUniformScales() {
        XCTAssertTrue(TextRenderer.drawsWithMasks(under: .identity))
        XCTAssertTrue(TextRenderer.drawsWithMasks(under: AffineTransform(scaleX: 2, y: 2).translatedBy(x: 3.5, y: -7)))
        XCTAssertFalse(TextRenderer.drawsWithMasks(under: AffineTransform(rotationAngle: .degrees(90))))
        XCTAssertFalse(TextRenderer.drawsWithMasks(under: AffineTransform(scaleX: 2, y: 1)), "unequal scales")
        XCTAssertFalse(TextRenderer.drawsWithMasks(under: AffineTransform(scaleX: -1, y: -1)), "mirrored twice is a half turn")
        XCTAssertFalse(TextRenderer.drawsWithMasks(under: AffineTransform(a: 1, b: 0, c: 0.3, d: 1, tx: 0, ty: 0)), "shear")
        XCTAssertFalse(TextRenderer.drawsWithMasks(under: AffineTransform(rotationAngle: .degrees(1e-6))), "a turn however small")
        XCTAssertTrue(TextRenderer.drawsWithMasks(under: AffineTransform(rotationAngle: .degrees(360)).scaledBy(x: 2, y: 2)),
                      "a full turn is upright again (its sine rounds to ~1e-16)")
        XCTAssertFalse(TextRenderer.drawsWithMasks(under: AffineTransform(a: .nan, b: 0, c: 0, d: .nan, tx: 0, ty: 0)))
    }

    /// Under the identity, the outline path gives what the masks give: the same pens (advances, kerning) and
    /// coverage, up to the masks' 1/4 px pen steps and 1/64 px sizes.
    func testIdentityThroughOutlinesMatchesMasks() {
        for (text, size, x) in [("AVATAR Wave, to", 28.0, 10.0), ("IIIII", 17.0, 3.3)] {
            let masks = canvas(), outlines = canvas()
            let renderer = TextRenderer()
            let w1 = renderer.draw(text, font: font, size: size, at: Point(x: x, y: 40), color: black, on: masks)
            let w2 = renderer.draw(text, font: font, size: size, at: Point(x: x, y: 40), transform: .identity,
                                   color: black, on: outlines)
            XCTAssertEqual(w1, w2, "same advance")
            let a = ink(masks.target), b = ink(outlines.target)
            XCTAssertEqual(a.box, b.box, text)
            XCTAssertEqual(Double(a.sum), Double(b.sum), accuracy: Double(a.sum) * 0.005, "\(text): same amount of ink")
            // Masks put the pen within 1/8 px of the exact one: an edge pixel's coverage moves by up to 1/8
            // (32 levels); measured 30 and 27.
            let worst = zip(a.alpha, b.alpha).map { abs($0 - $1) }.max()!
            XCTAssertLessThanOrEqual(worst, 36, text)
        }
    }

    func testQuarterTurnStandsTheLineUp() {
        let c = Canvas(target: PixelBuffer(width: 60, height: 200))
        // Baseline from (20, 10) downwards: a quarter turn clockwise (y down) about the pen's start.
        let t = AffineTransform(translationX: -20, y: -10).concatenating(AffineTransform(rotationAngle: .degrees(90)))
            .concatenating(AffineTransform(translationX: 20, y: 10))
        let width = TextRenderer().draw("IIIIIIIIII", font: font, size: 20, at: Point(x: 20, y: 10), transform: t,
                                        color: black, on: c)
        guard let box = ink(c.target).box else { return XCTFail("no ink") }
        XCTAssertGreaterThan(box.height, 3 * box.width, "\(box)")
        XCTAssertEqual(Double(box.height), width, accuracy: 4, "the line runs down as long as it is wide upright")
        // Glyphs rise from the baseline towards -y, which a quarter turn (y down) maps to +x.
        XCTAssertGreaterThanOrEqual(box.minX, 19, "ink on the side the glyphs' tops turned to")
        XCTAssertLessThanOrEqual(box.minY, 12)
    }

    func testMirrorAndUnequalScale() {
        let renderer = TextRenderer()
        let upright = canvas()
        renderer.draw("Mirror", font: font, size: 24, at: Point(x: 20, y: 40), color: black, on: upright)
        let mirrored = canvas()
        // Mirrored about x = 100: the line runs from 180 leftwards.
        renderer.draw("Mirror", font: font, size: 24, at: Point(x: 20, y: 40),
                      transform: AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 200, ty: 0), color: black, on: mirrored)
        let a = ink(upright.target), b = ink(mirrored.target)
        guard let ab = a.box, let bb = b.box else { return XCTFail("no ink") }
        XCTAssertEqual(bb.minX, 200 - ab.maxX, accuracy: 1)
        XCTAssertEqual(bb.maxX, 200 - ab.minX, accuracy: 1)
        XCTAssertEqual(bb.minY, ab.minY)
        XCTAssertEqual(bb.maxY, ab.maxY)
        XCTAssertEqual(Double(b.sum), Double(a.sum), accuracy: Double(a.sum) * 0.01)

        let wide = canvas()
        renderer.draw("Mirror", font: font, size: 24, at: Point(x: 10, y: 40),
                      transform: AffineTransform(a: 2, b: 0, c: 0, d: 1, tx: -10, ty: 0), color: black, on: wide)
        guard let wb = ink(wide.target).box else { return XCTFail("no ink") }
        XCTAssertEqual(Double(wb.width), 2 * Double(ab.width), accuracy: 3, "twice as wide")
        XCTAssertEqual(wb.height, ab.height, "as tall")
        XCTAssertEqual(Double(ink(wide.target).sum), 2 * Double(a.sum), accuracy: Double(a.sum) * 0.02)
    }

    func testOutlinesAreCachedAndTheCanvasTransformIsKept() {
        let renderer = TextRenderer()
        let c = canvas()
        let own = AffineTransform(translationX: 3, y: 4)
        c.transform = own
        let turn = AffineTransform(rotationAngle: .degrees(10)).translatedBy(x: 20, y: 0)
        renderer.draw("abcabc", font: font, size: 20, at: Point(x: 10, y: 40), transform: turn, color: black, on: c)
        XCTAssertEqual(c.transform, own)
        XCTAssertEqual(renderer.outlines.misses, 3, "one load per distinct glyph")
        XCTAssertEqual(renderer.outlines.hits, 3)
        renderer.draw("cab", font: font, size: 31, at: Point(x: 10, y: 40), transform: turn.rotated(by: .degrees(5)),
                      color: black, on: c)
        XCTAssertEqual(renderer.outlines.misses, 3, "another size and angle reuse the unscaled outlines")
        XCTAssertEqual(renderer.cache.count, 0, "no masks")
    }

    func testGlyphsOutsideTheClipAreSkipped() {
        let renderer = TextRenderer()
        let c = canvas()
        c.clip(to: IntRect(x: 0, y: 0, width: 30, height: 60))
        let turn = AffineTransform(a: 1, b: 0, c: -0.2, d: 1, tx: 0, ty: 0)  // a slant, as a fake italic
        let text = "abcdefghijklmnop"
        let width = renderer.draw(text, font: font, size: 20, at: Point(x: 10, y: 40), transform: turn, color: black, on: c)
        XCTAssertEqual(width, font.width(of: text, size: 20), "the whole line still advances")
        // The test box is the font's overall box (wider than any one glyph), so a few glyphs past the clip load.
        XCTAssertLessThanOrEqual(renderer.outlines.misses, 6, "only the glyphs near the clip are loaded")
        XCTAssertNotNil(ink(c.target).box)
    }
}
