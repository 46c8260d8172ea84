import CSymbolFont
import ScanoutText

/// One wrapped line of text and its width (ScanoutText's line break, named for the views above).
public typealias TextLine = TextLineBreak

/// Which face and size a run uses.
public struct FontDescriptor: Sendable, Hashable {
    public enum Weight: Int, Sendable, Hashable, CaseIterable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
        /// OpenType's weight class (100 thin … 900 black), as fontconfig and CSS count.
        public var openTypeValue: Int {
            switch self {
            case .ultraLight: return 100
            case .thin: return 200
            case .light: return 300
            case .regular: return 400
            case .medium: return 500
            case .semibold: return 600
            case .bold: return 700
            case .heavy: return 800
            case .black: return 900
            }
        }
        /// Whether DejaVu's two core faces draw this weight bold (the face used without fontconfig).
        var isBoldish: Bool { rawValue >= Weight.semibold.rawValue }
    }
    public var size: Double
    public var weight: Weight
    public var monospaced: Bool
    /// An italic face where the family has one (else the text engine says so and the caller slants the text).
    public var italic = false
    /// A family by name (`Font.custom`); nil: DejaVu Sans, or DejaVu Sans Mono when `monospaced`.
    public var family: String?
    /// The symbol face (`Image(systemName:)`) instead of the text faces.
    public var symbols = false
    /// Points added after every character (SwiftUI's `tracking` and `kerning`); text that needs shaping
    /// (joined and complex scripts) is not spaced out.
    public var tracking: Double = 0
    public init(size: Double, weight: Weight = .regular, monospaced: Bool = false) {
        self.size = size; self.weight = weight; self.monospaced = monospaced
    }
    /// The symbol face at `size`.
    public static func symbols(size: Double) -> FontDescriptor {
        var d = FontDescriptor(size: size)
        d.symbols = true
        return d
    }

    /// Hashes what tells faces and sizes apart; `tracking` (almost always 0) is left to `==`, so the layout
    /// caches keyed by descriptors hash no more than before it existed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(weight)
        hasher.combine(monospaced)
        hasher.combine(italic)
        hasher.combine(family)
        hasher.combine(symbols)
    }
}

/// Measures and draws text runs: loads the faces (DejaVu from Debian's fonts-dejavu-core), keeps one glyph cache.
///
/// A face that cannot be loaded is reported once (naming the file and the package to install) and text then
/// measures with an estimate and draws nothing, rather than taking the app down.
///
/// Used from the main thread. During a parallel repaint (`FrameCompositor.renderThreads`) the band workers
/// draw through it as well (faces, shaping and the glyph cache under its lock; see `draw`), while the main
/// thread, which paints a band and waits for them, does nothing else with it; hence not isolated to the main
/// actor.
public final class TextEngine: @unchecked Sendable {
    public static let shared = TextEngine()

    public static let fontFolder = "/usr/share/fonts/truetype/dejavu/"
    /// DejaVu's four core faces once loaded (or failed: `.some(nil)`), at 2 × bold + monospaced (an array: looked
    /// up per measurement). Unchecked exclusivity: used on the main thread or under `drawing`, each access closed
    /// before the next (the checks were a hundredth of a big list's layout).
    @exclusivity(unchecked) private var coreFaces: [ScanoutText.Font??] = [nil, nil, nil, nil]
    /// Faces found through fontconfig for other weights, italics and named families.
    private var resolved: [FaceKey: Resolved] = [:]
    private var files: [String: ScanoutText.Font] = [:]
    private var reportedFamilies: Set<String> = []
    private let renderer = TextRenderer()
    /// Faces that failed to load, with the reason (also printed once).
    public private(set) var errors: [String] = []

    /// Serializes `draw` between band workers (faces, shaping and the glyph cache are not thread-safe).
    private let drawing = SharedStateLock()

    public init() {}

    /// The name messages give the symbol font: Google's Material Icons, the glyphs `Image(systemName:)` draws,
    /// compiled into Scanout (CSymbolFont) so symbols look the same on every board and need no font package.
    public static let symbolFontName = "Material Icons (compiled in)"
    private var symbolFace: ScanoutText.Font??

