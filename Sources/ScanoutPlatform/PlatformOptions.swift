import Glibc
import ScanoutRaster

/// The ways to reach a display.
public enum BackendKind: String, Sendable, CaseIterable {
    case drm
    case fbdev
    case headless
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
    public var seat = "seat0"
    /// Scanout buffers on DRM (2: double buffering, 3: triple).
    public var buffers = 2
    /// DRM: atomic commits where the driver has them (false: legacy SetCrtc/PageFlip).
    public var drmAtomic = true
    /// The framebuffer device of the fbdev backend.
    public var fbdevPath = "/dev/fb0"
    /// Blank the display (DPMS off) after this many seconds without input; nil: never.
    public var blankAfter: Double?
    /// The board profile the settings came from, when one was named.
    public var board: BoardProfile?
    /// Things worth telling the user that are not errors (unknown keys in a board profile).
    public var warnings: [String] = []
    public var showHelp = false

    public init() {}

    /// Flags and their environment variables.
    public static let usage = """
        options (each also read from the environment variable in brackets, then from the board profile;
        a flag wins over its variable, a variable over the profile):
          --board NAME|PATH           board profile: NAME.board in $SCANOUT_BOARDS_DIR, <exe>/../share/scanout/boards,
                                      /etc/scanout/boards, ./boards (or a path)                          [SCANOUT_BOARD]
          --backend KIND              drm, fbdev or headless; default: DRM when a card exists, else headless [SCANOUT_BACKEND]
          --rotation 0|90|180|270     rotate the app on the panel (pixels and touches)                  [SCANOUT_ROTATION]
          --frames N                  headless: run N frames of simulated time, then exit 0             [SCANOUT_FRAMES]
          --snapshot PATH             write the last committed frame as PNG (or .ppm) on exit            [SCANOUT_SNAPSHOT]
          --snapshot-every N          also write every N-th committed frame as PATH-NNNNN.png            [SCANOUT_SNAPSHOT_EVERY]
          --size WxH                  headless display size in pixels (default 800x480)                 [SCANOUT_SIZE]
          --card PATH|cardN           DRM card, e.g. /dev/dri/card1                                     [SCANOUT_DRM_CARD]
          --connector NAME            DRM connector, e.g. HDMI-A-1                                      [SCANOUT_DRM_CONNECTOR]
          --mode WxH[@HZ]             DRM display mode (default: the connector's preferred one)         [SCANOUT_MODE]
          --format xrgb8888|rgb565    scanout pixel format                                              [SCANOUT_FORMAT]
          --buffers 2|3               DRM scanout buffers                                               [SCANOUT_BUFFERS]
          --drm-atomic 1|0            DRM atomic commits where the driver has them (0: legacy flips)    [SCANOUT_DRM_ATOMIC]
          --fbdev PATH                framebuffer device of the fbdev backend (default /dev/fb0)        [SCANOUT_FBDEV]
          --calibration "a b c d e f" touch calibration matrix (libinput's convention)                 [SCANOUT_CALIBRATION]
          --scale S                   device pixels per point                                           [SCANOUT_SCALE]
          --blank-after SECONDS       blank the display after this long without input; a touch wakes it [SCANOUT_BLANK_AFTER]
          --seat NAME                 udev seat for input (default seat0)                               [SCANOUT_SEAT]
          --help                      this text
        """

    /// One setting: its flag, its environment variable and its key in a board profile (nil: not settable there).
    struct Setting: Sendable {
        let flag: String
        let variable: String
        let boardKey: String?
    }

