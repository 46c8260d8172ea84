/// Cuts polylines into the "on" intervals of a dash pattern; each piece is then stroked as an open line
/// with caps, as SVG and CoreGraphics do.
struct Dasher {
    private var intervals: [Double]
    private var phase: Double
    private var piece: [Point] = []

    /// Nil when the pattern draws a solid line (empty) or is unusable (negative, not finite, sums to zero).
    init?(dash: [Double], phase: Double) {
        guard !dash.isEmpty, dash.allSatisfy({ $0 >= 0 && $0.isFinite }), phase.isFinite else { return nil }
        let pattern = dash.count % 2 == 1 ? dash + dash : dash
        let total = pattern.reduce(0, +)
        guard total > 0 else { return nil }
        intervals = pattern
        var p = phase.truncatingRemainder(dividingBy: total)
        if p < 0 { p += total }
        self.phase = p
    }

    mutating func dash(_ pts: ArraySlice<Point>, closed: Bool, _ emit: (ArraySlice<Point>) -> Void) {
        guard let first = pts.first else { return }
        var index = 0
        var remaining = intervals[0]
        var skip = phase
        while skip > 0 {
            if skip >= remaining { skip -= remaining; index = (index + 1) % intervals.count; remaining = intervals[index] } else { remaining -= skip; skip = 0 }
        }
        piece.removeAll(keepingCapacity: true)
        if index % 2 == 0 { piece.append(first) }
        var a = first
        let count = pts.count + (closed ? 1 : 0)
        var k = 1
        let base = pts.startIndex
        while k < count {
            let b = pts[base + (k % pts.count)]
            let len = (b - a).length
            var t = 0.0
            while len - t > remaining {
                t += remaining
                let p = a + (b - a) * (t / len)
                if index % 2 == 0 {
                    piece.append(p)
                    emit(piece[...])
                    piece.removeAll(keepingCapacity: true)
                } else {
                    piece.append(p)
                }
                index = (index + 1) % intervals.count
                remaining = intervals[index]
            }
            remaining -= len - t
            if index % 2 == 0 { piece.append(b) }
            a = b
            k += 1
        }
        if index % 2 == 0 && piece.count > 1 { emit(piece[...]) }
    }
}
