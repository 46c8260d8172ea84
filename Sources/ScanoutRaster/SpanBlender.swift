/// The per-pixel compositing kernels, on premultiplied ARGB8888 spans.
///
/// Four pixels travel together as one 128-bit vector, viewed as `SIMD8<UInt16>` twice: the low bytes of each
/// 16-bit lane (blue and red) and the high bytes (green and alpha). Splitting with a mask and a shift widens
/// the channels so products of two channels fit, without any lane-conversion instruction; everything lowers
/// to plain SSE2 on x86_64 and NEON on aarch64. `x / 255` is computed exactly as `(t + (t >> 8)) >> 8` with
/// `t = x + 128`. Tails shorter than four pixels use the scalar two-channels-per-multiply form, but for
/// `overSolidMask`'s (the spans of solid shapes), blended as one vector whose extra lanes are not stored.
enum SpanBlender {
    typealias Pixels = SIMD4<UInt32>
    typealias Lanes = SIMD8<UInt16>

    /// Whether the kernels go four pixels at a time by default. An unoptimized build (`swift test`'s and
    /// `swift build`'s default) runs SIMD types through unspecialized generic code, several times slower than
    /// the scalar form, so there pixels are blended one at a time: an app's UI tests with animations would
    /// otherwise spend most of their time here. Tests that check the vectors pass `vectors: true`.
    #if DEBUG
    static let vectorsByDefault = false
    #else
    static let vectorsByDefault = true
    #endif

