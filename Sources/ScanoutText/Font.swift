import CFreeType
import Glibc
import Synchronization

/// A glyph's index in its font (FreeType's glyph index; 0 is `.notdef`, the "missing glyph" box).
public typealias GlyphIndex = UInt32

/// Vertical metrics at one size, in pixels, from the face's design units (hhea, as FreeType reads them), unhinted.
public struct FontMetrics: Sendable, Hashable {
    /// The em size in pixels these metrics are for.
    public var size: Double
    /// Distance from the baseline up to the top of the line (positive).
    public var ascender: Double
    /// Distance from the baseline down to the bottom of the line (negative, as FreeType reports it).
    public var descender: Double
    /// Baseline-to-baseline distance: ascender − descender + line gap.
    public var lineHeight: Double
    /// Extra space between lines included in `lineHeight`.
    public var lineGap: Double { lineHeight - ascender + descender }
}

/// Distinguishes fonts in shared caches; unlike an object address it is never reused after a font is freed.
private let nextFontID = Atomic<UInt64>(1)
private let liveFonts = Atomic<Int>(0)
private let liveFallbackFaces = Atomic<Int>(0)

/// One font face, loaded with FreeType from a file (outlines; or colour bitmaps, for emoji).
///
/// Glyphs are loaded unscaled (`FT_LOAD_NO_SCALE`, which also means no hinting, no embedded bitmaps and no
/// autohinter) and scaled in `Double` by `size / unitsPerEm`: one outline serves every size, advances and
/// kerning are exact design units, and positions are not rounded to FreeType's 26.6 grid. This matches cairo
/// with hinting off and hint metrics off.
///
/// Each font owns its FreeType library instance, so fonts are independent of each other; a font itself is not
/// thread-safe (FreeType faces are not): use it from one thread, like a `Canvas`.
public final class Font {
    /// DejaVu Sans from Debian's fonts-dejavu-core: Scanout's default face.
    public static let defaultPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// DejaVu Sans at `defaultPath`.
    public static func `default`() throws -> Font { try Font(path: defaultPath) }

    /// The file's path, or the name of a font loaded from memory.
    public let path: String
    /// The bytes of a font loaded from memory (HarfBuzz reads the same ones); nil for a file.
    let staticBytes: UnsafeRawBufferPointer?
    /// Which face of the file (a collection such as Noto Sans CJK holds several).
    public let faceIndex: Int
    public let familyName: String
    public let styleName: String
    /// Design units per em: the scale of every outline, advance and kerning value in the file.
    public let unitsPerEm: Int
    public let glyphCount: Int
    /// Whether FreeType reports kerning (a legacy 'kern' table; GPOS kerning needs shaping, not done here).
    public let hasKerning: Bool
    /// The face's weight on OpenType's 100–900 scale (its OS/2 table; without one, 700 for a bold style, else
    /// 400): fallback faces are looked for at this weight, so bold Latin falls back to bold CJK.
    public let weightClass: Int

    /// A colour bitmap face (Noto Color Emoji's CBDT): the pixels per em of the strike its glyphs are drawn
    /// from, scaled to the text's size (see `ColorGlyphCache`); 0 for a face of outlines.
    let colorStrikePPEM: Double
    /// Whether glyphs are colour bitmaps rather than outlines.
    public var isColorBitmap: Bool { colorStrikePPEM > 0 }

    let id: UInt64
    let ascenderUnits: Int
    let descenderUnits: Int
    let lineHeightUnits: Int
    /// The union of all glyph boxes in design units, y up (for cheap "is this glyph visible" tests).
    let bboxUnits: (xMin: Int, yMin: Int, xMax: Int, yMax: Int)

    private let library: FT_Library
    private let face: FT_Face
    /// Glyph indices of ASCII scalars, filled on first use (`unknownGlyph` = not yet looked up).
    private let asciiGlyphs: UnsafeMutablePointer<GlyphIndex>
    private var otherGlyphs: [UInt32: GlyphIndex] = [:]
    /// Advance widths in design units per glyph, filled on first use (`unknownAdvance` = not yet loaded).
    private let advances: UnsafeMutablePointer<Int32>
    /// Kerning pairs already asked for (`KerningCache`): made at the first pair of a face that kerns.
    private var kerningCache: KerningCache?

