import XCTest
@testable import ScanoutRaster

/// Coverage of simple shapes, checked against their exact areas.
final class CoverageTests: XCTestCase {
    func alphaSum(_ b: PixelBuffer) -> Double {
        var s = 0.0
        for y in 0..<b.height { for x in 0..<b.width { s += Double(b.premultipliedPixel(x: x, y: y) >> 24) } }
        return s / 255
    }

    func render(_ w: Int, _ h: Int, rule: FillRule = .nonZero, _ build: (inout Path) -> Void) -> PixelBuffer {
        let b = PixelBuffer(width: w, height: h)
        var p = Path()
        build(&p)
        Canvas(target: b).fill(p, with: .solid(.white), style: FillStyle(eoFill: rule == .evenOdd))
        return b
    }

    func testHalfCoveredPixelIsAboutHalf() {
        let b = render(4, 4) { $0.addRect(Rect(x: 0, y: 0, width: 0.5, height: 1)) }
        XCTAssertEqual(Int(b.pixel(x: 0, y: 0).alpha), 128, accuracy: 1)
        XCTAssertEqual(b.pixel(x: 1, y: 0).alpha, 0)
        XCTAssertEqual(b.pixel(x: 0, y: 1).alpha, 0)
    }

    func testQuarterAndDiagonalCoverage() {
        let q = render(2, 2) { $0.addRect(Rect(x: 0, y: 0, width: 0.5, height: 0.5)) }
        XCTAssertEqual(Int(q.pixel(x: 0, y: 0).alpha), 64, accuracy: 1)
        // A triangle that is exactly half of pixel (1, 1).
        let t = render(3, 3) {
            $0.move(to: Point(1, 1)); $0.addLine(to: Point(2, 1)); $0.addLine(to: Point(1, 2)); $0.closeSubpath()
        }
        XCTAssertEqual(Int(t.pixel(x: 1, y: 1).alpha), 128, accuracy: 1)
        XCTAssertEqual(t.pixel(x: 0, y: 1).alpha, 0)
        XCTAssertEqual(t.pixel(x: 2, y: 1).alpha, 0)
    }

    func testWholePixelsAreFullAndOutsideIsEmpty() {
        let b = render(6, 6) { $0.addRect(Rect(x: 1, y: 1, width: 3, height: 2)) }
        for y in 0..<6 {
            for x in 0..<6 {
                let inside = (1..<4).contains(x) && (1..<3).contains(y)
                XCTAssertEqual(b.pixel(x: x, y: y), inside ? RGBA.white : RGBA.clear, "pixel \(x),\(y)")
            }
        }
    }

    func testFractionalRectangleCoverageEqualsItsArea() {
        let b = render(40, 40) { $0.addRect(Rect(x: 3.3, y: 5.7, width: 20.45, height: 11.15)) }
        XCTAssertEqual(alphaSum(b), 20.45 * 11.15, accuracy: 0.5)
        // Edge pixels carry the fraction: the left column is 70% covered.
        XCTAssertEqual(Double(b.pixel(x: 3, y: 10).alpha), 0.7 * 255, accuracy: 2)
    }

    func testCircleCoverageEqualsPiRSquared() {
        let r = 20.0
        let b = render(50, 50) { $0.addEllipse(in: Rect(x: 25 - r, y: 25 - r, width: 2 * r, height: 2 * r)) }
        // Chords lie inside the arc: the polygon loses at most tolerance x perimeter of area.
        XCTAssertEqual(alphaSum(b), Double.pi * r * r, accuracy: ScanoutRasterInfo.fillTolerance * 2 * Double.pi * r)
        XCTAssertEqual(b.pixel(x: 25, y: 25).alpha, 255)
        XCTAssertEqual(b.pixel(x: 2, y: 2).alpha, 0)
    }

    func testShapesPartlyOutsideTheTargetAreClippedNotWrapped() {
        // Left of, above, right of and below the buffer: coverage must be exactly the visible part.
        let b = render(10, 10) { $0.addRect(Rect(x: -5, y: -5, width: 10.5, height: 30)) }
        for y in 0..<10 {
            XCTAssertEqual(b.pixel(x: 4, y: y).alpha, 255)
            XCTAssertEqual(Int(b.pixel(x: 5, y: y).alpha), 128, accuracy: 1)
            XCTAssertEqual(b.pixel(x: 6, y: y).alpha, 0)
        }
        let diag = render(10, 10) {
            $0.move(to: Point(-20, -20)); $0.addLine(to: Point(30, 30)); $0.addLine(to: Point(-20, 30)); $0.closeSubpath()
        }
        // Below the diagonal y = x is inside; diagonal pixels are half covered.
        XCTAssertEqual(Int(diag.pixel(x: 5, y: 5).alpha), 128, accuracy: 1)
        XCTAssertEqual(diag.pixel(x: 2, y: 7).alpha, 255)
        XCTAssertEqual(diag.pixel(x: 7, y: 2).alpha, 0)
    }

