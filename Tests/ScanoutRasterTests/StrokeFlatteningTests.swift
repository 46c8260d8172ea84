import Testing
@testable import ScanoutRaster

/// How finely a stroke's curves are flattened: its outline stays within `strokeTolerance` of the stroke's true
/// edges (the curve offset by half the width on each side) however thick the stroke is against the curve's
/// radius, and a thin stroke on a gentle curve takes hardly more segments than a fill of the same curve.
@Suite struct StrokeFlatteningTests {
    let tolerance = ScanoutRasterInfo.strokeTolerance

    /// The stroke outline of a circle around the origin, made as the canvas makes it (flattened with the
    /// stroke's half width as the offset, then stroked).
    func outline(radius r: Double, width w: Double) -> ContourCollector {
        let circle = Path(ellipseIn: Rect(x: -r, y: -r, width: 2 * r, height: 2 * r))
        var centre = ContourCollector()
        PathFlattener.flatten(circle, transform: .identity, tolerance: tolerance, offset: w / 2, into: &centre)
        var stroker = Stroker(style: StrokeStyle(lineWidth: w), tolerance: tolerance)
        var out = ContourCollector()
        var start = 0
        for (end, closed) in centre.contours {
            stroker.stroke(centre.points[start..<end], closed: closed, into: &out)
            start = end
        }
        return out
    }

    /// The largest distance between a loop (its corners and points along its edges) and the circle of radius
    /// `radius` around the origin.
    func farthest(_ c: ContourCollector, loop: Int, from radius: Double) -> Double {
        let start = loop == 0 ? 0 : c.contours[loop - 1].end, end = c.contours[loop].end
        var worst = 0.0
        for i in start..<end {
            let a = c.points[i], b = c.points[i + 1 < end ? i + 1 : start]
            for k in 0...8 {
                let t = Double(k) / 8
                let p = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                worst = max(worst, abs(p.length - radius))
            }
        }
        return worst
    }

    /// The mean distance of a loop's corners from the origin (which loop is the outer edge).
    func meanRadius(_ c: ContourCollector, loop: Int) -> Double {
        let start = loop == 0 ? 0 : c.contours[loop - 1].end, end = c.contours[loop].end
        return c.points[start..<end].reduce(0) { $0 + $1.length } / Double(end - start)
    }

    // (The circle itself is four cubics, up to 0.00027 of the radius off a true circle: hence the small slack.)
    @Test(arguments: [(30.0, 8.0), (100.0, 1.0), (3.0, 5.0), (2.0, 6.0), (6.0, 40.0)])
    func theOutlineStaysWithinTheToleranceOfBothEdges(radius: Double, width: Double) {
        let c = outline(radius: radius, width: width)
        #expect(c.contours.count == 2)
        let outer = meanRadius(c, loop: 0) > meanRadius(c, loop: 1) ? 0 : 1
        let slack = 0.0003 * radius
        #expect(farthest(c, loop: outer, from: radius + width / 2) <= tolerance + slack)
        if width / 2 < radius {  // otherwise the inner edge folds over the centre, inside the filled disc
            #expect(farthest(c, loop: 1 - outer, from: radius - width / 2) <= tolerance + slack)
        }
    }

    @Test func aThinStrokeOnAGentleCurveTakesAboutAsManySegmentsAsAFill() {
        let circle = Path(ellipseIn: Rect(x: -100, y: -100, width: 200, height: 200))
        var fill = ContourCollector(), stroke = ContourCollector()
        PathFlattener.flatten(circle, transform: .identity, tolerance: tolerance, into: &fill)
        PathFlattener.flatten(circle, transform: .identity, tolerance: tolerance, offset: 0.5, into: &stroke)
        #expect(stroke.points.count >= fill.points.count)
        #expect(Double(stroke.points.count) <= Double(fill.points.count) * 1.05)
    }

    @Test func aThickStrokeOnATightCurveGetsTheStepsOfARoundJoinOfItsWidth() {
        // A quarter turn of radius 1 stroked 40 wide: the outer edge is a quarter circle of radius 21, which a
        // round join of that width draws in steps of 2·sqrt(2·tolerance/20).
        var p = Path()
        p.move(to: Point(x: 1, y: 0))
        p.addArc(center: .zero, radius: 1, startAngle: .degrees(0), sweep: .degrees(90))
        var c = ContourCollector()
        PathFlattener.flatten(p, transform: .identity, tolerance: tolerance, offset: 20, into: &c)
        let joinSteps = (Double.pi / 2 / (2 * (2 * tolerance / 20).squareRoot())).rounded(.up)
        #expect(Double(c.points.count - 1) >= joinSteps)
        #expect(Double(c.points.count - 1) <= joinSteps * 1.5)
    }
}
