/// Draws paths, strokes, images and masks into a pixel buffer, with a transform, a clip (rectangle and
/// optional coverage mask), a global opacity and a blend mode — the drawing surface of a layer, with the
/// verbs of SwiftUI's `GraphicsContext`.
///
/// A canvas owns its scratch memory (rasterizer cells, span rows, gradient table, contour points); after the
/// first few draws it allocates nothing. It is not thread-safe: one canvas per thread.
public final class Canvas {
    public let target: PixelBuffer
    /// User space → device pixels.
    public var transform: AffineTransform = .identity
    /// Multiplies the alpha of everything drawn (0...1).
    public var opacity: Double = 1
    public var blendMode: BlendMode = .normal
    /// Only pixels inside this rectangle are touched.
    public private(set) var clipBounds: IntRect
    /// When set, coverage is also multiplied by this mask (pixels outside the mask are clipped out).
    public var clipMask: AlphaMask? {
        didSet { clipMaskStorage = clipMask?.coverage ?? [] }
    }
    private var clipMaskStorage: [UInt8] = []

    private let rasterizer = CellRasterizer()
    private var path = ContourCollector()
    private var outline = ContourCollector()
    private var stroker = Stroker(style: StrokeStyle(), tolerance: ScanoutRasterInfo.strokeTolerance)
    private let rowCapacity: Int
    private let srcRow: UnsafeMutablePointer<UInt32>
    private let covRow: UnsafeMutablePointer<UInt8>
    private let dstRow: UnsafeMutablePointer<UInt32>
    private let gradientTable: UnsafeMutablePointer<UInt32>

    public init(target: PixelBuffer) {
        self.target = target
        clipBounds = target.bounds
        rowCapacity = max(target.width, 1) + 16
        srcRow = .allocate(capacity: rowCapacity)
        covRow = .allocate(capacity: rowCapacity)
        dstRow = .allocate(capacity: rowCapacity)
        gradientTable = .allocate(capacity: GradientTable.size)
    }

    deinit {
        srcRow.deallocate()
        covRow.deallocate()
        dstRow.deallocate()
        gradientTable.deallocate()
    }

    /// Narrows the clip to `rect` (device pixels).
    public func clip(to rect: IntRect) {
        clipBounds = clipBounds.intersection(rect)
    }

    /// Back to the whole target, no mask.
    public func resetClip() {
        clipBounds = target.bounds
        clipMask = nil
    }

    // MARK: - Drawing

    public func fill(_ p: Path, with paint: Paint, style: FillStyle = FillStyle()) {
        path.reset()
        PathFlattener.flatten(p, transform: transform, tolerance: ScanoutRasterInfo.fillTolerance, into: &path)
        rasterize(path, rule: style.rule, paint: paint, antialiased: style.isAntialiased)
    }

    public func stroke(_ p: Path, with paint: Paint, style: StrokeStyle) {
        guard style.lineWidth > 0, style.lineWidth.isFinite else { return }
        // Stroke in user space (so a scaled transform scales the pen too), then map the outline to device space.
        let scale = max(transform.maxScale, 1e-9)
        let tolerance = ScanoutRasterInfo.strokeTolerance / scale
        path.reset()
        PathFlattener.flatten(p, transform: .identity, tolerance: tolerance, into: &path)
        // The sink borrows the outline's storage (swapped, not copied, so appending does not copy it).
        var sink = TransformingSink(inner: ContourCollector(), transform: transform)
        swap(&sink.inner, &outline)
        sink.inner.reset()
        stroker.configure(style: style, tolerance: tolerance)
        var start = 0
        if var dasher = Dasher(dash: style.dash, phase: style.dashPhase) {
            for (end, closed) in path.contours {
                dasher.dash(path.points[start..<end], closed: closed) { piece in
                    self.stroker.stroke(piece, closed: false, into: &sink)
                }
                start = end
            }
        } else {
            for (end, closed) in path.contours {
                stroker.stroke(path.points[start..<end], closed: closed, into: &sink)
                start = end
            }
        }
        swap(&sink.inner, &outline)
        rasterize(outline, rule: .nonZero, paint: paint, antialiased: true)
    }

