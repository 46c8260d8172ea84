import Glibc

/// A C library opened with `dlopen` at its first use instead of by the dynamic loader at start (fontconfig,
/// FriBidi, libthai: a panel that never needs them never maps them), its functions looked up by name and
/// called through pointers typed like the header's declarations. Opened once for the process, never closed.
struct DynamicLibrary {
    /// Why a library or one of its functions could not be loaded, naming the package to install.
    struct LoadError: Error { var reason: String }

    let soname: String
    private let handle: UnsafeMutableRawPointer

    /// Opens `soname`; the error names `package` (the Debian package that installs it).
    init(_ soname: String, package: String) throws(LoadError) {
        guard let h = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "not found"
            throw LoadError(reason: "cannot load \(soname) (\(why)): install \(package)")
        }
        self.soname = soname
        handle = h
    }

    /// The function `name`, as the C function pointer type `F` (which must match its declaration).
    func function<F>(_ name: String) throws(LoadError) -> F {
        guard let p = dlsym(handle, name) else {
            throw LoadError(reason: "\(soname) has no \(name) (an older version than Scanout was built with?)")
        }
        return unsafeBitCast(p, to: F.self)
    }

    /// `load()`'s result, made once by the caller's `static let`; a failure is said once on stdout with what
    /// the app does without the library (`without`).
    static func once<L>(without: String, _ load: () throws(LoadError) -> L) -> Result<L, LoadError> {
        do throws(LoadError) {
            return .success(try load())
        } catch {
            print("scanout: \(error.reason); \(without)")
            return .failure(error)
        }
    }
}
