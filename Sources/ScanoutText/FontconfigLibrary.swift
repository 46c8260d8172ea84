import CFontconfig
import Glibc

/// fontconfig, loaded with `dlopen` at its first use — a named family, an app's font registered, a fallback face
/// for a script DejaVu lacks — not by the dynamic loader at start: the core DejaVu faces come straight from their
/// files (`TextEngine`), so a panel in a Latin script never maps fontconfig or expat (measured: ~0.2 MB of
/// resident pages, two libraries' loading and relocation before the first frame). Its headers still give the
/// types (`CFontconfig` links nothing); the functions are looked up by name with the headers' own signatures.
/// Loaded once for the process and never closed.
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

    struct LoadError: Error { var reason: String }

    private static let loaded: Result<FontconfigLibrary, LoadError> = {
        do throws(LoadError) {
            return .success(try FontconfigLibrary(soname: soname))
        } catch {
            print("scanout: \(error.reason); named font families, app fonts and fallback faces for other scripts are unavailable (DejaVu draws)")
            return .failure(error)
        }
    }()

    /// Loads `soname` (another name only in tests) and every function above.
    init(soname: String) throws(LoadError) {
        guard let h = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "not found"
            throw LoadError(reason: "cannot load \(soname) (\(why)): install libfontconfig1")
        }
        func f<F>(_ name: String) throws(LoadError) -> F {
            guard let p = dlsym(h, name) else { throw LoadError(reason: "\(soname) has no \(name) (an older fontconfig than Scanout was built with?)") }
            return unsafeBitCast(p, to: F.self)
        }
        initialize = try f("FcInit")
        patternCreate = try f("FcPatternCreate")
        patternDestroy = try f("FcPatternDestroy")
        patternAddString = try f("FcPatternAddString")
        patternAddBool = try f("FcPatternAddBool")
        patternAddInteger = try f("FcPatternAddInteger")
        patternAddCharSet = try f("FcPatternAddCharSet")
        patternGetString = try f("FcPatternGetString")
        patternGetInteger = try f("FcPatternGetInteger")
        patternGetCharSet = try f("FcPatternGetCharSet")
        configSubstitute = try f("FcConfigSubstitute")
        defaultSubstitute = try f("FcDefaultSubstitute")
        fontMatch = try f("FcFontMatch")
        configAppFontAddFile = try f("FcConfigAppFontAddFile")
        weightFromOpenType = try f("FcWeightFromOpenType")
        charSetCreate = try f("FcCharSetCreate")
        charSetDestroy = try f("FcCharSetDestroy")
        charSetAddChar = try f("FcCharSetAddChar")
        charSetHasChar = try f("FcCharSetHasChar")
    }
}
