import XCTest
@testable import ScanoutRender

/// Rotated and scaled groups composited from a cached bitmap.
final class TransformedGroupCacheTests: XCTestCase, @unchecked Sendable {
    /// A ring with a label, rotated by `degrees` and scaled by `scale` about (100, 100).
    func ring(degrees: Double, scale: Double = 1, label: String? = "Ring") -> DisplayList {
        var list = DisplayList()
        list.append(.fill(Path(Rect(x: 0, y: 0, width: 200, height: 200)), .solid(RGBA(argb: 0xFF203040)), FillStyle()))
        let t = AffineTransform(translationX: -100, y: -100)
            .concatenating(AffineTransform(scaleX: scale, y: scale))
            .concatenating(AffineTransform(rotationAngle: .degrees(degrees)))
            .concatenating(AffineTransform(translationX: 100, y: 100))
        list.append(.pushTransform(t))
        list.append(.stroke(Path(ellipseIn: Rect(x: 40, y: 40, width: 120, height: 120)), .solid(RGBA(argb: 0xFFE01E5A)),
                            StrokeStyle(lineWidth: 10)))
        list.append(.fill(Path(Rect(x: 95, y: 30, width: 10, height: 30)), .solid(RGBA(argb: 0xFFF0C000)), FillStyle()))
        if let label {
            let font = FontDescriptor(size: 18)
            list.append(.text(TextRun(string: label, font: font, origin: Point(x: 80, y: 106), color: .white,
                                  frame: Rect(x: 80, y: 90, width: 44, height: 22))))
        }
        list.append(.pop)
        return list
    }

