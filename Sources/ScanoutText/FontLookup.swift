import CFontconfig

/// Installed faces by family, weight and slant, through fontconfig: the real Light, Medium or Oblique face of a
/// family where the board has one, fonts an app ships registered at run time, and family names as apps write
/// them (`Font.custom("Noto Sans", size:)`).
public enum FontLookup {
    /// A face's file, its index in the file, and whether it is an italic or oblique face.
    public struct Face: Sendable, Hashable {
        public var path: String
        public var index: Int
        public var isItalic: Bool
    }

    /// The installed face of `family` closest to `weight` (OpenType's 100–900) and `italic`; nil when no face of
    /// that family is installed (fontconfig would substitute another family: the caller decides what to draw
    /// with instead) or fontconfig has no configuration.
    public static func face(family: String, weight: Int, italic: Bool) -> Face? {
        bestMatch(family: family) { pattern in
            _ = FcPatternAddInteger(pattern, "weight", Int32(FcWeightFromOpenType(Int32(clamping: weight))))
            _ = FcPatternAddInteger(pattern, "slant", italic ? 100 : 0)  // FC_SLANT_ITALIC, FC_SLANT_ROMAN
        } accept: { match in
            // Only a face of the family asked for: fontconfig answers every request with some font.
            var i: Int32 = 0
            var name: UnsafeMutablePointer<FcChar8>? = nil
            while FcPatternGetString(match, "family", i, &name) == FcResultMatch, let n = name {
                if String(cString: n).lowercased() == family.lowercased() { return true }
                i += 1
            }
            return false
        }
    }

    /// fontconfig's best scalable match for `family` and what `configure` adds to the pattern, if `accept`
    /// takes it; nil without fontconfig's configuration. Everything fontconfig allocates is freed here.
    static func bestMatch(family: String, configure: (OpaquePointer) -> Void, accept: (OpaquePointer) -> Bool) -> Face? {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddString(pattern, "family", family)
        _ = FcPatternAddBool(pattern, "scalable", 1)
        configure(pattern)
        guard FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        guard accept(match) else { return nil }
        var file: UnsafeMutablePointer<FcChar8>? = nil
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(match, "index", 0, &index) != FcResultMatch { index = 0 }
        var slant: Int32 = 0
        if FcPatternGetInteger(match, "slant", 0, &slant) != FcResultMatch { slant = 0 }
        return Face(path: String(cString: file), index: Int(index), isItalic: slant != 0)
    }

    /// Makes the font file at `path` (TrueType, OpenType or a collection) available by its family name to this
    /// process, as an app's own fonts. Throws `FontError` when the file cannot be read or is not a font.
    public static func register(path: String) throws {
        // FreeType checks the file first, so the error names what is wrong with it.
        _ = try Font(path: path)
        guard FcInit() != 0, FcConfigAppFontAddFile(nil, path) != 0 else {
            throw FontError.unreadable(path: path, reason: "fontconfig could not add it (is fontconfig's configuration installed?)")
        }
    }
}
