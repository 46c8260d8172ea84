import Glibc

/// SDL2, loaded at run time with `dlopen` only when the window backend is chosen: a board binary neither links
/// it nor needs its headers to build (`readelf -d` on an app shows no libSDL2). The few functions the window
/// backend calls are looked up by name and called through C function pointers whose types are declared here
/// from SDL2's headers (SDL 2.0.x's ABI, stable across the 2.x series). Once loaded the library stays
/// loaded for the process (`SDL_Quit` ends its use; it may have started threads of its own): no `dlclose`.
@MainActor
final class SDLLibrary {
    /// Debian's `libsdl2-2.0-0` installs it under this soname.
    static let soname = "libSDL2-2.0.so.0"

    // Pointers are `OpaquePointer` (SDL_Window*, SDL_Renderer*, SDL_Texture*) or raw (structs read by offset).
    typealias InitFunction = @convention(c) (UInt32) -> Int32
    typealias GetErrorFunction = @convention(c) () -> UnsafePointer<CChar>?
    typealias GetStringFunction = @convention(c) () -> UnsafePointer<CChar>?
    typealias SetHintFunction = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32
    typealias CreateWindowFunction = @convention(c) (UnsafePointer<CChar>, Int32, Int32, Int32, Int32, UInt32) -> OpaquePointer?
    typealias CreateRendererFunction = @convention(c) (OpaquePointer, Int32, UInt32) -> OpaquePointer?
    typealias CreateTextureFunction = @convention(c) (OpaquePointer, UInt32, Int32, Int32, Int32) -> OpaquePointer?
    typealias UpdateTextureFunction = @convention(c) (OpaquePointer, UnsafeRawPointer?, UnsafeRawPointer, Int32) -> Int32
    typealias SetDrawColorFunction = @convention(c) (OpaquePointer, UInt8, UInt8, UInt8, UInt8) -> Int32
    typealias RendererFunction = @convention(c) (OpaquePointer) -> Int32
    typealias RenderCopyFunction = @convention(c) (OpaquePointer, OpaquePointer, UnsafeRawPointer?, UnsafeRawPointer?) -> Int32
    typealias DestroyFunction = @convention(c) (OpaquePointer) -> Void
    typealias VoidFunction = @convention(c) () -> Void
    typealias PollEventFunction = @convention(c) (UnsafeMutableRawPointer) -> Int32
    typealias GetModStateFunction = @convention(c) () -> UInt32
    typealias GetVersionFunction = @convention(c) (UnsafeMutableRawPointer) -> Void
    typealias GetWindowWMInfoFunction = @convention(c) (OpaquePointer, UnsafeMutableRawPointer) -> Int32
    typealias GetRendererInfoFunction = @convention(c) (OpaquePointer, UnsafeMutableRawPointer) -> Int32
    typealias SetTitleFunction = @convention(c) (OpaquePointer, UnsafePointer<CChar>) -> Void

    let initialize: InitFunction
    let getError: GetErrorFunction
    let getCurrentVideoDriver: GetStringFunction
    let setHint: SetHintFunction
    let createWindow: CreateWindowFunction
    let createRenderer: CreateRendererFunction
    let createTexture: CreateTextureFunction
    let updateTexture: UpdateTextureFunction
    let setRenderDrawColor: SetDrawColorFunction
    let renderClear: RendererFunction
    let renderCopy: RenderCopyFunction
    let renderPresent: DestroyFunction
    let destroyTexture: DestroyFunction
    let destroyRenderer: DestroyFunction
    let destroyWindow: DestroyFunction
    let pollEvent: PollEventFunction
    let getModState: GetModStateFunction
    let stopTextInput: VoidFunction
    let getVersion: GetVersionFunction
    let getWindowWMInfo: GetWindowWMInfoFunction
    let getRendererInfo: GetRendererInfoFunction
    let quit: VoidFunction
    private let handle: UnsafeMutableRawPointer

