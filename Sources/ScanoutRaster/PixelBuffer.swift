import CStreamCopy

/// A rectangle of pixels in one `PixelFormat`: owned memory (offscreen images, masks' targets, tests), or
/// borrowed memory such as a mapped DRM dumb buffer, which the compositor writes but never reads back.
public final class PixelBuffer {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next (at least `width * format.bytesPerPixel`).
    public let stride: Int
    public let format: PixelFormat
    public let baseAddress: UnsafeMutableRawPointer
    private let ownsMemory: Bool

    /// Allocates a buffer of transparent black (or black, for opaque formats) pixels.
    public init(width: Int, height: Int, format: PixelFormat = .argb8888) {
        precondition(width >= 0 && height >= 0, "PixelBuffer size must not be negative")
        self.width = width
        self.height = height
        self.format = format
        // Rows padded to 16 bytes so SIMD loads of a row's tail stay inside the row's allocation.
        self.stride = (width * format.bytesPerPixel + 15) & ~15
        let bytes = max(stride * height, 16)
        self.baseAddress = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        self.baseAddress.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        self.ownsMemory = true
    }

    /// Wraps memory that someone else owns (and keeps alive for as long as this buffer is used).
    public init(wrapping memory: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, format: PixelFormat) {
        precondition(stride >= width * format.bytesPerPixel, "stride is smaller than a row of pixels")
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        self.baseAddress = memory
        self.ownsMemory = false
    }

    deinit {
        if ownsMemory { baseAddress.deallocate() }
    }

    public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    @inline(__always)
    public func row(_ y: Int) -> UnsafeMutableRawPointer {
        baseAddress + y * stride
    }

