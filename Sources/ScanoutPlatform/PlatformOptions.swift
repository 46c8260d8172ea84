import Glibc
import ScanoutRaster

/// The ways to reach a display.
public enum BackendKind: String, Sendable, CaseIterable {
    case drm
    case fbdev
    case headless
    /// The desktop simulator: a window on X11 or Wayland through SDL2, loaded only when chosen (`WindowDisplay`).
    case window
}

/// Light or dark: the colour scheme a board's panel shows its app in (the UI layer's `ColorScheme`); `auto`
/// follows the board's ambient light sensor (`AutoAppearance`), light without one.
public enum PanelAppearance: String, Sendable, CaseIterable {
    case light
    case dark
    case auto
}

/// When the on-screen keyboard shows: with a focused field unless a hardware keyboard is attached (auto),
/// always, or never (a board with a keyboard, or an app with its own keypad).
public enum OnScreenKeyboardSetting: String, Sendable, CaseIterable {
    case auto
    case always
    case never
}

/// What every Scanout app binary accepts, from the command line, the environment and a board profile.
/// Precedence: a flag > its environment variable > the board profile (`--board`, `SCANOUT_BOARD`) > the default.
public struct PlatformOptions: Sendable, Equatable {
    /// nil: automatic (DRM when a card exists, else headless with a notice).
    public var backend: BackendKind?
    public var rotation: DisplayRotation = .degrees0
    /// Headless: run this many frames of simulated time, then exit.
    public var frames: Int?
    /// Write the last committed frame here when the app exits (PNG, or PPM for a `.ppm` name).
    public var snapshotPath: String?
    /// Also write every N-th committed frame, numbered (`demo.png` → `demo-00010.png`, …): a headless run's
    /// frames to look at, or a board's screen now and then.
    public var snapshotEvery: Int?
    /// The headless display's size in pixels.
    public var headlessWidth = 800
    public var headlessHeight = 480
    public var drmCard: String?
    public var drmConnector: String?
    /// The display mode to set (nil: the connector's preferred mode).
    public var mode: DisplayModeRequest?
    public var format: PixelFormat = .xrgb8888
    public var calibration: TouchCalibration = .identity
    /// Device pixels per point.
    public var scale: Double = 1
    /// Points along each edge of the app's (rotated) screen that views avoid unless they ignore the safe area.
    public var safeArea = SafeAreaInsets()
    public var seat = "seat0"
    /// Scanout buffers on DRM (2: double buffering, 3: triple).
    public var buffers = 2
    /// DRM: atomic commits where the driver has them (false: legacy SetCrtc/PageFlip).
    public var drmAtomic = true
    /// The framebuffer device of the fbdev backend.
    public var fbdevPath = "/dev/fb0"
    /// Blank the display (DPMS off) after this many seconds without input; nil: never.
    public var blankAfter: Double?
    /// Log every touch as libinput delivered it (panel pixels and time), to check a panel's calibration.
    public var traceTouches = false
    /// The colour scheme the app starts in (`\.colorScheme` at its root).
    public var appearance = PanelAppearance.light
    /// Where `appearance = auto` looks for a light sensor (sysfs's IIO devices; tests point it elsewhere).
    public var ambientLightDevices = AmbientLightSensor.devicesFolder
    /// When the on-screen keyboard shows for a focused text field.
    public var onScreenKeyboard = OnScreenKeyboardSetting.auto
    /// The on-screen keyboard's letter layout ("de-DE"); nil: from the locale.
    public var onScreenKeyboardLayout: String?
    /// The layouts the on-screen keyboard has (ScanoutUI's `OnScreenKeyboardLayout`).
    public static let onScreenKeyboardLayouts = ["en-US", "de-DE", "fr-FR", "ru-RU"]
    /// The app's locale (`\.locale` at its root); nil: the process's, from LC_ALL, LC_MESSAGES or LANG.
    public var locale: String?
    /// Hardware keyboards' XKB keymap (layout, variant, options).
    public var xkbLayout = "us"
    public var xkbVariant = ""
    public var xkbOptions = ""
    /// The window backend: window pixels per panel pixel (2: a 480x272 panel in a 960x544 window).
    public var windowZoom: Double = 1
    /// Render the app's `#Preview`s into this folder instead of running the app.
    public var previewsDirectory: String?
    /// The board profile the settings came from, when one was named.
    public var board: BoardProfile?
    /// Things worth telling the user that are not errors (unknown keys in a board profile).
    public var warnings: [String] = []
    public var showHelp = false

