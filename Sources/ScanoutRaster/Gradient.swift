/// Gradients are evaluated through a 256-entry table of premultiplied colours, indexed by the gradient
/// parameter in 16.16 fixed point, so the per-pixel work is an add, a shift and a load.
enum GradientTable {
    static let size = 256

    /// Fills `table` with premultiplied colours interpolated (in premultiplied space, as cairo and CSS do)
    /// between the stops, sampled at the centre of each entry.
    static func build(_ gradient: Gradient, into table: UnsafeMutablePointer<UInt32>) {
        // Walks the stops in place (no filtered copy: this runs on every gradient draw). Stops that are not
        // finite are skipped; a location below its predecessor counts as the predecessor's (the CSS rule).
        let stops = gradient.stops
        var k = -1
        var floor = -Double.infinity
        var prevColor: UInt32 = 0, prevLocation = 0.0, hasPrev = false
        var nextColor: UInt32 = 0, nextLocation = 0.0, hasNext = false
        @inline(__always) func nextStop(after i: Int) -> Int {
            var j = i + 1
            while j < stops.count && !stops[j].location.isFinite { j += 1 }
            return j
        }
        k = nextStop(after: k)
        if k < stops.count {
            floor = stops[k].location
            nextColor = stops[k].color.premultiplied; nextLocation = floor; hasNext = true
        }
        guard hasNext else { table.update(repeating: 0, count: size); return }
        for i in 0..<size {
            let t = (Double(i) + 0.5) / Double(size)
            while hasNext && nextLocation <= t {
                prevColor = nextColor; prevLocation = nextLocation; hasPrev = true
                k = nextStop(after: k)
                if k < stops.count {
                    floor = max(floor, stops[k].location)
                    nextColor = stops[k].color.premultiplied; nextLocation = floor
                } else {
                    hasNext = false
                }
            }
            if !hasPrev {
                table[i] = nextColor
            } else if !hasNext {
                table[i] = prevColor
            } else {
                let span = nextLocation - prevLocation
                table[i] = lerpPremultiplied(prevColor, nextColor, span > 0 ? (t - prevLocation) / span : 1)
            }
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
