/// Receives polylines: what curves become after flattening.
protocol PolylineSink {
    mutating func moveTo(_ p: Point)
    mutating func lineTo(_ p: Point)
    /// Ends the current contour; `closed` when the path said `closeSubpath`.
    mutating func endContour(closed: Bool)
}

/// Turns a path's curves into line segments no farther than `tolerance` pixels from the curve.
///
/// Quadratics and cubics are cut into `n` equal parameter steps with `n` from Wang's formula,
/// `n = sqrt(d(d-1)/8 · max|second difference| / tolerance)`, which bounds the distance between the curve
/// and its chords. Points are transformed first, so the tolerance holds in device pixels.
///
/// A polyline that a stroke will offset by `offset` on each side needs more: where the curve turns by θ per
/// segment, the offset lines' corners stand `offset · θ²/8` off the offset curve, on top of the chords' own
/// `r · θ²/8` (r the radius of curvature). So the count bounds `(r + offset) · θ²/8` instead: n grows by
/// `sqrt(1 + offset/r)`, with r estimated from the same second difference and the curve's length. A thin
/// stroke on a gentle curve then needs hardly more segments than a fill, and a thick one on a tight curve
/// gets the steps a round join of its width would.
enum PathFlattener {
    static func flatten<S: PolylineSink>(_ path: Path, transform t: AffineTransform, tolerance: Double,
                                         offset: Double = 0, into sink: inout S) {
        var i = 0
        var open = false
        var current = Point.zero
        let pts = path.points
        let identity = t.isIdentity
        @inline(__always) func map(_ p: Point) -> Point { identity ? p : t.apply(p) }
        for verb in path.verbs {
            switch verb {
            case .move:
                if open { sink.endContour(closed: false) }
                current = map(pts[i]); i += 1
                sink.moveTo(current)
                open = true
            case .line:
                current = map(pts[i]); i += 1
                sink.lineTo(current)
            case .quad:
                let c = map(pts[i]), p = map(pts[i + 1]); i += 2
                flattenQuad(current, c, p, tolerance, offset, &sink)
                current = p
            case .cubic:
                let c1 = map(pts[i]), c2 = map(pts[i + 1]), p = map(pts[i + 2]); i += 3
                flattenCubic(current, c1, c2, p, tolerance, offset, &sink)
                current = p
            case .close:
                if open { sink.endContour(closed: true) }
                open = false
            }
        }
        if open { sink.endContour(closed: false) }
    }

    /// `length`: the curve's length (estimated); `offset`: how far a stroke will offset its polyline.
    static func segmentCount(_ secondDifference: Double, degreeFactor: Double, tolerance: Double,
                             offset: Double = 0, length: Double = 0) -> Int {
        // Wang's bound on n² · (a chord's distance from the curve); for an arc of radius r and length L that
        // is about L²/8r, so offset/r is about offset · 8k/L².
        var k = degreeFactor * secondDifference
        if offset > 0, length > 0 { k *= 1 + offset * 8 * k / (length * length) }
        let n = (k / tolerance).squareRoot().rounded(.up)
        guard n.isFinite else { return 1 }
        // Capped before the conversion: a control point at 1e100 gives an n no Int holds.
        return Int(max(1, min(n, 1000)))
    }

    @inline(__always)
    static func flattenQuad<S: PolylineSink>(_ p0: Point, _ p1: Point, _ p2: Point, _ tol: Double, _ offset: Double,
                                             _ sink: inout S) {
        let dd = (p0 - p1 * 2 + p2).length
        // The length: halfway between the chord's (shorter) and the control polygon's (longer).
        let length = offset > 0 ? ((p2 - p0).length + (p1 - p0).length + (p2 - p1).length) / 2 : 0
        let n = segmentCount(dd, degreeFactor: 0.25, tolerance: tol, offset: offset, length: length)
        if n > 1 {
            let step = 1 / Double(n)
            for k in 1..<n {
                let u = Double(k) * step, v = 1 - u
                sink.lineTo(Point(x: v * v * p0.x + 2 * u * v * p1.x + u * u * p2.x,
                                  y: v * v * p0.y + 2 * u * v * p1.y + u * u * p2.y))
            }
        }
        sink.lineTo(p2)
    }

    @inline(__always)
    static func flattenCubic<S: PolylineSink>(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ tol: Double,
                                              _ offset: Double, _ sink: inout S) {
        let d1 = (p0 - p1 * 2 + p2).length, d2 = (p1 - p2 * 2 + p3).length
        let length = offset > 0
            ? ((p3 - p0).length + (p1 - p0).length + (p2 - p1).length + (p3 - p2).length) / 2 : 0
        let n = segmentCount(max(d1, d2), degreeFactor: 0.75, tolerance: tol, offset: offset, length: length)
        if n > 1 {
            let step = 1 / Double(n)
            for k in 1..<n {
                let u = Double(k) * step, v = 1 - u
                let b0 = v * v * v, b1 = 3 * u * v * v, b2 = 3 * u * u * v, b3 = u * u * u
                sink.lineTo(Point(x: b0 * p0.x + b1 * p1.x + b2 * p2.x + b3 * p3.x,
                                  y: b0 * p0.y + b1 * p1.y + b2 * p2.y + b3 * p3.y))
            }
        }
        sink.lineTo(p3)
    }
}

/// Collects flattened contours (for strokes and dashes, which need whole polylines).
struct ContourCollector: PolylineSink {
    var points: [Point] = []
    /// (end index into `points`, closed) per contour.
    var contours: [(end: Int, closed: Bool)] = []

    mutating func reset() {
        points.removeAll(keepingCapacity: true)
        contours.removeAll(keepingCapacity: true)
    }

    mutating func moveTo(_ p: Point) { points.append(p) }
    mutating func lineTo(_ p: Point) { points.append(p) }
    mutating func endContour(closed: Bool) { contours.append((points.count, closed)) }
}
