import XCTest
@testable import ScanoutRaster

/// Strokes: widths, every cap and join, miter limit, dashes.
final class StrokeTests: XCTestCase {
    func stroke(_ w: Int, _ h: Int, _ style: StrokeStyle, _ build: (inout Path) -> Void) -> PixelBuffer {
        let b = PixelBuffer(width: w, height: h)
        var p = Path()
        build(&p)
        Canvas(target: b).stroke(p, with: .solid(.white), style: style)
        return b
    }

    func alpha(_ b: PixelBuffer, _ x: Int, _ y: Int) -> Int { Int(b.pixel(x: x, y: y).alpha) }

    func coverageSum(_ b: PixelBuffer) -> Double {
        var s = 0.0
        for y in 0..<b.height { for x in 0..<b.width { s += Double(alpha(b, x, y)) } }
        return s / 255
    }

    func horizontal(_ cap: LineCap) -> PixelBuffer {
        stroke(12, 10, StrokeStyle(lineWidth: 2, lineCap: cap)) { $0.move(to: Point(3, 5)); $0.addLine(to: Point(9, 5)) }
    }

    func testButtCapEndsAtTheEndpoints() {
        let b = horizontal(.butt)
        XCTAssertEqual(alpha(b, 3, 4), 255); XCTAssertEqual(alpha(b, 8, 5), 255)
        XCTAssertEqual(alpha(b, 2, 4), 0); XCTAssertEqual(alpha(b, 9, 5), 0)
        XCTAssertEqual(alpha(b, 5, 3), 0); XCTAssertEqual(alpha(b, 5, 6), 0)
        XCTAssertEqual(coverageSum(b), 12, accuracy: 0.05)
    }

    func testSquareCapExtendsByHalfTheWidth() {
        let b = horizontal(.square)
        XCTAssertEqual(alpha(b, 2, 4), 255); XCTAssertEqual(alpha(b, 9, 5), 255)
        XCTAssertEqual(alpha(b, 1, 4), 0); XCTAssertEqual(alpha(b, 10, 5), 0)
        XCTAssertEqual(coverageSum(b), 16, accuracy: 0.05)
    }

    func testRoundCapAddsHalfDiscs() {
        let b = horizontal(.round)
        // Two half discs of radius 1: pi of extra area (less at most tolerance x circumference, as chords lie
        // inside the arc), partial coverage beyond the endpoints.
        XCTAssertEqual(coverageSum(b), 12 + Double.pi, accuracy: ScanoutRasterInfo.strokeTolerance * 2 * Double.pi + 0.05)
        XCTAssert((1...254).contains(alpha(b, 2, 4)))
        XCTAssertEqual(alpha(b, 1, 4), 0)
    }

    func corner(_ join: LineJoin, miterLimit: Double = 10) -> PixelBuffer {
        // An L: right then down, width 4, corner at (10, 10).
        stroke(20, 20, StrokeStyle(lineWidth: 4, lineJoin: join, miterLimit: miterLimit)) {
            $0.move(to: Point(2, 10)); $0.addLine(to: Point(10, 10)); $0.addLine(to: Point(10, 18))
        }
    }

    func testJoinsShapeTheOuterCorner() {
        let miter = corner(.miter), bevel = corner(.bevel), round = corner(.round)
        // The outer corner square (10..12, 8..10): the miter fills it, the bevel cuts it diagonally
        // (pixel (11, 8) is outside the bevel), the round join is in between.
        XCTAssertEqual(alpha(miter, 11, 8), 255)
        XCTAssertEqual(alpha(bevel, 11, 8), 0)
        XCTAssert((1...254).contains(alpha(round, 11, 8)), "round join edge pixel is partly covered")
        let m = coverageSum(miter), r = coverageSum(round), b = coverageSum(bevel)
        XCTAssertEqual(m - b, 2, accuracy: 0.05, "the miter adds a 2x2 triangle's complement: 4 - 2")
        // (The quarter arc, π long at radius 2, drawn as chords at most `strokeTolerance` inside it, loses up to
        // 2/3 of its length times that.)
        XCTAssertEqual(r - b, Double.pi - 2, accuracy: ScanoutRasterInfo.strokeTolerance * Double.pi * 2 / 3 + 0.05,
                       "the round join adds a quarter disc minus the bevel triangle")
        // Inner corner is filled in every join.
        for img in [miter, bevel, round] { XCTAssertEqual(alpha(img, 9, 11), 255) }
    }