    public init() {}

    /// The help text, made from `table`: every flag with its environment variable, then the board keys.
    public static var usage: String {
        var lines = ["options (each also read from the environment variable in brackets, then from the board profile;",
                     "a flag wins over its variable, a variable over the profile):"]
        func padded(_ text: String, _ width: Int) -> String {
            text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
        }
        for option in table {
            let left = padded("  " + option.flag + (option.argument.isEmpty ? "" : " " + option.argument), 30)
            lines.append(padded(left + option.help, 100) + "[\(option.variable)]")
        }
        lines.append(padded("  --help", 30) + "this text")
        lines.append("board profile keys (boards/NAME.board, `key = value`): name, triple, "
                     + table.compactMap(\.boardKey).joined(separator: ", "))
        return lines.joined(separator: "\n")
    }

    /// Where a setting's value came from, for error messages.
    struct Source {
        let name: String
        let value: String
    }

    /// Reads `arguments` (without the program name), `environment` and the board profile they name. Unknown
    /// flags and bad values are errors naming the flag, variable or profile line and what it wants.
    /// `executablePath` is where the board search's `<exe>/../share/scanout/boards` starts.
    public static func parse(arguments: [String], environment: (String) -> String?,
                             executablePath: String? = nil) throws(PlatformError) -> PlatformOptions {
        var values: [String: Source] = [:]
        for s in table {
            if let v = environment(s.variable), !v.isEmpty { values[s.flag] = Source(name: s.variable, value: v) }
        }
        var options = PlatformOptions()
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            if arg == "--help" || arg == "-h" {
                options.showHelp = true
                i += 1
                continue
            }
            var flag = arg
            var value: String?
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                flag = String(arg[..<eq])
                value = String(arg[arg.index(after: eq)...])
            }
            guard table.contains(where: { $0.flag == flag }) else {
                throw PlatformError.unknownOption(arg)
            }
            if value == nil {
                guard i + 1 < arguments.count else {
                    throw PlatformError.invalidOption(name: flag, value: "", expected: "a value after \(flag)")
                }
                value = arguments[i + 1]
                i += 1
            }
            values[flag] = Source(name: flag, value: value!)
            i += 1
        }
        // The profile first, so the flags and variables given override what it sets.
        if let board = values.removeValue(forKey: "--board") {
            let path = try BoardProfile.locate(board.value, environment: environment, executablePath: executablePath)
            let profile = try BoardProfile.load(path: path)
            try profile.apply(to: &options)
        }
        for s in table {
            guard let source = values[s.flag] else { continue }
            do throws(InvalidValue) {
                try options.apply(flag: s.flag, value: source.value)
            } catch {
                throw PlatformError.invalidOption(name: source.name, value: source.value, expected: error.expected)
            }
        }
        if let every = options.snapshotEvery, options.snapshotPath == nil {
            throw PlatformError.invalidOption(name: "--snapshot-every", value: String(every),
                                              expected: "--snapshot PATH as well (the numbered frames are named after it)")
        }
        return options
    }

    /// Checks, before anything starts, that `--snapshot`'s folder exists and can be written (else a run would
    /// show its frames and fail only at exit, when it writes the snapshot).
    public func checkSnapshotFolder() throws(PlatformError) {
        guard let path = snapshotPath else { return }
        let folder: String
        if let slash = path.lastIndex(of: "/") {
            folder = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            folder = "."
        }
        guard access(folder, W_OK | X_OK) != 0 else { return }
        let reason = errno == ENOENT ? "does not exist" : "cannot be written (\(String(cString: strerror(errno))))"
        throw PlatformError.invalidOption(name: "--snapshot", value: path,
                                          expected: "a file in an existing, writable folder; \(folder) \(reason)")
    }

    /// Where `--snapshot-every` writes committed frame `frame`: the snapshot's name with the frame number
    /// before its extension (`out/demo.png` → `out/demo-00042.png`).
    public func numberedSnapshotPath(frame: Int) -> String? {
        guard let path = snapshotPath else { return nil }
        var digits = String(frame)
        while digits.count < 5 { digits = "0" + digits }
        let slash = path.lastIndex(of: "/")
        if let dot = path.lastIndex(of: "."), slash.map({ dot > $0 }) ?? true, dot != path.startIndex {
            return path[..<dot] + "-" + digits + path[dot...]
        }
        return path + "-" + digits
    }

    /// `parse` with the process's arguments, environment and executable.
    public static func fromProcess() throws(PlatformError) -> PlatformOptions {
        try parse(arguments: Array(CommandLine.arguments.dropFirst()), environment: { name in
            getenv(name).map { String(cString: $0) }
        }, executablePath: executablePath())
    }

    /// `parse` with `arguments`, the process's environment and executable (tools with flags of their own).
    public static func fromArguments(_ arguments: [String]) throws(PlatformError) -> PlatformOptions {
        try parse(arguments: arguments, environment: { name in
            getenv(name).map { String(cString: $0) }
        }, executablePath: executablePath())
    }

    /// This process's executable, resolved (`/proc/self/exe`), for the board search.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A value a setting cannot use: what it expects instead.
    struct InvalidValue: Error {
        let expected: String
    }

    /// Sets what `flag` names from `value`, checked (by the table's entry for it).
    mutating func apply(flag: String, value: String) throws(InvalidValue) {
        guard let option = Self.table.first(where: { $0.flag == flag }), let set = option.set else { return }
        try set(&self, value)
    }

    /// The largest width or height of a headless display or a requested mode (KMS's own limit is lower).
    public static let maximumSide = 16384

    /// "800x480" → (800, 480); nil unless both are 1...`maximumSide`.
    static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...maximumSide).contains(w), (1...maximumSide).contains(h) else { return nil }
        return (w, h)
    }
}

