import CFriBidi

/// GNU FriBidi, loaded with `dlopen` at the first text that holds a right-to-left character (`BidiLevels`), not
/// by the dynamic loader at start: a panel in left-to-right scripts never maps it. Its headers give the types
/// (`CFriBidi` links nothing; see `DynamicLibrary`).
struct FriBidiLibrary: @unchecked Sendable {
    /// Debian's `libfribidi0` installs it under this soname.
    static let soname = "libfribidi.so.0"

    let getBidiTypes: @convention(c) (UnsafePointer<FriBidiChar>?, FriBidiStrIndex, UnsafeMutablePointer<FriBidiCharType>?) -> Void
    let getBracketTypes: @convention(c) (UnsafePointer<FriBidiChar>?, FriBidiStrIndex, UnsafePointer<FriBidiCharType>?,
                                         UnsafeMutablePointer<FriBidiBracketType>?) -> Void
    let getParEmbeddingLevels: @convention(c) (UnsafePointer<FriBidiCharType>?, UnsafePointer<FriBidiBracketType>?, FriBidiStrIndex,
                                               UnsafeMutablePointer<FriBidiParType>?, UnsafeMutablePointer<FriBidiLevel>?) -> FriBidiLevel
    let getParDirection: @convention(c) (UnsafePointer<FriBidiCharType>?, FriBidiStrIndex) -> FriBidiParType

    /// The process's copy, loaded on first use; nil (said once on stdout) when the library cannot be loaded.
    static var shared: FriBidiLibrary? { try? loaded.get() }
    private static let loaded = DynamicLibrary.once(without: "right-to-left text is drawn left to right") {
        () throws(DynamicLibrary.LoadError) in try FriBidiLibrary(soname: soname)
    }

    /// Loads `soname` (another name only in tests) and every function above.
    init(soname: String) throws(DynamicLibrary.LoadError) {
        let lib = try DynamicLibrary(soname, package: "libfribidi0")
        getBidiTypes = try lib.function("fribidi_get_bidi_types")
        getBracketTypes = try lib.function("fribidi_get_bracket_types")
        getParEmbeddingLevels = try lib.function("fribidi_get_par_embedding_levels_ex")
        getParDirection = try lib.function("fribidi_get_par_direction")
    }
}
