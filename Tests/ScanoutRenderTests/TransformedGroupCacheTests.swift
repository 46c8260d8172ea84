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
    /// By default nothing is (see `DisplayListRenderer.transformedGroupCaching`).
    @MainActor func testGroupsWithTurnedTextAreCachedWhenAsked() async {
        let r = DisplayListRenderer(target: PixelBuffer(width: 200, height: 200))
        XCTAssertEqual(r.transformedGroupCaching, .never)
        r.render(ring(degrees: 30), background: .white)
        XCTAssertEqual(r.transformedGroupBuilds, 0, "by default every group is drawn through its transform")
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