    func face(_ d: FontDescriptor) -> ScanoutText.Font? {
        if d.symbols { return loadedSymbolFace() }
        // DejaVu upright from regular up: straight from the core files (no fontconfig at start-up: parsing its
        // configuration was 8 % of the demo's start). Its upright faces are ExtraLight, Book and Bold, so
        // fontconfig's nearest weight is Book for medium and Bold from semibold up, with or without
        // fonts-dejavu-extra; the light weights may have ExtraLight and ask fontconfig.
        let core = d.family == nil && !d.italic && d.weight.rawValue >= FontDescriptor.Weight.regular.rawValue
        if core { return coreFace(bold: d.weight.isBoldish, monospaced: d.monospaced) }
        let key = FaceKey(weight: d.weight, monospaced: d.monospaced, italic: d.italic, family: d.family)
        if let cached = resolved[key] { return cached.font }
        let family = d.family ?? (d.monospaced ? "DejaVu Sans Mono" : "DejaVu Sans")
        var face = Resolved(font: nil, isItalic: false)
        if let found = FontLookup.face(family: family, weight: d.weight.openTypeValue, italic: d.italic),
           let font = loadedFile(found.path, index: found.index) {
            face = Resolved(font: font, isItalic: found.isItalic)
        } else {
            if let name = d.family, !reportedFamilies.contains(name) {
                reportedFamilies.insert(name)
                let message = "scanout: no installed font of the family \"\(name)\" (install it, or register the app's font file with Font.register(fontFile:)); drawing with DejaVu Sans"
                errors.append(message)
                print(message)
            }
            face.font = coreFace(bold: d.weight.isBoldish, monospaced: d.monospaced)
        }
        resolved[key] = face
        return face.font
    }

    /// Faces the engine holds for the process (tests check that screens keep none of their own).
    package var loadedFaceCount: Int {
        if case .some(.some) = symbolFace { return files.count + 1 }
        return files.count
    }

    /// The file and face index `d` is drawn with (nil: none loads).
    package func facePath(_ d: FontDescriptor) -> String? {
        guard let f = face(d) else { return nil }
        return "\(f.path)#\(f.faceIndex)"
    }

    /// The bidi mark that keeps a wrapped line in its paragraph's direction (see `ParagraphDirection`).
    public nonisolated static func directionMark(forLine line: Substring) -> Character? {
        ParagraphDirection.mark(forLine: line)
    }

    /// A stretch of one piece of a styled line (`Text + Text`) in bidi order (see `visualRuns`).
    public struct VisualRun: Sendable, Equatable {
        public var piece: Int
        public var range: Range<String.Index>
        public var isRightToLeft: Bool
    }

    /// The runs of a line's `pieces` (logical order) in visual order, the line being part of `paragraph`
    /// (which gives the base direction); nil when nothing is right to left (draw the pieces as they come).
    public nonisolated static func visualRuns(of pieces: [String], paragraph: String) -> [VisualRun]? {
        BidiRuns.visualRuns(of: pieces, paragraph: paragraph)?.map {
            VisualRun(piece: $0.piece, range: $0.range, isRightToLeft: $0.isRightToLeft)
        }
    }

    /// Makes an app's font file usable by its family name (see `FontLookup.register(path:)`).
    public nonisolated static func registerFont(path: String) throws {
        try FontLookup.register(path: path)
    }

    /// Whether `d` is drawn with a true italic face (without one, callers slant the upright face).
    public func hasItalicFace(_ d: FontDescriptor) -> Bool {
        guard d.italic, !d.symbols else { return false }
        _ = face(d)
        return resolved[FaceKey(weight: d.weight, monospaced: d.monospaced, italic: true, family: d.family)]?.isItalic ?? false
    }

    private struct FaceKey: Hashable {
        var weight: FontDescriptor.Weight
        var monospaced: Bool
        var italic: Bool
        var family: String?
    }
    private struct Resolved {
        var font: ScanoutText.Font?
        var isItalic: Bool
    }

