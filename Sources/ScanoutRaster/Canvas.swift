/// Draws paths, strokes, images and masks into a pixel buffer, with a transform, a clip (rectangle and
/// optional coverage mask), a global opacity and a blend mode — the drawing surface of a layer, with the
/// verbs of SwiftUI's `GraphicsContext`.
///
/// A canvas owns its scratch memory (rasterizer cells, span rows, gradient table, contour points); after the
/// first few draws it allocates nothing. It is not thread-safe: one canvas per thread.
public final class Canvas {
    public private(set) var target: PixelBuffer
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
    /// The gradient `gradientTable` holds the colours of.
    private var gradientTableHolds: Gradient?

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

    /// Draws into `buffer` from now on (same size and format: band compositing points the canvas at each band
    /// in turn, keeping its warmed-up scratch memory). Resets the clip.
    public func retarget(_ buffer: PixelBuffer) {
        precondition(buffer.width == target.width && buffer.height == target.height && buffer.format == target.format,
                     "a canvas is retargeted only to a buffer of the same size and format")
        target = buffer
        resetClip()
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

    /// Fills `p`; `tolerance` is the flattening error allowed, in device pixels (glyph outlines ask for less
    /// than the default, as their small curves show a chord error sooner).
    public func fill(_ p: Path, with paint: Paint, style: FillStyle = FillStyle(),
                     tolerance: Double = ScanoutRasterInfo.fillTolerance) {
        path.reset()
        flattenForFill(p, tolerance: tolerance, into: &path)
        rasterize(path, bounds: path.deviceBounds(), rule: style.rule, paint: paint, antialiased: style.isAntialiased)
    }

    /// Fills `p`, reusing `outline` when it already holds `p` under the current transform.
    public func fill(_ p: Path, with paint: Paint, style: FillStyle = FillStyle(), reusing outline: ShapeOutline) {
        outline.prepare(.fill(p, transform)) { flattenForFill(p, into: &$0) }
        rasterize(outline, rule: style.rule, paint: paint, antialiased: style.isAntialiased)
    }

    public func stroke(_ p: Path, with paint: Paint, style: StrokeStyle) {
        guard style.lineWidth > 0, style.lineWidth.isFinite else { return }
        strokeOutline(p, style: style, into: &outline)
        rasterize(outline, bounds: outline.deviceBounds(), rule: .nonZero, paint: paint, antialiased: true)
    }

    /// Strokes `p`, reusing `outline` when it already holds `p`'s stroke with `style` under the current transform.
    public func stroke(_ p: Path, with paint: Paint, style: StrokeStyle, reusing outline: ShapeOutline) {
        guard style.lineWidth > 0, style.lineWidth.isFinite else { return }
        outline.prepare(.stroke(p, style, transform)) { strokeOutline(p, style: style, into: &$0) }
        rasterize(outline, rule: .nonZero, paint: paint, antialiased: true)
    }

    private func flattenForFill(_ p: Path, tolerance: Double = ScanoutRasterInfo.fillTolerance,
                                into collector: inout ContourCollector) {
        PathFlattener.flatten(p, transform: transform, tolerance: tolerance, into: &collector)
    }

    /// The outline of `p` stroked with `style`, in device space, appended to `result` (which is reset first).
    private func strokeOutline(_ p: Path, style: StrokeStyle, into result: inout ContourCollector) {
        // Stroke in user space (so a scaled transform scales the pen too), then map the outline to device space.
        let scale = max(transform.maxScale, 1e-9)
        let tolerance = ScanoutRasterInfo.strokeTolerance / scale
        path.reset()
        PathFlattener.flatten(p, transform: .identity, tolerance: tolerance, into: &path)
        // The sink borrows the result's storage (swapped, not copied, so appending does not copy it).
        var sink = TransformingSink(inner: ContourCollector(), transform: transform)
        swap(&sink.inner, &result)
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
        swap(&sink.inner, &result)
    }

    public func fill(_ rect: Rect, with paint: Paint) {
        guard transform.isAxisAligned else { fill(Path(rect), with: paint); return }
        let a = transform.apply(Point(x: rect.minX, y: rect.minY)), b = transform.apply(Point(x: rect.maxX, y: rect.maxY))
        fillDeviceRect(x0: min(a.x, b.x), y0: min(a.y, b.y), x1: max(a.x, b.x), y1: max(a.y, b.y), paint: paint)
    }

    /// An axis-aligned rectangle needs no rasterizer: each row is a left edge pixel, a run, and a right edge
    /// pixel, with coverage from the overlap (in 1/256 px, as the rasterizer would compute it).
    private func fillDeviceRect(x0: Double, y0: Double, x1: Double, y1: Double, paint: Paint) {
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return }
        var clip = clipBounds
        if let m = clipMask { clip = clip.intersection(m.bounds) }
        // 24.8 fixed point, clamped to the clip so the loops only visit visible pixels.
        let fx0 = max(Int(FixedPoint.from(x0)), clip.minX << 8), fx1 = min(Int(FixedPoint.from(x1)), clip.maxX << 8)
        let fy0 = max(Int(FixedPoint.from(y0)), clip.minY << 8), fy1 = min(Int(FixedPoint.from(y1)), clip.maxY << 8)
        guard fx1 > fx0, fy1 > fy0 else { return }
        let px0 = fx0 >> 8, px1 = (fx1 - 1) >> 8  // first and last pixel columns touched
        withBlitter(Shader(paint, ctm: transform, table: gradientTable, tableHolds: &gradientTableHolds), antialiased: true) { blitter in
            for y in (fy0 >> 8)...((fy1 - 1) >> 8) {
                let cy = min(fy1, (y + 1) << 8) - max(fy0, y << 8)  // 1...256
                @inline(__always) func run(_ x: Int, _ n: Int, _ cx: Int) {
                    let a = (cx * cy + 128) >> 8
                    if a > 0 { blitter.blendRun(x: x, y: y, count: n, alpha: UInt8(min(a, 255))) }
                }
                if px0 == px1 {
                    run(px0, 1, fx1 - fx0)
                    continue
                }
                let left = ((px0 + 1) << 8) - fx0, right = fx1 - (px1 << 8)
                if left == 256 && right == 256 {
                    run(px0, px1 - px0 + 1, 256)
                } else {
                    run(px0, 1, left)
                    if px1 - px0 > 1 { run(px0 + 1, px1 - px0 - 1, 256) }
                    run(px1, 1, right)
                }
            }
        }
    }

