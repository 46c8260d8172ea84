/// Gradients are evaluated through a 256-entry table of premultiplied colours, indexed by the gradient
/// parameter in 16.16 fixed point, so the per-pixel work is an add, a shift and a load.
enum GradientTable {
    static let size = 256

    /// Fills `table` with premultiplied colours interpolated (in premultiplied space, as cairo and CSS do)
    /// between the stops, sampled at the centre of each entry.
    static func build(_ gradient: Gradient, into table: UnsafeMutablePointer<UInt32>) {
        var stops = gradient.stops.filter { $0.location.isFinite }
        if stops.isEmpty { table.update(repeating: 0, count: size); return }
        // Locations must not decrease; a location below its predecessor is moved up to it (CSS rule).
        for i in 1..<stops.count where stops[i].location < stops[i - 1].location { stops[i].location = stops[i - 1].location }
        var k = 0
        for i in 0..<size {
            let t = (Double(i) + 0.5) / Double(size)
            while k < stops.count && stops[k].location <= t { k += 1 }
            let c: UInt32
            if k == 0 {
                c = stops[0].color.premultiplied
            } else if k == stops.count {
                c = stops[stops.count - 1].color.premultiplied
            } else {
                let a = stops[k - 1], b = stops[k]
                let span = b.location - a.location
                let f = span > 0 ? (t - a.location) / span : 1
                c = lerpPremultiplied(a.color.premultiplied, b.color.premultiplied, f)
            }
            table[i] = c
        }
    }

    static func lerpPremultiplied(_ a: UInt32, _ b: UInt32, _ f: Double) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0 as UInt32, through: 24, by: 8) {
            let ca = Double(a >> shift & 255), cb = Double(b >> shift & 255)
            out |= UInt32((ca + (cb - ca) * f).rounded()) << shift
        }
        return out
    }

    /// Maps a 16.16 parameter scaled to table units (`t * 256 * 65536`) to an index, per spread method.
    @inline(__always)
    static func index(_ t: Int64, _ spread: SpreadMethod) -> Int {
        let i = Int(t >> 16)
        switch spread {
        case .pad: return i < 0 ? 0 : (i > 255 ? 255 : i)
        case .repeat: return i & 255
        case .reflect:
            let m = i & 511
            return m > 255 ? 511 - m : m
        }
    }
}
