/// Drawing an image under any affine transform by sampling it directly: the compositing path of cached
/// layers (a turned label's bitmap, a rotated photo) that needs no rasterizer and no coverage spans.
extension Canvas {
    /// Draws `image` (premultiplied ARGB) placed in user space by `imageTransform` (image pixels → user
    /// units), with everything outside the image transparent. Each device pixel whose sample can touch the
    /// image reads it through the inverse transform in 16.16 fixed point and is blended over the target at
    /// once; transparent samples leave the pixel alone. With `.bilinear` the image's edge fades over one
    /// texel, which anti-aliases it under rotation.
    ///
    /// A pixel's sample position depends only on the pixel (each row's start is computed at x = 0 and stepped
    /// from there), never on where a drawn span begins, so repainting part of a frame (a damage rectangle, a
    /// compositing band) gives exactly the pixels of a full repaint.
    ///
    /// `occupancy` (made from this image and kept with it) lets runs of samples inside transparent areas be
    /// skipped without reading them; the pixels drawn are the same with or without it.
    ///
    /// A clip mask, a blend mode other than `.normal` or an RGB565 target take the general path (the image's
    /// rectangle filled with an image pattern).
    ///
    /// (One function of ~100 lines on purpose: the row loop's inlined helpers share a dozen constants of the
    /// image, the target and the transform; split into functions they would be passed on every row, and this
    /// loop is the compositing hot path of turned layers.)
    public func draw(_ image: PixelBuffer, transform imageTransform: AffineTransform, filter: ImageFilter = .bilinear,
                     occupancy: ImageOccupancy? = nil) {
        guard image.width > 0, image.height > 0 else { return }
        let toDevice = imageTransform.concatenating(transform)
        guard toDevice.isInvertible, let inverse = toDevice.inverted() else {
            let t = toDevice
            let finite = t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite
            geometryIssue?(finite ? .singularTransform : .nonFiniteTransform)
            return
        }
        let alpha = globalAlpha
        guard alpha > 0 else { return }
        if clipMask != nil || blendMode != .normal || target.format == .rgb565 || image.format != .argb8888 {
            let saved = transform
            transform = toDevice
            fill(Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
                 with: .image(ImagePattern(image: image, transform: .identity, filter: filter, extend: .none)))
            transform = saved
            return
        }
        guard let area = reachableArea(ofImageWidth: image.width, height: image.height, under: toDevice) else { return }
        let w = image.width, h = image.height

        // An image shrunk more than 4096 times covers less than a pixel: nothing is drawn, and the 16.16
        // arithmetic below stays far from overflow.
        let shrink = Double(1 << 12), shift = Double(1 << 40)
        guard abs(inverse.a) < shrink, abs(inverse.b) < shrink, abs(inverse.c) < shrink, abs(inverse.d) < shrink,
              abs(inverse.tx) < shift, abs(inverse.ty) < shift else { return }
        let one: Int64 = 1 << 16
        let du = Int64((inverse.a * 65536).rounded()), dv = Int64((inverse.b * 65536).rounded())
        // Bilinear samples are taken relative to texel centres.
        let centre: Int64 = filter == .bilinear ? one / 2 : 0
        // Sample positions whose taps can touch the image (outer), and whose taps are all inside it (inner).
        let outerU = filter == .bilinear ? (-one)...(Int64(w) * one - 1) : 0...(Int64(w) * one - 1)
        let outerV = filter == .bilinear ? (-one)...(Int64(h) * one - 1) : 0...(Int64(h) * one - 1)
        let innerU = filter == .bilinear ? 0...(Int64(w - 1) * one - 1) : outerU
        let innerV = filter == .bilinear ? 0...(Int64(h - 1) * one - 1) : outerV
        let src = UnsafeRawPointer(image.baseAddress), stride = image.stride
        let dstBase = target.baseAddress, dstStride = target.stride

        @inline(__always) func tap(_ ix: Int, _ iy: Int) -> UInt32 {
            ix < 0 || iy < 0 || ix >= w || iy >= h ? 0 : src.load(fromByteOffset: iy * stride + ix * 4, as: UInt32.self)
        }
        @inline(__always) func sampleAtEdge(_ u: Int64, _ v: Int64) -> UInt32 {
            filter == .nearest ? tap(Int(u >> 16), Int(v >> 16)) : bilinear(u: u, v: v, fetch: tap)
        }
        @inline(__always) func blend(_ sample: UInt32, into d: UnsafeMutablePointer<UInt32>) {
            guard sample != 0 else { return }
            let s = alpha == 255 ? sample : scalePixel(sample, alpha)
            d.pointee = s >> 24 == 255 ? s : sourceOver(s, d.pointee)
        }
        @inline(__always) func sampleInside(_ u: Int64, _ v: Int64) -> UInt32 {
            let p = src + (Int(truncatingIfNeeded: v >> 16) &* stride &+ Int(truncatingIfNeeded: u >> 16) &* 4)
            return filter == .bilinear ? bilinear(p, stride: stride, u: u, v: v) : p.load(as: UInt32.self)
        }
        // A sample whose top-left tap is at least `c` pixels from anything drawn (its clearance) moves its taps
        // at most c − 1 pixels away in the next `jumps[c]` steps, so those samples (bilinear taps included) read
        // only transparent pixels and are skipped.
        let occupied = occupancy.flatMap { $0.fits(image) ? $0 : nil }
        let stepSize = max(abs(du), abs(dv), 1)
        withUnsafeTemporaryAllocation(of: Int64.self, capacity: 256) { jumps in
            for c in 0..<256 { jumps[c] = c < ImageOccupancy.jumpableClearance ? 0 : (Int64(c - 2) * one - 1) / stepSize + 1 }
            for y in area.minY..<area.maxY {
                let q = inverse.apply(Point(x: 0.5, y: Double(y) + 0.5))
                let u0 = Int64((q.x * 65536).rounded()) - centre, v0 = Int64((q.y * 65536).rounded()) - centre
                // The pixels of this row whose sample can touch the image.
                var span = Self.steps(from: u0, by: du, within: outerU)
                span = Self.overlap(span, Self.steps(from: v0, by: dv, within: outerV))
                span = Self.overlap(span, Int64(area.minX)...Int64(area.maxX - 1))
                guard let outer = span else { continue }
                let inner = Self.overlap(Self.overlap(Self.steps(from: u0, by: du, within: innerU),
                                                      Self.steps(from: v0, by: dv, within: innerV)), outer)
                let row = (dstBase + y * dstStride).assumingMemoryBound(to: UInt32.self)
                let fastStart = inner?.lowerBound ?? outer.upperBound + 1
                let fastEnd = inner?.upperBound ?? outer.upperBound
                var x = outer.lowerBound
                while x < fastStart {
                    blend(sampleAtEdge(u0 + x * du, v0 + x * dv), into: row + Int(x))
                    x += 1
                }
                if x <= fastEnd {
                    var u = u0 + x * du, v = v0 + x * dv
                    if let occupied {
                        occupied.clearance.withUnsafeBufferPointer { clearance in
                            while x <= fastEnd {
                                let jump = jumps[Int(clearance[Int(truncatingIfNeeded: v >> 16) &* w &+ Int(truncatingIfNeeded: u >> 16)])]
                                if jump > 0 {
                                    let n = min(jump, fastEnd - x + 1)
                                    u &+= n &* du; v &+= n &* dv; x += n
                                } else {
                                    blend(sampleInside(u, v), into: row + Int(x))
                                    u &+= du; v &+= dv; x += 1
                                }
                            }
                        }
                    } else {
                        while x <= fastEnd {
                            blend(sampleInside(u, v), into: row + Int(x))
                            u &+= du; v &+= dv; x += 1
                        }
                    }
                }
                while x <= outer.upperBound {
                    blend(sampleAtEdge(u0 + x * du, v0 + x * dv), into: row + Int(x))
                    x += 1
                }
            }
        }
    }

