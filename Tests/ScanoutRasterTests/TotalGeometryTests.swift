import Testing
@testable import ScanoutRaster

/// Regression tests for the rasterizer's crash classes of issue 18: each drew by converting a non-finite or
/// huge `Double` to an integer (a trap that killed the process) or ran away in time and memory. Every call here
/// must return, draw nothing where the geometry is meaningless, and draw what a sane neighbour would otherwise.
/// These use only API that predates the fix, so they can be run against the old rasterizer.
@Suite struct TotalGeometryTests {
    static let red = RGBA(red: 255, green: 0, blue: 0)

    /// Whether no pixel of `b` was touched (still transparent).
    func untouched(_ b: PixelBuffer) -> Bool {
        for y in 0..<b.height { for x in 0..<b.width where b.pixel(x: x, y: y).alpha != 0 { return false } }
        return true
    }

    func everyPixel(_ b: PixelBuffer, is color: RGBA) -> Bool {
        for y in 0..<b.height { for x in 0..<b.width where b.pixel(x: x, y: y) != color { return false } }
        return true
    }

    // MARK: 1. Arcs with an infinite, NaN or huge sweep or end angle

    @Test(arguments: [Double.infinity, -Double.infinity, Double.nan])
    func arcWithNonFiniteSweepDrawsNothing(_ sweep: Double) {
        var p = Path()
        p.addArc(center: Point(8, 8), radius: 5, startAngle: .zero, sweep: .radians(sweep))
        var q = Path()
        q.addArc(center: Point(8, 8), radius: 5, startAngle: .zero, endAngle: .radians(sweep), clockwise: false)
        let b = PixelBuffer(width: 16, height: 16)
        let canvas = Canvas(target: b)
        canvas.fill(p, with: .solid(Self.red))
        canvas.stroke(q, with: .solid(Self.red), style: StrokeStyle(lineWidth: 2))
        #expect(untouched(b))
    }

    @Test func arcWithHugeSweepKeepsFewSegmentsAndDrawsTheCircle() {
        var p = Path()
        p.addArc(center: Point(8, 8), radius: 6, startAngle: .zero, sweep: .radians(1e9))
        // A circle wound a few times: a bounded number of quarter-turn cubics, not 6e8 of them.
        #expect(p.verbs.count < 32)
        let b = PixelBuffer(width: 16, height: 16)
        Canvas(target: b).fill(p, with: .solid(Self.red))
        #expect(b.pixel(x: 8, y: 8) == Self.red)
        #expect(b.pixel(x: 0, y: 0).alpha == 0)
    }

    // MARK: 2. Stroking under a NaN transform or with a line width of 1e37

    @Test func strokeUnderNaNTransformDrawsNothing() {
        let b = PixelBuffer(width: 16, height: 16)
        let canvas = Canvas(target: b)
        canvas.transform = AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        var p = Path()
        p.move(to: Point(2, 8)); p.addLine(to: Point(14, 8))
        canvas.stroke(p, with: .solid(Self.red), style: StrokeStyle(lineWidth: 2, lineJoin: .round))
        canvas.fill(p, with: .solid(Self.red))
        #expect(untouched(b))
    }

    @Test func strokeOfHugeWidthCoversTheSurface() {
        let b = PixelBuffer(width: 16, height: 16)
        var p = Path()
        p.move(to: Point(2, 8)); p.addLine(to: Point(14, 8)); p.addLine(to: Point(14, 2))
        Canvas(target: b).stroke(p, with: .solid(Self.red), style: StrokeStyle(lineWidth: 1e37, lineCap: .round, lineJoin: .round))
        #expect(everyPixel(b, is: Self.red))
    }

    // MARK: 3. Rects at 1e19, translations of -1e19, an image rotated far away

    @Test func rectFarAwayDrawsNothingAndHugeRectCoversTheSurface() {
        let b = PixelBuffer(width: 16, height: 16)
        let canvas = Canvas(target: b)
        canvas.fill(Path(Rect(x: 1e19, y: 2, width: 4, height: 4)), with: .solid(Self.red))
        canvas.transform = AffineTransform(translationX: -1e19, y: 0)
        canvas.fill(Path(Rect(x: 2, y: 2, width: 4, height: 4)), with: .solid(Self.red))
        canvas.fill(Rect(x: 2, y: 2, width: 4, height: 4), with: .solid(Self.red))
        #expect(untouched(b))
        canvas.transform = .identity
        canvas.fill(Path(Rect(x: -1e19, y: -1e19, width: 2e19, height: 2e19)), with: .solid(Self.red))
        #expect(everyPixel(b, is: Self.red))
    }

    @Test func imageRotatedFarAwayDrawsNothing() {
        let b = PixelBuffer(width: 16, height: 16)
        let image = PixelBuffer(width: 4, height: 4)
        Canvas(target: image).clear(Self.red)
        let canvas = Canvas(target: b)
        canvas.transform = AffineTransform(rotationAngle: .degrees(30)).translatedBy(x: 1e19, y: -3e18)
        canvas.draw(image, in: Rect(x: 0, y: 0, width: 8, height: 8))
        canvas.draw(image, transform: .identity)
        #expect(untouched(b))
    }

    // MARK: 4. A quadratic with a control point at 1e100

