import XCTest
@testable import ScanoutRaster

/// `Canvas.draw(_:transform:filter:)`: an image sampled through any affine transform, transparent outside.
final class TransformedImageTests: XCTestCase {
    /// A 20×12 image: an opaque gradient-ish pattern with a transparent 1-pixel border and a half-transparent
    /// column, so edges, interior and translucency are all exercised.
    func image() -> PixelBuffer {
        let img = PixelBuffer(width: 20, height: 12)
        for y in 1..<11 {
            for x in 1..<19 {
                let c = RGBA(red: UInt8(x * 12), green: UInt8(y * 20), blue: 200, alpha: x == 7 ? 128 : 255)
                img.setPremultipliedPixel(x: x, y: y, c.premultiplied)
            }
        }
        return img
    }

    func target(_ w: Int = 80, _ h: Int = 80) -> PixelBuffer {
        let t = PixelBuffer(width: w, height: h)
        t.fill(RGBA(red: 10, green: 20, blue: 30))
        return t
    }

    func pixels(_ b: PixelBuffer) -> [UInt32] {
        var out: [UInt32] = []
        for y in 0..<b.height { for x in 0..<b.width { out.append(b.premultipliedPixel(x: x, y: y)) } }
        return out
    }

    let turned = AffineTransform(translationX: -10, y: -6)
        .concatenating(AffineTransform(rotationAngle: .degrees(33)))
        .concatenating(AffineTransform(scaleX: 1.7, y: 1.7))
        .concatenating(AffineTransform(translationX: 40, y: 40))

    func testIntegerTranslationCopiesPixelsExactly() {
        let img = image()
        for filter in [ImageFilter.bilinear, .nearest] {
            let t = target()
            Canvas(target: t).draw(img, transform: AffineTransform(translationX: 30, y: 25), filter: filter)
            for y in 0..<12 {
                for x in 0..<20 {
                    let s = img.premultipliedPixel(x: x, y: y)
                    let expected = s >> 24 == 255 ? s : sourceOver(s, RGBA(red: 10, green: 20, blue: 30).premultiplied)
                    XCTAssertEqual(t.premultipliedPixel(x: 30 + x, y: 25 + y), expected, "\(filter) at \(x),\(y)")
                }
            }
            XCTAssertEqual(t.pixel(x: 29, y: 30), RGBA(red: 10, green: 20, blue: 30), "left of the image untouched")
            XCTAssertEqual(t.pixel(x: 50, y: 30), RGBA(red: 10, green: 20, blue: 30), "right of the image untouched")
        }
    }

