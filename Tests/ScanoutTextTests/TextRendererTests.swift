import ScanoutRaster
import ScanoutText
import XCTest

final class TextRendererTests: XCTestCase {
    private var font: Font!
    private let red = RGBA(red: 255, green: 0, blue: 0)

    override func setUpWithError() throws {
        font = try Font.default()
    }

    private func render(_ text: String, at baseline: Point = Point(x: 10, y: 36), size: Double = 28,
                        renderer: TextRenderer = TextRenderer(), setUp: (Canvas) -> Void = { _ in }) -> PixelBuffer {
        let buffer = PixelBuffer(width: 200, height: 50)
        let canvas = Canvas(target: buffer)
        setUp(canvas)
        renderer.draw(text, font: font, size: size, at: baseline, color: red, on: canvas)
        return buffer
    }

    private func pixels(_ b: PixelBuffer) -> [UInt32] {
        (0..<b.height).flatMap { y in (0..<b.width).map { b.premultipliedPixel(x: $0, y: y) } }
    }

    /// A pixel inside the left stem of the "H" drawn at x = 10: the stem is 202 units (~2.8 px) wide at 28 px.
    private func stemPixel(penX: Double = 10, baseline: Double = 36) -> (x: Int, y: Int) {
        let box = font.outline(of: font.glyphIndex(for: "H"), size: 28).controlBox
        return (Int((penX + box.minX).rounded(.up)), Int(baseline) - 10)
    }

    func testHelloCoversItsStemsAndNothingFarAway() {
        let buffer = render("Hello")
        let stem = stemPixel()
        XCTAssertEqual(buffer.pixel(x: stem.x, y: stem.y), red)
        XCTAssertEqual(buffer.pixel(x: stem.x + 1, y: stem.y), red)
        XCTAssertEqual(buffer.pixel(x: stem.x - 2, y: stem.y).alpha, 0, "left of the H")
        let width = font.width(of: "Hello", size: 28)
        for (x, y) in [(0, 0), (199, 49), (Int(10 + width) + 3, 30), (100, 45), (5, 20)] {
            XCTAssertEqual(buffer.premultipliedPixel(x: x, y: y), 0, "(\(x), \(y))")
        }
        // Some partially covered edge pixels: anti-aliased, straight colour stays red.
        let partial = pixels(buffer).filter { $0 >> 24 != 0 && $0 >> 24 != 255 }
        XCTAssertFalse(partial.isEmpty)
        XCTAssertTrue(partial.allSatisfy { $0 & 0xFFFF == 0 }, "only red is blended")
    }

    func testInkStaysWithinTheLineBox() {
        let buffer = render("Hello")
        let m = font.metrics(size: 28)
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where buffer.premultipliedPixel(x: x, y: y) != 0 {
                XCTAssertGreaterThanOrEqual(Double(y) + 1, 36 - m.ascender)
                XCTAssertLessThanOrEqual(Double(y), 36 - m.descender)
                XCTAssertGreaterThanOrEqual(x, 10)
                XCTAssertLessThanOrEqual(Double(x), 10 + font.width(of: "Hello", size: 28) + 1)
            }
        }
    }

    func testDrawingIsClipped() {
        let buffer = render("Hello") { $0.clip(to: IntRect(x: 0, y: 0, width: 20, height: 50)) }
        let stem = stemPixel()
        XCTAssertEqual(buffer.pixel(x: stem.x, y: stem.y), red)
        for y in 0..<50 { for x in 20..<200 { XCTAssertEqual(buffer.premultipliedPixel(x: x, y: y), 0, "(\(x), \(y))") } }
    }

    func testTheCanvasTransformIsNotApplied() {
        let plain = render("Hello")
        let transformed = render("Hello") { $0.transform = AffineTransform(scaleX: 2, y: 2).translatedBy(x: 30, y: 1) }
        XCTAssertEqual(pixels(plain), pixels(transformed))
    }

    func testReturnsTheMeasuredWidth() {
        let renderer = TextRenderer()
        let canvas = Canvas(target: PixelBuffer(width: 10, height: 10))
        for kerning in [false, true] {
            let drawn = renderer.draw("AVATAR Wave", font: font, size: 19.5, at: Point(x: 3.3, y: 7.6), color: red,
                                      kerning: kerning, on: canvas)
            XCTAssertEqual(drawn, renderer.width(of: "AVATAR Wave", font: font, size: 19.5, kerning: kerning))
        }
    }

    func testRepeatedDrawsHitTheCache() {
        let renderer = TextRenderer()
        _ = render("Hello, world", renderer: renderer)
        let misses = renderer.cache.misses, count = renderer.cache.count
        // 9 distinct glyphs (H e l o , space w r d); a repeated letter at another 1/4 px step is another entry.
        XCTAssertTrue((9...12).contains(count), "\(count)")
        XCTAssertEqual(misses, count)
        let again = render("Hello, world", renderer: renderer)
        XCTAssertEqual(renderer.cache.misses, misses)
        XCTAssertEqual(renderer.cache.count, count)
        XCTAssertEqual(pixels(again), pixels(render("Hello, world")))
    }

    func testSubpixelPenPositions() {
        let whole = render("l", at: Point(x: 10, y: 36))
        let half = render("l", at: Point(x: 10.5, y: 36))
        XCTAssertNotEqual(pixels(whole), pixels(half))
        // 0.99 px rounds to the next whole pixel, the same mask one pixel on.
        XCTAssertEqual(pixels(render("l", at: Point(x: 9.99, y: 36))), pixels(whole))
        // A whole-pixel move moves the pixels and changes nothing else.
        let moved = render("l", at: Point(x: 11, y: 36))
        for y in 0..<50 {
            for x in 1..<200 { XCTAssertEqual(moved.premultipliedPixel(x: x, y: y), whole.premultipliedPixel(x: x - 1, y: y)) }
        }
    }

    func testMissingGlyphsAndOddInputDoNotCrash() {
        let buffer = render("\u{10FFFF}A\u{E000}")
        XCTAssertTrue(pixels(buffer).contains { $0 != 0 }, ".notdef boxes and the A are drawn")
        let renderer = TextRenderer()
        let canvas = Canvas(target: PixelBuffer(width: 20, height: 20))
        for size in [0, -5, .nan, .infinity, 1e12] {
            XCTAssertEqual(renderer.draw("Hi", font: font, size: size, at: Point(x: 1, y: 15), color: red, on: canvas), 0)
        }
        for p in [Point(x: .nan, y: 10), Point(x: 1e300, y: 10), Point(x: -1e300, y: 1e300), Point(x: 5, y: -1e18)] {
            renderer.draw("Hi", font: font, size: 12, at: p, color: red, on: canvas)
        }
        XCTAssertEqual(renderer.draw("", font: font, size: 12, at: .zero, color: red, on: canvas), 0)
        // Far off to the right: measured, but nothing rasterized.
        let misses = renderer.cache.misses
        renderer.draw("Offscreen", font: font, size: 12, at: Point(x: 500, y: 10), color: red, on: canvas)
        XCTAssertEqual(renderer.cache.misses, misses)
    }
}