    @Test func quadraticWithHugeControlPointIsFlattenedToFewSegments() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.addQuadCurve(to: Point(10, 10), control: Point(1e100, 0))
        p.addCurve(to: Point(0, 10), control1: Point(0, -1e100), control2: Point(1e100, 1e100))
        var contours = ContourCollector()
        PathFlattener.flatten(p, transform: .identity, tolerance: 0.1, into: &contours)
        #expect(contours.points.count <= 2 * 1000 + 1)
        let b = PixelBuffer(width: 16, height: 16)
        let canvas = Canvas(target: b)
        canvas.fill(p, with: .solid(Self.red))
        canvas.stroke(p, with: .solid(Self.red), style: StrokeStyle(lineWidth: 1))
        // The canvas stays usable: a sane shape after it draws as always.
        let c = PixelBuffer(width: 16, height: 16)
        Canvas(target: c).fill(Path(Rect(x: 4, y: 4, width: 8, height: 8)), with: .solid(Self.red))
        #expect(c.pixel(x: 8, y: 8) == Self.red && c.pixel(x: 2, y: 2).alpha == 0)
    }

    // MARK: 5. Gradients whose ends nearly coincide, an image pattern scaled by 1e-30

    static let stops = Gradient(stops: [Gradient.Stop(color: RGBA(red: 0, green: 0, blue: 255), location: 0),
                                        Gradient.Stop(color: RGBA(red: 0, green: 255, blue: 0), location: 1)])

    @Test func linearGradientOfNearlyCoincidentEndsIsItsLastColour() {
        let b = PixelBuffer(width: 16, height: 16)
        let g = LinearGradient(gradient: Self.stops, startPoint: Point(0, 0), endPoint: Point(1e-160, 1e-160))
        Canvas(target: b).fill(Path(Rect(x: 0, y: 0, width: 16, height: 16)), with: .linearGradient(g))
        #expect(everyPixel(b, is: RGBA(red: 0, green: 255, blue: 0)))
    }

    @Test func radialGradientOfTinyRadiusIsItsLastColour() {
        let b = PixelBuffer(width: 16, height: 16)
        let g = RadialGradient(gradient: Self.stops, center: Point(8, 8), startRadius: 0, endRadius: 1e-300)
        Canvas(target: b).fill(Path(Rect(x: 0, y: 0, width: 16, height: 16)), with: .radialGradient(g))
        #expect(everyPixel(b, is: RGBA(red: 0, green: 255, blue: 0)))
    }

    @Test func imagePatternScaledToNothingDrawsNothing() {
        let b = PixelBuffer(width: 16, height: 16)
        let image = PixelBuffer(width: 4, height: 4)
        Canvas(target: image).clear(Self.red)
        for filter in [ImageFilter.nearest, .bilinear] {
            let pattern = ImagePattern(image: image, transform: AffineTransform(scaleX: 1e-30, y: 1e-30), filter: filter)
            Canvas(target: b).fill(Path(Rect(x: 0, y: 0, width: 16, height: 16)), with: .image(pattern))
        }
        #expect(untouched(b))
    }

    // MARK: 6. A (nearly) singular canvas transform with draw(image, in:)

    @Test(arguments: [1.0, 1.0 + 0x1p-52, 1.0 + 0x1p-40])
    func imageUnderCollapsingTransformDrawsNothing(_ d: Double) {
        let b = PixelBuffer(width: 16, height: 16)
        let image = PixelBuffer(width: 4, height: 4)
        Canvas(target: image).clear(Self.red)
        let canvas = Canvas(target: b)
        // Two (nearly) equal rows: the plane collapses onto a line.
        canvas.transform = AffineTransform(a: 1, b: 1, c: 1, d: d, tx: 2, ty: 3)
        canvas.draw(image, in: Rect(x: 0, y: 0, width: 8, height: 8))
        canvas.draw(image, in: Rect(x: 0, y: 0, width: 8, height: 8), filter: .nearest)
        var touched = 0
        for y in 0..<16 { for x in 0..<16 where b.pixel(x: x, y: y).alpha != 0 { touched += 1 } }
        // Whatever a collapsed shape covers is a sliver along the line, never the image spread out.
        #expect(touched <= 32)
    }

    // MARK: 7. Dashes on a 1e9-long line, and dashes of denormals

    @Test func dashedLineFarLongerThanTheSurfaceDrawsItsVisibleDashes() {
        let b = PixelBuffer(width: 32, height: 8)
        var p = Path()
        p.move(to: Point(0, 4)); p.addLine(to: Point(1e9, 4))
        Canvas(target: b).stroke(p, with: .solid(Self.red), style: StrokeStyle(lineWidth: 2, dash: [2, 2]))
        // On [0, 2), off [2, 4), on [4, 6) ...
        #expect(b.pixel(x: 1, y: 3) == Self.red)
        #expect(b.pixel(x: 2, y: 3).alpha == 0)
        #expect(b.pixel(x: 29, y: 4) == Self.red)
        #expect(b.pixel(x: 31, y: 4).alpha == 0)
    }

    @Test func dashesOfDenormalsAreDrawnSolidAtTheirMeanCoverage() {
        let b = PixelBuffer(width: 32, height: 8)
        var p = Path()
        p.move(to: Point(0, 4)); p.addLine(to: Point(32, 4))
        let tiny = Double.leastNonzeroMagnitude
        Canvas(target: b).stroke(p, with: .solid(.white), style: StrokeStyle(lineWidth: 2, dash: [tiny, tiny]))
        // Half on, half off: half the coverage of a solid line, evenly.
        let a = Int(b.pixel(x: 16, y: 4).alpha)
        #expect(abs(a - 128) <= 1)
        #expect(Int(b.pixel(x: 3, y: 3).alpha) == a)
        #expect(b.pixel(x: 16, y: 1).alpha == 0)
    }
}
