/// Draws paths, strokes, images and masks into a pixel buffer, with a transform, a clip (rectangle and
/// optional coverage mask), a global opacity and a blend mode — the drawing surface of a layer, with the
/// verbs of SwiftUI's `GraphicsContext`.
///
/// A canvas owns its scratch memory (rasterizer cells, span rows, gradient table, contour points); after the
/// first few draws it allocates nothing. It is not thread-safe: one canvas per thread.
///
/// (The state read by every draw is `@exclusivity(unchecked)`: one thread uses a canvas, and no draw holds an
/// access to it open across a call that changes it; the run-time checks were a twentieth of a damage frame.)
public final class Canvas {
    @exclusivity(unchecked) public private(set) var target: PixelBuffer
    /// User space → device pixels.
    @exclusivity(unchecked) public var transform: AffineTransform = .identity
    /// Multiplies the alpha of everything drawn (0...1).
    @exclusivity(unchecked) public var opacity: Double = 1
    @exclusivity(unchecked) public var blendMode: BlendMode = .normal
    /// Only pixels inside this rectangle are touched.
    @exclusivity(unchecked) public private(set) var clipBounds: IntRect
    /// When set, coverage is also multiplied by this mask (pixels outside the mask are clipped out).
    public var clipMask: AlphaMask? {
        didSet { clipMaskStorage = clipMask?.coverage ?? [] }
    }
    @exclusivity(unchecked) private var clipMaskStorage: [UInt8] = []
    /// Called when an item is dropped or simplified because of its geometry (see `GeometryIssue`); nil by
    /// default. Called once per affected draw, so the receiver rate-limits.
    public var geometryIssue: ((GeometryIssue) -> Void)?
    /// Dash pieces the last dashed stroke outline produced (tests check it stays bounded by what can reach
    /// the surface).
    private(set) var dashPiecesInLastOutline = 0

