/// A paint prepared for one draw: transformed into device space, with its gradient table built, ready to
/// produce a span of premultiplied source pixels.
struct Shader {
    enum Kind { case solid, linear, radial, conic, image }
    var kind: Kind = .solid
    var color: UInt32 = 0
    var spread: SpreadMethod = .pad
    var table: UnsafeMutablePointer<UInt32>?
    // Linear: t · 2^24 = ax·x + ay·y + c at device pixel centres (table index in 16.16).
    var ax = 0.0, ay = 0.0, c = 0.0
    // Radial and image: device → paint space.
    var inverse = AffineTransform.identity
    var center = Point.zero
    var startRadius = 0.0
    var radiusSpan = 1.0
    // Conic: the start angle (radians) and the table units per radian (2^24 per sweep).
    var startAngle = 0.0
    var perRadian = 0.0
    var image: PixelBuffer?
    var filter: ImageFilter = .nearest
    var extend: ImageExtend = .pad
    /// Whether image samples are made four at a time (see `SpanBlender.vectorsByDefault`; tests set both).
    var vectors = SpanBlender.vectorsByDefault

    private init() {}

    static func solid(_ premultiplied: UInt32) -> Shader {
        var s = Shader()
        s.color = premultiplied
        return s
    }

    /// Prepares `paint` drawn with `ctm` (user → device). `table` is scratch for gradient colours; `tableHolds`
    /// is the gradient it was last built for (a gradient drawn again, in every damaged rectangle of every frame,
    /// is not rebuilt).
    init(_ paint: Paint, ctm: AffineTransform, table: UnsafeMutablePointer<UInt32>, tableHolds: inout Gradient?) {
        switch paint {
        case .solid(let rgba):
            color = rgba.premultiplied
        case .linearGradient(let g):
            let stops = g.gradient.stops
            guard let inv = ctm.inverted(), !stops.isEmpty else { color = stops.last?.color.premultiplied ?? 0; return }
            let v = g.endPoint - g.startPoint
            let l2 = v.dot(v)
            guard l2 > 0 else { color = stops.last!.color.premultiplied; return }
            if tableHolds != g.gradient {
                GradientTable.build(g.gradient, into: table)
                tableHolds = g.gradient
            }
            self.table = table
            kind = .linear
            spread = g.spread
            let k = Double(1 << 24) / l2
            ax = (inv.a * v.x + inv.b * v.y) * k
            ay = (inv.c * v.x + inv.d * v.y) * k
            c = ((inv.tx - g.startPoint.x) * v.x + (inv.ty - g.startPoint.y) * v.y) * k
            // A gradient shorter than 1/4096 device pixel (ends 1e-160 apart, a near-singular transform) is
            // drawn as its ends coinciding; bounding the steps keeps the 64-bit parameter from overflowing.
            guard abs(ax) <= Self.maxParameterStep, abs(ay) <= Self.maxParameterStep, abs(c) <= Self.maxParameterStart else {
                kind = .solid; self.table = nil; color = stops.last!.color.premultiplied; return
            }
        case .radialGradient(let g):
            let stops = g.gradient.stops
            guard let inv = ctm.inverted(), !stops.isEmpty else { color = stops.last?.color.premultiplied ?? 0; return }
            // Radii closer than 1/4096 (a radius of 1e-300) are drawn as equal; non-finite ones too.
            let span = g.endRadius - g.startRadius
            guard abs(span) >= 1.0 / 4096, span.isFinite, g.startRadius.isFinite, g.center.x.isFinite, g.center.y.isFinite,
                  Self.isBounded(inv) else {
                color = stops.last!.color.premultiplied; return
            }
            useTable(for: g.gradient, table, tableHolds: &tableHolds)
            kind = .radial
            spread = g.spread
            inverse = inv
            center = g.center
            startRadius = g.startRadius
            radiusSpan = g.endRadius - g.startRadius
        case .conicGradient(let g):
            let stops = g.gradient.stops
            guard let inv = ctm.inverted(), !stops.isEmpty else { color = stops.last?.color.premultiplied ?? 0; return }
            var sweep = g.endAngle - g.startAngle
            if sweep == 0 { sweep = 2 * .pi }
            // A sweep under 1/4096 radian is drawn as its ends coinciding; non-finite geometry as the last colour.
            guard abs(sweep) >= 1.0 / 4096, sweep.isFinite, g.startAngle.isFinite, g.center.x.isFinite, g.center.y.isFinite,
                  Self.isBounded(inv) else {
                color = stops.last!.color.premultiplied; return
            }
            useTable(for: g.gradient, table, tableHolds: &tableHolds)
            kind = .conic
            spread = .pad
            inverse = inv
            center = g.center
            // A sweep backwards (end before start) runs anticlockwise: mirrored by a negative step.
            startAngle = g.startAngle
            perRadian = Double(1 << 24) / sweep
        case .image(let p):
            guard let inv = p.transform.concatenating(ctm).inverted(), p.image.width > 0, p.image.height > 0,
                  // An image shrunk more than 2^20 times (scaled by 1e-30, a near-singular transform) covers
                  // nothing visible; the bound keeps its 16.16 sample positions far from overflow.
                  abs(inv.a) <= Self.maxInverseScale, abs(inv.b) <= Self.maxInverseScale,
                  abs(inv.c) <= Self.maxInverseScale, abs(inv.d) <= Self.maxInverseScale,
                  abs(inv.tx) <= Self.maxInverseShift, abs(inv.ty) <= Self.maxInverseShift else {
                color = 0; return
            }
            kind = .image
            inverse = inv
            image = p.image.format == .argb8888 ? p.image : p.image.converted(to: .argb8888)
            filter = p.filter
            extend = p.extend
        }
    }

