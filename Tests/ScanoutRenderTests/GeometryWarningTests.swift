import Testing
import ScanoutRender

/// Items with meaningless geometry are skipped by the renderer, which tells its `geometryWarning` once per
/// item and reason however often the list is painted.
@MainActor
@Suite struct GeometryWarningTests {
    final class Log { var entries: [(GeometryIssue, Int)] = [] }

    func list() -> DisplayList {
        var list = DisplayList()
        list.append(.fill(Path(Rect(x: 0, y: 0, width: 40, height: 30)), .solid(.white), FillStyle()))
        list.append(.fill(Path(Rect(x: .nan, y: 2, width: 4, height: 4)), .solid(.black), FillStyle()))
        list.append(.pushTransform(AffineTransform(a: 1, b: 1, c: 1, d: 1, tx: 0, ty: 0)))
        list.append(.stroke(Path(Rect(x: 2, y: 2, width: 8, height: 8)), .solid(.black), StrokeStyle(lineWidth: 2)))
        list.append(.pop)
        list.append(.pushClip(Rect(x: -1e300, y: .nan, width: .infinity, height: 1e300)))
        list.append(.fill(Path(Rect(x: 0, y: 0, width: 40, height: 30)), .solid(.black), FillStyle()))
        list.append(.pop)
        return list
    }

    @Test func badItemsAreSkippedAndReportedOnce() {
        let target = PixelBuffer(width: 40, height: 30)
        let renderer = DisplayListRenderer(target: target)
        let log = Log()
        renderer.geometryWarning = { log.entries.append(($0, $1)) }
        for _ in 0..<3 { renderer.render(list(), background: .clear) }
        #expect(log.entries.map(\.0) == [.nonFiniteGeometry, .singularTransform])
        #expect(log.entries.map(\.1) == [1, 3])
        // The sane fill drew; the bad ones did not; the NaN clip clipped everything after it.
        #expect(target.pixel(x: 20, y: 15) == .white)
        #expect(target.pixel(x: 4, y: 4) == .white)
    }
}