    /// The device pixels (within the clip) an image of `width`x`height` placed by `toDevice` can reach: its
    /// corners' box, one pixel wider for the bilinear fade; nil when that is empty or so far out that 16.16
    /// arithmetic could overflow.
    private func reachableArea(ofImageWidth width: Int, height: Int, under toDevice: AffineTransform) -> IntRect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for corner in 0..<4 {
            let p = toDevice.apply(Point(x: corner & 1 == 0 ? 0 : Double(width), y: corner < 2 ? 0 : Double(height)))
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        let limit = Double(1 << 24)  // keeps the 16.16 arithmetic far from overflow
        guard x0 > -limit, y0 > -limit, x1 < limit, y1 < limit else { return nil }
        let area = IntRect(x: Int(x0.rounded(.down)) - 1, y: Int(y0.rounded(.down)) - 1,
                           width: Int(x1.rounded(.up)) - Int(x0.rounded(.down)) + 2,
                           height: Int(y1.rounded(.up)) - Int(y0.rounded(.down)) + 2).intersection(clipBounds)
        return area.isEmpty ? nil : area
    }

    /// The steps i for which `start + i · step` lies in `range`, or nil when none does.
    static func steps(from start: Int64, by step: Int64, within range: ClosedRange<Int64>) -> ClosedRange<Int64>? {
        if step == 0 { return range.contains(start) ? Int64.min / 4...Int64.max / 4 : nil }
        let lo, hi: Int64
        if step > 0 {
            lo = ceilDiv(range.lowerBound - start, step); hi = floorDiv(range.upperBound - start, step)
        } else {
            lo = ceilDiv(range.upperBound - start, step); hi = floorDiv(range.lowerBound - start, step)
        }
        return lo <= hi ? lo...hi : nil
    }

    static func overlap(_ a: ClosedRange<Int64>?, _ b: ClosedRange<Int64>?) -> ClosedRange<Int64>? {
        guard let a, let b else { return nil }
        let lo = max(a.lowerBound, b.lowerBound), hi = min(a.upperBound, b.upperBound)
        return lo <= hi ? lo...hi : nil
    }
}

@inline(__always)
private func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0) && ((a < 0) != (b < 0)) ? q - 1 : q
}

@inline(__always)
private func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0) && ((a < 0) == (b < 0)) ? q + 1 : q
}
