import Glibc
import ScanoutRaster

/// The desktop simulator: the panel in a window on a developer's Linux desktop (X11, or Wayland through SDL),
/// through SDL2 loaded at run time (`SDLLibrary`), so board binaries neither link nor need it. The window
/// shows the panel's pixels — the board profile's mode (else its headless size), its rotation and scale —
/// zoomed by `--zoom` for small panels on large screens. The mouse is a finger, the keyboard a board's
/// keyboard (`WindowInput`); closing the window ends the app with exit status 0.
///
/// | capability      | window display                                                                        |
/// |-----------------|---------------------------------------------------------------------------------------|
/// | size            | `mode` (board profile, `--mode`), else `headless-size` (`--size`); times `--zoom`       |
/// | buffers         | 2 in memory, as headless; a present copies the frame into an SDL streaming texture     |
/// | flips           | complete at once (the loop's next iteration); the frame scheduler paces to the mode's  |
/// |                 | refresh rate (default 60 Hz) with its timer                                            |
/// | formats         | XRGB8888, RGB565 (SDL converts for the desktop)                                        |
/// | rotation, scale | by the app's `DisplayTransform` copy, as on a board: the window is the panel           |
/// | zoom            | nearest-neighbour at whole factors (pixels stay sharp), linear otherwise                |
/// | events          | SDL's events are read when the display connection's descriptor (X11, Wayland) is       |
/// |                 | readable and after each present: an idle app has no wake-ups. Where SDL gives no       |
/// |                 | descriptor, a 60 Hz timer polls while the window is open                               |
/// | blanking        | the window shows black while blanked                                                   |
@MainActor
public final class WindowDisplay: Display {
    public private(set) var name = "window"
    public let mode: DisplayMode
    public let format: PixelFormat
    public let flipsWaitForVBlank = false
    public var onFlip: (@MainActor (MonotonicTime) -> Void)?
    /// One-line notes for the app's log (the window closed).
    public var onStatus: (@MainActor (String) -> Void)?
    /// The window's mouse and keyboard.
    public let input: WindowInput
    /// Window pixels per panel pixel.
    public let zoom: Double
    /// How SDL's events are noticed ("X11 connection fd 5", or the polling timer).
    public private(set) var eventSource = ""