    func testQuarterTurnMovesEachPixelWhereTheTransformSendsIt() {
        let img = image()
        let t = target()
        // Image (x, y) → device (50 − y − 1, 10 + x): a quarter turn, pixel for pixel.
        let quarter = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 50, ty: 10)
        Canvas(target: t).draw(img, transform: quarter)
        for y in 1..<11 {
            for x in 1..<19 where x != 7 {
                XCTAssertEqual(t.premultipliedPixel(x: 50 - y - 1, y: 10 + x), img.premultipliedPixel(x: x, y: y), "\(x),\(y)")
            }
        }
    }

    /// Repainting any part of a frame (a damage rectangle, a compositing band) gives the full repaint's pixels:
    /// samples do not depend on where a span starts.
    func testPartialRepaintEqualsFullRepaint() {
        let img = image()
        let full = target()
        Canvas(target: full).draw(img, transform: turned)
        for clip in [IntRect(x: 23, y: 17, width: 31, height: 9), IntRect(x: 41, y: 0, width: 3, height: 80),
                     IntRect(x: 0, y: 44, width: 80, height: 5), IntRect(x: 37, y: 39, width: 1, height: 1)] {
            let part = target()
            let c = Canvas(target: part)
            c.clip(to: clip)
            c.draw(img, transform: turned)
            for y in 0..<80 {
                for x in 0..<80 {
                    let inside = x >= clip.minX && x < clip.maxX && y >= clip.minY && y < clip.maxY
                    let expected = inside ? full.premultipliedPixel(x: x, y: y) : RGBA(red: 10, green: 20, blue: 30).premultiplied
                    XCTAssertEqual(part.premultipliedPixel(x: x, y: y), expected, "\(clip) at \(x),\(y)")
                }
            }
        }
    }

    /// The direct path and the general one (the image's rectangle filled with an image pattern, extend none —
    /// what a clip mask falls back to) sample at the same positions: pixels well inside agree exactly; at the
    /// edge the general path also multiplies by the rectangle's coverage, so only edge pixels differ.
    func testAgreesWithTheImagePatternFill() {
        let img = image()
        let direct = target(), general = target()
        Canvas(target: direct).draw(img, transform: turned)
        let c = Canvas(target: general)
        c.transform = turned
        c.fill(Rect(x: 0, y: 0, width: 20, height: 12), with: .image(ImagePattern(image: img, filter: .bilinear, extend: .none)))
        guard let inverse = turned.inverted() else { return XCTFail("invertible") }
        var inside = 0, differing = 0
        for y in 0..<80 {
            for x in 0..<80 {
                let q = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let deep = q.x > 2 && q.x < 18 && q.y > 2 && q.y < 10
                if deep {
                    inside += 1
                    XCTAssertEqual(direct.premultipliedPixel(x: x, y: y), general.premultipliedPixel(x: x, y: y), "\(x),\(y)")
                } else if direct.premultipliedPixel(x: x, y: y) != general.premultipliedPixel(x: x, y: y) {
                    differing += 1
                }
            }
        }
        XCTAssertGreaterThan(inside, 300, "the image covers a good part of the target")
        XCTAssertLessThan(differing, 200, "only edge pixels may differ")
    }

    func testClipMaskTakesTheGeneralPathAndClips() {
        let img = image()
        let masked = target()
        let c = Canvas(target: masked)
        var mask = AlphaMask(width: 40, height: 80, originX: 0, originY: 0)
        mask.withMutableCoverage { $0.update(repeating: 255, count: 40 * 80) }
        c.clipMask = mask
        c.draw(img, transform: turned)
        let plain = target()
        Canvas(target: plain).draw(img, transform: turned)
        var drawnLeft = false
        for y in 0..<80 {
            for x in 0..<80 {
                if x >= 40 {
                    XCTAssertEqual(masked.pixel(x: x, y: y), RGBA(red: 10, green: 20, blue: 30), "clipped out at \(x),\(y)")
                } else if masked.premultipliedPixel(x: x, y: y) != RGBA(red: 10, green: 20, blue: 30).premultiplied {
                    drawnLeft = true
                }
            }
        }
        XCTAssertTrue(drawnLeft, "the part inside the mask is drawn")
        XCTAssertNotEqual(pixels(plain), pixels(target()))
    }

    func testOpacityScalesTheSample() {
        let img = PixelBuffer(width: 4, height: 4)
        img.fill(RGBA(red: 255, green: 255, blue: 255))
        let t = PixelBuffer(width: 10, height: 10)
        t.fill(.black)
        let c = Canvas(target: t)
        c.opacity = 0.5
        c.draw(img, transform: AffineTransform(translationX: 3, y: 3), filter: .nearest)
        XCTAssertEqual(Int(t.pixel(x: 4, y: 4).red), 128, accuracy: 1)
        XCTAssertEqual(t.pixel(x: 2, y: 4), .black)
    }

    func testDegenerateAndFarAwayTransformsDrawNothing() {
        let img = image()
        for transform in [AffineTransform(scaleX: 0, y: 1), AffineTransform(translationX: 1e9, y: 0),
                          AffineTransform(translationX: -500, y: -500), AffineTransform(scaleX: .nan, y: 1),
                          AffineTransform(scaleX: 1e12, y: 1e12), AffineTransform(scaleX: 1e-9, y: 1e-9),
                          AffineTransform(a: 1e-7, b: 3e-8, c: -2e-8, d: 1e-7, tx: 40, ty: 40)] {
            let t = target()
            Canvas(target: t).draw(img, transform: transform)
            XCTAssertEqual(pixels(t), pixels(target()), "\(transform)")
        }
    }

    /// Jumping over samples near nothing (with an `ImageOccupancy`) draws exactly the pixels of sampling every
    /// one, under rotations, shears and scales from a third to thrice, with both filters and any clip.
    func testOccupancySkipsOnlyTransparentSamples() {
        let ring = PixelBuffer(width: 90, height: 70)
        let c = Canvas(target: ring)
        c.stroke(Path(ellipseIn: Rect(x: 8, y: 6, width: 74, height: 58)), with: .solid(RGBA(red: 230, green: 40, blue: 90)),
                 style: StrokeStyle(lineWidth: 5))
        c.fill(Path(Rect(x: 43, y: 15, width: 4, height: 20)), with: .solid(RGBA(red: 250, green: 200, blue: 0, alpha: 200)))
        let occupancy = ImageOccupancy(ring)
        let blank = PixelBuffer(width: 200, height: 180)
        blank.fill(.white)
        XCTAssertLessThan(occupancy.pixelsNearInk, 90 * 70 / 2, "the ring leaves most of its bitmap clear")
        for (i, t) in [AffineTransform(rotationAngle: .degrees(17)), AffineTransform(rotationAngle: .degrees(-120)).scaledBy(x: 0.33, y: 0.33),
                       AffineTransform(a: 1, b: 0.4, c: -0.6, d: 1.1, tx: 0, ty: 0), AffineTransform(rotationAngle: .degrees(75)).scaledBy(x: 3, y: 2.2),
                       AffineTransform(scaleX: 1, y: 1)].enumerated() {
            let placed = AffineTransform(translationX: -45, y: -35).concatenating(t).concatenating(AffineTransform(translationX: 100, y: 90))
            for filter in [ImageFilter.bilinear, .nearest] {
                for clip in [IntRect(x: 0, y: 0, width: 200, height: 180), IntRect(x: 61, y: 40, width: 57, height: 91)] {
                    let every = PixelBuffer(width: 200, height: 180), jumped = PixelBuffer(width: 200, height: 180)
                    every.fill(.white); jumped.fill(.white)
                    let a = Canvas(target: every), b = Canvas(target: jumped)
                    a.clip(to: clip); b.clip(to: clip)
                    a.draw(ring, transform: placed, filter: filter)
                    b.draw(ring, transform: placed, filter: filter, occupancy: occupancy)
                    XCTAssertEqual(pixels(every), pixels(jumped), "transform \(i), \(filter), clip \(clip)")
                    XCTAssertNotEqual(pixels(every), pixels(blank), "transform \(i) draws something")
                }
            }
        }
    }

    /// The clearance is the largest-axis distance to the nearest pixel that holds something (brute force).
    func testOccupancyClearanceIsTheDistanceToInk() {
        let img = PixelBuffer(width: 23, height: 17)
        for (x, y) in [(3, 4), (20, 2), (11, 15), (12, 15)] { img.setPremultipliedPixel(x: x, y: y, 0x4010_2030) }
        let o = ImageOccupancy(img)
        for y in 0..<17 {
            for x in 0..<23 {
                let d = [(3, 4), (20, 2), (11, 15), (12, 15)].map { max(abs($0.0 - x), abs($0.1 - y)) }.min()!
                XCTAssertEqual(Int(o.clearance[y * 23 + x]), d, "\(x),\(y)")
            }
        }
        XCTAssertEqual(ImageOccupancy(PixelBuffer(width: 4, height: 4)).clearance, [UInt8](repeating: 255, count: 16), "nothing drawn")
    }

    /// An RGB565 target takes the general path (the rectangle filled with an image pattern) and shows the same
    /// picture, to 565's precision, apart from the rectangle's edge coverage.
    func testRGB565TargetDrawsTheSamePicture() {
        let img = image()
        let wide = target(), narrow = PixelBuffer(width: 80, height: 80, format: .rgb565)
        narrow.fill(RGBA(red: 10, green: 20, blue: 30))
        Canvas(target: wide).draw(img, transform: turned)
        Canvas(target: narrow).draw(img, transform: turned)
        guard let inverse = turned.inverted() else { return XCTFail("invertible") }
        var compared = 0
        for y in 0..<80 {
            for x in 0..<80 {
                let q = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                guard q.x > 2 && q.x < 18 && q.y > 2 && q.y < 10 else { continue }
                let a = wide.pixel(x: x, y: y), b = narrow.pixel(x: x, y: y)
                XCTAssertEqual(Int(a.red), Int(b.red), accuracy: 8, "\(x),\(y)")
                XCTAssertEqual(Int(a.green), Int(b.green), accuracy: 4, "\(x),\(y)")
                XCTAssertEqual(Int(a.blue), Int(b.blue), accuracy: 8, "\(x),\(y)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 300)
    }

    func testStepsSolvesTheFixedPointRangeExactly() {
        // start + i·step within the range, for growing, shrinking and constant steps.
        for (start, step, range) in [(Int64(-70_000), Int64(30_000), Int64(0)...Int64(200_000)),
                                     (Int64(500_000), Int64(-65_536), Int64(-65_536)...Int64(131_071)),
                                     (Int64(5), Int64(0), Int64(0)...Int64(10)), (Int64(50), Int64(0), Int64(0)...Int64(10))] {
            let expected = (-100...100).filter { range.contains(start + Int64($0) * step) }
            let got = Canvas.steps(from: start, by: step, within: range)
            if step == 0 {
                XCTAssertEqual(got != nil, !expected.isEmpty)
            } else {
                XCTAssertEqual(got.map { Int($0.lowerBound)...Int($0.upperBound) }, expected.isEmpty ? nil : expected.first!...expected.last!)
            }
        }
    }
}
