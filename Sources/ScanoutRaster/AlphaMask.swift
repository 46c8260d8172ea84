/// An 8-bit coverage mask placed in device space: a rasterized glyph, or a clip shape.
public struct AlphaMask: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Device position of the mask's top-left pixel.
    public var originX: Int
    public var originY: Int
    /// Row-major coverage, `width * height` bytes, 0 (outside) ... 255 (inside).
    public private(set) var coverage: [UInt8]

    public init(width: Int, height: Int, originX: Int = 0, originY: Int = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.originX = originX
        self.originY = originY
        coverage = [UInt8](repeating: 0, count: self.width * self.height)
    }

    public var bounds: IntRect { IntRect(x: originX, y: originY, width: width, height: height) }

    /// Coverage at mask-local (x, y); 0 outside the mask.
    public subscript(x: Int, y: Int) -> UInt8 {
        get { x >= 0 && y >= 0 && x < width && y < height ? coverage[y * width + x] : 0 }
        set { if x >= 0 && y >= 0 && x < width && y < height { coverage[y * width + x] = newValue } }
    }

    /// The alpha of `buffer`'s pixels over `region` (within the buffer): a masked group's mask drawn into a
    /// layer (ARGB8888's top byte; an opaque format's pixels are all 255).
    public init(alphaOf buffer: PixelBuffer, in region: IntRect) {
        let r = region.intersection(buffer.bounds)
        self.init(width: r.width, height: r.height, originX: r.x, originY: r.y)
        guard !r.isEmpty else { return }
        let w = r.width
        withMutableCoverage { out in
            for y in 0..<r.height {
                let row = out + y * w
                guard buffer.format == .argb8888 else { row.update(repeating: 255, count: w); continue }
                let pixels = (buffer.row(r.y + y) + r.x * 4).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w { row[x] = UInt8(truncatingIfNeeded: pixels[x] >> 24) }
            }
        }
    }

    /// This mask's coverage times `other`'s, over the intersection of their bounds (a mask inside a clip shape).
    public func multiplied(by other: AlphaMask) -> AlphaMask {
        let r = bounds.intersection(other.bounds)
        var out = AlphaMask(width: r.width, height: r.height, originX: r.x, originY: r.y)
        guard !r.isEmpty else { return out }
        out.withMutableCoverage { p in
            coverage.withUnsafeBufferPointer { a in
                other.coverage.withUnsafeBufferPointer { b in
                    for y in 0..<r.height {
                        let ar = (r.y + y - originY) * width + r.x - originX
                        let br = (r.y + y - other.originY) * other.width + r.x - other.originX
                        for x in 0..<r.width {
                            p[y * r.width + x] = UInt8(truncatingIfNeeded: mulDiv255(UInt32(a[ar + x]), UInt32(b[br + x])))
                        }
                    }
                }
            }
        }
        return out
    }

    mutating func withMutableCoverage<R>(_ body: (UnsafeMutablePointer<UInt8>) -> R) -> R {
        coverage.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}

/// Rasterizes paths into alpha masks (glyphs, clip shapes), reusing its scratch buffers between calls.
public final class MaskRasterizer {
    let rasterizer = CellRasterizer()
    private var contours = ContourCollector()
    /// Whether coverage is swept four cells at a time (see `CellRasterizer.sweep`; for tests).
    var sweepsInVectors = SpanBlender.vectorsByDefault

    public init() {}

    /// The largest mask made (64 MiB of coverage).
    public static let maximumPixels = 1 << 26

    /// The coverage of `path` (transformed by `transform`) over the pixels it touches inside `within` (a clip
    /// shape needs only its surface), or an empty mask. A mask of more than `maximumPixels` is empty: a shape
    /// that large needs a `within` rectangle.
    public func mask(for path: Path, transform: AffineTransform = .identity, fillRule: FillRule = .nonZero,
                     tolerance: Double = ScanoutRasterInfo.fillTolerance, within: IntRect? = nil) -> AlphaMask {
        contours.reset()
        guard transform.isInvertible else { return AlphaMask(width: 0, height: 0) }
        PathFlattener.flatten(path, transform: transform, tolerance: tolerance, into: &contours)
        guard var box = contours.deviceBounds() else { return AlphaMask(width: 0, height: 0) }
        if let within { box = box.intersection(within) }
        guard !box.isEmpty, box.width * box.height <= Self.maximumPixels else { return AlphaMask(width: 0, height: 0) }
        var mask = AlphaMask(width: box.width, height: box.height, originX: box.x, originY: box.y)
        rasterizer.begin(box: box)
        contours.feed(rasterizer)
        mask.withMutableCoverage { p in
            var sink = MaskSink(data: p, originX: box.x, originY: box.y, width: box.width)
            rasterizer.sweep(fillRule, into: &sink, vectors: sweepsInVectors)
        }
        return mask
    }
}

/// Writes coverage into a mask buffer (max with what is there, so overlapping sweeps are harmless).
struct MaskSink: CoverageSink {
    let data: UnsafeMutablePointer<UInt8>
    let originX: Int, originY: Int, width: Int

    mutating func blendRun(x: Int, y: Int, count: Int, alpha: UInt8) {
        (data + (y - originY) * width + (x - originX)).update(repeating: alpha, count: count)
    }

    mutating func blendSpan(x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        (data + (y - originY) * width + (x - originX)).update(from: coverage, count: count)
    }
}

extension ContourCollector {
    /// The integer pixel box that holds every point, or nil when there are none.
    func deviceBounds() -> IntRect? {
        guard var x0 = points.first?.x, var y0 = points.first?.y else { return nil }
        var x1 = x0, y1 = y0
        // NaN is not ordered, so the min/max below would skip it: (v − v) is 0 for finite v and NaN for an
        // infinity or NaN, so `poison` says whether any point is not finite (such a shape draws nothing).
        var poison = 0.0
        for p in points {
            if p.x < x0 { x0 = p.x } else if p.x > x1 { x1 = p.x }
            if p.y < y0 { y0 = p.y } else if p.y > y1 { y1 = p.y }
            poison += (p.x - p.x) + (p.y - p.y)
        }
        guard poison == 0 else { return nil }
        // Clamped on both sides to the fixed-point range the segments are clamped to as well.
        let l = FixedPoint.limit
        @inline(__always) func clamp(_ v: Double) -> Double { max(-l, min(l, v)) }
        let r = Rect(x: clamp(x0), y: clamp(y0), width: clamp(x1) - clamp(x0), height: clamp(y1) - clamp(y0))
        let b = r.enclosingIntRect
        return b.isEmpty ? nil : b
    }

    /// Sends every contour, closed, to the rasterizer as 24.8 segments.
    func feed(_ rasterizer: CellRasterizer) {
        var start = 0
        points.withUnsafeBufferPointer { pts in
            for (end, _) in contours {
                guard end - start >= 2 else { start = end; continue }
                let fx0 = FixedPoint.from(pts[start].x), fy0 = FixedPoint.from(pts[start].y)
                var lx = fx0, ly = fy0
                for i in (start + 1)..<end {
                    let x = FixedPoint.from(pts[i].x), y = FixedPoint.from(pts[i].y)
                    rasterizer.addLine(lx, ly, x, y)
                    lx = x; ly = y
                }
                rasterizer.addLine(lx, ly, fx0, fy0)
                start = end
            }
        }
    }
}