    private static let unknownGlyph = GlyphIndex.max
    private static let unknownAdvance = Int32.min
    /// Bounds the non-ASCII map; an app showing free text in many scripts would otherwise grow it for months.
    static let otherGlyphsLimit = 4096

    /// HarfBuzz's face of the same file, made when text first needs shaping (`.none` = not yet tried; `.some(nil)`
    /// = HarfBuzz could not read the file, so text is drawn unshaped).
    var harfBuzz: HarfBuzzFont?? = .none

    /// The font file as FreeType mapped it into memory (nil when it read the file instead): HarfBuzz shapes from
    /// these bytes rather than mapping the file a second time (each mapping's touched pages counted in the
    /// app's resident memory, ~200 KB a face).
    var mappedBytes: UnsafeRawBufferPointer? {
        guard let stream = face.pointee.stream, let base = stream.pointee.base, stream.pointee.size > 0 else { return nil }
        return UnsafeRawBufferPointer(start: base, count: Int(stream.pointee.size))
    }
    /// Whether Latin text may skip shaping (see `LatinShortcut`); nil until first asked.
    var latinShortcutStorage: LatinShortcut?
    /// Lines already shaped (see `ShapedLine.swift`), bounded like `otherGlyphs`.
    var shapedLines: [ShapedLine.Key: ShapedLine] = [:]
    /// Faces that draw characters this one lacks, in the order they were found (see `FontFallback.swift`).
    var fallbacks: [Font] = []
    var fallbackForScalar: [UInt32: UInt8] = [:]