    /// Whether a device → paint inverse stays within the bounds below (see `maxInverseScale`).
    private static func isBounded(_ inv: AffineTransform) -> Bool {
        abs(inv.a) <= maxInverseScale && abs(inv.b) <= maxInverseScale && abs(inv.c) <= maxInverseScale
            && abs(inv.d) <= maxInverseScale && abs(inv.tx) <= maxInverseShift && abs(inv.ty) <= maxInverseShift
    }

    /// Shades through `table`, built for `gradient` unless it holds it already.
    private mutating func useTable(for gradient: Gradient, _ table: UnsafeMutablePointer<UInt32>, tableHolds: inout Gradient?) {
        if tableHolds != gradient {
            GradientTable.build(gradient, into: table)
            tableHolds = gradient
        }
        self.table = table
    }

    /// Bounds of a linear gradient's parameter (2^24 per gradient length) per device pixel and at the origin:
    /// with device coordinates below 2^22 the 64-bit parameter stays below 2^62.
    static let maxParameterStep = Double(1 << 36)
    static let maxParameterStart = Double(1 << 61)
    /// Bounds of a device → paint inverse (image patterns, radial gradients): image pixels per device pixel and
    /// the offset, so 16.16 sample positions over device coordinates below 2^22 stay below 2^62.
    static let maxInverseScale = Double(1 << 20)
    static let maxInverseShift = Double(1 << 36)

    /// The colour of row `y` when the paint does not change along x, so spans can use the solid kernels.
    @inline(__always)
    func rowConstant(y: Int) -> UInt32? {
        switch kind {
        case .solid: return color
        case .linear where ax == 0:
            let t = Int64((ay * (Double(y) + 0.5) + c).rounded(.down))
            return table![GradientTable.index(t, spread)]
        default: return nil
        }
    }

