/// Turns polylines into the outline of their stroke, filled afterwards with the non-zero rule.
///
/// Each side is offset by half the line width. At a corner the outer side gets the join (miter, round or
/// bevel) and the inner side goes through the corner point itself (Skia's pivot), which leaves a small loop
/// inside the stroke that the non-zero rule absorbs; where the two inner offset lines meet within both
/// segments (the usual case on flattened curves) their intersection replaces that detour. An open polyline becomes one closed outline: left side
/// forward, end cap, right side backward, start cap. A closed one becomes two loops of opposite direction.
struct Stroker {
    var halfWidth: Double
    var cap: LineCap
    var join: LineJoin
    var miterLimit: Double
    /// Angle step for round joins and caps, from the tolerance: chord error hw·(1 − cos(step/2)) ≤ tol.
    private var stepCos = 1.0
    private var stepSin = 0.0
    private var stepsPerHalfTurn = 2
    private var pts: [Point] = []

    init(style: StrokeStyle, tolerance: Double) {
        halfWidth = 0; cap = .butt; join = .miter; miterLimit = 10
        configure(style: style, tolerance: tolerance)
    }

    /// Reuses this stroker (and its point buffer) for another style.
    mutating func configure(style: StrokeStyle, tolerance: Double) {
        halfWidth = max(style.lineWidth, 0) / 2
        cap = style.lineCap
        join = style.lineJoin
        miterLimit = max(style.miterLimit, 1)
        setTolerance(tolerance)
    }

    mutating func setTolerance(_ tolerance: Double) {
        let r = max(halfWidth, 1e-6)
        // Small-angle form of acos(1 − tol/r): step ≈ 2·sqrt(2·tol/r); a whole number of steps per half turn.
        let step = 2 * (2 * max(tolerance, 1e-4) / r).squareRoot()
        // Clamped before the conversion (a huge width or a NaN tolerance gives a step no Int holds).
        let steps = (Double.pi / step).rounded(.up)
        stepsPerHalfTurn = steps.isNaN ? 2 : Int(max(2, min(256, steps)))
        (stepSin, stepCos) = Trig.sinCos(Double.pi / Double(stepsPerHalfTurn))
    }

    /// Strokes one polyline (`points[range]`), emitting outline contours into `sink`.
    mutating func stroke<S: PolylineSink>(_ source: ArraySlice<Point>, closed: Bool, into sink: inout S) {
        guard halfWidth > 0 else { return }
        pts.removeAll(keepingCapacity: true)
        for p in source where pts.last != p && p.x.isFinite && p.y.isFinite { pts.append(p) }
        // A closed contour often ends a rounding error short of its start (a full circle's arc ends at sin 2π,
        // not 0): such a last point is the start, not a segment of its own (whose inner join would detour
        // through the centre line).
        if closed, pts.count > 1, let a = pts.first, let b = pts.last,
           abs(a.x - b.x) <= 1e-9 * max(1, abs(a.x)), abs(a.y - b.y) <= 1e-9 * max(1, abs(a.y)) { pts.removeLast() }
        if pts.count == 1 {
            dot(pts[0], into: &sink)
            return
        }
        guard pts.count > 1 else { return }
        if closed {
            side(forward: true, closed: true, into: &sink)
            sink.endContour(closed: true)
            side(forward: false, closed: true, into: &sink)
            sink.endContour(closed: true)
        } else {
            side(forward: true, closed: false, into: &sink)
            let n = pts.count
            capAt(pts[n - 1], direction: unit(pts[n - 1] - pts[n - 2]), into: &sink)
            side(forward: false, closed: false, into: &sink)
            capAt(pts[0], direction: unit(pts[0] - pts[1]), into: &sink)
            sink.endContour(closed: true)
        }
    }

    @inline(__always) private func unit(_ v: Point) -> Point {
        let l = v.length
        return l > 0 ? Point(x: v.x / l, y: v.y / l) : Point(x: 1, y: 0)
    }

    @inline(__always) private func normal(_ d: Point) -> Point { Point(x: -d.y * halfWidth, y: d.x * halfWidth) }

    /// The left offset of the polyline walked forward or backward, with joins at its corners.
    private mutating func side<S: PolylineSink>(forward: Bool, closed: Bool, into sink: inout S) {
        let n = pts.count
        @inline(__always) func at(_ i: Int) -> Point { forward ? pts[i] : pts[n - 1 - i] }
        let segments = closed ? n : n - 1
        var d0 = unit(at(1) - at(0))
        var len0 = (at(1) - at(0)).length
        if closed {
            // Start at the corner of the last segment into the first, so the loop closes on a join.
            let dPrev = unit(at(0) - at(n - 1))
            joinAt(at(0), dPrev, d0, min((at(0) - at(n - 1)).length, len0), first: true, into: &sink)
        } else {
            let p = at(0) + normal(d0)
            if forward { sink.moveTo(p) } else { sink.lineTo(p) }
        }
        for i in 1..<segments {
            let v = at((i + 1) % n) - at(i)
            let len1 = v.length
            let d1 = unit(v)
            joinAt(at(i), d0, d1, min(len0, len1), first: false, into: &sink)
            d0 = d1
            len0 = len1
        }
        if !closed { sink.lineTo(at(n - 1) + normal(d0)) }
    }

