/// The blend modes beyond source-over (SwiftUI's `blendMode(_:)`), by the W3C Compositing and Blending
/// formulas on premultiplied pixels: the result is `cs·(1 − ab) + cb·(1 − as) + as·ab·B(cb, cs)` with the blend
/// function `B` of the straight colours, alpha `as + ab − as·ab`. Per pixel in floating point: these are rare
/// (a view's group composited once a frame it changes), not the fast paths of fills and text.
enum BlendModes {
    /// `d[i]` combined with `s[i]` (premultiplied, already scaled by coverage) by `mode`. An opaque destination
    /// (XRGB8888, RGB565 widened) is read as opaque whatever its top byte, and the result is written opaque: what
    /// shows of it over black (a `.destinationOut` through the frame shows black, and later blends read the
    /// frame as opaque again).
    static func blend(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, mode: BlendMode,
                      opaqueDestination: Bool = false) {
        for i in 0..<n where s[i] != 0 {  // (a transparent source leaves the destination as it is, in every mode)
            if opaqueDestination {
                d[i] = blend(s[i], over: d[i] | 0xFF00_0000, mode: mode) | 0xFF00_0000
            } else {
                d[i] = blend(s[i], over: d[i], mode: mode)
            }
        }
    }

    typealias Color3 = SIMD4<Float>  // red, green, blue, unused

    static func blend(_ s: UInt32, over d: UInt32, mode: BlendMode) -> UInt32 {
        let sa = Float(s >> 24) / 255, da = Float(d >> 24) / 255
        let cs = components(s), cb = components(d)  // premultiplied
        var co: Color3, ao: Float
        switch mode {
        case .sourceAtop:
            co = cs * da + cb * (1 - sa); ao = da
        case .destinationOver:
            co = cs * (1 - da) + cb; ao = sa * (1 - da) + da
        case .destinationOut:
            co = cb * (1 - sa); ao = da * (1 - sa)
        case .plusLighter:
            co = (cs + cb).clamped(lowerBound: .zero, upperBound: .one); ao = min(1, sa + da)
        case .plusDarker:
            // 1 − ((1 − D) + (1 − S)) on premultiplied components, alpha a sum as plus-lighter's.
            ao = min(1, sa + da)
            co = (Color3(repeating: ao) - ((Color3(repeating: da) - cb) + (Color3(repeating: sa) - cs)))
                .clamped(lowerBound: .zero, upperBound: Color3(repeating: ao))
        default:
            let straightS = sa > 0 ? cs / sa : .zero, straightB = da > 0 ? cb / da : .zero
            let b = blended(straightB, straightS, mode: mode)
            co = cs * (1 - da) + cb * (1 - sa) + b * (sa * da)
            ao = sa + da - sa * da
        }
        let a = (ao * 255).rounded()
        let c = (co * 255).rounded(.toNearestOrAwayFromZero).clamped(lowerBound: .zero, upperBound: Color3(repeating: a))
        return UInt32(a) << 24 | UInt32(c.x) << 16 | UInt32(c.y) << 8 | UInt32(c.z)
    }

    private static func components(_ p: UInt32) -> Color3 {
        Color3(Float((p >> 16) & 0xFF), Float((p >> 8) & 0xFF), Float(p & 0xFF), 0) / 255
    }

    /// `B(cb, cs)` for the separable and non-separable modes (straight colours in 0...1).
    static func blended(_ b: Color3, _ s: Color3, mode: BlendMode) -> Color3 {
        func each(_ f: (Float, Float) -> Float) -> Color3 { Color3(f(b.x, s.x), f(b.y, s.y), f(b.z, s.z), 0) }
        func hardLight(_ b: Float, _ s: Float) -> Float { s <= 0.5 ? b * 2 * s : screen(b, 2 * s - 1) }
        func screen(_ b: Float, _ s: Float) -> Float { b + s - b * s }
        switch mode {
        case .multiply: return b * s
        case .screen: return each(screen)
        case .overlay: return each { hardLight($1, $0) }
        case .darken: return pointwiseMin(b, s)
        case .lighten: return pointwiseMax(b, s)
        case .colorDodge: return each { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
        case .colorBurn: return each { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }
        case .hardLight: return each(hardLight)
        case .softLight:
            return each { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return each { abs($0 - $1) }
        case .exclusion: return each { b, s in b + s - 2 * b * s }
        case .hue: return setLuminosity(setSaturation(s, saturation(b)), luminosity(b))
        case .saturation: return setLuminosity(setSaturation(b, saturation(s)), luminosity(b))
        case .color: return setLuminosity(s, luminosity(b))
        case .luminosity: return setLuminosity(b, luminosity(s))
        default: return s
        }
    }

    private static func luminosity(_ c: Color3) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }
    private static func saturation(_ c: Color3) -> Float { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

    private static func setLuminosity(_ c: Color3, _ l: Float) -> Color3 {
        let moved = c + Color3(repeating: l - luminosity(c))
        let l = luminosity(moved), n = min(moved.x, moved.y, moved.z), x = max(moved.x, moved.y, moved.z)
        var out = moved
        if n < 0 { out = Color3(repeating: l) + (out - Color3(repeating: l)) * (l / (l - n)) }
        if x > 1 { out = Color3(repeating: l) + (out - Color3(repeating: l)) * ((1 - l) / (x - l)) }
        out.w = 0
        return out
    }

    private static func setSaturation(_ c: Color3, _ s: Float) -> Color3 {
        let n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
        guard x > n else { return .zero }
        var out = (c - Color3(repeating: n)) * (s / (x - n))
        out.w = 0
        return out
    }
}