    private let sdl: SDLLibrary
    private var window: OpaquePointer?
    private var renderer: OpaquePointer?
    private var texture: OpaquePointer?
    private let buffers: [PixelBuffer]
    private var ring = BufferRing(count: 2)
    private weak var loop: MainLoop?
    private var source: LoopSource?
    private var pollTimer: LoopTimer?
    private var hasPendingFlip = false
    private var isBlanked = false
    private var isReleased = false
    /// One SDL_Event (56 bytes), reused for every poll.
    nonisolated(unsafe) private let event = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)

    /// Opens the window for `options` (size, rotation, scale, calibration, zoom, format) on the desktop in
    /// `$DISPLAY` or `$WAYLAND_DISPLAY`. Errors say what is missing: SDL's library, or a desktop to show on.
    public static func open(options: PlatformOptions, loop: MainLoop) throws(PlatformError) -> WindowDisplay {
        let sdl = try SDLLibrary()
        // The title names the app and the board it simulates ("HelloPanel — Raspberry Pi 4 (HDMI)").
        let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "Scanout"
        let board = options.board.map { $0.name ?? $0.path }
        return try WindowDisplay(sdl: sdl, options: options, title: board.map { "\(program) — \($0)" } ?? program, loop: loop)
    }

    /// One line for the app's log: what the window shows and how.
    public var summary: String {
        "\(name) \(mode) \(format), zoom \(zoom), SDL \(sdl.version) renderer \(rendererName), events: \(eventSource)"
    }

    private init(sdl: SDLLibrary, options: PlatformOptions, title: String, loop: MainLoop) throws(PlatformError) {
        self.sdl = sdl
        self.loop = loop
        let width = options.mode?.width ?? options.headlessWidth
        let height = options.mode?.height ?? options.headlessHeight
        mode = DisplayMode(width: width, height: height, refreshRate: options.mode?.refreshRate ?? 60)
        format = options.format
        zoom = options.windowZoom
        buffers = (0..<2).map { _ in PixelBuffer(width: width, height: height, format: options.format) }
        let transform = DisplayTransform(panelWidth: width, panelHeight: height, rotation: options.rotation,
                                         calibration: options.calibration, scale: options.scale)
        input = WindowInput(pointer: WindowPointer(panelWidth: width, panelHeight: height, zoom: zoom), transform: transform)
        var ok = false
        defer { if !ok { release() } }

        // SIGINT/SIGTERM stay the main loop's (signalfd): SDL must not turn them into quit events of its own.
        _ = sdl.setHint("SDL_NO_SIGNAL_HANDLERS", "1")
        func noDesktop(_ why: String) -> PlatformError {
            PlatformError.unsupported(device: "the window backend", detail: "SDL \(sdl.version) cannot reach a desktop "
                + "(\(why)). Run it in a desktop session ($DISPLAY for X11, or $WAYLAND_DISPLAY, must be set; over ssh use "
                + "`ssh -X`), under Xvfb (`xvfb-run -a <app> --backend window`), or use --backend headless")
        }
        guard sdl.initialize(SDL.initVideo) == 0 else { throw noDesktop(sdl.lastError) }
        // Without a desktop SDL falls back to drivers that show nothing (offscreen) or take the console
        // (kmsdrm): a simulator window is X11's or Wayland's, unless SDL_VIDEODRIVER asks for another.
        let driver = sdl.videoDriver
        guard driver == "x11" || driver == "wayland" || getenv("SDL_VIDEODRIVER") != nil else {
            sdl.quit()
            func value(_ name: String) -> String { getenv(name).map { "\"\(String(cString: $0))\"" } ?? "unset" }
            throw noDesktop("neither $DISPLAY (\(value("DISPLAY"))) nor $WAYLAND_DISPLAY (\(value("WAYLAND_DISPLAY"))) "
                + "reaches one; SDL chose its \(driver) driver")
        }
        name = "window (\(driver))"
        // Whole zoom factors keep pixels sharp; others are smoothed. Read when the texture is made.
        _ = sdl.setHint("SDL_RENDER_SCALE_QUALITY", zoom == zoom.rounded() ? "nearest" : "linear")
        let windowWidth = Int32(max(1, (Double(width) * zoom).rounded()))
        let windowHeight = Int32(max(1, (Double(height) * zoom).rounded()))
        window = title.withCString {
            sdl.createWindow($0, SDL.windowPositionCentered, SDL.windowPositionCentered, windowWidth, windowHeight, SDL.windowShown)
        }
        guard let window else { throw sdlFailure("SDL_CreateWindow \(windowWidth)x\(windowHeight)") }
        // Any renderer SDL has (accelerated where there is one, else its software renderer): the texture is
        // copied unchanged at zoom 1, so both show the panel's exact pixels.
        renderer = sdl.createRenderer(window, -1, 0) ?? sdl.createRenderer(window, -1, SDL.rendererSoftware)
        guard let renderer else { throw sdlFailure("SDL_CreateRenderer") }
        let textureFormat: SDL.PixelFormatKind
        switch options.format {
        case .xrgb8888: textureFormat = .xrgb8888
        case .argb8888: textureFormat = .argb8888
        case .rgb565: textureFormat = .rgb565
        }
        texture = sdl.createTexture(renderer, SDL.pixelFormat(textureFormat), SDL.textureAccessStreaming, Int32(width), Int32(height))
        guard texture != nil else { throw sdlFailure("SDL_CreateTexture \(width)x\(height)") }
        // Keys go through the app's keymap; SDL's text input (an input method) is not needed.
        sdl.stopTextInput()
        try watchEvents(loop: loop)
        input.announce(InputDevice(name: "window pointer and keyboard", sysname: "window", capabilities: [.pointer, .keyboard],
                                   size: nil, touchCount: 0, hasLetterKeys: true))
        ok = true
        pump()
    }

    deinit { event.deallocate() }

    private func sdlFailure(_ call: String) -> PlatformError {
        PlatformError.unsupported(device: "the window backend", detail: "\(call) failed: \(sdl.lastError)")
    }

    /// The renderer SDL chose ("software", "opengl", ...), for the log.
    public var rendererName: String {
        guard let renderer else { return "none" }
        let info = UnsafeMutableRawPointer.allocate(byteCount: SDL.rendererInfoSize, alignment: 8)
        defer { info.deallocate() }
        guard sdl.getRendererInfo(renderer, info) == 0,
              let name = info.load(as: UnsafePointer<CChar>?.self) else { return "unknown" }
        return String(cString: name)
    }

    // MARK: Events

    /// Watches the display connection SDL reads its events from (X11 or Wayland), so events wake the loop and
    /// nothing else does; without one, polls at 60 Hz.
    private func watchEvents(loop: MainLoop) throws(PlatformError) {
        if let (fd, what) = connectionDescriptor() {
            source = try loop.watch(fd: fd, name: what) { [unowned self] in self.pump() }
            eventSource = "\(what) fd \(fd)"
            return
        }
        let timer = try loop.makeTimer(name: "window event polling") { [unowned self] in self.pump() }
        try timer.scheduleRepeating(every: .milliseconds(16))
        pollTimer = timer
        eventSource = "polled at 60 Hz (no display connection descriptor from SDL)"
    }

    /// The X11 or Wayland connection's descriptor, through SDL_GetWindowWMInfo and the display library SDL
    /// itself loaded (looked up with RTLD_NOLOAD: never loaded here).
    private func connectionDescriptor() -> (Int32, String)? {
        guard let window else { return nil }
        let info = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 8)
        defer { info.deallocate() }
        info.initializeMemory(as: UInt8.self, repeating: 0, count: 128)
        sdl.getVersion(info)  // SDL_VERSION(&info.version): the fields this SDL knows are filled in
        guard sdl.getWindowWMInfo(window, info) != 0,
              let connection = info.load(fromByteOffset: SDL.wmInfoDisplayOffset, as: UnsafeMutableRawPointer?.self) else { return nil }
        typealias GetFD = @convention(c) (UnsafeMutableRawPointer) -> Int32
        let library: String, function: String, what: String
        switch info.load(fromByteOffset: SDL.wmInfoSubsystemOffset, as: Int32.self) {
        case SDL.subsystemX11: (library, function, what) = ("libX11.so.6", "XConnectionNumber", "X11 connection")
        case SDL.subsystemWayland: (library, function, what) = ("libwayland-client.so.0", "wl_display_get_fd", "Wayland connection")
        default: return nil
        }
        guard let handle = dlopen(library, RTLD_NOW | RTLD_NOLOAD) else { return nil }
        defer { dlclose(handle) }  // drops only the reference RTLD_NOLOAD took
        guard let symbol = dlsym(handle, function) else { return nil }
        let fd = unsafeBitCast(symbol, to: GetFD.self)(connection)
        return fd >= 0 ? (fd, what) : nil
    }

    /// Reads every event SDL has: the pointer and keys into `input`, exposure repaints, closing stops the loop.
    private func pump() {
        guard window != nil else { return }
        while sdl.pollEvent(event) != 0 {
            switch event.load(as: UInt32.self) {
            case SDL.EventType.quit:
                closeRequested()
            case SDL.EventType.window:
                switch event.load(fromByteOffset: 12, as: UInt8.self) {
                case SDL.WindowEvent.exposed: show()
                case SDL.WindowEvent.focusLost: input.cancelTouches()
                case SDL.WindowEvent.close: closeRequested()
                default: break
                }
            case SDL.EventType.mouseButtonDown, SDL.EventType.mouseButtonUp:
                guard event.load(fromByteOffset: 16, as: UInt8.self) == SDL.buttonLeft else { break }
                let x = Int(event.load(fromByteOffset: 20, as: Int32.self)), y = Int(event.load(fromByteOffset: 24, as: Int32.self))
                if event.load(as: UInt32.self) == SDL.EventType.mouseButtonDown {
                    input.buttonDown(windowX: x, y: y, secondFinger: sdl.getModState() & SDL.modifierControl != 0)
                } else {
                    input.buttonUp(windowX: x, y: y)
                }
            case SDL.EventType.mouseMotion:
                input.moved(windowX: Int(event.load(fromByteOffset: 20, as: Int32.self)),
                            y: Int(event.load(fromByteOffset: 24, as: Int32.self)))
            case SDL.EventType.keyDown, SDL.EventType.keyUp:
                guard event.load(fromByteOffset: 13, as: UInt8.self) == 0 else { break }  // SDL's key repeat
                input.key(scancode: event.load(fromByteOffset: 16, as: Int32.self),
                          isPressed: event.load(as: UInt32.self) == SDL.EventType.keyDown)
            default:
                break
            }
        }
    }

    /// The window's close button (or the window manager's close): the app ends as after SIGTERM, status 0.
    private func closeRequested() {
        guard let loop, !loop.isStopping else { return }
        onStatus?("window closed: exiting")
        loop.stop()
    }

    // MARK: Frames

    public func beginFrame() throws(PlatformError) -> DisplayFrame {
        let (index, age) = try ring.begin(display: name)
        return DisplayFrame(buffer: buffers[index], age: age, index: index)
    }

    public func present() throws(PlatformError) {
        let index = try ring.commit(display: name)
        if let texture {
            let buffer = buffers[index]
            if sdl.updateTexture(texture, nil, buffer.baseAddress, Int32(buffer.stride)) != 0 {
                ring.commitFailed()
                throw sdlFailure("SDL_UpdateTexture")
            }
        }
        show()
        hasPendingFlip = true
        // Showing may have read events off the connection into SDL's queue (an X11 round trip): read them
        // now, since the descriptor will not say so.
        loop?.post { [weak self] in
            self?.completeFlip()
            self?.pump()
        }
    }

    /// The last presented frame (or black while blanked) to the window, zoomed.
    private func show() {
        guard let renderer, let texture else { return }
        _ = sdl.setRenderDrawColor(renderer, 0, 0, 0, 255)
        _ = sdl.renderClear(renderer)
        if !isBlanked && ring.presents > 0 { _ = sdl.renderCopy(renderer, texture, nil, nil) }
        sdl.renderPresent(renderer)
    }

    private func completeFlip() {
        guard hasPendingFlip else { return }
        hasPendingFlip = false
        ring.flipped()
        onFlip?(.now())
    }

    public func setBlanked(_ blanked: Bool) {
        guard blanked != isBlanked else { return }
        isBlanked = blanked
        show()
    }

    public func close() {
        onFlip = nil
        hasPendingFlip = false
        release()
    }

    private func release() {
        guard !isReleased else { return }
        isReleased = true
        source?.cancel()
        source = nil
        pollTimer?.close()
        pollTimer = nil
        input.close()
        if let texture { sdl.destroyTexture(texture) }
        if let renderer { sdl.destroyRenderer(renderer) }
        if let window { sdl.destroyWindow(window) }
        texture = nil
        renderer = nil
        window = nil
        sdl.quit()
    }
}