    func testBothFillRules() {
        func twoSquares(_ p: inout Path) {
            p.addRect(Rect(x: 0, y: 0, width: 6, height: 6))
            p.addRect(Rect(x: 3, y: 3, width: 6, height: 6))  // same direction: winding 2 in the overlap
        }
        let nz = render(10, 10, rule: .nonZero, twoSquares)
        let eo = render(10, 10, rule: .evenOdd, twoSquares)
        XCTAssertEqual(nz.pixel(x: 4, y: 4).alpha, 255)
        XCTAssertEqual(eo.pixel(x: 4, y: 4).alpha, 0)
        XCTAssertEqual(nz.pixel(x: 1, y: 1).alpha, 255)
        XCTAssertEqual(eo.pixel(x: 1, y: 1).alpha, 255)
        XCTAssertEqual(eo.pixel(x: 7, y: 7).alpha, 255)

        // A pentagram: its centre has winding 2.
        func star(_ p: inout Path) {
            for k in 0..<5 {
                let a = Angle(degrees: -90 + Double(k) * 144)
                let pt = Point(x: 20 + 18 * Trig.cos(a.radians), y: 20 + 18 * Trig.sin(a.radians))
                if k == 0 { p.move(to: pt) } else { p.addLine(to: pt) }
            }
            p.closeSubpath()
        }
        XCTAssertEqual(render(40, 40, rule: .nonZero, star).pixel(x: 20, y: 21).alpha, 255)
        XCTAssertEqual(render(40, 40, rule: .evenOdd, star).pixel(x: 20, y: 21).alpha, 0)

        // A reversed inner contour is a hole under both rules.
        func ring(_ p: inout Path) {
            p.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
            p.move(to: Point(3, 3)); p.addLine(to: Point(3, 7)); p.addLine(to: Point(7, 7)); p.addLine(to: Point(7, 3)); p.closeSubpath()
        }
        XCTAssertEqual(render(10, 10, rule: .nonZero, ring).pixel(x: 5, y: 5).alpha, 0)
        XCTAssertEqual(render(10, 10, rule: .evenOdd, ring).pixel(x: 5, y: 5).alpha, 0)
    }

    func testFlatteningStaysWithinTolerance() {
        // A quarter circle as one cubic, flattened: every vertex lies on the circle within the tolerance.
        var c = ContourCollector()
        var p = Path()
        p.addArc(center: Point(0, 0), radius: 100, startAngle: .zero, sweep: .degrees(90))
        PathFlattener.flatten(p, transform: .identity, tolerance: 0.1, into: &c)
        XCTAssertGreaterThan(c.points.count, 4)
        for v in c.points { XCTAssertEqual(v.length, 100, accuracy: 0.1) }
        // Chord midpoints too.
        for i in 1..<c.points.count {
            let m = (c.points[i] + c.points[i - 1]) * 0.5
            XCTAssertEqual(m.length, 100, accuracy: 0.1 + 0.03)
        }
    }

    func testDegenerateInputDoesNotCrash() {
        let b = PixelBuffer(width: 16, height: 16)
        let canvas = Canvas(target: b)
        canvas.fill(Path(), with: .solid(.white))
        var nan = Path()
        nan.move(to: Point(.nan, 3)); nan.addLine(to: Point(5, .infinity)); nan.addLine(to: Point(1, 1))
        canvas.fill(nan, with: .solid(.white))
        canvas.stroke(nan, with: .solid(.white), style: StrokeStyle(lineWidth: 2))
        var huge = Path()
        huge.addRect(Rect(x: -1e12, y: -1e12, width: 2e12, height: 2e12))
        canvas.fill(huge, with: .solid(.white))
        XCTAssertEqual(b.pixel(x: 8, y: 8), .white, "a rectangle larger than the fixed-point range still covers the screen")
        canvas.stroke(huge, with: .solid(.black), style: StrokeStyle(lineWidth: 0))
        let empty = PixelBuffer(width: 0, height: 0)
        Canvas(target: empty).fill(Path(Rect(x: 0, y: 0, width: 5, height: 5)), with: .solid(.white))
    }

    func testTrigIsAccurate() {
        var x = -20.0
        while x < 20 {
            XCTAssertEqual(Trig.sin(x), Glibc.sin(x), accuracy: 1e-15)
            XCTAssertEqual(Trig.cos(x), Glibc.cos(x), accuracy: 1e-15)
            x += 0.0137
        }
    }
}