    /// Pixels whose largest channel difference exceeds `levels`, and the total.
    func differing(_ a: PixelBuffer, _ b: PixelBuffer, by levels: Int) -> (count: Int, of: Int) {
        var n = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.premultipliedPixel(x: x, y: y), q = b.premultipliedPixel(x: x, y: y)
                var worst = 0
                for s in stride(from: 0, to: 32, by: 8) {
                    worst = max(worst, abs(Int((p >> UInt32(s)) & 0xFF) - Int((q >> UInt32(s)) & 0xFF)))
                }
                if worst > levels { n += 1 }
            }
        }
        return (n, a.width * a.height)
    }

    @MainActor func paint(_ list: DisplayList, cached: Bool, scale: Double = 1) -> PixelBuffer {
        let size = Int(200 * scale)
        let r = DisplayListRenderer(target: PixelBuffer(width: size, height: size), scale: scale)
        r.cachesTransformedGroups = cached
        r.render(list, background: .white)
        return r.target
    }

    /// Bilinear resampling of an anti-aliased edge moves its coverage by up to about half a pixel, so edge
    /// pixels differ from a direct rasterization by up to ~half the contrast across the edge; interiors match.
    /// The label is included: drawn directly, its glyph outlines turn with the group as the bitmap does.
    /// Tolerance: at most 2% of the pixels differ by more than 24 levels and none by more than 128 (measured:
    /// 1.38%, 0.32% and 0.61% of the three cases, none above 100 — edge pixels of the ring, bar and glyphs).
    @MainActor func testCachedGroupMatchesDirectRasterization() async {
        for (degrees, scale, device) in [(30.0, 1.0, 1.0), (-75.0, 0.8, 1.0), (45.0, 1.0, 2.0)] {
            let list = ring(degrees: degrees, scale: scale)
            let direct = paint(list, cached: false, scale: device), cached = paint(list, cached: true, scale: device)
            let d = differing(direct, cached, by: 24)
            XCTAssertLessThanOrEqual(Double(d.count), 0.02 * Double(d.of), "\(degrees)° ×\(scale) @\(device)x: \(d.count) of \(d.of)")
            XCTAssertEqual(differing(direct, cached, by: 128).count, 0, "\(degrees)° ×\(scale) @\(device)x")
            XCTAssertGreaterThan(differing(direct, paint(ring(degrees: degrees + 90, scale: scale), cached: false, scale: device), by: 24).count,
                                 d.count, "the comparison tells a different rotation apart")
        }
    }

    /// The bitmap keeps the pixels that hold something plus a transparent pixel all round (what the bilinear
    /// fade at its edge needs), wherever the ink is, and a group that draws nothing keeps one transparent pixel.
    @MainActor func testBitmapIsCutToItsInkWithATransparentBorder() async {
        let drawn = PixelBuffer(width: 30, height: 20)
        drawn.setPremultipliedPixel(x: 5, y: 7, 0xFF00_FF00)
        drawn.setPremultipliedPixel(x: 12, y: 9, 0x8080_0000)
        let (bitmap, origin) = TransformedGroupCache.croppedToInk(drawn)
        XCTAssertEqual([bitmap.width, bitmap.height, origin.x, origin.y], [10, 5, 4, 6])
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let expected: UInt32 = (x, y) == (1, 1) ? 0xFF00_FF00 : (x, y) == (8, 3) ? 0x8080_0000 : 0
                XCTAssertEqual(bitmap.premultipliedPixel(x: x, y: y), expected, "\(x),\(y)")
            }
        }
        let corner = PixelBuffer(width: 3, height: 3)
        corner.setPremultipliedPixel(x: 0, y: 0, 0xFFFF_FFFF)
        let (edge, at) = TransformedGroupCache.croppedToInk(corner)
        XCTAssertEqual([edge.width, edge.height, at.x, at.y], [3, 3, -1, -1], "ink at the edge gets the border added")
        XCTAssertEqual(edge.premultipliedPixel(x: 1, y: 1), 0xFFFF_FFFF)
        XCTAssertEqual(edge.premultipliedPixel(x: 0, y: 0), 0)
        let (nothing, _) = TransformedGroupCache.croppedToInk(PixelBuffer(width: 8, height: 8))
        XCTAssertEqual([nothing.width, nothing.height, Int(nothing.premultipliedPixel(x: 0, y: 0))], [1, 1, 0])
    }

    @MainActor func testAnimatingOnlyTheTransformRasterizesOnce() async {
        let r = DisplayListRenderer(target: PixelBuffer(width: 200, height: 200))
        r.cachesTransformedGroups = true
        var frames: [UInt32] = []
        for frame in 0..<6 {
            r.render(ring(degrees: Double(frame) * 15, scale: 1 + Double(frame) * 0.05), background: .white)
            frames.append(r.target.premultipliedPixel(x: 100, y: 38))
        }
        XCTAssertEqual(r.transformedGroupBuilds, 1)
        XCTAssertGreaterThan(Set(frames).count, 1, "the frames show the ring turning")
    }

    @MainActor func testChangingTheContentRebuilds() async {
        let r = DisplayListRenderer(target: PixelBuffer(width: 200, height: 200))
        r.cachesTransformedGroups = true
        r.render(ring(degrees: 20), background: .white)
        r.render(ring(degrees: 25), background: .white)
        XCTAssertEqual(r.transformedGroupBuilds, 1)
        r.render(ring(degrees: 25, label: "Gnir"), background: .white)
        XCTAssertEqual(r.transformedGroupBuilds, 2)
        let direct = paint(ring(degrees: 25, label: "Gnir"), cached: false)
        XCTAssertLessThanOrEqual(Double(differing(direct, r.target, by: 24).count), 0.03 * 200 * 200, "shows the new label")
    }

    /// With `.groupsWithTurnedText`, only groups holding turned text are cached; shapes alone are rasterized
    /// through the transform, and so is text under a uniform scale (drawn with glyph masks at the scaled size).
    /// With `.never` nothing is.
    @MainActor func testGroupsWithTurnedTextAreCachedWhenAsked() async {
        let r = DisplayListRenderer(target: PixelBuffer(width: 200, height: 200))
        r.transformedGroupCaching = .never
        r.render(ring(degrees: 30), background: .white)
        XCTAssertEqual(r.transformedGroupBuilds, 0, "with .never every group is drawn through its transform")
        r.transformedGroupCaching = .groupsWithTurnedText
        r.render(ring(degrees: 30, label: nil), background: .white)
        XCTAssertEqual(r.transformedGroupBuilds, 0, "a turned ring without a label is drawn through its transform")
        r.render(ring(degrees: 30), background: .white)
        r.render(ring(degrees: 40), background: .white)
        XCTAssertEqual(r.transformedGroupBuilds, 1, "a turning labelled ring is rasterized once")
        let direct = paint(ring(degrees: 40), cached: false)
        XCTAssertLessThanOrEqual(Double(differing(direct, r.target, by: 24).count), 0.02 * 200 * 200, "and looks as drawn directly")
        r.render(ring(degrees: 0, scale: 1.5), background: .white)
        XCTAssertEqual(r.transformedGroupBuilds, 1, "a label under a uniform scale is drawn with glyph masks")
    }

    /// A turned label alone, in a group of its own.
    func label(degrees: Double, text: String = "Turning label 21.5") -> DisplayList {
        var list = DisplayList()
        list.append(.fill(Path(Rect(x: 0, y: 0, width: 200, height: 200)), .solid(RGBA(argb: 0xFF203040)), FillStyle()))
        list.append(.pushTransform(AffineTransform(translationX: -100, y: -100)
            .concatenating(AffineTransform(rotationAngle: .degrees(degrees)))
            .concatenating(AffineTransform(translationX: 100, y: 100))))
        list.append(.text(TextRun(string: text, font: FontDescriptor(size: 16), origin: Point(x: 30, y: 105), color: .white,
                                  frame: Rect(x: 30, y: 90, width: 150, height: 20))))
        list.append(.pop)
        return list
    }

    /// By default (`.automatic`) a group with turned text is cached when its bitmap is cheap to sample for the
    /// characters it saves filling as outlines: a turning label is; a ring whose area dwarfs its four-character
    /// label is drawn through its transform, pixel for pixel as `.never` draws it, and the verdict is kept (the
    /// bitmap is not made again every frame while the content stays the same).
    @MainActor func testAutomaticCachesWhatIsCheaperToSample() async {
        let r = DisplayListRenderer(target: PixelBuffer(width: 200, height: 200))
        XCTAssertEqual(r.transformedGroupCaching, .automatic)
        r.render(label(degrees: 30), background: .white)
        r.render(label(degrees: 35), background: .white)
        XCTAssertEqual(r.transformedGroupBuilds, 1, "a turning label is rasterized once and sampled")
        let direct = DisplayListRenderer(target: PixelBuffer(width: 200, height: 200))
        direct.transformedGroupCaching = .never
        direct.render(label(degrees: 35), background: .white)
        XCTAssertNotEqual(differing(direct.target, r.target, by: 0).count, 0, "the label was sampled, not filled as outlines")
        XCTAssertLessThanOrEqual(Double(differing(direct.target, r.target, by: 24).count), 0.02 * 200 * 200, "and looks as drawn directly")

        let rings = DisplayListRenderer(target: PixelBuffer(width: 200, height: 200))
        rings.render(ring(degrees: 30), background: .white)
        rings.render(ring(degrees: 40), background: .white)
        XCTAssertEqual(rings.transformedGroupBuilds, 1, "the verdict is made once while the content stays")
        XCTAssertEqual(differing(paint(ring(degrees: 40), cached: false), rings.target, by: 0).count, 0,
                       "the labelled ring is drawn through its transform")
        XCTAssertTrue(TransformedGroupCache.worthSampling(pixelsNearInk: 1_600, characters: 16))
        XCTAssertFalse(TransformedGroupCache.worthSampling(pixelsNearInk: 7_400, characters: 4))
        XCTAssertEqual(TransformedGroupCache.characters(in: label(degrees: 0).items[...]), 16, "spaces are not counted")
    }

    /// A group that goes (the list keeps its length, another item where its push was) takes its bitmap along.
    @MainActor func testBitmapsOfGroupsThatWentAreForgotten() async {
        let r = DisplayListRenderer(target: PixelBuffer(width: 200, height: 200))
        r.transformedGroupCaching = .always
        r.render(ring(degrees: 30), background: .white)
        XCTAssertEqual(r.cachedTransformedGroups, 1)
        r.render(ring(degrees: 40), background: .white)
        XCTAssertEqual(r.cachedTransformedGroups, 1, "a group still there keeps its bitmap")
        var flat = DisplayList()
        for item in ring(degrees: 40).items {
            if case .pushTransform = item { flat.append(.pushOpacity(1)) } else { flat.append(item) }
        }
        r.render(flat, background: .white)
        XCTAssertEqual(r.cachedTransformedGroups, 0)
        r.render(DisplayList(), background: .white)
        XCTAssertEqual(r.cachedTransformedGroups, 0)
    }

    @MainActor func testPureTranslationIsDrawnDirectly() async {
        var list = DisplayList()
        list.append(.pushTransform(AffineTransform(translationX: 10.5, y: 3)))
        list.append(.fill(Path(Rect(x: 0, y: 0, width: 20, height: 20)), .solid(.black), FillStyle()))
        list.append(.pop)
        let r = DisplayListRenderer(target: PixelBuffer(width: 50, height: 50))
        r.cachesTransformedGroups = true
        r.render(list, background: .white)
        XCTAssertEqual(r.transformedGroupBuilds, 0)
    }
}
