import ScanoutRaster

/// How the app's image sits on the panel: rotated clockwise by this many degrees. A landscape 800x480
/// panel mounted in portrait runs with `.degrees90` (or 270) and the app lays out in 480x800.
public enum DisplayRotation: Int, Sendable, CaseIterable, CustomStringConvertible {
    case degrees0 = 0
    case degrees90 = 90
    case degrees180 = 180
    case degrees270 = 270

    public init?(degrees: Int) {
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }

    public var degrees: Int { rawValue }
    /// 90 and 270 swap width and height.
    public var swapsAxes: Bool { self == .degrees90 || self == .degrees270 }
    public var description: String { "\(rawValue)°" }
}

/// A touch calibration matrix in libinput's convention: `[a b c; d e f]` maps a touch position normalized
/// to 0...1 of the panel to the corrected normalized position: `x' = a x + b y + c`, `y' = d x + e y + f`.
/// (This is `LIBINPUT_CALIBRATION_MATRIX` / the udev property boards already carry.)
public struct TouchCalibration: Sendable, Equatable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double
    public var d: Double, e: Double, f: Double

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    public static let identity = TouchCalibration(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    /// Six numbers separated by spaces or commas ("1 0 0 0 1 0"), as in `LIBINPUT_CALIBRATION_MATRIX`.
    public init?(parsing text: String) {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).compactMap { Double($0) }
        guard numbers.count == 6, numbers.allSatisfy(\.isFinite) else { return nil }
        self.init(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], e: numbers[4], f: numbers[5])
    }

    /// The matrix as an affine transform of normalized coordinates.
    var affine: AffineTransform { AffineTransform(a: a, b: d, c: b, d: e, tx: c, ty: f) }

    public var description: String { "\(a) \(b) \(c) \(d) \(e) \(f)" }
}

/// The one transform between the app's logical space and the panel, for pixels and touches alike, so
/// touches land where the pixels are at every rotation.
///
/// - Pixels: the app draws a logical framebuffer (`logicalPixelWidth` x `logicalPixelHeight`);
///   `copy(_:to:)` puts it on the panel buffer, rotated — turned in registers four rows at a time, scanout
///   memory written in whole lines and never read.
/// - Touches: libinput reports positions in panel pixels; `logicalPoint(fromTouch:)` applies the calibration
///   matrix, then the inverse of the pixel mapping, then the scale, giving points.
public struct DisplayTransform: Sendable, Equatable {
    public let panelWidth: Int
    public let panelHeight: Int
    public let rotation: DisplayRotation
    public let calibration: TouchCalibration
    /// Device pixels per point.
    public let scale: Double
    /// Logical pixels → panel pixels (continuous coordinates; pixel (x, y) covers x...x+1).
    public let panelFromLogical: AffineTransform
    public let logicalFromPanel: AffineTransform
    /// Raw touch position (panel pixels) → corrected panel position.
    private let panelFromTouch: AffineTransform
    private let touchFromPanel: AffineTransform?