    /// DejaVu Sans (Mono), Book or Bold, from fonts-dejavu-core.
    private func coreFace(bold: Bool, monospaced: Bool) -> ScanoutText.Font? {
        let index = (bold ? 2 : 0) + (monospaced ? 1 : 0)
        if let cached = coreFaces[index] { return cached }
        let file: String
        switch (bold, monospaced) {
        case (false, false): file = "DejaVuSans.ttf"
        case (true, false): file = "DejaVuSans-Bold.ttf"
        case (false, true): file = "DejaVuSansMono.ttf"
        case (true, true): file = "DejaVuSansMono-Bold.ttf"
        }
        var loaded: ScanoutText.Font?
        do {
            loaded = try loadedFileOrThrow(Self.fontFolder + file, index: 0)
        } catch {
            let message = "scanout: cannot load font \(Self.fontFolder + file): \(error) (install fonts-dejavu-core); text is not drawn"
            errors.append(message)
            print(message)
        }
        coreFaces[index] = .some(loaded)
        return loaded
    }

    /// One `Font` per file and face for the process, however many descriptors resolve to it.
    private func loadedFileOrThrow(_ path: String, index: Int) throws -> ScanoutText.Font {
        let key = "\(path)#\(index)"
        if let f = files[key] { return f }
        let f = try ScanoutText.Font(path: path, faceIndex: index)
        files[key] = f
        return f
    }

    private func loadedFile(_ path: String, index: Int) -> ScanoutText.Font? {
        try? loadedFileOrThrow(path, index: index)
    }