    /// The premultiplied ARGB value of one pixel (opaque formats read back as alpha 255).
    /// For tests and image export: never call this on scanout memory in a frame loop.
    public func premultipliedPixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)x\(height)")
        switch format {
        case .argb8888: return row(y).load(fromByteOffset: x * 4, as: UInt32.self)
        case .xrgb8888: return row(y).load(fromByteOffset: x * 4, as: UInt32.self) | 0xFF00_0000
        case .rgb565: return argb(fromRGB565: row(y).load(fromByteOffset: x * 2, as: UInt16.self))
        }
    }

    /// The straight-alpha colour of one pixel.
    public func pixel(x: Int, y: Int) -> RGBA {
        RGBA(premultiplied: premultipliedPixel(x: x, y: y))
    }

    /// Writes one premultiplied ARGB pixel, converting to the buffer's format.
    public func setPremultipliedPixel(x: Int, y: Int, _ p: UInt32) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)x\(height)")
        switch format {
        case .argb8888: row(y).storeBytes(of: p, toByteOffset: x * 4, as: UInt32.self)
        case .xrgb8888: row(y).storeBytes(of: p | 0xFF00_0000, toByteOffset: x * 4, as: UInt32.self)
        case .rgb565: row(y).storeBytes(of: rgb565(fromPremultiplied: p), toByteOffset: x * 2, as: UInt16.self)
        }
    }

    /// Fills every pixel with one colour (straight alpha), ignoring clips.
    public func fill(_ color: RGBA) {
        let p = color.premultiplied
        for y in 0..<height { storeRun(row: y, x: 0, count: width, premultiplied: p) }
    }

    /// Writes `count` copies of a premultiplied pixel starting at (x, y), no blending.
    @inline(__always)
    func storeRun(row y: Int, x: Int, count: Int, premultiplied p: UInt32) {
        switch format {
        case .argb8888:
            (row(y) + x * 4).assumingMemoryBound(to: UInt32.self).update(repeating: p, count: count)
        case .xrgb8888:
            (row(y) + x * 4).assumingMemoryBound(to: UInt32.self).update(repeating: p | 0xFF00_0000, count: count)
        case .rgb565:
            (row(y) + x * 2).assumingMemoryBound(to: UInt16.self).update(repeating: rgb565(fromPremultiplied: p), count: count)
        }
    }

    /// Sets the pixels of `rect` to `source`'s at `rect` moved by (`offsetX`, `offsetY`): row by row with one
    /// memory copy each when the formats are the same (sequential writes only: what scanout memory wants),
    /// converted pixel by pixel otherwise. Both rectangles must lie within their buffers.
    public func copy(_ rect: IntRect, from source: PixelBuffer, offsetX: Int = 0, offsetY: Int = 0) {
        guard !rect.isEmpty else { return }
        if format == source.format {
            let bpp = format.bytesPerPixel
            for y in rect.minY..<rect.maxY {
                (row(y) + rect.minX * bpp).copyMemory(from: source.row(y + offsetY) + (rect.minX + offsetX) * bpp,
                                                      byteCount: rect.width * bpp)
            }
        } else {
            for y in rect.minY..<rect.maxY {
                for x in rect.minX..<rect.maxX {
                    setPremultipliedPixel(x: x, y: y, source.premultipliedPixel(x: x + offsetX, y: y + offsetY))
                }
            }
        }
    }

    /// The size of a display buffer from which presents into it are worth streaming (`stream`): with buffers of
    /// 3 MiB or more (1280x800's are 4.1 MB, 1080p's 8.3 MB), the working set of a present — the private frame or
    /// a sliding panel's bitmaps, and the display buffers — outgrows the cache, and streaming took a 1080p page
    /// swipe's frame from 1.05 to 0.53 ms here, a pop's from 0.37 to 0.25 ms, and at 1280x800 a push's from 0.26
    /// to 0.20 ms and an alert's fade from 0.44 to 0.27 ms. Below it everything can stay in a large cache, where
    /// ordinary stores were quicker (a whole 800x480 frame: 0.46 against 0.48–0.55 ms here); boards' caches are
    /// smaller, so this errs on the side of memcpy. A present of less than 256 KiB (a damage frame's) is copied:
    /// streamed, a 1080p damage frame's present took 3 % longer here.
    public static let streamingBytes = 3 << 20

    /// Whether a present of `pixels` into this buffer (a display buffer) is streamed (see `streamingBytes`).
    public func streams(presentOf pixels: Int) -> Bool {
        stride * height >= Self.streamingBytes && pixels * format.bytesPerPixel >= 256 << 10
    }

    /// `copy(_:from:offsetX:offsetY:dimmedBy:)` into a buffer the CPU does not read back (a display buffer): the
    /// rows of a plain copy are written with non-temporal stores where the CPU has them, so a full-screen present
    /// neither reads the buffer's lines into the cache first nor evicts the bitmaps the next frame copies from
    /// (`scanout_stream_copy_rows`). The pixels are the same. For the presents a display buffer `streams(presentOf:)`.
    /// A copy with a scrim is dimmed and streamed in one pass on x86-64 (`scanout_stream_dimmed_rows`, to the bit
    /// what `Dimming.copy` writes: a 1080p frame under an alert's scrim took 0.33 against 0.55 ms here); elsewhere
    /// it is written as `copy` writes it.
    public func stream(_ rect: IntRect, from source: PixelBuffer, offsetX: Int = 0, offsetY: Int = 0, dimmedBy dimming: Dimming? = nil) {
        guard format == source.format, !rect.isEmpty, dimming == nil || format.bytesPerPixel == 4 else {
            return copy(rect, from: source, offsetX: offsetX, offsetY: offsetY, dimmedBy: dimming)
        }
        let bpp = format.bytesPerPixel
        let target = row(rect.minY) + rect.minX * bpp, origin = source.row(rect.minY + offsetY) + (rect.minX + offsetX) * bpp
        guard let dimming else {
            return scanout_stream_copy_rows(target, stride, origin, source.stride, rect.width * bpp, rect.height)
        }
        #if arch(x86_64)
        scanout_stream_dimmed_rows(target.assumingMemoryBound(to: UInt32.self), stride, origin.assumingMemoryBound(to: UInt32.self),
                                   source.stride, rect.width, rect.height, dimming.pixel)
        #else
        copy(rect, from: source, offsetX: offsetX, offsetY: offsetY, dimmedBy: dimming)
        #endif
    }

    /// Sets the pixels of `rect` to `source`'s at `rect` moved by (`offsetX`, `offsetY`) with `dimming`'s scrim
    /// over them (`source` opaque; nil: a plain copy), writing each row once, never reading this buffer.
    public func copy(_ rect: IntRect, from source: PixelBuffer, offsetX: Int = 0, offsetY: Int = 0, dimmedBy dimming: Dimming?) {
        guard let dimming else { return copy(rect, from: source, offsetX: offsetX, offsetY: offsetY) }
        guard !rect.isEmpty else { return }
        if format == source.format, format.bytesPerPixel == 4 {
            for y in rect.minY..<rect.maxY {
                let s = (source.row(y + offsetY) + (rect.minX + offsetX) * 4).assumingMemoryBound(to: UInt32.self)
                dimming.copy(s, to: (row(y) + rect.minX * 4).assumingMemoryBound(to: UInt32.self), count: rect.width)
            }
        } else {
            for y in rect.minY..<rect.maxY {
                for x in rect.minX..<rect.maxX {
                    setPremultipliedPixel(x: x, y: y, dimming.over(opaque: source.premultipliedPixel(x: x + offsetX, y: y + offsetY)))
                }
            }
        }
    }

    /// Sets the pixels of `rect` from `source` (same format) walked along whole pixels: this buffer's pixel
    /// (`rect.minX + i`, `rect.minY + j`) is `source`'s at `origin` + i · `across` + j · `down`, each step one
    /// pixel along one axis — the app's frame turned by a quarter or a half onto a panel mounted so
    /// (`DisplayTransform`) — with `dimming`'s scrim over it when one is given (`source` opaque). `rect` must lie
    /// in this buffer and every pixel walked in `source`. Unrotated, the rows are `copy`'s, or `stream`'s when
    /// `streamed`. Turned, 32-bit pixels are read four rows at a time and transposed in registers when a step walks
    /// rows, dimmed on the way (`scanout_turned_copy32`: a 1080p frame onto a panel at 90° took 2.2 ms pixel by
    /// pixel, 8.6 copies of a frame; see the navigation bench's rotated case), and `streamed` writes them past the
    /// cache on x86-64 (a display buffer). The pixels are the same either way.
    public func copy(_ rect: IntRect, from source: PixelBuffer, origin: (x: Int, y: Int), across: (x: Int, y: Int),
                     down: (x: Int, y: Int), dimmedBy dimming: Dimming? = nil, streamed: Bool = false) {
        guard !rect.isEmpty else { return }
        precondition(format == source.format, "a turned copy from \(source.format) to \(format)")
        precondition(rect.minX >= 0 && rect.minY >= 0 && rect.maxX <= width && rect.maxY <= height,
                     "a turned copy into \(rect) of a \(width)x\(height) buffer")
        precondition(abs(across.x) + abs(across.y) == 1 && abs(down.x) + abs(down.y) == 1 && across.x * down.x + across.y * down.y == 0,
                     "a turned copy steps one pixel along one axis across and along the other down")
        let lastX = origin.x + (rect.width - 1) * across.x + (rect.height - 1) * down.x
        let lastY = origin.y + (rect.width - 1) * across.y + (rect.height - 1) * down.y
        precondition(min(origin.x, lastX) >= 0 && max(origin.x, lastX) < source.width
                     && min(origin.y, lastY) >= 0 && max(origin.y, lastY) < source.height,
                     "a turned copy of \(rect) reads outside the \(source.width)x\(source.height) source")
        if across == (1, 0), down == (0, 1) {
            // Unrotated: the rows as they are (dimmed on the way if dimmed), streamed or copied.
            let offsetX = origin.x - rect.minX, offsetY = origin.y - rect.minY
            return streamed ? stream(rect, from: source, offsetX: offsetX, offsetY: offsetY, dimmedBy: dimming)
                : copy(rect, from: source, offsetX: offsetX, offsetY: offsetY, dimmedBy: dimming)
        }
        let bpp = format.bytesPerPixel
        let first = source.row(origin.y) + origin.x * bpp
        let stepX = across.y * source.stride + across.x * bpp, stepY = down.y * source.stride + down.x * bpp
        let target = row(rect.minY) + rect.minX * bpp
        if bpp == 4 {
            scanout_turned_copy32(target.assumingMemoryBound(to: UInt32.self), stride, first.assumingMemoryBound(to: UInt32.self),
                                  stepX, stepY, rect.width, rect.height, dimming?.pixel ?? 0, streamed ? 1 : 0)
            return
        }
        for j in 0..<rect.height {
            let d = (target + j * stride).assumingMemoryBound(to: UInt16.self)
            var offset = j * stepY
            for i in 0..<rect.width {
                let p = first.load(fromByteOffset: offset, as: UInt16.self)
                d[i] = dimming.map { rgb565(fromPremultiplied: $0.over(opaque: argb(fromRGB565: p))) } ?? p
                offset += stepX
            }
        }
    }

    /// A copy of the pixels converted to another format (ARGB8888 for export, RGB565 for tests).
    public func converted(to format: PixelFormat) -> PixelBuffer {
        let out = PixelBuffer(width: width, height: height, format: format)
        for y in 0..<height {
            for x in 0..<width { out.setPremultipliedPixel(x: x, y: y, premultipliedPixel(x: x, y: y)) }
        }
        return out
    }
}

/// An integer pixel rectangle (clips, damage, bounds). (Its small methods are inlinable: the renderer asks them
/// of every item of a repaint, across the module boundary.)
public struct IntRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    @inlinable public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    @inlinable public var minX: Int { x }
    @inlinable public var minY: Int { y }
    @inlinable public var maxX: Int { x + width }
    @inlinable public var maxY: Int { y + height }
    @inlinable public var isEmpty: Bool { width <= 0 || height <= 0 }

    @inlinable public func intersection(_ o: IntRect) -> IntRect {
        let x0 = max(minX, o.minX), y0 = max(minY, o.minY)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return IntRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Whether the two share a pixel.
    @inlinable public func intersects(_ o: IntRect) -> Bool {
        max(minX, o.minX) < min(maxX, o.maxX) && max(minY, o.minY) < min(maxY, o.maxY)
    }

    @inlinable public func union(_ o: IntRect) -> IntRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(minX, o.minX), y0 = min(minY, o.minY)
        return IntRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    public var description: String { "IntRect(\(x), \(y), \(width)x\(height))" }
}
