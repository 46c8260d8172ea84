import CThai

/// libthai, loaded with `dlopen` at the first text that holds Thai (`ThaiWordBreaks`), not by the dynamic loader
/// at start: a panel in other scripts never maps it or libdatrie. Its headers give the types (`CThai` links
/// nothing; see `DynamicLibrary`).
struct ThaiLibrary: @unchecked Sendable {
    /// Debian's `libthai0` installs it under this soname.
    static let soname = "libthai.so.0"

    let breakerNew: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    let findBreaks: @convention(c) (OpaquePointer?, UnsafePointer<thwchar_t>?, UnsafeMutablePointer<Int32>?, Int) -> Int32

    /// The process's copy, loaded on first use; nil (said once on stdout) when the library cannot be loaded.
    static var shared: ThaiLibrary? { try? loaded.get() }
    private static let loaded = DynamicLibrary.once(without: "Thai lines break only at spaces") {
        () throws(DynamicLibrary.LoadError) in try ThaiLibrary(soname: soname)
    }

    /// Loads `soname` (another name only in tests) and every function above.
    init(soname: String) throws(DynamicLibrary.LoadError) {
        let lib = try DynamicLibrary(soname, package: "libthai0")
        breakerNew = try lib.function("th_brk_new")
        findBreaks = try lib.function("th_brk_wc_find_breaks")
    }
}