    private func loadedSymbolFace() -> ScanoutText.Font? {
        if let cached = symbolFace { return cached }
        var loaded: ScanoutText.Font?
        do {
            var size: UInt = 0
            let bytes = scanout_symbol_font(&size)
            loaded = try ScanoutText.Font(staticBytes: UnsafeRawBufferPointer(start: bytes, count: Int(size)),
                                          name: Self.symbolFontName)
        } catch {
            // Only a FreeType that cannot start gets here (the bytes are Scanout's own).
            let message = "scanout: cannot load the symbol font \(Self.symbolFontName): \(error); symbols are drawn as placeholders"
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
        guard let f = face(d) else { return Double(text.count) * (d.size * 0.6 + d.tracking) }
        return f.width(of: text, size: d.size, tracking: f.trackingUnits(d.tracking, size: d.size))
    }

    /// Where carets go in `text` on one line, per character (points from the start of the line as drawn): the
    /// caret's x at each boundary 0…count, and each character's span, in drawing order (see
    /// `Font.caretLayout(in:)`): bidi text puts them out of logical order.
    public func caretLayout(in text: String, font d: FontDescriptor) -> (positions: [Double], extents: [(left: Double, right: Double)]) {
        guard let f = face(d) else {
            let w = d.size * 0.6 + d.tracking
            return ((0...text.count).map { Double($0) * w }, (0..<text.count).map { (Double($0) * w, Double($0 + 1) * w) })
        }
        let byScalar = f.caretLayout(in: text)
        let s = d.size / Double(f.unitsPerEm)
        var positions = [Double(byScalar.positions[0]) * s]
        var extents: [(left: Double, right: Double)] = []
        positions.reserveCapacity(text.count + 1)
        extents.reserveCapacity(text.count)
        var scalar = 0
        for c in text {
            let first = scalar
            scalar += c.unicodeScalars.count
            positions.append(Double(byScalar.positions[min(scalar, byScalar.positions.count - 1)]) * s)
            // A character of several scalars (a base and its marks, an emoji sequence) spans all of theirs.
            var l = Int.max, r = Int.min
            for j in first..<min(scalar, byScalar.extents.count) { l = min(l, byScalar.extents[j].left); r = max(r, byScalar.extents[j].right) }
            extents.append(l <= r ? (Double(l) * s, Double(r) * s) : (positions[positions.count - 2], positions[positions.count - 2]))
        }
        return (positions, extents)
    }

    /// Whether `text` holds right-to-left characters (a field then places its caret by `caretPositions`).
    public nonisolated static func hasRightToLeft(_ text: String) -> Bool { TextCaret.mayBeRightToLeft(text) }

    /// The boundary of `positions` nearest `x`, and the one drawn next to the left or right of a boundary.
    public nonisolated static func boundary(nearest x: Double, in positions: [Double]) -> Int {
        TextCaret.boundary(nearest: x, in: positions)
    }
    public nonisolated static func boundary(from: Int, toRight: Bool, in positions: [Double]) -> Int {
        TextCaret.boundary(from: from, toRight: toRight, in: positions)
    }

    /// Lines of `text` wrapped at `maxWidth` points (nil: no wrapping).
    public func lines(of text: String, font d: FontDescriptor, maxWidth: Double?) -> [TextLine] {
        guard let f = face(d) else { return [TextLine(text: text[...], width: width(of: text, font: d))] }
        return f.lines(of: text, size: d.size, maxWidth: maxWidth, tracking: f.trackingUnits(d.tracking, size: d.size))
    }

    /// Draws one run at device scale `scale` under `transform` (points → device pixels). Under a translation
    /// and a uniform positive scale, glyph masks are drawn upright at the mapped origin, at the scaled size;
    /// under anything else (rotation, shear, mirror, unequal scales) the glyph outlines are filled through the
    /// transform, so the glyphs turn with it.
    ///
    /// With `placed` (a band of a parallel repaint), upright glyphs are looked up under the lock into that
    /// scratch, then rasterized where missing (by the band's own rasterizer) and blended after it, so threads
    /// wait for each other only for look-ups, outlines and the cache's insertions; otherwise they are drawn
    /// under it.
    func draw(_ run: TextRun, transform: AffineTransform, scale: Double, on canvas: Canvas,
              placed: UnsafeMutablePointer<GlyphScratch>? = nil) {
        drawing.lock()
        let deferred = placeOrDraw(run, transform: transform, scale: scale, on: canvas, placed: placed)
        drawing.unlock()
        guard deferred, let placed else { return }
        let made = TextRenderer.blend(placed.pointee.glyphs, color: run.color, on: canvas, rasterizer: placed.pointee.rasterizer)
        placed.pointee.glyphs.removeAll(keepingCapacity: true)
        guard !made.isEmpty else { return }
        drawing.lock()
        for (key, mask) in made { renderer.cache.insert(mask, for: key) }
        drawing.unlock()
    }

    /// Draws `run`, or places its glyphs into `placed`; returns whether it placed them (to blend).
    private func placeOrDraw(_ run: TextRun, transform: AffineTransform, scale: Double, on canvas: Canvas,
                             placed: UnsafeMutablePointer<GlyphScratch>?) -> Bool {
        // Total geometry: a run placed or sized by a non-finite value, under a collapsing transform, far beyond
        // any surface or at a size no glyph mask can hold draws nothing (the canvas's hook is told why).
        guard transform.isInvertible else {
            let t = transform
            let finite = t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite
            canvas.geometryIssue?(finite ? .singularTransform : .nonFiniteTransform)
            return false
        }
        let deviceSize = run.font.size * scale * transform.maxAxisScale
        let mapped = transform.apply(run.origin)
        guard mapped.x.isFinite, mapped.y.isFinite, deviceSize.isFinite, scale.isFinite else {
            canvas.geometryIssue?(.nonFiniteGeometry)
            return false
        }
        guard deviceSize > 0, deviceSize <= Self.maxDeviceSize,
              abs(mapped.x) < Self.maxDeviceOffset, abs(mapped.y) < Self.maxDeviceOffset else { return false }
        guard let f = face(run.font) else { return false }
        guard TextRenderer.drawsWithMasks(under: transform) else {
            renderer.draw(run.string, font: f, size: run.font.size * scale, at: run.origin, transform: transform,
                          color: run.color, tracking: f.trackingUnits(run.font.tracking, size: run.font.size), on: canvas)
            return false
        }
        let size = run.font.size * scale * transform.maxAxisScale
        renderer.draw(run.string, font: f, size: size, at: mapped, color: run.color,
                      tracking: f.trackingUnits(run.font.tracking, size: run.font.size), on: canvas,
                      placing: placed.map { scratch in { scratch.pointee.glyphs.append($0) } })
        return placed != nil
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

/// A band's scratch for drawing text outside the text engine's lock: the glyphs of a run placed for blending,
/// and a rasterizer for the masks the glyph cache lacks.
struct GlyphScratch {
    var glyphs: [GlyphToBlend] = []
    let rasterizer = MaskRasterizer()
}
