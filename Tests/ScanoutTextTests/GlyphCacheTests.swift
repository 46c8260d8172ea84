import ScanoutRaster
@testable import ScanoutText
import XCTest

final class GlyphCacheTests: XCTestCase {
    private var font: Font!

    override func setUpWithError() throws {
        font = try Font.default()
    }

    func testSameKeyHits() {
        let cache = GlyphCache()
        let g = font.glyphIndex(for: "g")
        let first = cache.mask(for: g, font: font, size: 20, penOffset: Point(x: 0.25, y: 0))
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.misses, 1)
        // 0.3 quantizes to the same 1/4 px step as 0.25.
        let again = cache.mask(for: g, font: font, size: 20, penOffset: Point(x: 0.3, y: 0.02))
        XCTAssertEqual(again, first)
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.hits, 1)
        XCTAssertEqual(cache.misses, 1)
        XCTAssertGreaterThan(first.width, 0)
        XCTAssertEqual(cache.byteCount, first.width * first.height)
    }

    func testMaskIsTheOutlineAtTheQuantizedOffset() {
        let cache = GlyphCache()
        let g = font.glyphIndex(for: "a")
        let mask = cache.mask(for: g, font: font, size: 18, penOffset: Point(x: 0.5, y: 0.75))
        let outline = font.outline(of: g, size: 18, offset: Point(x: 0.5, y: 0.75))
        XCTAssertEqual(mask, MaskRasterizer().mask(for: outline.path, fillRule: outline.fillRule, tolerance: 0.05))
        // The origin is relative to the pen's pixel: "a" sits above the baseline, right of the pen.
        XCTAssertLessThan(mask.originY, 0)
        XCTAssertGreaterThanOrEqual(mask.originX, 0)
    }

    func testSubpixelOffsetsGiveDifferentMasks() {
        let cache = GlyphCache()
        let g = font.glyphIndex(for: "l")
        let steps = (0..<4).map { cache.mask(for: g, font: font, size: 16, penOffset: Point(x: Double($0) / 4, y: 0)) }
        XCTAssertEqual(cache.count, 4)
        for i in 0..<4 { for j in (i + 1)..<4 { XCTAssertNotEqual(steps[i].coverage, steps[j].coverage, "\(i) vs \(j)") } }
        let down = cache.mask(for: g, font: font, size: 16, penOffset: Point(x: 0, y: 0.5))
        XCTAssertNotEqual(down.coverage, steps[0].coverage)
        XCTAssertEqual(cache.count, 5)
        // Sizes differ by 1/64 px in the key.
        _ = cache.mask(for: g, font: font, size: 16 + 1.0 / 64, penOffset: .zero)
        XCTAssertEqual(cache.count, 6)
    }

    func testQuantizeFoldsAlmostWholePixelsIntoTheNextPixel() {
        XCTAssertTrue(GlyphCache.quantize(10) == (10, 0))
        XCTAssertTrue(GlyphCache.quantize(10.3) == (10, 1))
        XCTAssertTrue(GlyphCache.quantize(10.5) == (10, 2))
        XCTAssertTrue(GlyphCache.quantize(10.9) == (11, 0))
        XCTAssertTrue(GlyphCache.quantize(-0.3) == (-1, 3))
    }

    func testAnOffsetThatRoundsToAWholePixelMovesTheOrigin() {
        let cache = GlyphCache()
        let g = font.glyphIndex(for: "k")
        let base = cache.mask(for: g, font: font, size: 15, penOffset: .zero)
        let almost = cache.mask(for: g, font: font, size: 15, penOffset: Point(x: 0.9, y: 1.95))
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(almost.coverage, base.coverage)
        XCTAssertEqual(almost.originX, base.originX + 1)
        XCTAssertEqual(almost.originY, base.originY + 2)
        XCTAssertEqual(cache.mask(for: g, font: font, size: 15, penOffset: Point(x: .nan, y: 0)).width, 0)
    }

    func testFontsDoNotShareEntries() throws {
        let bold = try Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        let cache = GlyphCache()
        let a = cache.mask(for: font.glyphIndex(for: "H"), font: font, size: 20, penOffset: .zero)
        let b = cache.mask(for: bold.glyphIndex(for: "H"), font: bold, size: 20, penOffset: .zero)
        XCTAssertEqual(cache.count, 2)
        XCTAssertNotEqual(a, b)
    }

    func testCountIsBounded() {
        let cache = GlyphCache(capacity: 16)
        for g in 1...200 { _ = cache.mask(for: GlyphIndex(g), font: font, size: 12, penOffset: .zero) }
        XCTAssertLessThanOrEqual(cache.count, 16)
        XCTAssertGreaterThan(cache.count, 0)
        XCTAssertEqual(cache.misses, 200)
    }

    func testBytesAreBounded() {
        let cache = GlyphCache(byteLimit: 20_000)
        for g in 1...300 { _ = cache.mask(for: GlyphIndex(g), font: font, size: 40, penOffset: .zero) }
        XCTAssertLessThanOrEqual(cache.byteCount, 20_000)
        XCTAssertGreaterThan(cache.count, 0)
        // A mask larger than a quarter of the budget is drawn but not kept.
        let huge = cache.mask(for: font.glyphIndex(for: "W"), font: font, size: 400, penOffset: .zero)
        XCTAssertGreaterThan(huge.width * huge.height, 20_000 / 4)
        XCTAssertLessThanOrEqual(cache.byteCount, 20_000)
    }

    func testRecentlyUsedMasksSurviveEviction() {
        let cache = GlyphCache(capacity: 8)
        let hot = font.glyphIndex(for: "e")
        for g in 100..<140 {
            _ = cache.mask(for: hot, font: font, size: 14, penOffset: .zero)
            _ = cache.mask(for: GlyphIndex(g), font: font, size: 14, penOffset: .zero)
        }
        let misses = cache.misses
        _ = cache.mask(for: hot, font: font, size: 14, penOffset: .zero)
        XCTAssertEqual(cache.misses, misses, "the glyph used on every frame stays cached")
        XCTAssertLessThanOrEqual(cache.count, 8)
    }

    func testCapacityOfOneWorks() {
        let cache = GlyphCache(capacity: 1)
        for c in "abcabc".unicodeScalars { _ = cache.mask(for: font.glyphIndex(for: c), font: font, size: 10, penOffset: .zero) }
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.misses, 6)
    }

    func testRemoveAll() {
        let cache = GlyphCache()
        _ = cache.mask(for: 5, font: font, size: 10, penOffset: .zero)
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.byteCount, 0)
    }

    func testUnusableSizesGiveEmptyMasks() {
        let cache = GlyphCache()
        for size in [0, -1, .nan, .infinity, 1e9, 1.0 / 1000] {
            XCTAssertEqual(cache.mask(for: 5, font: font, size: size, penOffset: .zero).width, 0, "\(size)")
        }
    }
}