/// A display mode asked for by size and, optionally, refresh rate ("1280x800", "1280x800@60").
public struct DisplayModeRequest: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var refreshRate: Double?

    public init(width: Int, height: Int, refreshRate: Double? = nil) {
        self.width = width
        self.height = height
        self.refreshRate = refreshRate
    }

    public init?(parsing text: String) {
        let halves = text.split(separator: "@", omittingEmptySubsequences: false)
        guard halves.count <= 2, let size = PlatformOptions.parseSize(String(halves[0])) else { return nil }
        width = size.width
        height = size.height
        if halves.count == 2 {
            guard let hz = Double(halves[1]), hz > 0, hz < 1000 else { return nil }
            refreshRate = hz
        }
    }

    /// The best of `modes` for this request: the size must match; with a refresh rate, the closest within
    /// 1 Hz (so 60 takes 59.94); without one, the preferred mode of that size, else the fastest.
    public func select<M>(from modes: [M], width: (M) -> Int, height: (M) -> Int, refreshRate: (M) -> Double,
                          isPreferred: (M) -> Bool) -> M? {
        let sized = modes.filter { width($0) == self.width && height($0) == self.height }
        if let hz = self.refreshRate {
            return sized.filter { abs(refreshRate($0) - hz) < 1 }.min { abs(refreshRate($0) - hz) < abs(refreshRate($1) - hz) }
        }
        return sized.first(where: isPreferred) ?? sized.max { refreshRate($0) < refreshRate($1) }
    }

    public var description: String {
        refreshRate.map { "\(width)x\(height)@\($0)" } ?? "\(width)x\(height)"
    }
}

/// Which backend an app runs on.
public struct BackendDecision: Sendable, Equatable {
    public var backend: BackendKind
    /// A one-line notice to print (an automatic fallback), or nil.
    public var notice: String?

    public init(backend: BackendKind, notice: String? = nil) {
        self.backend = backend
        self.notice = notice
    }

    /// Explicit choice first. Otherwise DRM when a card exists — then its errors (no connected display,
    /// permissions, DRM master) are reported and the app exits non-zero rather than running invisibly —
    /// and headless with a notice when there is no card at all (a laptop, CI).
    public static func choose(requested: BackendKind?, cardPaths: [String]) throws(PlatformError) -> BackendDecision {
        switch requested {
        case let explicit?:
            return BackendDecision(backend: explicit)
        case nil:
            if cardPaths.isEmpty {
                return BackendDecision(backend: .headless, notice: "scanout: no DRM card (/dev/dri/card*); running headless "
                    + "(set SCANOUT_BACKEND=drm to require a display)")
            }
            return BackendDecision(backend: .drm)
        }
    }
}

/// Insets of the safe area in points, on the screen as the app sees it (after rotation).
public struct SafeAreaInsets: Sendable, Hashable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}
