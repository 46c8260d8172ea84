import CFontconfig

/// fontconfig, loaded with `dlopen` at its first use — a named family, an app's font registered, a fallback face
/// for a script DejaVu lacks — not by the dynamic loader at start: the core DejaVu faces come straight from their
/// files (`TextEngine`), so a panel in a Latin script never maps fontconfig or expat (measured: ~0.2 MB of
/// resident pages, two libraries' loading and relocation before the first frame). Its headers still give the
/// types (`CFontconfig` links nothing; see `DynamicLibrary`).
struct FontconfigLibrary: @unchecked Sendable {
    /// Debian's `libfontconfig1` installs it under this soname.
    static let soname = "libfontconfig.so.1"

    let initialize: @convention(c) () -> FcBool
    let patternCreate: @convention(c) () -> OpaquePointer?
    let patternDestroy: @convention(c) (OpaquePointer?) -> Void
    let patternAddString: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<FcChar8>?) -> FcBool
    let patternAddBool: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, FcBool) -> FcBool
    let patternAddInteger: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> FcBool
    let patternAddCharSet: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?) -> FcBool
    let patternGetString: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<FcChar8>?>?) -> FcResult
    let patternGetInteger: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Int32>?) -> FcResult
    let patternGetCharSet: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> FcResult
    let configSubstitute: @convention(c) (OpaquePointer?, OpaquePointer?, FcMatchKind) -> FcBool
    let defaultSubstitute: @convention(c) (OpaquePointer?) -> Void
    let fontMatch: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<FcResult>?) -> OpaquePointer?
    let configAppFontAddFile: @convention(c) (OpaquePointer?, UnsafePointer<FcChar8>?) -> FcBool
    let weightFromOpenType: @convention(c) (Int32) -> Int32
    let charSetCreate: @convention(c) () -> OpaquePointer?
    let charSetDestroy: @convention(c) (OpaquePointer?) -> Void
    let charSetAddChar: @convention(c) (OpaquePointer?, FcChar32) -> FcBool
    let charSetHasChar: @convention(c) (OpaquePointer?, FcChar32) -> FcBool

    /// The process's copy, loaded on first use; nil (said once on stdout) when the library cannot be loaded.
    static var shared: FontconfigLibrary? { try? loaded.get() }
    /// Why it could not be loaded, naming the package to install; nil when it was.
    static var loadError: String? {
        if case .failure(let error) = loaded { return error.reason }
        return nil
    }

    private static let loaded = DynamicLibrary.once(without: "named font families, app fonts and fallback faces for other scripts are unavailable (DejaVu draws)") {
        () throws(DynamicLibrary.LoadError) in try FontconfigLibrary(soname: soname)
    }

    /// Loads `soname` (another name only in tests) and every function above.
    init(soname: String) throws(DynamicLibrary.LoadError) {
        let lib = try DynamicLibrary(soname, package: "libfontconfig1")
        initialize = try lib.function("FcInit")
        patternCreate = try lib.function("FcPatternCreate")
        patternDestroy = try lib.function("FcPatternDestroy")
        patternAddString = try lib.function("FcPatternAddString")
        patternAddBool = try lib.function("FcPatternAddBool")
        patternAddInteger = try lib.function("FcPatternAddInteger")
        patternAddCharSet = try lib.function("FcPatternAddCharSet")
        patternGetString = try lib.function("FcPatternGetString")
        patternGetInteger = try lib.function("FcPatternGetInteger")
        patternGetCharSet = try lib.function("FcPatternGetCharSet")
        configSubstitute = try lib.function("FcConfigSubstitute")
        defaultSubstitute = try lib.function("FcDefaultSubstitute")
        fontMatch = try lib.function("FcFontMatch")
        configAppFontAddFile = try lib.function("FcConfigAppFontAddFile")
        weightFromOpenType = try lib.function("FcWeightFromOpenType")
        charSetCreate = try lib.function("FcCharSetCreate")
        charSetDestroy = try lib.function("FcCharSetDestroy")
        charSetAddChar = try lib.function("FcCharSetAddChar")
        charSetHasChar = try lib.function("FcCharSetHasChar")
    }
}