    /// Loads the library (`soname`: another name only in tests) and every function above; the error says
    /// what to install.
    init(soname: String = SDLLibrary.soname) throws(PlatformError) {
        guard let h = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "not found"
            throw PlatformError.unsupported(device: "the window backend", detail: "cannot load \(soname) (\(why)). "
                + "Install SDL2's runtime library: `apt install libsdl2-2.0-0` (Debian, Ubuntu, Raspberry Pi OS), "
                + "or run with --backend headless")
        }
        handle = h
        func symbol<F>(_ name: String, as type: F.Type) throws(PlatformError) -> F {
            guard let p = dlsym(h, name) else {
                throw PlatformError.unsupported(device: "the window backend",
                                                detail: "\(soname) has no \(name): is it SDL 2?")
            }
            return unsafeBitCast(p, to: type)
        }
        do throws(PlatformError) {
            initialize = try symbol("SDL_Init", as: InitFunction.self)
            getError = try symbol("SDL_GetError", as: GetErrorFunction.self)
            getCurrentVideoDriver = try symbol("SDL_GetCurrentVideoDriver", as: GetStringFunction.self)
            setHint = try symbol("SDL_SetHint", as: SetHintFunction.self)
            createWindow = try symbol("SDL_CreateWindow", as: CreateWindowFunction.self)
            createRenderer = try symbol("SDL_CreateRenderer", as: CreateRendererFunction.self)
            createTexture = try symbol("SDL_CreateTexture", as: CreateTextureFunction.self)
            updateTexture = try symbol("SDL_UpdateTexture", as: UpdateTextureFunction.self)
            setRenderDrawColor = try symbol("SDL_SetRenderDrawColor", as: SetDrawColorFunction.self)
            renderClear = try symbol("SDL_RenderClear", as: RendererFunction.self)
            renderCopy = try symbol("SDL_RenderCopy", as: RenderCopyFunction.self)
            renderPresent = try symbol("SDL_RenderPresent", as: DestroyFunction.self)
            destroyTexture = try symbol("SDL_DestroyTexture", as: DestroyFunction.self)
            destroyRenderer = try symbol("SDL_DestroyRenderer", as: DestroyFunction.self)
            destroyWindow = try symbol("SDL_DestroyWindow", as: DestroyFunction.self)
            pollEvent = try symbol("SDL_PollEvent", as: PollEventFunction.self)
            getModState = try symbol("SDL_GetModState", as: GetModStateFunction.self)
            stopTextInput = try symbol("SDL_StopTextInput", as: VoidFunction.self)
            getVersion = try symbol("SDL_GetVersion", as: GetVersionFunction.self)
            getWindowWMInfo = try symbol("SDL_GetWindowWMInfo", as: GetWindowWMInfoFunction.self)
            getRendererInfo = try symbol("SDL_GetRendererInfo", as: GetRendererInfoFunction.self)
            quit = try symbol("SDL_Quit", as: VoidFunction.self)
        } catch {
            dlclose(h)
            throw error
        }
    }

    /// SDL's message for the last failure.
    var lastError: String { getError().map { String(cString: $0) } ?? "unknown error" }

    /// The video driver SDL_Init chose ("x11", "wayland", "offscreen", ...).
    var videoDriver: String { getCurrentVideoDriver().map { String(cString: $0) } ?? "none" }

    /// The running library's version ("2.26.5").
    var version: String {
        var v: (UInt8, UInt8, UInt8) = (0, 0, 0)  // SDL_version: major, minor, patch
        withUnsafeMutableBytes(of: &v) { getVersion($0.baseAddress!) }
        return "\(v.0).\(v.1).\(v.2)"
    }
}