    private let rasterizer = CellRasterizer()
    @exclusivity(unchecked) private var path = ContourCollector()
    @exclusivity(unchecked) private var outline = ContourCollector()
    @exclusivity(unchecked) private var stroker = Stroker(style: StrokeStyle(), tolerance: ScanoutRasterInfo.strokeTolerance)
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
        guard transformDraws() else { return }
        path.reset()
        flattenForFill(p, tolerance: tolerance, into: &path)
        let bounds = path.deviceBounds()
        if bounds == nil { reportIfNotFinite(path) }
        if style.isAntialiased, let straight = straightRows(of: p) {
            fillStraightRows(straight, paint: paint)
            rasterize(path, bounds: bounds, rule: style.rule, paint: paint, antialiased: true, skipping: straight.rows)
            return
        }
        rasterize(path, bounds: bounds, rule: style.rule, paint: paint, antialiased: style.isAntialiased)
    }

    /// Fills `p`, reusing `outline` when it already holds `p` under the current transform.
    public func fill(_ p: Path, with paint: Paint, style: FillStyle = FillStyle(), reusing outline: ShapeOutline) {
        guard transformDraws() else { return }
        // A rectangle kept on its axes (a background, a dimming overlay, a separator) needs no outline: its rows
        // are a run between two edge pixels, with the rasterizer's coverage (see `fillDeviceRect`).
        if style.isAntialiased, transform.isAxisAligned, p.isRectangle {
            fill(p.boundingRect, with: paint)
            return
        }
        outline.prepare(.fill(p, transform)) { flattenForFill(p, into: &$0) }
        if outline.bounds == nil { reportIfNotFinite(outline.contours) }
        if style.isAntialiased, let straight = straightRows(of: p) {
            fillStraightRows(straight, paint: paint)
            rasterize(outline, rule: style.rule, paint: paint, antialiased: true, skipping: straight.rows)
            return
        }
        rasterize(outline, rule: style.rule, paint: paint, antialiased: style.isAntialiased)
    }

    /// Straight rows of a rounded rectangle (see `Path.roundedRectSides`) in the clip fewer than this are
    /// rasterized with its corners; fewer than the second, when the clip holds corners above and below them.
    static let minimumStraightRows = 4
    static let minimumStraightRowsBetweenCorners = 24

    /// The device rows in the clip wholly between a rounded rectangle's corners, under a transform that neither
    /// rotates nor shears, with the device x of its sides there: in those rows only the two sides cross the
    /// shape, so each row is a run between two edge pixels, as a rectangle's (`fillDeviceRect`) — with the
    /// coverage the rasterizer gives the same sides, to the bit (the sides' x is mapped and rounded to 1/256 px
    /// as the flattener and the rasterizer do). A card's or a list row's shape is rasterized in its corners
    /// alone. Nil when that is not worth it or the shape is not such a rectangle.
    private func straightRows(of p: Path) -> (rows: Range<Int>, x0: Double, x1: Double)? {
        guard transform.b == 0, transform.c == 0, let sides = p.roundedRectSides else { return nil }
        let t = transform
        @inline(__always) func map(_ q: Point) -> Point { t.isIdentity ? q : t.apply(q) }
        let a = map(Point(x: sides.left, y: sides.top)), b = map(Point(x: sides.right, y: sides.bottom))
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, a.x != b.x else { return nil }
        let y0 = Int(FixedPoint.from(min(a.y, b.y))), y1 = Int(FixedPoint.from(max(a.y, b.y)))
        // Those in the clip: a small repaint crossing a few of them draws them with the corners.
        let rows = ((y0 + 255) >> 8)..<max((y0 + 255) >> 8, y1 >> 8)
        let clipped = rows.clamped(to: clipBounds.minY..<max(clipBounds.minY, clipBounds.maxY))
        // With corners on both sides of them in the clip, the corners are rasterized in two parts (the shape's
        // segments fed twice, when not replayed): worth it for a tall run of straight rows only.
        let bothSides = clipBounds.minY < clipped.lowerBound && clipBounds.maxY > clipped.upperBound
        guard clipped.count >= (bothSides ? Self.minimumStraightRowsBetweenCorners : Self.minimumStraightRows) else { return nil }
        return (clipped, min(a.x, b.x), max(a.x, b.x))
    }

    private func fillStraightRows(_ straight: (rows: Range<Int>, x0: Double, x1: Double), paint: Paint) {
        fillDeviceRect(x0: straight.x0, y0: Double(straight.rows.lowerBound), x1: straight.x1,
                       y1: Double(straight.rows.upperBound), paint: paint)
    }

    public func stroke(_ p: Path, with paint: Paint, style: StrokeStyle) {
        guard let coverage = strokeDraws(style) else { return }
        let solid = strokeOutline(p, style: style, into: &outline)
        if outline.points.isEmpty && !solid.isFinite { geometryIssue?(.nonFiniteGeometry) }
        withOpacity(scaledBy: solid.isFinite ? solid : coverage) {
            rasterize(outline, bounds: outline.deviceBounds(), rule: .nonZero, paint: paint, antialiased: true)
        }
    }

    /// Strokes `p`, reusing `outline` when it already holds `p`'s stroke with `style` under the current transform.
    public func stroke(_ p: Path, with paint: Paint, style: StrokeStyle, reusing outline: ShapeOutline) {
        guard let coverage = strokeDraws(style) else { return }
        outline.prepare(.stroke(p, style, transform)) {
            outline.strokeCoverage = strokeOutline(p, style: style, into: &$0)
        }
        let solid = outline.strokeCoverage
        if outline.contours.points.isEmpty && !solid.isFinite { geometryIssue?(.nonFiniteGeometry) }
        withOpacity(scaledBy: solid.isFinite ? solid : coverage) {
            rasterize(outline, rule: .nonZero, paint: paint, antialiased: true)
        }
    }

    // MARK: - Total geometry

    /// Whether the transform can draw anything; reports why not.
    private func transformDraws() -> Bool {
        if transform.isInvertible { return true }
        let t = transform
        let finite = t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite
        geometryIssue?(finite ? .singularTransform : .nonFiniteTransform)
        return false
    }

    /// Nil when a stroke with `style` draws nothing (reported when a value is not finite); otherwise 1, the
    /// coverage a stroke drawn whole has.
    private func strokeDraws(_ style: StrokeStyle) -> Double? {
        guard transformDraws() else { return nil }
        guard style.lineWidth.isFinite, !style.miterLimit.isNaN, style.dashPhase.isFinite, style.dash.allSatisfy({ $0.isFinite }) else {
            geometryIssue?(.nonFiniteGeometry)
            return nil
        }
        return style.lineWidth > 0 ? 1 : nil
    }

    private func reportIfNotFinite(_ contours: ContourCollector) {
        guard !contours.points.isEmpty else { return }
        for p in contours.points where !(p.x.isFinite && p.y.isFinite) {
            geometryIssue?(.nonFiniteGeometry)
            return
        }
    }

    /// Runs `body` with the opacity multiplied by `factor` (a dash pattern drawn solid at its mean coverage).
    private func withOpacity(scaledBy factor: Double, _ body: () -> Void) {
        if factor == 1 { body(); return }
        let saved = opacity
        opacity = saved * factor
        body()
        opacity = saved
    }

    /// A dashed stroke producing more pieces than this (among those that can reach the surface) is drawn solid
    /// at the dashes' mean coverage instead.
    static let maxDashPieces = 1 << 16

    /// A dash period shorter than this many device pixels is drawn solid at the dashes' mean coverage.
    static let minDashPeriod = 0.5

    private func flattenForFill(_ p: Path, tolerance: Double = ScanoutRasterInfo.fillTolerance,
                                into collector: inout ContourCollector) {
        PathFlattener.flatten(p, transform: transform, tolerance: tolerance, into: &collector)
    }

    /// The outline of `p` stroked with `style`, in device space, appended to `result` (which is reset first).
    /// Returns the opacity factor to draw it with: 1, or a dash pattern's mean coverage when it was drawn solid;
    /// NaN when the path has a non-finite point (the outline is then empty).
    @discardableResult
    private func strokeOutline(_ p: Path, style: StrokeStyle, into result: inout ContourCollector) -> Double {
        // Stroke in user space (so a scaled transform scales the pen too), then map the outline to device space.
        let scale = max(transform.maxScale, 1e-9)
        let tolerance = ScanoutRasterInfo.strokeTolerance / scale
        path.reset()
        PathFlattener.flatten(p, transform: .identity, tolerance: tolerance, offset: max(style.lineWidth, 0) / 2,
                              into: &path)
        // The sink borrows the result's storage (swapped, not copied, so appending does not copy it).
        var sink = TransformingSink(inner: ContourCollector(), transform: transform)
        swap(&sink.inner, &result)
        sink.inner.reset()
        defer { swap(&sink.inner, &result) }
        for q in path.points where !(q.x.isFinite && q.y.isFinite) { return .nan }
        stroker.configure(style: style, tolerance: tolerance)
        dashPiecesInLastOutline = 0
        var start = 0
        if var dasher = Dasher(dash: style.dash, phase: style.dashPhase) {
            let coverage = dasher.meanCoverage
            if dasher.period * scale < Self.minDashPeriod {
                geometryIssue?(.dashPeriodBelowPixel)
                strokeSolid(into: &sink)
                return coverage
            }
            // Only the parts of the path that can reach the surface are dashed (a 1e9-long dashed line would
            // otherwise be cut into 5e8 pieces): the target, grown by what a cap or miter adds, in user space.
            let reach = userReach(outset: max(style.lineWidth, 0) / 2 * scale * max(min(style.miterLimit, 1e6), 1.5) + 2)
            var pieces = 0
            var complete = true
            for (end, closed) in path.contours where complete {
                complete = dasher.dash(path.points[start..<end], closed: closed, within: reach) { piece in
                    pieces += 1
                    guard pieces <= Self.maxDashPieces else { return false }
                    self.stroker.stroke(piece, closed: false, into: &sink)
                    return true
                }
                start = end
            }
            dashPiecesInLastOutline = min(pieces, Self.maxDashPieces)
            if !complete {
                geometryIssue?(.tooManyDashes)
                sink.inner.reset()
                strokeSolid(into: &sink)
                return coverage
            }
        } else {
            strokeSolid(into: &sink)
        }
        return 1
    }

    /// Strokes every contour of `path` whole.
    private func strokeSolid(into sink: inout TransformingSink) {
        var start = 0
        for (end, closed) in path.contours {
            stroker.stroke(path.points[start..<end], closed: closed, into: &sink)
            start = end
        }
    }

    /// The user-space box of the target grown by `outset` device pixels (nil when the transform cannot be
    /// inverted; then every piece is kept).
    private func userReach(outset: Double) -> Rect? {
        guard let inv = transform.inverted() else { return nil }
        let b = target.bounds
        let x0 = Double(b.minX) - outset, y0 = Double(b.minY) - outset
        let x1 = Double(b.maxX) + outset, y1 = Double(b.maxY) + outset
        var lo = inv.apply(Point(x: x0, y: y0)), hi = lo
        for q in [Point(x: x1, y: y0), Point(x: x0, y: y1), Point(x: x1, y: y1)] {
            let u = inv.apply(q)
            lo = Point(x: min(lo.x, u.x), y: min(lo.y, u.y)); hi = Point(x: max(hi.x, u.x), y: max(hi.y, u.y))
        }
        let r = Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
        return r.isFinite ? r : nil
    }

    public func fill(_ rect: Rect, with paint: Paint) {
        guard transformDraws() else { return }
        guard rect.isFinite else { geometryIssue?(.nonFiniteGeometry); return }
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
        if case .solid(let color) = paint, clipMask == nil, blendMode == .normal, target.format != .rgb565 {
            // A solid colour in plain conditions (a list's rows, a screen's background, the strips beside a
            // sliding sheet): each run goes straight to the blending kernel as `SpanBlitter.blendRun` would send
            // it, without its checks per run — a row costs its pixels, not its calls.
            let c = color.premultiplied, alpha = globalAlpha, base = target.baseAddress, stride = target.stride
            forEachRun(fx0: fx0, fy0: fy0, fx1: fx1, fy1: fy1) { y, x, n, a in
                var k = UInt32(a)
                if alpha != 255 { k = mulDiv255(k, alpha) }
                guard k > 0 else { return }
                let row = (base + y &* stride).assumingMemoryBound(to: UInt32.self)
                SpanBlender.overSolid(row + x, n, k == 255 ? c : scalePixel(c, k))
            }
            return
        }
        withBlitter(Shader(paint, ctm: transform, table: gradientTable, tableHolds: &gradientTableHolds), antialiased: true) { blitter in
            forEachRun(fx0: fx0, fy0: fy0, fx1: fx1, fy1: fy1) { y, x, n, a in
                blitter.blendRun(x: x, y: y, count: n, alpha: UInt8(a))
            }
        }
    }

    /// The runs of a rectangle's rows (24.8 fixed point, within the clip), each with its coverage (1...255): per
    /// row a left edge pixel, a run, and a right edge pixel, or one run where the edges are whole pixels.
    @inline(__always)
    private func forEachRun(fx0: Int, fy0: Int, fx1: Int, fy1: Int, _ body: (_ y: Int, _ x: Int, _ count: Int, _ alpha: Int) -> Void) {
        let px0 = fx0 >> 8, px1 = (fx1 - 1) >> 8  // first and last pixel columns touched
        let left = ((px0 + 1) << 8) - fx0, right = fx1 - (px1 << 8)
        for y in (fy0 >> 8)...((fy1 - 1) >> 8) {
            let cy = min(fy1, (y + 1) << 8) - max(fy0, y << 8)  // 1...256
            @inline(__always) func run(_ x: Int, _ n: Int, _ cx: Int) {
                let a = (cx * cy + 128) >> 8
                if a > 0 { body(y, x, n, min(a, 255)) }
            }
            if px0 == px1 {
                run(px0, 1, fx1 - fx0)
            } else if left == 256 && right == 256 {
                run(px0, px1 - px0 + 1, 256)
            } else {
                run(px0, 1, left)
                if px1 - px0 > 1 { run(px0 + 1, px1 - px0 - 1, 256) }
                run(px1, 1, right)
            }
        }
    }

    /// Draws `image` scaled into `rect` (user space).
    public func draw(_ image: PixelBuffer, in rect: Rect, filter: ImageFilter = .bilinear) {
        guard rect.isFinite else { geometryIssue?(.nonFiniteGeometry); return }
        guard image.width > 0, image.height > 0, !rect.isEmpty else { return }
        let t = AffineTransform(scaleX: rect.width / Double(image.width), y: rect.height / Double(image.height))
            .concatenating(AffineTransform(translationX: rect.x, y: rect.y))
        fill(rect, with: .image(ImagePattern(image: image, transform: t, filter: filter, extend: .pad)))
    }

    /// Blends `image` 1:1 with its top-left pixel at device (x, y): the transform is not applied (a colour glyph,
    /// scaled for the device grid like a mask), the clip, opacity and blend mode are.
    public func draw(_ image: PixelBuffer, at x: Int, _ y: Int) {
        guard image.width > 0, image.height > 0 else { return }
        let saved = transform
        transform = .identity
        defer { transform = saved }
        let place = AffineTransform(translationX: Double(x), y: Double(y))
        fill(Rect(x: Double(x), y: Double(y), width: Double(image.width), height: Double(image.height)),
             with: .image(ImagePattern(image: image, transform: place, filter: .nearest, extend: .pad)))
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
        if clipMask == nil, blendMode == .normal, target.format != .rgb565, globalAlpha == 255 {
            // A glyph in plain conditions (most text): its rows go straight to the blending kernel, as the
            // blitter would send them, without its per-row checks.
            let c = color.premultiplied
            mask.coverage.withUnsafeBufferPointer { cov in
                let base = cov.baseAddress!
                for row in area.minY..<area.maxY {
                    let d = (target.baseAddress + (row &* target.stride &+ area.minX &* 4)).assumingMemoryBound(to: UInt32.self)
                    SpanBlender.overSolidMask(d, area.width, c, base + ((row &- y) &* mask.width &+ (area.minX &- x)))
                }
            }
            return
        }
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

    /// `skipping`: rows not drawn (the straight rows of a rounded rectangle, drawn as a rectangle's).
    private func rasterize(_ contours: ContourCollector, bounds: IntRect?, rule: FillRule, paint: Paint, antialiased: Bool,
                           skipping: Range<Int> = 0..<0) {
        guard let bounds else { return }
        // The rasterizer's box (and its bands) depend only on the shape and the target, never on the clip
        // rectangle: clipping segments to a box rounds where they cross it, so a shape repainted inside a damage
        // rectangle must be rasterized exactly as in a full frame. The clip is applied to the spans instead.
        var box = bounds.intersection(target.bounds)
        if let m = clipMask { box = box.intersection(m.bounds) }
        let visible = box.intersection(clipBounds)
        let parts = Self.rows(visible.minY..<visible.maxY, skipping: skipping)
        guard !visible.isEmpty, !(parts.above.isEmpty && parts.below.isEmpty) else { return }
        withBlitter(Shader(paint, ctm: transform, table: gradientTable, tableHolds: &gradientTableHolds), antialiased: antialiased) { blitter in
            // Large shapes are rasterized in horizontal bands, each fed every segment (clipped to the band),
            // so the cell buffer stays small (cache-resident) whatever the shape's size. Bands outside the clip
            // are skipped.
            let bandRows = max(1, Self.bandCells / (box.width + 2))
            var top = box.minY
            while top < box.maxY {
                let band = IntRect(x: box.x, y: top, width: box.width, height: min(bandRows, box.maxY - top))
                top = band.maxY
                // Only the rows inside the clip are accumulated (a damage rectangle or a compositing band
                // a few rows high no longer pays for the whole shape's area).
                @inline(__always) func sweep(_ part: Range<Int>) {
                    let rows = part.clamped(to: band.minY..<band.maxY)
                    guard !rows.isEmpty else { return }
                    rasterizer.begin(box: band, rows: rows)
                    contours.feed(rasterizer)
                    rasterizer.sweep(rule, into: &blitter)
                }
                sweep(parts.above)
                sweep(parts.below)
            }
        }
    }

    /// A kept outline: drawn for the first time, it is rasterized as usual; drawn again (repainted in part under
    /// a damage rectangle, in a compositing band, or whole), the whole shape is swept once into its recording
    /// and the rows needed are replayed from it from then on, until the outline changes.
    /// `skipping`: rows not drawn (the straight rows of a rounded rectangle, drawn as a rectangle's).
    private func rasterize(_ outline: ShapeOutline, rule: FillRule, paint: Paint, antialiased: Bool, skipping: Range<Int> = 0..<0) {
        guard let bounds = outline.bounds else { return }
        var box = bounds.intersection(target.bounds)
        if let m = clipMask { box = box.intersection(m.bounds) }
        let visible = box.intersection(clipBounds)
        let parts = Self.rows(visible.minY..<visible.maxY, skipping: skipping)
        guard !visible.isEmpty, !(parts.above.isEmpty && parts.below.isEmpty) else { return }
        outline.drawsSinceBuild += 1
        // (The skipped rows count too: whether to record the shape is decided as if it were drawn whole, and a
        // shape repainted in part again and again is replayed, not fed to the rasterizer twice a draw.)
        outline.pixelsDrawnSinceBuild += visible.width * visible.height
        let recording = outline.sweep
        if !(recording.isValid && recording.box == box && recording.rule == rule) {
            // Recording sweeps the whole shape: worth it once the parts drawn since the outline was built add
            // up to half of it (a shape drawn whole twice; one repainted in strips for a while). Until then the
            // visible rows are rasterized directly — a sliding screen's shapes, built again every frame and
            // drawn in a strip at its edge, are never recorded.
            if outline.drawsSinceBuild < 2 || 2 * outline.pixelsDrawnSinceBuild < box.width * box.height
                || box.width * box.height > Self.maxRecordedPixels {
                rasterize(outline.contours, bounds: bounds, rule: rule, paint: paint, antialiased: antialiased, skipping: skipping)
                return
            }
            record(outline, box: box, rule: rule)
            outline.countSweep()
        }
        withBlitter(Shader(paint, ctm: transform, table: gradientTable, tableHolds: &gradientTableHolds), antialiased: antialiased) { blitter in
            if !parts.above.isEmpty { outline.sweep.replay(rows: parts.above, into: &blitter) }
            if !parts.below.isEmpty { outline.sweep.replay(rows: parts.below, into: &blitter) }
        }
    }

    /// The rows of `rows` above `skipped` and those below it (either may be empty; nothing skipped: all of them
    /// above).
    private static func rows(_ rows: Range<Int>, skipping skipped: Range<Int>) -> (above: Range<Int>, below: Range<Int>) {
        guard !skipped.isEmpty else { return (rows, rows.upperBound..<rows.upperBound) }
        return (rows.lowerBound..<max(rows.lowerBound, min(rows.upperBound, skipped.lowerBound)),
                min(rows.upperBound, max(rows.lowerBound, skipped.upperBound))..<rows.upperBound)
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
    var globalAlpha: UInt32 { Self.alphaFactor(opacity: opacity) }

    /// An opacity as the 0...255 factor drawing multiplies by (NaN draws nothing).
    static func alphaFactor(opacity: Double) -> UInt32 { opacity.isNaN ? 0 : UInt32((max(0, min(1, opacity)) * 255).rounded()) }

    private func withBlitter(_ shader: Shader, antialiased: Bool, _ body: (inout SpanBlitter) -> Void) {
        let alpha = globalAlpha
        var shader = shader
        func run(_ clip: SpanBlitter.ClipMaskView?) {
            // The blitter reads the shader through a pointer: held in the blitter, the large struct was copied
            // out of it at every span.
            withUnsafePointer(to: &shader) { shader in
                var blitter = SpanBlitter(base: target.baseAddress, stride: target.stride, format: target.format, clipRect: clipBounds,
                                          shader: shader, mode: blendMode, globalAlpha: alpha, antialiased: antialiased,
                                          clip: clip, srcRow: srcRow, covRow: covRow, dstRow: dstRow)
                body(&blitter)
            }
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
