import ScanoutUI

@MainActor
extension ChartPlot {
    /// Adds the curve from `points[0]` (the path's current point) through the rest of `points`.
    static func addCurve(through points: [CGPoint], method: InterpolationMethod, to path: inout Path) {
        guard points.count > 1 else { return }
        switch method.kind {
        case .linear:
            for p in points.dropFirst() { path.addLine(to: p) }
        case .stepStart:
            for (a, b) in zip(points, points.dropFirst()) {
                path.addLine(to: CGPoint(x: b.x, y: a.y))
                path.addLine(to: b)
            }
        case .stepEnd:
            for (a, b) in zip(points, points.dropFirst()) {
                path.addLine(to: CGPoint(x: a.x, y: b.y))
                path.addLine(to: b)
            }
        case .stepCenter:
            for (a, b) in zip(points, points.dropFirst()) {
                let mid = (a.x + b.x) / 2
                path.addLine(to: CGPoint(x: mid, y: a.y))
                path.addLine(to: CGPoint(x: mid, y: b.y))
                path.addLine(to: b)
            }
        case .catmullRom, .cardinal:
            for i in 0..<(points.count - 1) {
                let p0 = points[max(i - 1, 0)], p1 = points[i], p2 = points[i + 1], p3 = points[min(i + 2, points.count - 1)]
                path.addCurve(to: p2,
                              control1: CGPoint(x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6),
                              control2: CGPoint(x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6))
            }
        case .monotone:
            addMonotone(through: points, to: &path)
        }
    }

    /// Fritsch–Carlson monotone cubic interpolation: tangents limited so each piece stays between its ends.
    /// Points whose x does not increase are joined by straight lines.
    private static func addMonotone(through points: [CGPoint], to path: inout Path) {
        let n = points.count
        var slopes: [CGFloat] = []
        for i in 0..<(n - 1) {
            let dx = points[i + 1].x - points[i].x
            guard dx > 0 else {
                for p in points.dropFirst() { path.addLine(to: p) }
                return
            }
            slopes.append((points[i + 1].y - points[i].y) / dx)
        }
        var tangents = [CGFloat](repeating: 0, count: n)
        tangents[0] = slopes[0]
        tangents[n - 1] = slopes[n - 2]
        for i in 1..<(n - 1) {
            tangents[i] = slopes[i - 1] * slopes[i] <= 0 ? 0 : (slopes[i - 1] + slopes[i]) / 2
        }
        for i in 0..<(n - 1) where slopes[i] == 0 {
            tangents[i] = 0
            tangents[i + 1] = 0
        }
        for i in 0..<(n - 1) where slopes[i] != 0 {
            let a = tangents[i] / slopes[i], b = tangents[i + 1] / slopes[i]
            let s = a * a + b * b
            if s > 9 {
                let t = 3 / s.squareRoot()
                tangents[i] = t * a * slopes[i]
                tangents[i + 1] = t * b * slopes[i]
            }
        }
        for i in 0..<(n - 1) {
            let p = points[i], q = points[i + 1], third = (q.x - p.x) / 3
            path.addCurve(to: q, control1: CGPoint(x: p.x + third, y: p.y + tangents[i] * third),
                          control2: CGPoint(x: q.x - third, y: q.y - tangents[i + 1] * third))
        }
    }
}
