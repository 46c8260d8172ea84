/// Composites the rasterizer's spans into a pixel buffer: the paint's source pixels, times coverage, global
/// alpha and the clip mask, combined with the destination by the blend mode. ARGB8888 and XRGB8888 spans are
/// blended in place; RGB565 spans are widened into scratch, blended, and narrowed back.
struct SpanBlitter: CoverageSink {
    let base: UnsafeMutableRawPointer
    let stride: Int
    let format: PixelFormat
    /// Spans are cut to this rectangle (the canvas clip).
    let clipRect: IntRect
    /// The paint's shader (owned by the canvas for the blitter's lifetime).
    let shader: UnsafePointer<Shader>
    let mode: BlendMode
    let globalAlpha: UInt32
    let antialiased: Bool
    let clip: ClipMaskView?
    let srcRow: UnsafeMutablePointer<UInt32>
    let covRow: UnsafeMutablePointer<UInt8>
    let dstRow: UnsafeMutablePointer<UInt32>

    /// A clip mask positioned in device space; pixels outside it are clipped out.
    struct ClipMaskView {
        let data: UnsafePointer<UInt8>
        let x: Int, y: Int, width: Int, height: Int

        @inline(__always)
        func multiply(y py: Int, x px: Int, count: Int, _ cov: UnsafeMutablePointer<UInt8>) {
            let ry = py - y
            guard ry >= 0 && ry < height else { cov.update(repeating: 0, count: count); return }
            let row = data + ry * width
            for i in 0..<count {
                let rx = px + i - x
                cov[i] = rx >= 0 && rx < width ? UInt8(mulDiv255(UInt32(cov[i]), UInt32(row[rx]))) : 0
            }
        }
    }

    // (Wrapping arithmetic on coordinates: spans come from boxes within the target.)
    @inline(__always)
    mutating func blendRun(x rawX: Int, y: Int, count rawCount: Int, alpha: UInt8) {
        guard y >= clipRect.minY && y < clipRect.maxY else { return }
        let x = max(rawX, clipRect.minX), end = min(rawX &+ rawCount, clipRect.maxX)
        guard end > x else { return }
        let count = end &- x
        var c = UInt32(alpha)
        if !antialiased { c = c >= 128 ? 255 : 0 }
        if globalAlpha != 255 { c = mulDiv255(c, globalAlpha) }
        if c == 0 { return }
        if let clip {
            covRow.update(repeating: UInt8(c), count: count)
            clip.multiply(y: y, x: x, count: count, covRow)
            composite(x: x, y: y, count: count, constant: 0, mask: UnsafePointer(covRow))
        } else {
            composite(x: x, y: y, count: count, constant: c, mask: nil)
        }
    }

    @inline(__always)
    mutating func blendSpan(x rawX: Int, y: Int, count rawCount: Int, coverage rawCoverage: UnsafePointer<UInt8>) {
        guard y >= clipRect.minY && y < clipRect.maxY else { return }
        let x = max(rawX, clipRect.minX), end = min(rawX &+ rawCount, clipRect.maxX)
        guard end > x else { return }
        let count = end &- x
        let coverage = rawCoverage + (x &- rawX)
        var m = coverage
        if !antialiased || globalAlpha != 255 || clip != nil {
            for i in 0..<count {
                var c = UInt32(coverage[i])
                if !antialiased { c = c >= 128 ? 255 : 0 }
                covRow[i] = UInt8(mulDiv255(c, globalAlpha))
            }
            clip?.multiply(y: y, x: x, count: count, covRow)
            m = UnsafePointer(covRow)
        }
        composite(x: x, y: y, count: count, constant: 0, mask: m)
    }

    /// Blends one span; coverage is `mask` when given, otherwise the constant `constant` (1...255).
    @inline(__always)
    private func composite(x: Int, y: Int, count: Int, constant: UInt32, mask: UnsafePointer<UInt8>?) {
        let rowPtr = base + y &* stride
        let d: UnsafeMutablePointer<UInt32>
        if format == .rgb565 {
            let p = (rowPtr + x &* 2).assumingMemoryBound(to: UInt16.self)
            for i in 0..<count { dstRow[i] = argb(fromRGB565: p[i]) }
            d = dstRow
        } else {
            d = (rowPtr + x &* 4).assumingMemoryBound(to: UInt32.self)
        }
        switch mode {
        case .normal:
            if let rc = shader.pointee.rowConstant(y: y) {
                if let mask { SpanBlender.overSolidMask(d, count, rc, mask) } else { SpanBlender.overSolid(d, count, constant == 255 ? rc : scalePixel(rc, constant)) }
            } else {
                shader.pointee.shade(x: x, y: y, count: count, into: srcRow)
                if let mask {
                    SpanBlender.overMask(d, srcRow, count, mask)
                } else {
                    if constant != 255 { SpanBlender.scale(srcRow, count, by: constant) }
                    SpanBlender.over(d, srcRow, count)
                }
            }
        case .copy:
            shader.pointee.shade(x: x, y: y, count: count, into: srcRow)
            if mask == nil && constant != 255 { covRow.update(repeating: UInt8(constant), count: count) }
            SpanBlender.copy(d, srcRow, count, mask ?? (constant == 255 ? nil : UnsafePointer(covRow)))
        case .clear:
            if mask == nil && constant != 255 { covRow.update(repeating: UInt8(constant), count: count) }
            SpanBlender.clear(d, count, mask ?? (constant == 255 ? nil : UnsafePointer(covRow)))
        default:
            shader.pointee.shade(x: x, y: y, count: count, into: srcRow)
            if let mask {
                for i in 0..<count { srcRow[i] = scalePixel(srcRow[i], UInt32(mask[i])) }
            } else if constant != 255 {
                SpanBlender.scale(srcRow, count, by: constant)
            }
            BlendModes.blend(d, UnsafePointer(srcRow), count, mode: mode, opaqueDestination: format != .argb8888)
        }
        if format == .rgb565 {
            let p = (rowPtr + x &* 2).assumingMemoryBound(to: UInt16.self)
            for i in 0..<count { p[i] = rgb565(fromPremultiplied: dstRow[i]) }
        }
    }
}