    @inline(__always)
    static func div255(_ x: Lanes) -> Lanes {
        let t = x &+ 128
        #if arch(x86_64)
        // The same value as below for every product of two bytes, `t · 257 >> 16`: the high half of a 16-bit
        // product, one SSE2 instruction (pmulhuw) instead of a shift and an add (NEON adds a shifted value in one).
        return Lanes(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: t) &* 257) &>> 16)
        #else
        return (t &+ (t &>> 8)) &>> 8
        #endif
    }

    @inline(__always)
    static func load(_ p: UnsafePointer<UInt32>) -> Pixels {
        UnsafeRawPointer(p).loadUnaligned(as: Pixels.self)
    }

    @inline(__always)
    static func store(_ p: UnsafeMutablePointer<UInt32>, _ v: Pixels) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: Pixels.self)
    }

    /// Blue/red (`lo`) and green/alpha (`hi`) channels of four pixels, each in a 16-bit lane.
    @inline(__always)
    static func split(_ v: Pixels) -> (lo: Lanes, hi: Lanes) {
        let l = unsafeBitCast(v, to: Lanes.self)
        return (l & 0x00FF, l &>> 8)
    }

    @inline(__always)
    static func join(_ lo: Lanes, _ hi: Lanes) -> Pixels {
        unsafeBitCast(lo | (hi &<< 8), to: Pixels.self)
    }

    /// One 8-bit value per pixel (in a 32-bit lane) copied into both 16-bit lanes of its pixel.
    @inline(__always)
    static func spread(_ a: Pixels) -> Lanes {
        unsafeBitCast(a | (a &<< 16), to: Lanes.self)
    }

    /// `v · k / 255` for four pixels, `k` one value per pixel already spread over its lanes.
    @inline(__always)
    static func scale(_ v: Pixels, _ k: Lanes) -> Pixels {
        let (lo, hi) = split(v)
        return join(div255(lo &* k), div255(hi &* k))
    }

    @inline(__always)
    static func maskLanes(_ m: UnsafePointer<UInt8>) -> Pixels {
        Pixels(UInt32(m[0]), UInt32(m[1]), UInt32(m[2]), UInt32(m[3]))
    }

    /// `s + d · (255 − s.a) / 255` for four pixels.
    @inline(__always)
    static func over(_ s: Pixels, _ d: Pixels) -> Pixels {
        let ia = spread(Pixels(repeating: 255) &- (s &>> 24))
        return s &+ scale(d, ia)
    }

    /// `a + (b − a) · w / 256` per channel for four pixels, `w` (0...255) one value per pixel: `lerpPixel`'s
    /// value exactly (`a · (256 − w) + b · w + 128` stays below 2^16, so 16-bit lanes hold it).
    @inline(__always)
    static func lerp(_ a: Pixels, _ b: Pixels, _ w: Pixels) -> Pixels {
        let wl = spread(w), iw = spread(Pixels(repeating: 256) &- w)
        let (alo, ahi) = split(a), (blo, bhi) = split(b)
        return join((alo &* iw &+ blo &* wl &+ 128) &>> 8, (ahi &* iw &+ bhi &* wl &+ 128) &>> 8)
    }

    /// The pixels of four bilinear samples, gathered a sample at a time into the lanes of four vectors: each
    /// sample's top-left pixel and its right, lower and lower-right neighbours.
    struct BilinearQuad {
        var p00 = Pixels(), p01 = Pixels(), p10 = Pixels(), p11 = Pixels()

        /// Lane `k`: the pixels at `p` (the sample's top-left pixel in an image of `stride` bytes a row).
        @inline(__always)
        mutating func gather(lane k: Int, at p: UnsafeRawPointer, stride: Int) {
            p00[k] = p.load(as: UInt32.self)
            p01[k] = p.load(fromByteOffset: 4, as: UInt32.self)
            p10[k] = p.load(fromByteOffset: stride, as: UInt32.self)
            p11[k] = p.load(fromByteOffset: stride &+ 4, as: UInt32.self)
        }

        /// The four samples at fractions `fx`, `fy` (0...255): `bilinear`'s values (each row's pair lerped
        /// across, then the two rows down).
        @inline(__always)
        func samples(fx: Pixels, fy: Pixels) -> Pixels {
            SpanBlender.lerp(SpanBlender.lerp(p00, p01, fx), SpanBlender.lerp(p10, p11, fx), fy)
        }
    }

    // MARK: - Solid colour

    /// `d = c` for `n` pixels.
    static func fill(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ c: UInt32) {
        d.update(repeating: c, count: n)
    }

    /// `d = c + d · (1 − c.a)`: a constant premultiplied colour over `n` pixels.
    static func overSolid(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ c: UInt32, vectors: Bool = vectorsByDefault) {
        // (Not `solidOver(d, d, …)`: written that way, the bench scene's full frame took a third more instructions.)
        let a = c >> 24
        if a == 255 { fill(d, n, c); return }
        if c == 0 { return }
        let cv = Pixels(repeating: c)
        let ia = Lanes(repeating: UInt16(255 - a))
        var i = 0
        while vectors && i &+ 4 <= n {
            store(d + i, cv &+ scale(load(d + i), ia))
            i &+= 4
        }
        while i < n { d[i] = c &+ scalePixel(d[i], 255 - a); i += 1 }
    }

    /// `d = c + s · (1 − c.a)`: a constant colour over the pixels of `s`, written to `d` (which is not read: a
    /// display buffer may be write-combined) — `overSolid` of a copy of `s`, to the bit.
    static func solidOver(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, _ c: UInt32,
                          vectors: Bool = vectorsByDefault) {
        let a = c >> 24
        if a == 255 { fill(d, n, c); return }
        if c == 0 { d.update(from: s, count: n); return }
        let cv = Pixels(repeating: c)
        let ia = Lanes(repeating: UInt16(255 - a))
        var i = 0
        while vectors && i &+ 4 <= n {
            store(d + i, cv &+ scale(load(s + i), ia))
            i &+= 4
        }
        while i < n { d[i] = c &+ scalePixel(s[i], 255 - a); i += 1 }
    }

    /// `s = c · m`, `d = s + d · (1 − s.a)`: a constant colour through a coverage mask.
    static func overSolidMask(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ c: UInt32, _ m: UnsafePointer<UInt8>, vectors: Bool = vectorsByDefault) {
        let cv = Pixels(repeating: c)
        let opaque = c >> 24 == 255
        let ia = Lanes(repeating: UInt16(255 - (c >> 24)))
        var i = 0
        while vectors && i &+ 4 <= n {
            let mm = UnsafeRawPointer(m + i).loadUnaligned(as: UInt32.self)
            if mm == 0xFFFF_FFFF {
                if opaque { store(d + i, cv) } else { store(d + i, cv &+ scale(load(d + i), ia)) }
            } else if mm != 0 {
                store(d + i, over(scale(cv, spread(maskLanes(m + i))), load(d + i)))
            }
            i &+= 4
        }
        if vectors && i < n {
            // The last one to three pixels as one vector, the lanes past the span covered by 0 and not stored:
            // a span clipped by the damage rectangle or ending at a shape's box ends this way about every
            // third time, and the scalar form costs fifty-odd instructions a pixel.
            let r = n &- i
            var mv = Pixels(UInt32(m[i]), 0, 0, 0), dv = Pixels(d[i], 0, 0, 0)
            if r > 1 { mv[1] = UInt32(m[i &+ 1]); dv[1] = d[i &+ 1] }
            if r > 2 { mv[2] = UInt32(m[i &+ 2]); dv[2] = d[i &+ 2] }
            let out = over(scale(cv, spread(mv)), dv)
            d[i] = out[0]
            if r > 1 { d[i &+ 1] = out[1] }
            if r > 2 { d[i &+ 2] = out[2] }
            return
        }
        while i < n {
            d[i] = sourceOver(scalePixel(c, UInt32(m[i])), d[i])
            i += 1
        }
    }

    // MARK: - Per-pixel source

    /// `d = s + d · (1 − s.a)`.
    static func over(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, vectors: Bool = vectorsByDefault) {
        var i = 0
        while vectors && i &+ 4 <= n {
            store(d + i, over(load(s + i), load(d + i)))
            i &+= 4
        }
        while i < n { d[i] = sourceOver(s[i], d[i]); i += 1 }
    }

    /// `s' = s · m`, `d = s' + d · (1 − s'.a)`.
    static func overMask(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, _ m: UnsafePointer<UInt8>, vectors: Bool = vectorsByDefault) {
        var i = 0
        while vectors && i &+ 4 <= n {
            let mm = UnsafeRawPointer(m + i).loadUnaligned(as: UInt32.self)
            if mm == 0xFFFF_FFFF {
                store(d + i, over(load(s + i), load(d + i)))
            } else if mm != 0 {
                store(d + i, over(scale(load(s + i), spread(maskLanes(m + i))), load(d + i)))
            }
            i &+= 4
        }
        while i < n { d[i] = sourceOver(scalePixel(s[i], UInt32(m[i])), d[i]); i += 1 }
    }

    /// `s = s · k` in place (constant coverage or opacity).
    static func scale(_ s: UnsafeMutablePointer<UInt32>, _ n: Int, by k: UInt32, vectors: Bool = vectorsByDefault) {
        let kl = Lanes(repeating: UInt16(k))
        var i = 0
        while vectors && i &+ 4 <= n { store(s + i, scale(load(s + i), kl)); i &+= 4 }
        while i < n { s[i] = scalePixel(s[i], k); i += 1 }
    }

    /// `d = s · m + d · (1 − m)`: copy with coverage (Porter-Duff source, clipped by the mask).
    static func copy(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, _ m: UnsafePointer<UInt8>?) {
        guard let m else { d.update(from: s, count: n); return }
        for i in 0..<n {
            let k = UInt32(m[i])
            d[i] = k == 255 ? s[i] : scalePixel(s[i], k) &+ scalePixel(d[i], 255 - k)
        }
    }

    /// `d = d · (1 − m)`: erase with coverage.
    static func clear(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ m: UnsafePointer<UInt8>?) {
        guard let m else { d.update(repeating: 0, count: n); return }
        for i in 0..<n { d[i] = scalePixel(d[i], 255 - UInt32(m[i])) }
    }
}
