/// Cuts polylines into the "on" intervals of a dash pattern; each piece is then stroked as an open line
/// with caps, as SVG and CoreGraphics do.
///
/// Only the parts of segments inside a reach box (the surface grown by what a cap or join can add) are cut;
/// the pattern is advanced over the rest arithmetically, so a line far longer than the surface costs what its
/// visible part does.
struct Dasher {
    private var intervals: [Double]
    private var phase: Double
    private var piece: [Point] = []
    /// The length of one repetition of the pattern.
    let period: Double
    /// The fraction of the period that is "on": the coverage of the dashes averaged along the line.
    let meanCoverage: Double
    // Position in the pattern while dashing.
    private var index = 0
    private var remaining = 0.0

    /// Nil when the pattern draws a solid line (empty) or is unusable (negative, not finite, sums to zero).
    init?(dash: [Double], phase: Double) {
        guard !dash.isEmpty, dash.allSatisfy({ $0 >= 0 && $0.isFinite }), phase.isFinite else { return nil }
        let pattern = dash.count % 2 == 1 ? dash + dash : dash
        let total = pattern.reduce(0, +)
        guard total > 0, total.isFinite else { return nil }
        intervals = pattern
        period = total
        var on = 0.0
        for i in stride(from: 0, to: pattern.count, by: 2) { on += pattern[i] }
        meanCoverage = min(1, on / total)
        var p = phase.truncatingRemainder(dividingBy: total)
        if p < 0 { p += total }
        self.phase = p
    }

    /// Emits the "on" pieces of the polyline `pts` that lie in `reach` (all of them when nil). Returns false,
    /// having stopped, when `emit` does.
    mutating func dash(_ pts: ArraySlice<Point>, closed: Bool, within reach: Rect? = nil,
                       _ emit: (ArraySlice<Point>) -> Bool) -> Bool {
        guard let first = pts.first else { return true }
        index = 0
        remaining = intervals[0]
        advance(by: phase)
        piece.removeAll(keepingCapacity: true)
        if index % 2 == 0 { piece.append(first) }
        var a = first
        let count = pts.count + (closed ? 1 : 0)
        var k = 1
        let base = pts.startIndex
        while k < count {
            let b = pts[base + (k % pts.count)]
            let len = (b - a).length
            if let reach, let (t0, t1) = Self.inside(a, b, reach) {
                if t0 == 0 && t1 == 1 {
                    guard walk(a, b, len, emit) else { return false }
                } else {
                    let p0 = a + (b - a) * t0, p1 = a + (b - a) * t1
                    guard skip(a, p0, len * t0, emit), walk(p0, p1, (p1 - p0).length, emit),
                          skip(p1, b, len * (1 - t1), emit) else { return false }
                }
            } else if reach != nil {
                guard skip(a, b, len, emit) else { return false }
            } else {
                guard walk(a, b, len, emit) else { return false }
            }
            a = b
            k += 1
        }
        if index % 2 == 0 && piece.count > 1 { return emit(piece[...]) }
        return true
    }

    /// Cuts the segment a → b (of length `len`) at the pattern's interval ends.
    private mutating func walk(_ a: Point, _ b: Point, _ len: Double, _ emit: (ArraySlice<Point>) -> Bool) -> Bool {
        var t = 0.0
        while len - t > remaining {
            let next = t + remaining
            // No progress (an interval far below the length's precision) would loop for ever: the caller's
            // pieces are bounded, and such a pattern is drawn solid before it gets here.
            if next == t && remaining > 0 { break }
            t = next
            let p = a + (b - a) * (t / len)
            piece.append(p)
            if index % 2 == 0 {
                guard emit(piece[...]) else { return false }
                piece.removeAll(keepingCapacity: true)
            }
            index = (index + 1) % intervals.count
            remaining = intervals[index]
        }
        remaining -= len - t
        if remaining < 0 { remaining = 0 }
        if index % 2 == 0 { piece.append(b) }
        return true
    }

    /// Advances the pattern over the segment a → b (outside the reach box) without cutting it: a dash in
    /// progress ends at `a`, and one in progress after it starts at `b` (their caps cannot reach the surface).
    private mutating func skip(_ a: Point, _ b: Point, _ len: Double, _ emit: (ArraySlice<Point>) -> Bool) -> Bool {
        guard len > 0 else { return true }
        if index % 2 == 0 {
            piece.append(a)
            if piece.count > 1 { guard emit(piece[...]) else { return false } }
        }
        piece.removeAll(keepingCapacity: true)
        advance(by: len)
        if index % 2 == 0 { piece.append(b) }
        return true
    }

    /// Moves the position in the pattern `distance` further, in time independent of how many periods it spans.
    private mutating func advance(by distance: Double) {
        guard distance > 0, distance.isFinite else { return }
        var d = distance
        if d < remaining { remaining -= d; return }
        d -= remaining
        index = (index + 1) % intervals.count
        remaining = intervals[index]
        d = d.truncatingRemainder(dividingBy: period)
        // Fewer than one period left: at most one pass over the intervals (and one more for rounding).
        var steps = 0
        while d > 0 && d >= remaining && steps <= 2 * intervals.count {
            d -= remaining
            index = (index + 1) % intervals.count
            remaining = intervals[index]
            steps += 1
        }
        remaining = max(0, remaining - d)
    }

    /// The parameter range of the segment a → b inside `r` (Liang–Barsky), or nil when it misses `r`.
    static func inside(_ a: Point, _ b: Point, _ r: Rect) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - r.minX), (dx, r.maxX - a.x), (-dy, a.y - r.minY), (dy, r.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { if t > t0 { t0 = t } } else { if t < t1 { t1 = t } }
            }
        }
        guard t0 <= t1, t0.isFinite, t1.isFinite else { return nil }
        return (t0, t1)
    }
}
