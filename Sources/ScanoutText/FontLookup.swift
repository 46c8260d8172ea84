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
        guard let fc = FontconfigLibrary.shared else { return nil }
        return bestMatch(family: family) { pattern in
            _ = fc.patternAddInteger(pattern, "weight", Int32(fc.weightFromOpenType(Int32(clamping: weight))))
            _ = fc.patternAddInteger(pattern, "slant", italic ? 100 : 0)  // FC_SLANT_ITALIC, FC_SLANT_ROMAN
        } accept: { match in
            // Only a face of the family asked for: fontconfig answers every request with some font.
            var i: Int32 = 0
            var name: UnsafeMutablePointer<FcChar8>? = nil
            while fc.patternGetString(match, "family", i, &name) == FcResultMatch, let n = name {
                if String(cString: n).lowercased() == family.lowercased() { return true }
                i += 1
            }
            return false
        }
    }

    /// fontconfig's best scalable match for `family` and what `configure` adds to the pattern, if `accept`
    /// takes it; nil without fontconfig (the library or its configuration). Everything fontconfig allocates is
    /// freed here.
    static func bestMatch(family: String, configure: (OpaquePointer) -> Void, accept: (OpaquePointer) -> Bool) -> Face? {
        guard let fc = FontconfigLibrary.shared, fc.initialize() != 0, let pattern = fc.patternCreate() else { return nil }
        defer { fc.patternDestroy(pattern) }
        _ = fc.patternAddString(pattern, "family", family)
        _ = fc.patternAddBool(pattern, "scalable", 1)
        configure(pattern)
        guard fc.configSubstitute(nil, pattern, FcMatchPattern) != 0 else { return nil }
        fc.defaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = fc.fontMatch(nil, pattern, &result) else { return nil }
        defer { fc.patternDestroy(match) }
        guard accept(match) else { return nil }
        var file: UnsafeMutablePointer<FcChar8>? = nil
        guard fc.patternGetString(match, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if fc.patternGetInteger(match, "index", 0, &index) != FcResultMatch { index = 0 }
        var slant: Int32 = 0
        if fc.patternGetInteger(match, "slant", 0, &slant) != FcResultMatch { slant = 0 }
        return Face(path: String(cString: file), index: Int(index), isItalic: slant != 0)
    }

    /// Makes the font file at `path` (TrueType, OpenType or a collection) available by its family name to this
    /// process, as an app's own fonts. Throws `FontError` when the file cannot be read or is not a font.
    public static func register(path: String) throws {
        // FreeType checks the file first, so the error names what is wrong with it.
        _ = try Font(path: path)
        guard let fc = FontconfigLibrary.shared else {
            throw FontError.unreadable(path: path, reason: FontconfigLibrary.loadError ?? "fontconfig is not loaded")
        }
        guard fc.initialize() != 0, fc.configAppFontAddFile(nil, path) != 0 else {
            throw FontError.unreadable(path: path, reason: "fontconfig could not add it (is fontconfig's configuration installed?)")
        }
    }
}
