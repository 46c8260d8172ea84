import CFreeType

/// Why a font could not be loaded. Every case names the file and says what to do, because the person reading
/// it is usually setting up a board, not debugging Swift.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing exists at `path`.
    case fileNotFound(path: String)
    /// Something exists at `path` but it cannot be read as a file (a directory, no permission, ...).
    case unreadable(path: String, reason: String)
    /// FreeType opened the file and refused it (not a font, truncated, empty, ...).
    case invalidFont(path: String, freeTypeError: Int32)
    /// FreeType read the face, but it has no scalable outlines (a bitmap-only font): we draw outlines only.
    case notScalable(path: String)
    /// FreeType itself could not start (out of memory).
    case libraryInitFailed(freeTypeError: Int32)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            if path == Font.defaultPath {
                return "font file \(path) not found: install fonts-dejavu-core or pass another path"
            }
            return "font file \(path) not found: check the path, or use Font.defaultPath (from fonts-dejavu-core)"
        case .unreadable(let path, let reason):
            return "font file \(path) cannot be read (\(reason)): pass a readable .ttf/.otf file"
        case .invalidFont(let path, let code):
            return "font file \(path) is not a font FreeType can load: \(FreeTypeErrorName.describe(code)); "
                + "pass a TrueType/OpenType file"
        case .notScalable(let path):
            return "font file \(path) has no scalable outlines (bitmap-only font): pass a TrueType/OpenType file"
        case .libraryInitFailed(let code):
            return "FreeType failed to initialise: \(FreeTypeErrorName.describe(code))"
        }
    }
}

/// Names for FreeType error codes. Debian builds FreeType without FT_CONFIG_OPTION_ERROR_STRINGS, so
/// `FT_Error_String` returns NULL there; the codes that loading a face can produce are named here.
enum FreeTypeErrorName {
    static func describe(_ code: Int32) -> String {
        let hex = "0x" + String(code, radix: 16, uppercase: true)
        if let s = FT_Error_String(FT_Error(code)) { return "\(String(cString: s)) (FreeType error \(hex))" }
        return "\(name(code)) (FreeType error \(hex))"
    }

    static func name(_ code: Int32) -> String {
        switch code {
        case 0x01: return "cannot open resource"
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x04: return "invalid FreeType version"
        case 0x06: return "invalid argument"
        case 0x07: return "unimplemented feature"
        case 0x08: return "broken table"
        case 0x09: return "broken offset within table"
        case 0x10: return "invalid glyph index"
        case 0x14: return "invalid outline"
        case 0x15: return "invalid composite glyph"
        case 0x40: return "out of memory"
        case 0x51: return "invalid stream operation"
        case 0x52: return "invalid stream seek"
        case 0x53: return "invalid stream skip"
        case 0x54: return "invalid stream read"
        case 0x55: return "invalid frame operation"
        case 0x56: return "nested frame access"
        case 0x57: return "invalid frame read"
        case 0x8E: return "table missing"
        case 0x8F: return "horizontal header (hhea) table missing"
        case 0x90: return "locations (loca) table missing"
        case 0x91: return "name table missing"
        case 0x92: return "character map (cmap) table missing"
        case 0x93: return "horizontal metrics (hmtx) table missing"
        case 0x94: return "PostScript (post) table missing"
        default: return "FreeType error"
        }
    }
}
