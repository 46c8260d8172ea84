import ScanoutText

/// Which face and size a run uses.
public struct FontDescriptor: Sendable, Hashable {
    public enum Weight: Sendable, Hashable { case regular, bold }
    public var size: Double
    public var weight: Weight
    public var monospaced: Bool
    /// The symbol face (`Image(systemName:)`) instead of the text faces.
    public var symbols = false
    public init(size: Double, weight: Weight = .regular, monospaced: Bool = false) {
        self.size = size; self.weight = weight; self.monospaced = monospaced
    }
    /// The symbol face at `size`.
    public static func symbols(size: Double) -> FontDescriptor {
        var d = FontDescriptor(size: size)
        d.symbols = true
        return d
    }
}

/// Measures and draws text runs: loads the faces (DejaVu from Debian's fonts-dejavu-core), keeps one glyph cache.
///
/// A face that cannot be loaded is reported once (naming the file and the package to install) and text then
/// measures with an estimate and draws nothing, rather than taking the app down.
@MainActor
public final class TextEngine {
    public static let shared = TextEngine()

    public static let fontFolder = "/usr/share/fonts/truetype/dejavu/"
    private var faces: [FontDescriptor.Weight: [Bool: ScanoutText.Font?]] = [:]
    private let renderer = TextRenderer()
    /// Faces that failed to load, with the reason (also printed once).
    public private(set) var errors: [String] = []

    public init() {}

    /// Google's Material Icons (Debian's fonts-material-design-icons-iconfont), for `Image(systemName:)`.
    public static let symbolFontPath = "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"
    private var symbolFace: ScanoutText.Font??

    func face(_ d: FontDescriptor) -> ScanoutText.Font? {
        if d.symbols { return loadedSymbolFace() }
        if let cached = faces[d.weight]?[d.monospaced] { return cached }
        let file: String
        switch (d.weight, d.monospaced) {
        case (.regular, false): file = "DejaVuSans.ttf"
        case (.bold, false): file = "DejaVuSans-Bold.ttf"
        case (.regular, true): file = "DejaVuSansMono.ttf"
        case (.bold, true): file = "DejaVuSansMono-Bold.ttf"
        }
        var loaded: ScanoutText.Font?
        do {
            loaded = try ScanoutText.Font(path: Self.fontFolder + file)
        } catch {
            let message = "scanout: cannot load font \(Self.fontFolder + file): \(error) (install fonts-dejavu-core); text is not drawn"
            errors.append(message)
            print(message)
        }
        faces[d.weight, default: [:]][d.monospaced] = .some(loaded)
        return loaded
    }

    private func loadedSymbolFace() -> ScanoutText.Font? {
        if let cached = symbolFace { return cached }
        var loaded: ScanoutText.Font?
        do {
            loaded = try ScanoutText.Font(path: Self.symbolFontPath)
        } catch {
            let message = "scanout: cannot load the symbol font \(Self.symbolFontPath): \(error) (install fonts-material-design-icons-iconfont); symbols are drawn as placeholders"
            errors.append(message)
            print(message)
        }
        symbolFace = .some(loaded)
        return loaded
    }

    /// Whether the symbol face loads and has a glyph for `scalar`.
    public func hasSymbol(_ scalar: Unicode.Scalar) -> Bool {
        guard let f = loadedSymbolFace() else { return false }
        return f.glyphIndex(for: scalar) != 0
    }

    /// Ascender, descender (negative) and line height in points.
    public func metrics(_ d: FontDescriptor) -> (ascender: Double, descender: Double, lineHeight: Double) {
        guard let f = face(d) else { return (d.size * 0.93, -d.size * 0.24, d.size * 1.17) }
        let m = f.metrics(size: d.size)
        return (m.ascender, m.descender, m.lineHeight)
    }

    public func width(of text: String, font d: FontDescriptor) -> Double {
        guard let f = face(d) else { return Double(text.count) * d.size * 0.6 }
        return f.width(of: text, size: d.size)
    }

    /// Lines of `text` wrapped at `maxWidth` points (nil: no wrapping).
    public func lines(of text: String, font d: FontDescriptor, maxWidth: Double?) -> [(text: Substring, width: Double)] {
        guard let f = face(d) else { return [(text[...], width(of: text, font: d))] }
        return f.lines(of: text, size: d.size, maxWidth: maxWidth).map { ($0.text, $0.width) }
    }

    /// Draws one run at device scale `scale` under `transform` (points → device pixels). Under a translation
    /// and a uniform positive scale, glyph masks are drawn upright at the mapped origin, at the scaled size;
    /// under anything else (rotation, shear, mirror, unequal scales) the glyph outlines are filled through the
    /// transform, so the glyphs turn with it.
    func draw(_ run: TextRun, transform: AffineTransform, scale: Double, on canvas: Canvas) {
        // Total geometry: a run placed or sized by a non-finite value, under a collapsing transform, far beyond
        // any surface or at a size no glyph mask can hold draws nothing (the canvas's hook is told why).
        guard transform.isInvertible else {
            let t = transform
            let finite = t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite
            canvas.geometryIssue?(finite ? .singularTransform : .nonFiniteTransform)
            return
        }
        let deviceSize = run.font.size * scale * transform.maxAxisScale
        let placed = transform.apply(run.origin)
        guard placed.x.isFinite, placed.y.isFinite, deviceSize.isFinite, scale.isFinite else {
            canvas.geometryIssue?(.nonFiniteGeometry)
            return
        }
        guard deviceSize > 0, deviceSize <= Self.maxDeviceSize,
              abs(placed.x) < Self.maxDeviceOffset, abs(placed.y) < Self.maxDeviceOffset else { return }
        guard let f = face(run.font) else { return }
        guard TextRenderer.drawsWithMasks(under: transform) else {
            renderer.draw(run.string, font: f, size: run.font.size * scale, at: run.origin, transform: transform,
                          color: run.color, on: canvas)
            return
        }
        let origin = transform.apply(run.origin)
        let size = run.font.size * scale * transform.maxAxisScale
        renderer.draw(run.string, font: f, size: size, at: origin, color: run.color, on: canvas)
    }
}

extension TextEngine {
    /// The largest glyph size drawn, in device pixels (a glyph mask of this size is 64 MiB).
    static let maxDeviceSize = 8192.0
    /// A run whose origin is farther from the surface's origin than this (device pixels) cannot reach it.
    static let maxDeviceOffset = Double(1 << 24)
}

extension AffineTransform {
    var maxAxisScale: Double { max((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot()) }
}