    /// Unscaled outlines only: see the type's comment.
    static let loadFlags = Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_NO_AUTOHINT)

    /// Loads face `faceIndex` of the font file at `path`. Throws `FontError`; never traps on a bad file.
    public convenience init(path: String, faceIndex: Int = 0) throws {
        try Font.checkReadable(path)
        try self.init(path: path, faceIndex: faceIndex, bytes: nil)
    }

    /// Loads face `faceIndex` of a font held in memory for the whole process (a font compiled into the
    /// program), named `name` in messages and caches. The bytes are read in place, never copied or freed.
    public convenience init(staticBytes: UnsafeRawBufferPointer, name: String, faceIndex: Int = 0) throws {
        try self.init(path: name, faceIndex: faceIndex, bytes: staticBytes)
    }

    private init(path: String, faceIndex: Int, bytes: UnsafeRawBufferPointer?) throws {
        var lib: FT_Library?
        let initError = FT_Init_FreeType(&lib)
        guard initError == 0, let lib else { throw FontError.libraryInitFailed(freeTypeError: Int32(initError)) }

        var faceOut: FT_Face?
        let openError: FT_Error
        if let bytes, let base = bytes.baseAddress {
            openError = FT_New_Memory_Face(lib, base.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count),
                                           FT_Long(faceIndex), &faceOut)
        } else {
            openError = FT_New_Face(lib, path, FT_Long(faceIndex), &faceOut)
        }
        guard openError == 0, let face = faceOut else {
            FT_Done_FreeType(lib)
            throw FontError.invalidFont(path: path, freeTypeError: Int32(openError))
        }
        let rec = face.pointee
        let strike = Font.colorStrike(of: face)
        let design = Font.designMetrics(of: face)
        guard rec.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 || strike != nil, design.unitsPerEm > 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(lib)
            throw FontError.notScalable(path: path)
        }
        if let strike { FT_Select_Size(face, FT_Int(strike.index)) }
        colorStrikePPEM = strike?.ppem ?? 0

        self.library = lib
        self.face = face
        self.path = path
        self.staticBytes = bytes
        self.faceIndex = faceIndex
        familyName = rec.family_name.map { String(cString: $0) } ?? ""
        styleName = rec.style_name.map { String(cString: $0) } ?? ""
        unitsPerEm = design.unitsPerEm
        glyphCount = max(0, Int(rec.num_glyphs))
        hasKerning = rec.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self)
        if let w = os2.map({ Int($0.pointee.usWeightClass) }), (1...1000).contains(w) {
            weightClass = w
        } else {
            weightClass = rec.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400
        }
        ascenderUnits = design.ascender
        descenderUnits = design.descender
        lineHeightUnits = design.lineHeight
        bboxUnits = design.bbox
        id = nextFontID.wrappingAdd(1, ordering: .relaxed).oldValue

        asciiGlyphs = .allocate(capacity: 128)
        asciiGlyphs.initialize(repeating: Font.unknownGlyph, count: 128)
        advances = .allocate(capacity: max(1, glyphCount))
        advances.initialize(repeating: Font.unknownAdvance, count: max(1, glyphCount))
        liveFonts.add(1, ordering: .relaxed)
    }

    /// Fonts alive in the process (tests check that screens made and dropped leave no face behind), not counting
    /// fallback faces (which stay with the font that opened them, process-wide like it).
    package static var liveCount: Int { liveFonts.load(ordering: .relaxed) }
    /// Fallback faces alive in the process.
    package static var liveFallbackCount: Int { liveFallbackFaces.load(ordering: .relaxed) }

    /// Whether this face was opened as another font's fallback (counted apart from the fonts apps load).
    private(set) var isFallback = false

    /// Counts this face as a fallback face rather than a font of its own.
    func markAsFallback() {
        guard !isFallback else { return }
        isFallback = true
        liveFonts.subtract(1, ordering: .relaxed)
        liveFallbackFaces.add(1, ordering: .relaxed)
    }

    deinit {
        if isFallback { liveFallbackFaces.subtract(1, ordering: .relaxed) } else { liveFonts.subtract(1, ordering: .relaxed) }
        asciiGlyphs.deallocate()
        advances.deallocate()
        kerningCache?.deallocate()
        harfBuzz = .none  // it may read the bytes FreeType mapped (`mappedBytes`): gone before they are
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// FreeType reports a missing file and a directory alike ("cannot open resource"); stat tells them apart so
    /// the error can say what to do.
    private static func checkReadable(_ path: String) throws {
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw FontError.fileNotFound(path: path) }
            throw FontError.unreadable(path: path, reason: String(cString: strerror(code)))
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw FontError.unreadable(path: path, reason: "it is a directory") }
        if access(path, R_OK) != 0 { throw FontError.unreadable(path: path, reason: String(cString: strerror(errno))) }
    }

    /// The largest strike of a colour face without outlines (emoji), which its glyphs are scaled from.
    private static func colorStrike(of face: FT_Face) -> (index: Int, ppem: Double)? {
        let rec = face.pointee
        guard rec.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0, rec.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0,
              rec.num_fixed_sizes > 0, let sizes = rec.available_sizes else { return nil }
        var best: (index: Int, ppem: Double)?
        for i in 0..<Int(rec.num_fixed_sizes) {
            let ppem = Double(sizes[i].y_ppem) / 64
            if ppem > 0, ppem > best?.ppem ?? 0 { best = (i, ppem) }
        }
        return best
    }

    /// Design units and vertical metrics: FreeType's, or for a face without outlines (whose em FreeType reports
    /// as 0) the file's head and hhea tables, where advances and positions are still in design units.
    private static func designMetrics(of face: FT_Face)
        -> (unitsPerEm: Int, ascender: Int, descender: Int, lineHeight: Int, bbox: (xMin: Int, yMin: Int, xMax: Int, yMax: Int)) {
        let rec = face.pointee
        if rec.units_per_EM > 0 {
            return (Int(rec.units_per_EM), Int(rec.ascender), Int(rec.descender), Int(rec.height),
                    (Int(rec.bbox.xMin), Int(rec.bbox.yMin), Int(rec.bbox.xMax), Int(rec.bbox.yMax)))
        }
        guard let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self).pointee,
              let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        else { return (0, 0, 0, 0, (0, 0, 0, 0)) }
        let ascender = Int(hhea.Ascender), descender = Int(hhea.Descender)
        return (Int(head.Units_Per_EM), ascender, descender, ascender - descender + Int(hhea.Line_Gap),
                (Int(head.xMin), Int(head.yMin), Int(head.xMax), Int(head.yMax)))
    }

    // MARK: - Metrics

    /// Pixels per design unit at `size`.
    @inline(__always)
    func scale(_ size: Double) -> Double { size / Double(unitsPerEm) }

    /// Ascender, descender and line height at an em size of `size` pixels.
    public func metrics(size: Double) -> FontMetrics {
        let s = scale(size)
        return FontMetrics(size: size, ascender: Double(ascenderUnits) * s, descender: Double(descenderUnits) * s,
                           lineHeight: Double(lineHeightUnits) * s)
    }

    /// The glyph for `scalar`, or 0 (`.notdef`) when the font has none.
    @inline(__always)
    public func glyphIndex(for scalar: Unicode.Scalar) -> GlyphIndex {
        let v = scalar.value
        if v < 128 {
            let g = asciiGlyphs[Int(v)]
            if g != Font.unknownGlyph { return g }
            let found = GlyphIndex(FT_Get_Char_Index(face, FT_ULong(v)))
            asciiGlyphs[Int(v)] = found
            return found
        }
        if let g = otherGlyphs[v] { return g }
        let found = GlyphIndex(FT_Get_Char_Index(face, FT_ULong(v)))
        if otherGlyphs.count >= Font.otherGlyphsLimit { otherGlyphs.removeAll(keepingCapacity: true) }
        otherGlyphs[v] = found
        return found
    }

    /// The unhinted advance width of `glyph` in design units (0 for an index the font does not have).
    @inline(__always)
    func advanceUnits(_ glyph: GlyphIndex) -> Int32 {
        guard Int(glyph) < glyphCount else { return 0 }
        let a = advances[Int(glyph)]
        if a != Font.unknownAdvance { return a }
        return loadAdvance(glyph)
    }

    private func loadAdvance(_ glyph: GlyphIndex) -> Int32 {
        // FT_Get_Advance would skip the outline, but FT_ADVANCES_H is not in the CFreeType shim; this runs once per glyph.
        var a: Int32 = 0
        if FT_Load_Glyph(face, glyph, Font.loadFlags) == 0, let slot = face.pointee.glyph {
            a = Int32(clamping: slot.pointee.advance.x)
        }
        advances[Int(glyph)] = a
        return a
    }

    /// The advance width of `glyph` at `size`, in pixels (unhinted, unrounded).
    public func advance(of glyph: GlyphIndex, size: Double) -> Double {
        Double(advanceUnits(glyph)) * scale(size)
    }

    /// The kerning adjustment in design units between two glyphs (0 without a 'kern' table).
    @inline(__always)
    func kerningUnits(_ left: GlyphIndex, _ right: GlyphIndex) -> Int {
        guard hasKerning else { return 0 }
        if let units = kerningCache?.units(left, right) { return units }
        return loadKerning(left, right)
    }

    private func loadKerning(_ left: GlyphIndex, _ right: GlyphIndex) -> Int {
        var v = FT_Vector()
        let units = FT_Get_Kerning(face, left, right, FT_UInt(FT_KERNING_UNSCALED.rawValue), &v) == 0 ? Int(v.x) : 0
        if kerningCache == nil { kerningCache = KerningCache() }
        kerningCache!.store(units, left, right)
        return units
    }

    /// The horizontal kerning adjustment between `left` and `right` at `size`, in pixels (negative = closer).
    public func kerning(_ left: GlyphIndex, _ right: GlyphIndex, size: Double) -> Double {
        Double(kerningUnits(left, right)) * scale(size)
    }

    // MARK: - Colour bitmaps

    /// Loads `glyph`'s colour bitmap at the strike (premultiplied BGRA rows, as `PixelFormat.argb8888` keeps
    /// them) and hands it to `body` with its offset from the pen in strike pixels (left, and top above the
    /// baseline); nil for an outline face or a glyph without a colour bitmap.
    func withColorBitmap<R>(_ glyph: GlyphIndex,
                            _ body: (_ rows: UnsafeRawPointer, _ width: Int, _ height: Int, _ pitch: Int, _ left: Int, _ top: Int) -> R) -> R? {
        guard isColorBitmap, Int(glyph) < glyphCount, FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR)) == 0,
              let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), bitmap.width > 0, bitmap.rows > 0,
              bitmap.pitch >= Int32(bitmap.width) * 4, let buffer = bitmap.buffer else { return nil }
        return body(UnsafeRawPointer(buffer), Int(bitmap.width), Int(bitmap.rows), Int(bitmap.pitch),
                    Int(slot.pointee.bitmap_left), Int(slot.pointee.bitmap_top))
    }

    // MARK: - Outlines

    /// Loads `glyph` unscaled and hands its outline to `body`; nil when the glyph has no outline to give.
    func withUnscaledOutline<R>(_ glyph: GlyphIndex, _ body: (inout FT_Outline) -> R) -> R? {
        guard Int(glyph) < glyphCount, FT_Load_Glyph(face, glyph, Font.loadFlags) == 0,
              let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        // A copy of the header (counts and pointers into the slot): FreeType only reads it.
        var outline = slot.pointee.outline
        return body(&outline)
    }
}