    public func fill(_ rect: Rect, with paint: Paint) {
        fill(Path(rect), with: paint)
    }

    /// Draws `image` scaled into `rect` (user space).
    public func draw(_ image: PixelBuffer, in rect: Rect, filter: ImageFilter = .bilinear) {
        guard image.width > 0, image.height > 0, !rect.isEmpty else { return }
        let t = AffineTransform(scaleX: rect.width / Double(image.width), y: rect.height / Double(image.height))
            .concatenating(AffineTransform(translationX: rect.x, y: rect.y))
        fill(Path(rect), with: .image(ImagePattern(image: image, transform: t, filter: filter, extend: .pad)))
    }

    /// Blends a colour through a coverage mask placed at its own origin (device pixels; the transform is not
    /// applied — glyph masks are rasterized in device space already).
    public func draw(_ mask: AlphaMask, color: RGBA) {
        draw(mask, at: mask.originX, mask.originY, color: color)
    }

    /// Blends a colour through `mask` with its top-left pixel at device (x, y).
    public func draw(_ mask: AlphaMask, at x: Int, _ y: Int, color: RGBA) {
        let area = IntRect(x: x, y: y, width: mask.width, height: mask.height).intersection(clipBounds)
        guard !area.isEmpty else { return }
        withBlitter(Shader.solid(color.premultiplied), antialiased: true) { blitter in
            mask.coverage.withUnsafeBufferPointer { cov in
                let base = cov.baseAddress!
                for row in area.minY..<area.maxY {
                    let src = base + (row - y) * mask.width + (area.minX - x)
                    blitter.blendSpan(x: area.minX, y: row, count: area.width, coverage: src)
                }
            }
        }
    }

    /// Sets every pixel inside the clip to `color`, ignoring blend mode and opacity.
    public func clear(_ color: RGBA = .clear) {
        let p = color.premultiplied
        let b = clipBounds
        guard !b.isEmpty else { return }
        for y in b.minY..<b.maxY { target.storeRun(row: y, x: b.minX, count: b.width, premultiplied: p) }
    }

    // MARK: - Internals

    private func rasterize(_ contours: ContourCollector, rule: FillRule, paint: Paint, antialiased: Bool) {
        guard let bounds = contours.deviceBounds() else { return }
        var box = bounds.intersection(clipBounds)
        if let m = clipMask { box = box.intersection(m.bounds) }
        guard !box.isEmpty else { return }
        rasterizer.begin(box: box)
        contours.feed(rasterizer)
        withBlitter(Shader(paint, ctm: transform, table: gradientTable), antialiased: antialiased) { blitter in
            rasterizer.sweep(rule, into: &blitter)
        }
    }

    private func withBlitter(_ shader: Shader, antialiased: Bool, _ body: (inout SpanBlitter) -> Void) {
        let alpha = UInt32((max(0, min(1, opacity)) * 255).rounded())
        func run(_ clip: SpanBlitter.ClipMaskView?) {
            var blitter = SpanBlitter(base: target.baseAddress, stride: target.stride, format: target.format,
                                      shader: shader, mode: blendMode, globalAlpha: alpha, antialiased: antialiased,
                                      clip: clip, srcRow: srcRow, covRow: covRow, dstRow: dstRow)
            body(&blitter)
        }
        if let m = clipMask {
            clipMaskStorage.withUnsafeBufferPointer { buf in
                run(SpanBlitter.ClipMaskView(data: buf.baseAddress!, x: m.originX, y: m.originY, width: m.width, height: m.height))
            }
        } else {
            run(nil)
        }
    }
}

/// Maps points by an affine transform on their way into a collector.
struct TransformingSink: PolylineSink {
    var inner: ContourCollector
    let transform: AffineTransform
    let identity: Bool

    init(inner: ContourCollector, transform: AffineTransform) {
        self.inner = inner
        self.transform = transform
        self.identity = transform.isIdentity
    }

    mutating func moveTo(_ p: Point) { inner.moveTo(identity ? p : transform.apply(p)) }
    mutating func lineTo(_ p: Point) { inner.lineTo(identity ? p : transform.apply(p)) }
    mutating func endContour(closed: Bool) { inner.endContour(closed: closed) }
}
