import CXKBCommon
import Glibc

/// libxkbcommon, loaded with `dlopen` when the first hardware keyboard appears (`XKBKeymap`), not by the
/// dynamic loader at start: a panel without a keyboard never maps it (measured: ~0.1 MB of resident pages and
/// a library's loading and relocation before the first frame). Its headers still give the types (`CXKBCommon`
/// links nothing); the functions `XKBKeymap` calls are looked up by name, with the headers' own signatures.
/// Loaded once for the process and never closed.
struct XKBLibrary: @unchecked Sendable {
    /// Debian's `libxkbcommon0` installs it under this soname.
    static let soname = "libxkbcommon.so.0"

    let contextNew: @convention(c) (xkb_context_flags) -> OpaquePointer?
    let contextUnref: @convention(c) (OpaquePointer?) -> Void
    let keymapNewFromNames: @convention(c) (OpaquePointer?, UnsafePointer<xkb_rule_names>?, xkb_keymap_compile_flags) -> OpaquePointer?
    let keymapUnref: @convention(c) (OpaquePointer?) -> Void
    let keymapKeyRepeats: @convention(c) (OpaquePointer?, xkb_keycode_t) -> Int32
    let stateNew: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let stateUnref: @convention(c) (OpaquePointer?) -> Void
    let stateModNameIsActive: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, xkb_state_component) -> Int32
    let stateKeyGetOneSym: @convention(c) (OpaquePointer?, xkb_keycode_t) -> xkb_keysym_t
    let stateKeyGetUTF8: @convention(c) (OpaquePointer?, xkb_keycode_t, UnsafeMutablePointer<CChar>?, Int) -> Int32
    let stateUpdateKey: @convention(c) (OpaquePointer?, xkb_keycode_t, xkb_key_direction) -> xkb_state_component
    let keysymToUTF32: @convention(c) (xkb_keysym_t) -> UInt32
    let composeTableNewFromLocale: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, xkb_compose_compile_flags) -> OpaquePointer?
    let composeTableUnref: @convention(c) (OpaquePointer?) -> Void
    let composeStateNew: @convention(c) (OpaquePointer?, xkb_compose_state_flags) -> OpaquePointer?
    let composeStateUnref: @convention(c) (OpaquePointer?) -> Void
    let composeStateFeed: @convention(c) (OpaquePointer?, xkb_keysym_t) -> xkb_compose_feed_result
    let composeStateReset: @convention(c) (OpaquePointer?) -> Void
    let composeStateGetStatus: @convention(c) (OpaquePointer?) -> xkb_compose_status
    let composeStateGetUTF8: @convention(c) (OpaquePointer?, UnsafeMutablePointer<CChar>?, Int) -> Int32

    /// The process's copy, loaded on first use; the error names the package to install.
    static func shared() throws(PlatformError) -> XKBLibrary { try loaded.get() }
    private static let loaded: Result<XKBLibrary, PlatformError> = {
        do throws(PlatformError) { return .success(try XKBLibrary(soname: soname)) } catch { return .failure(error) }
    }()

    /// Loads `soname` (another name only in tests) and every function above.
    init(soname: String) throws(PlatformError) {
        guard let h = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "not found"
            throw .input(detail: "cannot load \(soname) (\(why)) for the hardware keyboard's keymap: install libxkbcommon0 (and xkb-data)")
        }
        func f<F>(_ name: String) throws(PlatformError) -> F {
            guard let p = dlsym(h, name) else { throw .input(detail: "\(soname) has no \(name): libxkbcommon older than 0.5?") }
            return unsafeBitCast(p, to: F.self)
        }
        contextNew = try f("xkb_context_new")
        contextUnref = try f("xkb_context_unref")
        keymapNewFromNames = try f("xkb_keymap_new_from_names")
        keymapUnref = try f("xkb_keymap_unref")
        keymapKeyRepeats = try f("xkb_keymap_key_repeats")
        stateNew = try f("xkb_state_new")
        stateUnref = try f("xkb_state_unref")
        stateModNameIsActive = try f("xkb_state_mod_name_is_active")
        stateKeyGetOneSym = try f("xkb_state_key_get_one_sym")
        stateKeyGetUTF8 = try f("xkb_state_key_get_utf8")
        stateUpdateKey = try f("xkb_state_update_key")
        keysymToUTF32 = try f("xkb_keysym_to_utf32")
        composeTableNewFromLocale = try f("xkb_compose_table_new_from_locale")
        composeTableUnref = try f("xkb_compose_table_unref")
        composeStateNew = try f("xkb_compose_state_new")
        composeStateUnref = try f("xkb_compose_state_unref")
        composeStateFeed = try f("xkb_compose_state_feed")
        composeStateReset = try f("xkb_compose_state_reset")
        composeStateGetStatus = try f("xkb_compose_state_get_status")
        composeStateGetUTF8 = try f("xkb_compose_state_get_utf8")
    }
}
