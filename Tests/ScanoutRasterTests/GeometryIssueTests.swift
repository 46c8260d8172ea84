import Testing
@testable import ScanoutRaster

/// The canvas's geometry hook, and the bounds that keep extreme geometry cheap.
@Suite struct GeometryIssueTests {
    func canvas(_ w: Int = 16, _ h: Int = 16) -> (Canvas, Box) {
        let c = Canvas(target: PixelBuffer(width: w, height: h))
        let box = Box()
        c.geometryIssue = { box.issues.append($0) }
        return (c, box)
    }

    final class Box { var issues: [GeometryIssue] = [] }

    @Test func reportsEachReasonAnItemDrawsNothing() {
        let (c, box) = canvas()
        var nanPath = Path()
        nanPath.move(to: Point(1, 1)); nanPath.addLine(to: Point(.nan, 4)); nanPath.addLine(to: Point(4, 8))
        c.fill(nanPath, with: .solid(.white))
        c.stroke(nanPath, with: .solid(.white), style: StrokeStyle(lineWidth: 2))
        c.fill(Rect(x: .infinity, y: 0, width: 1, height: 1), with: .solid(.white))
        c.stroke(Path(Rect(x: 1, y: 1, width: 4, height: 4)), with: .solid(.white), style: StrokeStyle(lineWidth: .nan))
        #expect(box.issues == [.nonFiniteGeometry, .nonFiniteGeometry, .nonFiniteGeometry, .nonFiniteGeometry])
        box.issues = []
        c.transform = AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)
        c.fill(Path(Rect(x: 1, y: 1, width: 4, height: 4)), with: .solid(.white))
        c.transform = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 0)
        c.fill(Path(Rect(x: 1, y: 1, width: 4, height: 4)), with: .solid(.white))
        c.draw(PixelBuffer(width: 2, height: 2), transform: .identity)
        #expect(box.issues == [.singularTransform, .nonFiniteTransform, .nonFiniteTransform])
        #expect(c.target.pixel(x: 2, y: 2).alpha == 0)
    }

    @Test func saneGeometryReportsNothing() {
        let (c, box) = canvas()
        c.fill(Path(ellipseIn: Rect(x: 2, y: 2, width: 10, height: 10)), with: .solid(.white))
        c.stroke(Path(Rect(x: 1, y: 1, width: 12, height: 12)), with: .solid(.white), style: StrokeStyle(lineWidth: 1, dash: [3, 1]))
        #expect(box.issues.isEmpty)
    }

    @Test func dashesAreCutOnlyWhereTheyCanReachTheSurface() {
        let (c, box) = canvas(64, 16)
        var p = Path()
        p.move(to: Point(-1e9, 8)); p.addLine(to: Point(1e9, 8))
        c.stroke(p, with: .solid(.white), style: StrokeStyle(lineWidth: 2, dash: [1, 1]))
        // The surface is 64 px wide, grown by a few pixels of cap and miter: a few dozen dashes, not 1e9.
        #expect(c.dashPiecesInLastOutline > 30 && c.dashPiecesInLastOutline < 50)
        #expect(box.issues.isEmpty)
        #expect(c.target.pixel(x: 0, y: 8).alpha == 255 && c.target.pixel(x: 1, y: 8).alpha == 0)
    }

    @Test func aPatternFinerThanAPixelIsDrawnSolid() {
        let (c, box) = canvas(32, 8)
        var p = Path()
        p.move(to: Point(0, 4)); p.addLine(to: Point(32, 4))
        c.stroke(p, with: .solid(.white), style: StrokeStyle(lineWidth: 2, dash: [0.1, 0.3]))
        #expect(box.issues == [.dashPeriodBelowPixel])
        #expect(abs(Int(c.target.pixel(x: 10, y: 4).alpha) - 64) <= 1)
        #expect(c.dashPiecesInLastOutline == 0)
    }

    /// Found by fuzz-raster: a sweep near Double's largest value lost its remainder and kept a huge sweep.
    @Test(arguments: [Double.greatestFiniteMagnitude, -1e300, 1e17])
    func arcOfAnyFiniteSweepHasFewSegments(_ sweep: Double) {
        var p = Path()
        p.addArc(center: Point(8, 8), radius: 4, startAngle: .radians(1), sweep: .radians(sweep))
        #expect(p.verbs.count <= 2 + 4 * 4)
    }

    @Test func tooManyDashesAreDrawnSolid() {
        // A transform that stretches one axis only: the period is long on screen along x, tiny along y, so a
        // vertical line would be cut into millions of visible pieces.
        let (c, box) = canvas(8, 64)
        c.transform = AffineTransform(a: 1000, b: 0, c: 0, d: 0.001, tx: -3996, ty: 0)
        var p = Path()
        p.move(to: Point(4, 0)); p.addLine(to: Point(4, 64_000))
        c.stroke(p, with: .solid(.white), style: StrokeStyle(lineWidth: 0.002, dash: [0.001, 0.001]))
        #expect(box.issues == [.tooManyDashes])
        #expect(c.dashPiecesInLastOutline == Canvas.maxDashPieces)
    }
}