    /// Draws `image` scaled into `rect` (user space).
    public func draw(_ image: PixelBuffer, in rect: Rect, filter: ImageFilter = .bilinear) {
        guard image.width > 0, image.height > 0, !rect.isEmpty else { return }
        let t = AffineTransform(scaleX: rect.width / Double(image.width), y: rect.height / Double(image.height))
            .concatenating(AffineTransform(translationX: rect.x, y: rect.y))
        fill(rect, with: .image(ImagePattern(image: image, transform: t, filter: filter, extend: .pad)))
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

    private func rasterize(_ contours: ContourCollector, bounds: IntRect?, rule: FillRule, paint: Paint, antialiased: Bool) {
        guard let bounds else { return }
        // The rasterizer's box (and its bands) depend only on the shape and the target, never on the clip
        // rectangle: clipping segments to a box rounds where they cross it, so a shape repainted inside a damage
        // rectangle must be rasterized exactly as in a full frame. The clip is applied to the spans instead.
        var box = bounds.intersection(target.bounds)
        if let m = clipMask { box = box.intersection(m.bounds) }
        let visible = box.intersection(clipBounds)
        guard !visible.isEmpty else { return }
        withBlitter(Shader(paint, ctm: transform, table: gradientTable, tableHolds: &gradientTableHolds), antialiased: antialiased) { blitter in
            // Large shapes are rasterized in horizontal bands, each fed every segment (clipped to the band),
            // so the cell buffer stays small (cache-resident) whatever the shape's size. Bands outside the clip
            // are skipped.
            let bandRows = max(1, Self.bandCells / (box.width + 2))
            var top = box.minY
            while top < box.maxY {
                let band = IntRect(x: box.x, y: top, width: box.width, height: min(bandRows, box.maxY - top))
                top = band.maxY
                if band.maxY <= visible.minY || band.minY >= visible.maxY { continue }
                // Only the rows inside the clip are accumulated (a damage rectangle or a compositing band
                // a few rows high no longer pays for the whole shape's area).
                rasterizer.begin(box: band, rows: max(band.minY, visible.minY)..<min(band.maxY, visible.maxY))
                contours.feed(rasterizer)
                rasterizer.sweep(rule, into: &blitter)
            }
        }
    }

    /// A kept outline: drawn whole for the first time, it is rasterized as usual; repainted only in part (under
    /// a damage rectangle, in a compositing band) or drawn again, the whole shape is swept once into its
    /// recording and the rows needed are replayed from it from then on, until the outline changes.
    private func rasterize(_ outline: ShapeOutline, rule: FillRule, paint: Paint, antialiased: Bool) {
        guard let bounds = outline.bounds else { return }
        var box = bounds.intersection(target.bounds)
        if let m = clipMask { box = box.intersection(m.bounds) }
        let visible = box.intersection(clipBounds)
        guard !visible.isEmpty else { return }
        outline.drawsSinceBuild += 1
        let recording = outline.sweep
        if !(recording.isValid && recording.box == box && recording.rule == rule) {
            if (visible == box && outline.drawsSinceBuild < 2) || box.width * box.height > Self.maxRecordedPixels {
                rasterize(outline.contours, bounds: bounds, rule: rule, paint: paint, antialiased: antialiased)
                return
            }
            record(outline, box: box, rule: rule)
            outline.countSweep()
        }
        withBlitter(Shader(paint, ctm: transform, table: gradientTable, tableHolds: &gradientTableHolds), antialiased: antialiased) { blitter in
            outline.sweep.replay(rows: visible.minY..<visible.maxY, into: &blitter)
        }
    }

    /// Sweeps the whole of `box` of the outline's shape into its recording, with the same bands as `rasterize`.
    private func record(_ outline: ShapeOutline, box: IntRect, rule: FillRule) {
        var sink = RecordingSink(ops: [], coverage: [])
        swap(&sink.ops, &outline.sweep.ops)
        swap(&sink.coverage, &outline.sweep.coverage)
        sink.ops.removeAll(keepingCapacity: true)
        sink.coverage.removeAll(keepingCapacity: true)
        let bandRows = max(1, Self.bandCells / (box.width + 2))
        var top = box.minY
        while top < box.maxY {
            let band = IntRect(x: box.x, y: top, width: box.width, height: min(bandRows, box.maxY - top))
            top = band.maxY
            rasterizer.begin(box: band)
            outline.contours.feed(rasterizer)
            rasterizer.sweep(rule, into: &sink)
        }
        swap(&sink.ops, &outline.sweep.ops)
        swap(&sink.coverage, &outline.sweep.coverage)
        outline.sweep.box = box
        outline.sweep.rule = rule
        outline.sweep.indexRows()
    }

    /// Shapes with a larger box are not recorded (a recording holds at most a few bytes per pixel of its edges,
    /// but a huge shape is rarely repainted in part often enough to pay for it).
    static let maxRecordedPixels = 1 << 22

    /// Cells per rasterizer band (256 KiB of accumulation cells).
    static let bandCells = 64 * 1024

    /// `opacity` as the 0...255 factor everything drawn is multiplied by.
    var globalAlpha: UInt32 { UInt32((max(0, min(1, opacity)) * 255).rounded()) }

    private func withBlitter(_ shader: Shader, antialiased: Bool, _ body: (inout SpanBlitter) -> Void) {
        let alpha = globalAlpha
        func run(_ clip: SpanBlitter.ClipMaskView?) {
            var blitter = SpanBlitter(base: target.baseAddress, stride: target.stride, format: target.format, clipRect: clipBounds,
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