    func testMiterLimitTurnsSharpMitersIntoBevels() {
        // A spike pointing right, 28 degrees between its sides: the miter length is 1/sin(14°) = 4.1 widths,
        // so the tip reaches x = 45 + 2 · 4.1 = 53.2.
        func spike(_ limit: Double) -> PixelBuffer {
            stroke(60, 40, StrokeStyle(lineWidth: 4, lineJoin: .miter, miterLimit: limit)) {
                $0.move(to: Point(5, 10)); $0.addLine(to: Point(45, 20)); $0.addLine(to: Point(5, 30))
            }
        }
        let long = spike(10), cut = spike(2)
        XCTAssertGreaterThan(coverageSum(long), coverageSum(cut) + 5, "the limit removes the tip")
        XCTAssertEqual(alpha(long, 48, 19), 255, "tip beyond the corner is drawn when the limit allows")
        XCTAssertEqual(alpha(cut, 48, 19), 0)
    }

    func testClosedRectangleStrokeIsAHollowFrame() {
        let b = stroke(20, 20, StrokeStyle(lineWidth: 2)) { $0.addRect(Rect(x: 4, y: 4, width: 10, height: 10)) }
        XCTAssertEqual(alpha(b, 3, 3), 255, "miter corner")
        XCTAssertEqual(alpha(b, 9, 9), 0, "inside is hollow")
        XCTAssertEqual(alpha(b, 9, 4), 255)
        XCTAssertEqual(coverageSum(b), 12 * 12 - 8 * 8, accuracy: 0.1)
    }

    func testCircleStrokeAreaIsCircumferenceTimesWidth() {
        let r = 30.0, w = 4.0
        let b = stroke(80, 80, StrokeStyle(lineWidth: w)) { $0.addEllipse(in: Rect(x: 40 - r, y: 40 - r, width: 2 * r, height: 2 * r)) }
        XCTAssertEqual(coverageSum(b), 2 * Double.pi * r * w, accuracy: 2 * Double.pi * r * w * 0.01)
        XCTAssertEqual(alpha(b, 40, 40), 0)
        XCTAssertEqual(alpha(b, 40, 10), 255)
    }

    func testDashesAlternate() {
        let b = stroke(40, 6, StrokeStyle(lineWidth: 2, dash: [4, 4])) { $0.move(to: Point(0, 3)); $0.addLine(to: Point(40, 3)) }
        for x in 0..<40 {
            let on = (x / 4) % 2 == 0
            XCTAssertEqual(alpha(b, x, 2), on ? 255 : 0, "x \(x)")
        }
        let phased = stroke(40, 6, StrokeStyle(lineWidth: 2, dash: [4, 4], dashPhase: 2)) { $0.move(to: Point(0, 3)); $0.addLine(to: Point(40, 3)) }
        XCTAssertEqual(alpha(phased, 0, 2), 255); XCTAssertEqual(alpha(phased, 2, 2), 0); XCTAssertEqual(alpha(phased, 6, 2), 255)
        // An odd pattern repeats: [3] means 3 on, 3 off.
        let odd = stroke(12, 6, StrokeStyle(lineWidth: 2, dash: [3])) { $0.move(to: Point(0, 3)); $0.addLine(to: Point(12, 3)) }
        XCTAssertEqual((0..<12).map { alpha(odd, $0, 2) == 255 }, [true, true, true, false, false, false, true, true, true, false, false, false])
        // Unusable patterns draw a solid line.
        let bad = stroke(12, 6, StrokeStyle(lineWidth: 2, dash: [-1, 2])) { $0.move(to: Point(0, 3)); $0.addLine(to: Point(12, 3)) }
        XCTAssertEqual(coverageSum(bad), 24, accuracy: 0.05)
    }

    func testZeroLengthSubpathsDrawDotsForRoundAndSquareCapsOnly() {
        func dot(_ cap: LineCap) -> Double {
            coverageSum(stroke(10, 10, StrokeStyle(lineWidth: 4, lineCap: cap)) { $0.move(to: Point(5, 5)); $0.addLine(to: Point(5, 5)) })
        }
        XCTAssertEqual(dot(.butt), 0)
        XCTAssertEqual(dot(.square), 16, accuracy: 0.05)
        XCTAssertEqual(dot(.round), 4 * Double.pi, accuracy: ScanoutRasterInfo.strokeTolerance * 4 * Double.pi + 0.05)
    }

    func testTransformScalesThePen() {
        let b = PixelBuffer(width: 30, height: 30)
        let canvas = Canvas(target: b)
        canvas.transform = AffineTransform(scaleX: 2, y: 2)
        var p = Path()
        p.move(to: Point(2, 5)); p.addLine(to: Point(12, 5))
        canvas.stroke(p, with: .solid(.white), style: StrokeStyle(lineWidth: 1))
        // Device: from x 4 to 24 at y 10, width 2.
        var s = 0.0
        for y in 0..<30 { for x in 0..<30 { s += Double(b.pixel(x: x, y: y).alpha) / 255 } }
        XCTAssertEqual(s, 40, accuracy: 0.1)
        XCTAssertEqual(b.pixel(x: 10, y: 9).alpha, 255)
        XCTAssertEqual(b.pixel(x: 10, y: 11).alpha, 0)
    }
}
