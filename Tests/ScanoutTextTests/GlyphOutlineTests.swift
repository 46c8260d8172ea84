import CFreeType
import ScanoutRaster
import ScanoutText
import XCTest

final class GlyphOutlineTests: XCTestCase {
    private var font: Font!
    private var ft: FreeTypeReference!

    override func setUpWithError() throws {
        font = try Font.default()
        ft = try FreeTypeReference(path: Font.defaultPath)
    }

    private func glyph(_ c: Unicode.Scalar) -> GlyphIndex { font.glyphIndex(for: c) }

    /// FreeType's control box in design units, scaled and flipped into y-down pixels around `offset`.
    private func expectedBox(_ c: Character, size: Double, offset: Point = .zero) -> Rect {
        let b = ft.controlBox(ft.glyph(c))
        let s = size / ft.unitsPerEm
        return Rect(x: offset.x + Double(b.xMin) * s, y: offset.y - Double(b.yMax) * s,
                    width: Double(b.xMax - b.xMin) * s, height: Double(b.yMax - b.yMin) * s)
    }

    private func assertEqual(_ a: Rect, _ b: Rect, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.minX, b.minX, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(a.minY, b.minY, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(a.maxX, b.maxX, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(a.maxY, b.maxY, accuracy: accuracy, file: file, line: line)
    }

    private func elements(_ p: Path) -> [Path.Element] {
        var out: [Path.Element] = []
        p.forEach { out.append($0) }
        return out
    }

    func testCapitalIIsOneClosedContourWithFreeTypesBounds() {
        let outline = font.outline(of: glyph("I"), size: 50)
        XCTAssertEqual(outline.contourCount, 1)
        XCTAssertEqual(outline.fillRule, .nonZero)
        let els = elements(outline.path)
        guard case .move = els.first, case .closeSubpath = els.last else { return XCTFail("\(els)") }
        XCTAssertEqual(els.filter { if case .move = $0 { return true } else { return false } }.count, 1)
        // "I" is a rectangle: lines only, and the path's extent is FreeType's box, flipped so the glyph sits above y = 0.
        let expected = expectedBox("I", size: 50)
        assertEqual(outline.path.boundingRect, expected)
        assertEqual(outline.controlBox, expected)
        XCTAssertEqual(expected.maxY, 0, accuracy: 1e-12)  // on the baseline
        XCTAssertEqual(expected.minY, -1493.0 * 50 / 2048, accuracy: 1e-12)
    }

    func testOffsetMovesTheOutline() {
        let offset = Point(x: 0.25, y: 10.75)
        let moved = font.outline(of: glyph("l"), size: 30, offset: offset)
        assertEqual(moved.path.boundingRect, expectedBox("l", size: 30, offset: offset))
        assertEqual(moved.controlBox, expectedBox("l", size: 30, offset: offset))
    }

    func testCurvedGlyphBoundsAreFreeTypesControlBox() {
        // Control points can lie outside the curve, so the path's control-point box equals FreeType's cbox.
        for c in "Og&@" {
            let outline = font.outline(of: glyph(c.unicodeScalars.first!), size: 40)
            assertEqual(outline.path.boundingRect, expectedBox(c, size: 40))
        }
    }

    func testCapitalOHasTwoContoursAndAHole() {
        let g = glyph("O")
        let outline = font.outline(of: g, size: 40)
        XCTAssertEqual(outline.contourCount, 2)
        let moves = elements(outline.path).filter { if case .move = $0 { return true } else { return false } }
        XCTAssertEqual(moves.count, 2)
        XCTAssertTrue(elements(outline.path).contains { if case .quadCurve = $0 { return true } else { return false } })

        let mask = MaskRasterizer().mask(for: outline.path, fillRule: outline.fillRule)
        let box = outline.controlBox
        let cx = Int(box.midX.rounded(.down)) - mask.originX, cy = Int(box.midY.rounded(.down)) - mask.originY
        XCTAssertEqual(mask[cx, cy], 0, "centre of the O")
        // The left side of the ring at mid-height: the stroke of a 40 px O is ~3.8 px wide, so a pixel is inside.
        let row = (0..<mask.width).map { mask[$0, cy] }
        XCTAssertTrue(row[..<cx].contains(255), "\(row)")
        XCTAssertTrue(row[cx...].contains(255), "\(row)")
    }

    func testCoverageSumIsTheOutlineArea() {
        for (c, size) in [("l", 100.0), ("o", 100.0), ("e", 64.0)] as [(Unicode.Scalar, Double)] {
            // Sub-pixel offset so the edges cross pixels and coverage is really fractional.
            let outline = font.outline(of: glyph(c), size: size, offset: Point(x: 0.3, y: 0.6))
            let mask = MaskRasterizer().mask(for: outline.path, fillRule: outline.fillRule, tolerance: 0.01)
            let coverage = Double(mask.coverage.reduce(0) { $0 + Int($1) }) / 255
            let area = abs(Self.area(of: outline.path))
            XCTAssertGreaterThan(area, 100)
            XCTAssertEqual(coverage, area, accuracy: area * 0.01, "\(c)")
        }
        // "l" is a 184 x 1556 unit rectangle.
        let l = font.outline(of: glyph("l"), size: 100)
        XCTAssertEqual(abs(Self.area(of: l.path)), 184.0 * 1556 * 100 * 100 / (2048 * 2048), accuracy: 1e-6)
    }

    func testSpaceAndMissingIndicesHaveNoOutline() {
        XCTAssertTrue(font.outline(of: glyph(" "), size: 20).path.isEmpty)
        XCTAssertEqual(font.outline(of: 0xFFFF_FFF0, size: 20), .empty)
        XCTAssertEqual(font.outline(of: glyph("A"), size: .infinity), .empty)
        XCTAssertEqual(font.outline(of: glyph("A"), size: 0), .empty)
        XCTAssertFalse(font.outline(of: 0, size: 20).path.isEmpty, ".notdef draws a box")
    }

    /// Signed shoelace area of the path, with curves sampled finely (error far below the 1 % tolerance).
    static func area(of path: Path) -> Double {
        var sum = 0.0
        var start = Point.zero, current = Point.zero
        func edge(_ a: Point, _ b: Point) { sum += a.x * b.y - b.x * a.y }
        let n = 64
        path.forEach { element in
            switch element {
            case .move(let p):
                edge(current, start)
                start = p; current = p
            case .line(let p):
                edge(current, p); current = p
            case .quadCurve(let p, let c):
                let p0 = current
                for k in 1...n {
                    let t = Double(k) / Double(n), u = 1 - t
                    let q = Point(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y)
                    edge(current, q); current = q
                }
            case .curve(let p, let c1, let c2):
                let p0 = current
                for k in 1...n {
                    let t = Double(k) / Double(n), u = 1 - t
                    let b0 = u * u * u, b1 = 3 * u * u * t, b2 = 3 * u * t * t, b3 = t * t * t
                    let q = Point(x: b0 * p0.x + b1 * c1.x + b2 * c2.x + b3 * p.x, y: b0 * p0.y + b1 * c1.y + b2 * c2.y + b3 * p.y)
                    edge(current, q); current = q
                }
            case .closeSubpath:
                edge(current, start); current = start
            }
        }
        edge(current, start)
        return sum / 2
    }
}