    static let settings: [Setting] = [
        Setting(flag: "--board", variable: "SCANOUT_BOARD", boardKey: nil),
        Setting(flag: "--backend", variable: "SCANOUT_BACKEND", boardKey: "backend"),
        Setting(flag: "--rotation", variable: "SCANOUT_ROTATION", boardKey: "rotation"),
        Setting(flag: "--frames", variable: "SCANOUT_FRAMES", boardKey: nil),
        Setting(flag: "--snapshot", variable: "SCANOUT_SNAPSHOT", boardKey: nil),
        Setting(flag: "--snapshot-every", variable: "SCANOUT_SNAPSHOT_EVERY", boardKey: nil),
        Setting(flag: "--size", variable: "SCANOUT_SIZE", boardKey: "headless-size"),
        Setting(flag: "--card", variable: "SCANOUT_DRM_CARD", boardKey: "card"),
        Setting(flag: "--connector", variable: "SCANOUT_DRM_CONNECTOR", boardKey: "connector"),
        Setting(flag: "--mode", variable: "SCANOUT_MODE", boardKey: "mode"),
        Setting(flag: "--format", variable: "SCANOUT_FORMAT", boardKey: "format"),
        Setting(flag: "--buffers", variable: "SCANOUT_BUFFERS", boardKey: "buffers"),
        Setting(flag: "--drm-atomic", variable: "SCANOUT_DRM_ATOMIC", boardKey: nil),
        Setting(flag: "--fbdev", variable: "SCANOUT_FBDEV", boardKey: "fbdev"),
        Setting(flag: "--calibration", variable: "SCANOUT_CALIBRATION", boardKey: "calibration"),
        Setting(flag: "--scale", variable: "SCANOUT_SCALE", boardKey: "scale"),
        Setting(flag: "--blank-after", variable: "SCANOUT_BLANK_AFTER", boardKey: "blank-after"),
        Setting(flag: "--seat", variable: "SCANOUT_SEAT", boardKey: nil),
    ]

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
        for s in settings {
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
            guard settings.contains(where: { $0.flag == flag }) else {
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
        for s in settings {
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

    /// Sets what `flag` names from `value`, checked.
    mutating func apply(flag: String, value: String) throws(InvalidValue) {
        func bad(_ expected: String) -> InvalidValue { InvalidValue(expected: expected) }
        switch flag {
        case "--backend":
            guard let b = BackendKind(rawValue: value.lowercased()) else { throw bad("drm, fbdev or headless") }
            backend = b
        case "--rotation":
            guard let d = Int(value), d % 90 == 0, let r = DisplayRotation(degrees: d), (0..<360).contains(d) else {
                throw bad("0, 90, 180 or 270")
            }
            rotation = r
        case "--frames":
            guard let n = Int(value), n > 0 else { throw bad("a positive number of frames") }
            frames = n
        case "--snapshot":
            snapshotPath = value
        case "--snapshot-every":
            guard let n = Int(value), n > 0 else { throw bad("a positive number of frames") }
            snapshotEvery = n
        case "--size":
            guard let size = Self.parseSize(value) else { throw bad("WIDTHxHEIGHT in pixels, e.g. 800x480") }
            headlessWidth = size.width
            headlessHeight = size.height
        case "--card":
            guard !value.isEmpty else { throw bad("a DRM card, e.g. card0 or /dev/dri/card1") }
            // "card1" is short for the node in /dev/dri.
            drmCard = value.contains("/") ? value : "/dev/dri/" + value
        case "--connector":
            guard !value.isEmpty else { throw bad("a connector name as scanout-probe prints it, e.g. HDMI-A-1") }
            drmConnector = value
        case "--mode":
            guard let m = DisplayModeRequest(parsing: value) else { throw bad("WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 1280x800@60") }
            mode = m
        case "--format":
            switch value.lowercased() {
            case "xrgb8888": format = .xrgb8888
            case "rgb565": format = .rgb565
            default: throw bad("xrgb8888 or rgb565")
            }
        case "--buffers":
            guard let n = Int(value), n == 2 || n == 3 else { throw bad("2 or 3") }
            buffers = n
        case "--drm-atomic":
            switch value.lowercased() {
            case "1", "yes", "true", "on": drmAtomic = true
            case "0", "no", "false", "off": drmAtomic = false
            default: throw bad("1 (atomic commits where supported) or 0 (legacy page flips)")
            }
        case "--fbdev":
            guard value.hasPrefix("/") else { throw bad("a device path, e.g. /dev/fb0") }
            fbdevPath = value
        case "--calibration":
            guard let c = TouchCalibration(parsing: value) else { throw bad("six numbers, e.g. \"1 0 0 0 1 0\"") }
            calibration = c
        case "--scale":
            guard let s = Double(value), s > 0, s <= 8 else { throw bad("a positive scale up to 8, e.g. 1 or 2") }
            scale = s
        case "--blank-after":
            guard let s = Double(value), s >= 0, s.isFinite else { throw bad("seconds without input, e.g. 300 (0: never)") }
            blankAfter = s > 0 ? s : nil
        case "--seat":
            seat = value
        default:
            break
        }
    }

    /// "800x480" → (800, 480); nil unless both are 1...16384.
    static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...16384).contains(w), (1...16384).contains(h) else { return nil }
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