    /// Writes `count` premultiplied source pixels for device pixels (x..<x+count, y) into `out`.
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        switch kind {
        case .solid:
            out.update(repeating: color, count: count)
        case .linear:
            let table = self.table!
            var t = Int64((ax * (Double(x) + 0.5) + ay * (Double(y) + 0.5) + c).rounded(.down))
            let dt = Int64(ax.rounded())
            for i in 0..<count {
                out[i] = table[GradientTable.index(t, spread)]
                t &+= dt
            }
        case .radial:
            let table = self.table!
            let q = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
            var px = q.x - center.x, py = q.y - center.y
            let scale = Double(1 << 24) / radiusSpan
            for i in 0..<count {
                let d = (px * px + py * py).squareRoot()
                // Clamped: far from the centre under a large inverse scale the parameter leaves Int64's range.
                let t = Int64(max(-Self.maxParameterStart, min(Self.maxParameterStart, (d - startRadius) * scale)).rounded(.down))
                out[i] = table[GradientTable.index(t, spread)]
                px += inverse.a; py += inverse.b
            }
        case .conic:
            let table = self.table!
            let q = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
            var px = q.x - center.x, py = q.y - center.y
            let turn = 2 * Double.pi
            for i in 0..<count {
                // The angle from the start, in [0, 2π) for a clockwise sweep (or (−2π, 0] backwards).
                var a = Trig.atan2(py, px) - startAngle
                a -= (a / turn).rounded(.down) * turn
                if perRadian < 0, a > 0 { a -= turn }
                let t = Int64(min(Self.maxParameterStart, a * perRadian).rounded(.down))
                out[i] = table[GradientTable.index(t, .pad)]
                px += inverse.a; py += inverse.b
            }
        case .image:
            shadeImage(x: x, y: y, count: count, into: out)
        }
    }

    private func shadeImage(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let img = image!
        let w = img.width, h = img.height
        // 16.16 fixed point image coordinates, stepped per device pixel from the row's start at x = 0, so a
        // pixel's sample does not depend on where its span begins (a damage repaint equals a full one).
        let q = inverse.apply(Point(x: 0.5, y: Double(y) + 0.5))
        let du = Int64((inverse.a * 65536).rounded()), dv = Int64((inverse.b * 65536).rounded())
        var u = Int64((q.x * 65536).rounded()) &+ Int64(x) &* du, v = Int64((q.y * 65536).rounded()) &+ Int64(x) &* dv
        let base = UnsafeRawPointer(img.baseAddress)
        let stride = img.stride
        let ext = extend
        @inline(__always) func fetch(_ ix: Int, _ iy: Int) -> UInt32 {
            var xx = ix, yy = iy
            switch ext {
            case .pad:
                xx = xx < 0 ? 0 : (xx >= w ? w - 1 : xx)
                yy = yy < 0 ? 0 : (yy >= h ? h - 1 : yy)
            case .repeat:
                xx %= w; if xx < 0 { xx += w }
                yy %= h; if yy < 0 { yy += h }
            case .none:
                if xx < 0 || yy < 0 || xx >= w || yy >= h { return 0 }
            }
            return base.load(fromByteOffset: yy * stride + xx * 4, as: UInt32.self)
        }
        switch filter {
        case .nearest:
            let ix = Int(u >> 16), iy = Int(v >> 16)
            if du == 0x10000, dv == 0, ix >= 0, ix + count <= w, iy >= 0, iy < h {
                // An image placed 1:1 on whole pixels (a layer, a cached bitmap composited): its row is the span.
                out.update(from: (base + iy * stride + ix * 4).assumingMemoryBound(to: UInt32.self), count: count)
                return
            }
            for i in 0..<count {
                out[i] = fetch(Int(u >> 16), Int(v >> 16))
                u &+= du; v &+= dv
            }
        case .bilinear:
            u -= 0x8000; v -= 0x8000  // sample relative to pixel centres
            let last = Int64(count - 1)
            let uLo = min(u, u + du * last), uHi = max(u, u + du * last)
            let vLo = min(v, v + dv * last), vHi = max(v, v + dv * last)
            if uLo >= 0, vLo >= 0, Int(uHi >> 16) < w - 1, Int(vHi >> 16) < h - 1 {
                // Every sample and its right/lower neighbour is inside: no edge handling per pixel.
                var i = 0
                if dv == 0 {
                    // Along a row of an image that is not rotated: one pair of image rows, one vertical fraction.
                    let row = base + Int(v >> 16) &* stride
                    let fy = SpanBlender.Pixels(repeating: UInt32(truncatingIfNeeded: (v >> 8) & 255))
                    while vectors && i &+ 4 <= count {
                        var quad = SpanBlender.BilinearQuad(), fx = SpanBlender.Pixels()
                        for k in 0..<4 {
                            quad.gather(lane: k, at: row + (Int(u >> 16) &* 4), stride: stride)
                            fx[k] = UInt32(truncatingIfNeeded: (u >> 8) & 255)
                            u &+= du
                        }
                        SpanBlender.store(out + i, quad.samples(fx: fx, fy: fy))
                        i &+= 4
                    }
                }
                while vectors && i &+ 4 <= count {
                    // Four samples at a time: their four pixels each gathered into vectors, then lerped together.
                    var quad = SpanBlender.BilinearQuad(), fx = SpanBlender.Pixels(), fy = fx
                    for k in 0..<4 {
                        let rowOffset = Int(v >> 16) &* stride
                        quad.gather(lane: k, at: base + (rowOffset &+ Int(u >> 16) &* 4), stride: stride)
                        fx[k] = UInt32(truncatingIfNeeded: (u >> 8) & 255); fy[k] = UInt32(truncatingIfNeeded: (v >> 8) & 255)
                        u &+= du; v &+= dv
                    }
                    SpanBlender.store(out + i, quad.samples(fx: fx, fy: fy))
                    i &+= 4
                }
                while i < count {
                    let p = base + Int(v >> 16) * stride + Int(u >> 16) * 4
                    out[i] = bilinear(p, stride: stride, u: u, v: v)
                    u &+= du; v &+= dv
                    i &+= 1
                }
                return
            }
            // A span crossing the image's edge (every row of a rotated image does): the samples inside take
            // the direct loads, only those at the edge the extend rule.
            for i in 0..<count {
                let ix = Int(u >> 16), iy = Int(v >> 16)
                if u >= 0, v >= 0, ix < w - 1, iy < h - 1 {
                    out[i] = bilinear(base + iy * stride + ix * 4, stride: stride, u: u, v: v)
                } else {
                    out[i] = bilinear(u: u, v: v, fetch: fetch)
                }
                u &+= du; v &+= dv
            }
        }
    }
}