    /// The corner at `p` from direction `d0` to `d1`; `shorter` is the length of the shorter adjacent segment.
    private func joinAt<S: PolylineSink>(_ p: Point, _ d0: Point, _ d1: Point, _ shorter: Double, first: Bool, into sink: inout S) {
        let n0 = normal(d0), n1 = normal(d1)
        let a = p + n0, b = p + n1
        @inline(__always) func emit(_ q: Point, _ isFirst: Bool) { if isFirst { sink.moveTo(q) } else { sink.lineTo(q) } }
        let turn = d1.dot(n0)  // > 0: the path turns towards this side, which is then the inner one
        let straight = abs(d0.cross(d1)) < 1e-9 && d0.dot(d1) > 0
        if straight {
            emit(a, first)
            return
        }
        if turn > 0 {
            // Inner side. The offset lines meet hw·tan(φ/2) from the corner along each segment.
            let cosTurn = d0.dot(d1), sinTurn = abs(d0.cross(d1))
            if cosTurn > -0.99, halfWidth * sinTurn <= shorter * (1 + cosTurn) {
                let u = Point(x: (n0.x + n1.x) / 2, y: (n0.y + n1.y) / 2)
                let k = halfWidth * halfWidth / u.dot(u)
                emit(Point(x: p.x + u.x * k, y: p.y + u.y * k), first)
            } else {
                emit(a, first); sink.lineTo(p); sink.lineTo(b)
            }
            return
        }
        if join == .miter {
            let u = Point(x: (n0.x + n1.x) / 2, y: (n0.y + n1.y) / 2)
            let u2 = u.dot(u)
            if u2 > 0, halfWidth * halfWidth <= miterLimit * miterLimit * u2 {
                // The miter's tip alone: the offset lines run into it, so the ends of the two offset segments
                // (on those lines, short of the tip) would add points on a straight edge — one edge instead of
                // three per corner of a flattened curve, whose every point is such a corner.
                let k = halfWidth * halfWidth / u2
                emit(Point(x: p.x + u.x * k, y: p.y + u.y * k), first)
                return
            }
        }
        emit(a, first)
        switch join {
        case .bevel, .miter:
            break
        case .round:
            var dir = n0.cross(n1) >= 0 ? 1.0 : -1.0
            if abs(n0.cross(n1)) < 1e-12 { dir = Point(x: -n0.y, y: n0.x).dot(d0) >= 0 ? 1 : -1 }
            arc(center: p, from: n0, to: n1, direction: dir, into: &sink)
        }
        sink.lineTo(b)
    }

    /// Points strictly between `from` and `to` (radius vectors) on the circle around `center`.
    private func arc<S: PolylineSink>(center: Point, from: Point, to: Point, direction: Double, into sink: inout S) {
        var c = stepCos, s = stepSin
        let perp = Point(x: -from.y * direction, y: from.x * direction)
        for _ in 1..<(2 * stepsPerHalfTurn) {
            let v = Point(x: from.x * c + perp.x * s, y: from.y * c + perp.y * s)
            if direction * v.cross(to) <= 1e-12 * halfWidth * halfWidth { break }
            sink.lineTo(center + v)
            (c, s) = (c * stepCos - s * stepSin, s * stepCos + c * stepSin)
        }
    }

    /// The cap at `p`, from the left side (already emitted) round to the right side; `d` points outwards.
    private func capAt<S: PolylineSink>(_ p: Point, direction d: Point, into sink: inout S) {
        let n = normal(d)
        let ext = Point(x: d.x * halfWidth, y: d.y * halfWidth)
        switch cap {
        case .butt:
            break
        case .square:
            sink.lineTo(p + n + ext)
            sink.lineTo(p - n + ext)
        case .round:
            var c = stepCos, s = stepSin
            for _ in 1..<stepsPerHalfTurn {
                sink.lineTo(Point(x: p.x + n.x * c + ext.x * s, y: p.y + n.y * c + ext.y * s))
                (c, s) = (c * stepCos - s * stepSin, s * stepCos + c * stepSin)
            }
        }
        sink.lineTo(p - n)
    }

    /// A zero-length subpath: a dot for round caps, a square for square caps, nothing for butt caps.
    private func dot<S: PolylineSink>(_ p: Point, into sink: inout S) {
        let h = halfWidth
        switch cap {
        case .butt:
            return
        case .square:
            sink.moveTo(Point(x: p.x - h, y: p.y - h))
            sink.lineTo(Point(x: p.x + h, y: p.y - h))
            sink.lineTo(Point(x: p.x + h, y: p.y + h))
            sink.lineTo(Point(x: p.x - h, y: p.y + h))
        case .round:
            sink.moveTo(Point(x: p.x + h, y: p.y))
            var c = stepCos, s = stepSin
            for _ in 1..<(2 * stepsPerHalfTurn) {
                sink.lineTo(Point(x: p.x + h * c, y: p.y + h * s))
                (c, s) = (c * stepCos - s * stepSin, s * stepCos + c * stepSin)
            }
        }
        sink.endContour(closed: true)
    }
}
