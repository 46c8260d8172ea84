import CFontconfig

/// Faces for characters a font lacks, found with fontconfig among the fonts installed on the board (Noto's
/// scripts and CJK, for example), as shaped text asks for them.
///
/// A font keeps the fallback faces it has opened and which one draws each scalar; a scalar is first tried
/// against the faces already open (a CJK face found for one ideograph has the next), and only then is
/// fontconfig asked. Which file draws a scalar is remembered process-wide, so a second font asks no more.
/// Without fontconfig's configuration, or with no installed face for a character, the font's own
/// `.notdef` box is drawn: never a crash.
extension Font {
    /// Most fallback faces one font opens (faces are numbered in a byte; 0 is the font itself).
    static let fallbackLimit = 32

    /// Which face draws `scalar`: 0 for this font (it has the glyph, or no installed face has), k for
    /// `fallbacks[k - 1]`.
    /// With `emoji` (the scalar is followed by U+FE0F, emoji presentation) a colour face is preferred even
    /// when this font has a plain glyph (❤️ in colour, ❤ without the selector in the text's colour).
    func faceIndex(for scalar: UInt32, emoji: Bool = false) -> UInt8 {
        guard let s = Unicode.Scalar(scalar), !FontFallback.isInvisible(scalar) else { return 0 }
        if emoji, !isColorBitmap { return colorFaceIndex(for: s) ?? faceIndex(for: scalar) }
        guard glyphIndex(for: s) == 0 else { return 0 }
        if let known = fallbackForScalar[scalar] { return known }
        var found: UInt8 = 0
        if let k = fallbacks.firstIndex(where: { $0.glyphIndex(for: s) != 0 }) {
            found = UInt8(k + 1)
        } else if fallbacks.count < Font.fallbackLimit, let file = FontFallback.file(for: scalar, weight: weightClass) {
            found = fallback(file, drawing: s, colorOnly: false) ?? 0
        }
        if fallbackForScalar.count >= Font.otherGlyphsLimit { fallbackForScalar.removeAll(keepingCapacity: true) }
        fallbackForScalar[scalar] = found
        return found
    }

    /// A colour face (open already, or found and opened now) with a glyph for `s`; nil when the board has none.
    private func colorFaceIndex(for s: Unicode.Scalar) -> UInt8? {
        if let k = fallbacks.firstIndex(where: { $0.isColorBitmap && $0.glyphIndex(for: s) != 0 }) { return UInt8(k + 1) }
        guard fallbacks.count < Font.fallbackLimit, let file = FontFallback.file(for: s.value, color: true) else { return nil }
        return fallback(file, drawing: s, colorOnly: true)
    }

    /// The fallback face of `file`: open already, or opened now when it draws `s` (and, with `colorOnly`, is a
    /// colour face); nil when it is not such a face.
    private func fallback(_ file: FontFallback.File, drawing s: Unicode.Scalar, colorOnly: Bool) -> UInt8? {
        if let k = fallbacks.firstIndex(where: { $0.path == file.path && $0.faceIndex == file.index }) {
            return !colorOnly || fallbacks[k].isColorBitmap ? UInt8(k + 1) : nil
        }
        guard let face = try? Font(path: file.path, faceIndex: file.index), !colorOnly || face.isColorBitmap,
              face.glyphIndex(for: s) != 0 else { return nil }
        face.markAsFallback()
        fallbacks.append(face)
        return UInt8(fallbacks.count)
    }
}

enum FontFallback {
    struct File: Sendable, Equatable {
        var path: String
        var index: Int
    }

    /// Weight and scalar → the installed face that draws it (nil: none does), shared by every font in the process.
    private static let files = LockedValue<[UInt64: File?]>([:])

    /// Characters that draw nothing (controls, joiners, bidi controls, variation selectors): never worth a
    /// fallback face; shaping makes them zero-width.
    static func isInvisible(_ v: UInt32) -> Bool {
        v < 0x20 || (v >= 0x7F && v < 0xA0) || (v >= 0x200B && v <= 0x200F) || (v >= 0x2028 && v <= 0x202E)
            || (v >= 0x2060 && v <= 0x206F) || (v >= 0xFE00 && v <= 0xFE0F) || v == 0xFEFF || v >= 0xE0000
    }

    /// Whether `v` is shown as a colour emoji by default (without U+FE0F): the pictographic planes' faces,
    /// people, animals, transport and the rest (U+1F300–1F64F, 1F680–1F6FF, 1F900–1FAFF) and regional
    /// indicators (flags) — close to Unicode's Emoji_Presentation; older symbols (❤ ☀ ✔) keep the text's
    /// face and colour unless U+FE0F follows them. DejaVu Sans has monochrome faces for some of these.
    static func hasEmojiPresentation(_ v: UInt32) -> Bool {
        (v >= 0x1F300 && v <= 0x1F64F) || (v >= 0x1F680 && v <= 0x1F6FF) || (v >= 0x1F900 && v <= 0x1FAFF)
            || (v >= 0x1F1E6 && v <= 0x1F1FF)
    }

    /// The file and face index of an installed scalable face with a glyph for `scalar`, from fontconfig's
    /// best match for sans-serif text containing it at `weight` (OpenType's 100–900: a bold font's fallback is
    /// bold where the board has such a face); nil when fontconfig has none (or no configuration).
    /// Characters fontconfig finds in no sans-serif face (emoji: fontconfig ranks colour faces below the
    /// family asked for) are looked for among colour faces too; `color` asks for a colour face only.
    static func file(for scalar: UInt32, weight: Int = 400, color: Bool = false) -> File? {
        let w = UInt64(max(1, min(1000, weight)))
        let key = (color ? 1 << 63 : 0) | w << 32 | UInt64(scalar)
        if let known = files.withLock({ $0[key] }) { return known }
        let found = color ? match(scalar, weight: Int32(w), color: true)
            : match(scalar, weight: Int32(w), color: false) ?? match(scalar, weight: Int32(w), color: true)
        files.withLock {
            if $0.count >= Font.otherGlyphsLimit { $0.removeAll(keepingCapacity: true) }
            $0[key] = .some(found)
        }
        return found
    }

    private static func match(_ scalar: UInt32, weight: Int32, color: Bool) -> File? {
        guard let fc = FontconfigLibrary.shared, let wanted = fc.charSetCreate() else { return nil }
        defer { fc.charSetDestroy(wanted) }
        _ = fc.charSetAddChar(wanted, scalar)
        let found = FontLookup.bestMatch(family: "sans-serif") { pattern in
            _ = fc.patternAddCharSet(pattern, "charset", wanted)
            if color { _ = fc.patternAddBool(pattern, "color", 1) }
            _ = fc.patternAddInteger(pattern, "weight", Int32(fc.weightFromOpenType(weight)))
        } accept: { match in
            // The best match may still lack the character (fontconfig then ranks by family): check.
            var has: OpaquePointer? = nil
            return fc.patternGetCharSet(match, "charset", 0, &has) == FcResultMatch && has.map { fc.charSetHasChar($0, scalar) != 0 } == true
        }
        return found.map { File(path: $0.path, index: $0.index) }
    }
}
