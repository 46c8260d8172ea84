/// The per-pixel compositing kernels, on premultiplied ARGB8888 spans.
///
/// Four pixels travel together as `SIMD16<UInt16>` (one lane per channel, widened from bytes so products of
/// two channels fit), which lowers to SSE2 on x86_64 and NEON on aarch64. `x / 255` is computed exactly as
/// `(t + (t >> 8)) >> 8` with `t = x + 128`. Tails shorter than four pixels use the scalar two-channel form.
enum SpanBlender {
    typealias Wide = SIMD16<UInt16>

    @inline(__always)
    static func div255(_ x: Wide) -> Wide {
        let t = x &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    @inline(__always)
    static func load4(_ p: UnsafePointer<UInt32>) -> Wide {
        Wide(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self))
    }

    @inline(__always)
    static func store4(_ p: UnsafeMutablePointer<UInt32>, _ v: Wide) {
        UnsafeMutableRawPointer(p).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: v), as: SIMD16<UInt8>.self)
    }

    /// Four pixels' values as lanes: `c` in every pixel.
    @inline(__always)
    static func splat(_ c: UInt32) -> Wide {
        Wide(truncatingIfNeeded: unsafeBitCast(SIMD4<UInt32>(repeating: c), to: SIMD16<UInt8>.self))
    }

    /// Each of four 8-bit values (`a` holds one per 32-bit lane) copied into its pixel's four channel lanes.
    @inline(__always)
    static func broadcast(_ a: SIMD4<UInt32>) -> Wide {
        let b = a | (a &<< 8) | (a &<< 16) | (a &<< 24)
        return Wide(truncatingIfNeeded: unsafeBitCast(b, to: SIMD16<UInt8>.self))
    }

    @inline(__always)
    static func maskLanes(_ m: UnsafePointer<UInt8>) -> SIMD4<UInt32> {
        SIMD4<UInt32>(UInt32(m[0]), UInt32(m[1]), UInt32(m[2]), UInt32(m[3]))
    }

    /// Alpha of four pixels, each in its pixel's four lanes.
    @inline(__always)
    static func alphas(_ p: UnsafePointer<UInt32>) -> Wide {
        broadcast(UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt32>.self) &>> 24)
    }

    // MARK: - Solid colour

    /// `d = c` for `n` pixels.
    static func fill(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ c: UInt32) {
        d.update(repeating: c, count: n)
    }

    /// `d = c + d · (1 − c.a)`: a constant premultiplied colour over `n` pixels.
    static func overSolid(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ c: UInt32) {
        let a = c >> 24
        if a == 255 { fill(d, n, c); return }
        if c == 0 { return }
        let cw = splat(c)
        let ia = Wide(repeating: UInt16(255 - a))
        var i = 0
        while i + 4 <= n {
            store4(d + i, cw &+ div255(load4(d + i) &* ia))
            i += 4
        }
        while i < n { d[i] = c &+ scalePixel(d[i], 255 - a); i += 1 }
    }

    /// `s = c · m`, `d = s + d · (1 − s.a)`: a constant colour through a coverage mask.
    static func overSolidMask(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ c: UInt32, _ m: UnsafePointer<UInt8>) {
        let cw = splat(c)
        let ca = UInt32(c >> 24)
        let opaque = ca == 255
        let all255 = Wide(repeating: 255)
        let cwa = Wide(repeating: UInt16(255 - ca))
        var i = 0
        while i + 4 <= n {
            let mm = UnsafeRawPointer(m + i).loadUnaligned(as: UInt32.self)
            if mm == 0 {
                // nothing covered
            } else if mm == 0xFFFF_FFFF {
                if opaque {
                    (d + i).update(repeating: c, count: 4)
                } else {
                    store4(d + i, cw &+ div255(load4(d + i) &* cwa))
                }
            } else {
                let ml = maskLanes(m + i)
                let s = div255(cw &* broadcast(ml))
                let sa = broadcast((ml &* ca &+ 128 &+ ((ml &* ca &+ 128) &>> 8)) &>> 8)
                store4(d + i, s &+ div255(load4(d + i) &* (all255 &- sa)))
            }
            i += 4
        }
        while i < n {
            let s = scalePixel(c, UInt32(m[i]))
            d[i] = sourceOver(s, d[i])
            i += 1
        }
    }

    // MARK: - Per-pixel source

    /// `d = s + d · (1 − s.a)`.
    static func over(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int) {
        let all255 = Wide(repeating: 255)
        var i = 0
        while i + 4 <= n {
            let sv = load4(s + i)
            store4(d + i, sv &+ div255(load4(d + i) &* (all255 &- alphas(s + i))))
            i += 4
        }
        while i < n { d[i] = sourceOver(s[i], d[i]); i += 1 }
    }

    /// `s' = s · m`, `d = s' + d · (1 − s'.a)`.
    static func overMask(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, _ m: UnsafePointer<UInt8>) {
        let all255 = Wide(repeating: 255)
        var i = 0
        while i + 4 <= n {
            let mm = UnsafeRawPointer(m + i).loadUnaligned(as: UInt32.self)
            if mm == 0xFFFF_FFFF {
                store4(d + i, load4(s + i) &+ div255(load4(d + i) &* (all255 &- alphas(s + i))))
            } else if mm != 0 {
                let sv = div255(load4(s + i) &* broadcast(maskLanes(m + i)))
                let sal = unsafeBitCast(SIMD16<UInt8>(truncatingIfNeeded: sv), to: SIMD4<UInt32>.self) &>> 24
                store4(d + i, sv &+ div255(load4(d + i) &* (all255 &- broadcast(sal))))
            }
            i += 4
        }
        while i < n { d[i] = sourceOver(scalePixel(s[i], UInt32(m[i])), d[i]); i += 1 }
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
