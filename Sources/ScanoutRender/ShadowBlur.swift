import ScanoutRaster

/// A group's drop shadow (`DisplayList.Item.pushShadow`): the coverage (alpha) of the group's layer over a
/// region, blurred by three box passes each way (a close approximation of a Gaussian, in integers), painted in
/// the shadow's colour into an image the renderer composites under the group.
enum ShadowBlur {
    /// The shadow image of `layer`'s pixels in `area` (device pixels), blurred with standard deviation
    /// `sigma` device pixels, in `color`, and where its pixel (0, 0) goes; nil when the group drew nothing
    /// there. Only the drawn pixels' box, grown by the blur, is blurred (a card on a full-screen repaint
    /// blurs the card's surroundings, not the screen).
    static func image(of layer: PixelBuffer, in area: IntRect, sigma: Double, color: RGBA) -> (PixelBuffer, IntRect)? {
        guard let region = blurredRegion(of: layer, in: area, sigma: sigma) else { return nil }
        let w = region.width, h = region.height
        let out = PixelBuffer(width: w, height: h)
        // Coverage in 8.8 fixed point, so three passes of rounding do not band a soft edge.
        var a = [Int32](repeating: 0, count: w * h)
        a.withUnsafeMutableBufferPointer { a in
            for y in 0..<h {
                let row = layer.row(region.y + y).assumingMemoryBound(to: UInt32.self) + region.x
                for x in 0..<w { a[y * w + x] = Int32(row[x] >> 24) << 8 }
            }
            var scratch = [Int32](repeating: 0, count: max(w, h))
            scratch.withUnsafeMutableBufferPointer { blur(a, width: w, height: h, radius: boxRadius(sigma), scratch: $0) }
            let premultiplied = color.premultiplied
            let cr = (premultiplied >> 16) & 255, cg = (premultiplied >> 8) & 255, cb = premultiplied & 255
            let ca = premultiplied >> 24
            for y in 0..<h {
                let row = out.row(y).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w {
                    let k = UInt32(min(65280, max(0, a[y * w + x]))) >> 8  // 0...255
                    if k == 0 { continue }
                    // colour × coverage, each channel rounded (premultiplied stays premultiplied).
                    row[x] = ((ca * k + 127) / 255) << 24 | ((cr * k + 127) / 255) << 16 | ((cg * k + 127) / 255) << 8 | (cb * k + 127) / 255
                }
            }
        }
        return (out, region)
    }