/// SDL2's constants and struct layouts the window backend uses (SDL.h, SDL_video.h, SDL_render.h,
/// SDL_pixels.h, SDL_events.h, SDL_syswm.h of SDL 2.0.x; x86_64 and aarch64 alike).
enum SDL {
    static let initVideo: UInt32 = 0x20                 // SDL_INIT_VIDEO
    static let windowPositionCentered: Int32 = 0x2FFF_0000  // SDL_WINDOWPOS_CENTERED
    static let windowShown: UInt32 = 0x4                // SDL_WINDOW_SHOWN
    static let textureAccessStreaming: Int32 = 1        // SDL_TEXTUREACCESS_STREAMING
    static let rendererSoftware: UInt32 = 0x1           // SDL_RENDERER_SOFTWARE

    /// SDL_PIXELFORMAT_*: SDL's RGB888 is XRGB8888 (32-bit words, red at bit 16), as Scanout's.
    static func pixelFormat(_ format: PixelFormatKind) -> UInt32 {
        switch format {
        case .xrgb8888: return 0x1616_1804  // SDL_PIXELFORMAT_RGB888 (= XRGB8888)
        case .argb8888: return 0x1636_2004  // SDL_PIXELFORMAT_ARGB8888
        case .rgb565: return 0x1515_1002    // SDL_PIXELFORMAT_RGB565
        }
    }

    enum PixelFormatKind { case xrgb8888, argb8888, rgb565 }

    /// `SDL_Event` is a union of 56 bytes; every member starts with `Uint32 type` at 0 and `Uint32 timestamp`
    /// at 4. The members read here, by byte offset:
    ///
    /// | member (type values)                     | offset: field                                              |
    /// |------------------------------------------|------------------------------------------------------------|
    /// | SDL_QuitEvent (0x100)                    | —                                                          |
    /// | SDL_WindowEvent (0x200)                  | 8: Uint32 windowID, 12: Uint8 event, 16: Sint32 data1, 20: data2 |
    /// | SDL_KeyboardEvent (0x300 down, 0x301 up) | 8: windowID, 12: Uint8 state, 13: Uint8 repeat, 16: SDL_Keysym { 16: Sint32 scancode, 20: Sint32 sym, 24: Uint16 mod } |
    /// | SDL_MouseMotionEvent (0x400)             | 8: windowID, 12: Uint32 which, 16: Uint32 state, 20: Sint32 x, 24: Sint32 y |
    /// | SDL_MouseButtonEvent (0x401 down, 0x402 up) | 8: windowID, 12: Uint32 which, 16: Uint8 button, 17: Uint8 state, 18: Uint8 clicks, 20: Sint32 x, 24: Sint32 y |
    static let eventSize = 56
    enum EventType {
        static let quit: UInt32 = 0x100
        static let window: UInt32 = 0x200
        static let keyDown: UInt32 = 0x300
        static let keyUp: UInt32 = 0x301
        static let mouseMotion: UInt32 = 0x400
        static let mouseButtonDown: UInt32 = 0x401
        static let mouseButtonUp: UInt32 = 0x402
    }
    /// SDL_WindowEventID values (the byte at offset 12 of a window event).
    enum WindowEvent {
        static let exposed: UInt8 = 3
        static let focusLost: UInt8 = 13
        static let close: UInt8 = 14
    }
    static let buttonLeft: UInt8 = 1                    // SDL_BUTTON_LEFT
    static let modifierControl: UInt32 = 0x0040 | 0x0080  // KMOD_LCTRL | KMOD_RCTRL

    /// `SDL_SysWMinfo`: SDL_version (3 bytes) at 0, `SDL_SYSWM_TYPE subsystem` (int) at 4, then the union
    /// `info` at 8 (64 bytes at most), whose first member is the display connection for X11 (`Display *`)
    /// and Wayland (`struct wl_display *`).
    static let wmInfoSize = 4 + 4 + 64
    static let wmInfoSubsystemOffset = 4
    static let wmInfoDisplayOffset = 8
    static let subsystemX11: Int32 = 2                  // SDL_SYSWM_X11
    static let subsystemWayland: Int32 = 6              // SDL_SYSWM_WAYLAND

    /// `SDL_RendererInfo`: `const char *name` at 0 (the rest is not read).
    static let rendererInfoSize = 88
}
