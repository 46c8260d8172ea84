import XCTest
@testable import ScanoutRaster

/// Rasterizing only the rows inside the clip (a damage rectangle, a compositing band) gives those rows exactly
/// the pixels of a whole-shape rasterization, and kept outlines draw what a fresh flattening draws.
final class PartialRasterizationTests: XCTestCase {
    /// Shapes with steep, shallow, curved and self-overlapping edges, one larger than a rasterizer band.
    private func shapes() -> [(Path, StrokeStyle?)] {
        var star = Path()
        star.move(to: Point(x: 400, y: 20))
        for k in 1..<5 {
            let a = Double(k) * 4 * Double.pi / 5
            star.addLine(to: Point(x: 400 + 380 * sin(a), y: 300 - 280 * cos(a)))
        }
        star.closeSubpath()
        var arc = Path()
        arc.addArc(center: Point(x: 213.3, y: 171.7), radius: 97.4, startAngle: .degrees(-80), endAngle: .degrees(215), clockwise: false)
        return [
            (Path(roundedRect: Rect(x: 31.3, y: 12.6, width: 720.2, height: 561.9), cornerRadius: 23.5), nil),
            (Path(roundedRect: Rect(x: 31.3, y: 12.6, width: 720.2, height: 561.9), cornerRadius: 23.5), StrokeStyle(lineWidth: 3.3)),
            (star, nil),
            (arc, StrokeStyle(lineWidth: 13.7, lineCap: .round)),
            (Path(ellipseIn: Rect(x: 600.25, y: 400.75, width: 150.5, height: 90.1)), StrokeStyle(lineWidth: 1.2, dash: [7, 3.5])),
        ]
    }

    private func draw(_ shape: (Path, StrokeStyle?), on canvas: Canvas, outline: ShapeOutline? = nil) {
        let paint = Paint.solid(RGBA(red: 200, green: 90, blue: 30, alpha: 230))
        switch (shape.1, outline) {
        case (let style?, let o?): canvas.stroke(shape.0, with: paint, style: style, reusing: o)
        case (let style?, nil): canvas.stroke(shape.0, with: paint, style: style)
        case (nil, let o?): canvas.fill(shape.0, with: paint, style: FillStyle(eoFill: true), reusing: o)
        case (nil, nil): canvas.fill(shape.0, with: paint, style: FillStyle(eoFill: true))
        }
    }

    private func assertRowsEqual(_ a: PixelBuffer, _ b: PixelBuffer, _ rows: Range<Int>, _ what: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        for y in rows where memcmp(a.row(y), b.row(y), a.width * a.format.bytesPerPixel) != 0 {
            XCTFail("\(what): row \(y) differs", file: file, line: line)
            return
        }
    }

    func testClippedRowsMatchAWholeShape() {
        let w = 800, h = 600
        for (n, shape) in shapes().enumerated() {
            let whole = PixelBuffer(width: w, height: h)
            draw(shape, on: Canvas(target: whole))
            for rows in [0..<1, 7..<9, 13..<40, 94..<95, 150..<331, 287..<600, 571..<575] {
                let part = PixelBuffer(width: w, height: h)
                let canvas = Canvas(target: part)
                canvas.clip(to: IntRect(x: 0, y: rows.lowerBound, width: w, height: rows.count))
                draw(shape, on: canvas)
                assertRowsEqual(whole, part, rows, "shape \(n), rows \(rows)")
            }
        }
    }

    func testKeptOutlineDrawsLikeAFreshOneAndIsBuiltOnce() {
        let w = 800, h = 600
        for (n, shape) in shapes().enumerated() {
            let fresh = PixelBuffer(width: w, height: h)
            draw(shape, on: Canvas(target: fresh))
            let kept = PixelBuffer(width: w, height: h)
            let canvas = Canvas(target: kept)
            let outline = ShapeOutline()
            // Three bands, each drawing the shape through the same outline.
            for rows in [0..<200, 200..<400, 400..<600] {
                canvas.resetClip()
                canvas.clip(to: IntRect(x: 0, y: rows.lowerBound, width: w, height: rows.count))
                draw(shape, on: canvas, outline: outline)
            }
            assertRowsEqual(fresh, kept, 0..<h, "shape \(n)")
            XCTAssertEqual(outline.builds, 1, "shape \(n): an unchanged shape is flattened once")
            // Swept once when a band shows only part of it (a shape inside one band is drawn directly).
            XCTAssertLessThanOrEqual(outline.sweeps, 1, "shape \(n): its spans are swept once, then replayed for each band")
            // Drawn whole again (from the recording), into a fresh buffer: the same pixels.
            let again = PixelBuffer(width: w, height: h)
            let other = Canvas(target: again)
            draw(shape, on: other, outline: outline)
            draw(shape, on: other, outline: outline)
            let twice = PixelBuffer(width: w, height: h)
            let direct = Canvas(target: twice)
            draw(shape, on: direct)
            draw(shape, on: direct)
            assertRowsEqual(twice, again, 0..<h, "shape \(n) drawn twice from its recording")
            XCTAssertEqual(outline.sweeps, 1, "shape \(n): drawn again unchanged, it is replayed from one recording")
            // Another transform (or another path) builds it again.
            canvas.resetClip()
            canvas.transform = AffineTransform(translationX: 0.5, y: 0)
            draw(shape, on: canvas, outline: outline)
            XCTAssertEqual(outline.builds, 2, "shape \(n): a new transform rebuilds the outline")
        }
    }
}