    /// `layer`'s pixels in `area` blurred (each premultiplied channel alike, so colours stay premultiplied),
    /// over the drawn pixels' box grown by the blur, and where the image goes; nil when nothing was drawn.
    /// `opaque`: over all of `area` instead, reading past its edges the nearest edge pixel (an opaque blur:
    /// nothing transparent comes in at the edges, and nothing is drawn outside).
    static func blurred(_ layer: PixelBuffer, in area: IntRect, sigma: Double, opaque: Bool = false) -> (PixelBuffer, IntRect)? {
        guard let region = opaque ? (area.isEmpty ? nil : area) : blurredRegion(of: layer, in: area, sigma: sigma) else { return nil }
        let w = region.width, h = region.height
        let out = PixelBuffer(width: w, height: h)
        let radius = boxRadius(sigma)
        var plane = [Int32](repeating: 0, count: w * h)
        var scratch = [Int32](repeating: 0, count: max(w, h))
        plane.withUnsafeMutableBufferPointer { a in
            scratch.withUnsafeMutableBufferPointer { sc in
                for shift: UInt32 in [24, 16, 8, 0] {
                    for y in 0..<h {
                        let row = layer.row(region.y + y).assumingMemoryBound(to: UInt32.self) + region.x
                        for x in 0..<w { a[y * w + x] = Int32((row[x] >> shift) & 255) << 8 }
                    }
                    blur(a, width: w, height: h, radius: radius, scratch: sc, clampingToEdges: opaque)
                    for y in 0..<h {
                        let row = out.row(y).assumingMemoryBound(to: UInt32.self)
                        for x in 0..<w {
                            let v = UInt32(min(65280, max(0, a[y * w + x])) + 128) >> 8
                            row[x] |= min(v, 255) << shift
                        }
                    }
                }
            }
        }
        // Rounding each channel apart can leave a colour a unit above its alpha: clamp to stay premultiplied.
        for y in 0..<h {
            let row = out.row(y).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let p = row[x], alpha = p >> 24
                let r = min((p >> 16) & 255, alpha), g = min((p >> 8) & 255, alpha), b = min(p & 255, alpha)
                row[x] = alpha << 24 | r << 16 | g << 8 | b
            }
        }
        return (out, region)
    }

    /// The drawn pixels' box in `area` grown by three standard deviations (what a blur of them reaches),
    /// within `area`; nil when nothing was drawn.
    private static func blurredRegion(of layer: PixelBuffer, in area: IntRect, sigma: Double) -> IntRect? {
        guard let drawn = inkBounds(of: layer, in: area) else { return nil }
        let spread = Int((3 * sigma).rounded(.up)) + 1
        let region = IntRect(x: drawn.x - spread, y: drawn.y - spread, width: drawn.width + 2 * spread,
                             height: drawn.height + 2 * spread).intersection(area)
        return region.width > 0 && region.height > 0 ? region : nil
    }

    /// Three box passes each way over a `width`×`height` plane, in place; past its edges the plane is clear,
    /// or (`clampingToEdges`) its nearest edge value.
    private static func blur(_ a: UnsafeMutableBufferPointer<Int32>, width w: Int, height h: Int, radius: Int,
                             scratch: UnsafeMutableBufferPointer<Int32>, clampingToEdges: Bool = false) {
        guard radius > 0 else { return }
        for _ in 0..<3 {
            if clampingToEdges {
                for y in 0..<h { clampedBoxPass(a.baseAddress! + y * w, count: w, step: 1, radius: radius, scratch: scratch) }
                for x in 0..<w { clampedBoxPass(a.baseAddress! + x, count: h, step: w, radius: radius, scratch: scratch) }
            } else {
                for y in 0..<h { boxPass(a.baseAddress! + y * w, count: w, step: 1, radius: radius, scratch: scratch) }
                for x in 0..<w { boxPass(a.baseAddress! + x, count: h, step: w, radius: radius, scratch: scratch) }
            }
        }
    }

    /// Box radius for three passes approximating a Gaussian of `sigma`: width sqrt(12 σ² / 3 + 1).
    static func boxRadius(_ sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        return max(0, Int(((4 * sigma * sigma + 1).squareRoot() - 1) / 2 + 0.5))
    }

    /// The box of the pixels with coverage in `area`, or nil.
    private static func inkBounds(of layer: PixelBuffer, in area: IntRect) -> IntRect? {
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in area.y..<(area.y + area.height) {
            let row = layer.row(y).assumingMemoryBound(to: UInt32.self)
            var x = area.x
            let end = area.x + area.width
            while x < end, row[x] >> 24 == 0 { x += 1 }
            guard x < end else { continue }
            var last = end - 1
            while last > x, row[last] >> 24 == 0 { last -= 1 }
            minX = min(minX, x); maxX = max(maxX, last); minY = min(minY, y); maxY = y
        }
        guard minX <= maxX else { return nil }
        return IntRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// One box blur of `count` values `step` apart, in place (outside the line counts as zero coverage).
    @inline(__always)
    private static func boxPass(_ p: UnsafeMutablePointer<Int32>, count: Int, step: Int, radius: Int,
                                scratch: UnsafeMutableBufferPointer<Int32>) {
        for i in 0..<count { scratch[i] = p[i * step] }
        let window = Int64(2 * radius + 1)
        var sum: Int64 = 0
        for i in 0..<min(radius, count) { sum += Int64(scratch[i]) }
        for i in 0..<count {
            let enter = i + radius, leave = i - radius - 1
            if enter < count { sum += Int64(scratch[enter]) }
            if leave >= 0 { sum -= Int64(scratch[leave]) }
            p[i * step] = Int32((sum + window / 2) / window)
        }
    }

    /// One box blur like `boxPass`, reading the first and last values past the line's ends.
    @inline(__always)
    private static func clampedBoxPass(_ p: UnsafeMutablePointer<Int32>, count: Int, step: Int, radius: Int,
                                       scratch: UnsafeMutableBufferPointer<Int32>) {
        for i in 0..<count { scratch[i] = p[i * step] }
        let window = Int64(2 * radius + 1), last = count - 1
        // The window around -1: radius + 1 copies of the first value and the values up to index radius - 1.
        var sum = Int64(radius + 1) * Int64(scratch[0])
        for i in 0..<radius { sum += Int64(scratch[min(i, last)]) }
        for i in 0..<count {
            sum += Int64(scratch[min(i + radius, last)])
            sum -= Int64(scratch[max(i - radius - 1, 0)])
            p[i * step] = Int32((sum + window / 2) / window)
        }
    }
}