    public init(panelWidth: Int, panelHeight: Int, rotation: DisplayRotation = .degrees0,
                calibration: TouchCalibration = .identity, scale: Double = 1) {
        precondition(panelWidth > 0 && panelHeight > 0, "a panel has a positive size")
        precondition(scale > 0, "the scale is positive")
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        self.rotation = rotation
        self.calibration = calibration
        self.scale = scale
        let w = Double(panelWidth), h = Double(panelHeight)
        switch rotation {
        case .degrees0: panelFromLogical = .identity
        // (x, y) → (w - y, x): the logical top edge runs down the panel's right edge.
        case .degrees90: panelFromLogical = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: w, ty: 0)
        case .degrees180: panelFromLogical = AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
        // (x, y) → (y, h - x): the logical top edge runs up the panel's left edge.
        case .degrees270: panelFromLogical = AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: h)
        }
        logicalFromPanel = panelFromLogical.inverted()!
        let normalize = AffineTransform(scaleX: 1 / w, y: 1 / h)
        let denormalize = AffineTransform(scaleX: w, y: h)
        panelFromTouch = normalize.concatenating(calibration.affine).concatenating(denormalize)
        touchFromPanel = panelFromTouch.inverted()
    }

    /// The size of the framebuffer the app draws, in pixels (width and height swapped at 90 and 270).
    public var logicalPixelWidth: Int { rotation.swapsAxes ? panelHeight : panelWidth }
    public var logicalPixelHeight: Int { rotation.swapsAxes ? panelWidth : panelHeight }
    /// The app's size in points.
    public var logicalWidth: Double { Double(logicalPixelWidth) / scale }
    public var logicalHeight: Double { Double(logicalPixelHeight) / scale }

    /// A point in the app's space (points) → where it is on the panel (pixels).
    public func panelPoint(fromLogical point: Point) -> Point {
        panelFromLogical.apply(Point(x: point.x * scale, y: point.y * scale))
    }

    /// A panel position (pixels) → the app's point there.
    public func logicalPoint(fromPanel point: Point) -> Point {
        let p = logicalFromPanel.apply(point)
        return Point(x: p.x / scale, y: p.y / scale)
    }

    /// A raw touch position as libinput reports it (scaled to the panel's pixels) → the app's point: the
    /// calibration matrix, then the same mapping the pixels use.
    public func logicalPoint(fromTouch raw: Point) -> Point {
        logicalPoint(fromPanel: panelFromTouch.apply(raw))
    }

    /// Where a touch must be reported for it to land on `point` (the inverse of `logicalPoint(fromTouch:)`;
    /// calibration tools and tests). Nil for a degenerate calibration.
    public func rawTouch(forLogical point: Point) -> Point? {
        touchFromPanel.map { $0.apply(panelPoint(fromLogical: point)) }
    }

    /// The logical pixel shown at panel pixel (x, y): the pixel-centre mapping the copy uses.
    public func logicalPixel(atPanelX x: Int, y: Int) -> (x: Int, y: Int) {
        let p = logicalFromPanel.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        return (Int(p.x.rounded(.down)), Int(p.y.rounded(.down)))
    }

    /// Copies the app's logical framebuffer onto the panel buffer through the rotation. Both have the same
    /// pixel format; `source` is `logicalPixelWidth` x `logicalPixelHeight`, `target` is the panel's size.
    /// The target is written in whole lines (four rows at a time when turned) and never read.
    public func copy(_ source: PixelBuffer, to target: PixelBuffer) throws(PlatformError) {
        try copy(source, to: target, region: IntRect(x: 0, y: 0, width: logicalPixelWidth, height: logicalPixelHeight))
    }

    /// The panel pixels a rectangle of logical pixels covers.
    public func panelRect(fromLogical r: IntRect) -> IntRect {
        let a = panelFromLogical.apply(Point(x: Double(r.minX), y: Double(r.minY)))
        let b = panelFromLogical.apply(Point(x: Double(r.maxX), y: Double(r.maxY)))
        let x0 = Int(min(a.x, b.x).rounded()), y0 = Int(min(a.y, b.y).rounded())
        let x1 = Int(max(a.x, b.x).rounded()), y1 = Int(max(a.y, b.y).rounded())
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Copies only `region` (logical pixels, e.g. a frame's damage) onto the panel buffer, through the
    /// rotation: the panel rows it covers, never read.
    public func copy(_ source: PixelBuffer, to target: PixelBuffer, region: IntRect) throws(PlatformError) {
        guard source.width == logicalPixelWidth, source.height == logicalPixelHeight else {
            throw PlatformError.invalidState("copy of \(source.width)x\(source.height) to \(target.width)x\(target.height): "
                + "expected \(logicalPixelWidth)x\(logicalPixelHeight) to \(panelWidth)x\(panelHeight)")
        }
        try copy(source, offsetX: 0, offsetY: 0, to: target, region: region)
    }

    /// Copies `region` (logical pixels) onto the panel buffer through the rotation, taking logical pixel (x, y)
    /// from `source`'s pixel (x + `offsetX`, y + `offsetY`) — a piece of the frame held in another buffer (a
    /// sliding panel's bitmap; see `FrameCompositor.sources(of:)`), which must hold all of the region — with
    /// `dimming`'s scrim blended over each pixel on the way when one is given (the picture under a fading
    /// scrim; 32-bit formats). `streamed`: unrotated rows are written past the cache (a present a display buffer
    /// `streams(presentOf:)`; the pixels are the same either way).
    public func copy(_ source: PixelBuffer, offsetX: Int, offsetY: Int, to target: PixelBuffer, region: IntRect,
                     dimmedBy dimming: Dimming? = nil, streamed: Bool = false) throws(PlatformError) {
        guard source.format == target.format else {
            throw PlatformError.invalidState("copy from \(source.format) to \(target.format): formats differ")
        }
        guard target.width == panelWidth, target.height == panelHeight else {
            throw PlatformError.invalidState("copy to \(target.width)x\(target.height): expected the panel's \(panelWidth)x\(panelHeight)")
        }
        let clipped = region.intersection(IntRect(x: 0, y: 0, width: logicalPixelWidth, height: logicalPixelHeight))
        guard !clipped.isEmpty else { return }
        guard clipped.minX + offsetX >= 0, clipped.minY + offsetY >= 0,
              clipped.maxX + offsetX <= source.width, clipped.maxY + offsetY <= source.height else {
            throw PlatformError.invalidState("copy of \(clipped) from a \(source.width)x\(source.height) buffer at offset "
                + "(\(offsetX), \(offsetY)): the region lies outside it")
        }
        let panel = panelRect(fromLogical: clipped).intersection(target.bounds)
        guard !panel.isEmpty else { return }
        let bpp = source.format.bytesPerPixel
        guard dimming == nil || bpp == 4 else {
            throw PlatformError.invalidState("a dimmed copy in \(source.format): only 32-bit formats are dimmed on the way")
        }
        // Where each panel row starts in the source, and how the source moves per panel pixel.
        let origin = logicalPixel(atPanelX: panel.minX, y: panel.minY)
        let next = logicalPixel(atPanelX: panel.minX + 1, y: panel.minY)
        let below = logicalPixel(atPanelX: panel.minX, y: panel.minY + 1)
        let stepX = (next.x - origin.x, next.y - origin.y)
        let stepY = (below.x - origin.x, below.y - origin.y)
        // The rows as they are (streamed past the cache when `streamed`), or walked turned (read four source rows
        // at a time, transposed in registers), dimmed on the way under a scrim.
        target.copy(panel, from: source, origin: (origin.x + offsetX, origin.y + offsetY), across: stepX, down: stepY,
                    dimmedBy: dimming, streamed: streamed)
    }
}