/// The bilinear sample between the pixel at `p` and its right, lower and lower-right neighbours, at the
/// fraction of 16.16 `u`, `v`. Four equal pixels (a flat or transparent area, most of a cached layer) are the
/// sample itself: the lerps would return it unchanged, so they are skipped.
@inline(__always)
func bilinear(_ p: UnsafeRawPointer, stride: Int, u: Int64, v: Int64) -> UInt32 {
    let p00 = p.load(as: UInt32.self), p01 = p.load(fromByteOffset: 4, as: UInt32.self)
    let p10 = p.load(fromByteOffset: stride, as: UInt32.self), p11 = p.load(fromByteOffset: stride + 4, as: UInt32.self)
    if p00 == p01 && p10 == p11 && p00 == p10 { return p00 }
    let fx = UInt32(truncatingIfNeeded: (u >> 8) & 255), fy = UInt32(truncatingIfNeeded: (v >> 8) & 255)
    return lerpPixel(lerpPixel(p00, p01, fx), lerpPixel(p10, p11, fx), fy)
}

/// The bilinear sample at 16.16 `u`, `v` (relative to pixel centres) with each of its four pixels read by
/// `fetch` (for samples at an image's edge, where the pixels outside come from an extend rule).
@inline(__always)
func bilinear(u: Int64, v: Int64, fetch: (Int, Int) -> UInt32) -> UInt32 {
    let ix = Int(u >> 16), iy = Int(v >> 16)
    let fx = UInt32(truncatingIfNeeded: (u >> 8) & 255), fy = UInt32(truncatingIfNeeded: (v >> 8) & 255)
    return lerpPixel(lerpPixel(fetch(ix, iy), fetch(ix + 1, iy), fx), lerpPixel(fetch(ix, iy + 1), fetch(ix + 1, iy + 1), fx), fy)
}

/// `a + (b − a) · w / 256` per channel, two channels per multiply.
@inline(__always)
func lerpPixel(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
    let iw = 256 &- w
    let rb = ((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) &>> 8
    let ag = ((a &>> 8) & 0x00FF_00FF) &* iw &+ ((b &>> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080
    return (rb & 0x00FF_00FF) | (ag & 0xFF00_FF00)
}
