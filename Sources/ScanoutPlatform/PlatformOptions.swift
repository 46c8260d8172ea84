import Glibc
import ScanoutRaster

/// The ways to reach a display.
public enum BackendKind: String, Sendable, CaseIterable {
    case drm
    case fbdev
    case headless
}

/// What every Scanout app binary accepts, from the command line or the environment (a flag wins over its
/// variable). Board profiles (`--board`) come later.
public struct PlatformOptions: Sendable, Equatable {
    /// nil: automatic (DRM when a card exists, else headless with a notice).
    public var backend: BackendKind?
    public var rotation: DisplayRotation = .degrees0
    /// Headless: run this many frames of simulated time, then exit.
    public var frames: Int?
    /// Write the last committed frame here when the app exits (PNG, or PPM for a `.ppm` name).
    public var snapshotPath: String?
    /// The headless display's size in pixels.
    public var headlessWidth = 800
    public var headlessHeight = 480
    public var drmCard: String?
    public var drmConnector: String?
    public var format: PixelFormat = .xrgb8888
    public var calibration: TouchCalibration = .identity
    /// Device pixels per point.
    public var scale: Double = 1
    public var seat = "seat0"
    public var showHelp = false

    public init() {}

    /// Flags and their environment variables.
    public static let usage = """
        options (each also read from the environment variable in brackets; the flag wins):
          --backend drm|headless      display backend; default: DRM when a card exists, else headless  [SCANOUT_BACKEND]
          --rotation 0|90|180|270     rotate the app on the panel (pixels and touches)                  [SCANOUT_ROTATION]
          --frames N                  headless: run N frames of simulated time, then exit 0             [SCANOUT_FRAMES]
          --snapshot PATH             write the last committed frame as PNG (or .ppm) on exit            [SCANOUT_SNAPSHOT]
          --size WxH                  headless display size in pixels (default 800x480)                 [SCANOUT_SIZE]
          --card PATH                 DRM card, e.g. /dev/dri/card1                                     [SCANOUT_DRM_CARD]
          --connector NAME            DRM connector, e.g. HDMI-A-1                                      [SCANOUT_DRM_CONNECTOR]
          --format xrgb8888|rgb565    scanout pixel format                                              [SCANOUT_FORMAT]
          --calibration "a b c d e f" touch calibration matrix (libinput's convention)                 [SCANOUT_CALIBRATION]
          --scale S                   device pixels per point                                           [SCANOUT_SCALE]
          --seat NAME                 udev seat for input (default seat0)                               [SCANOUT_SEAT]
          --help                      this text
        """

    private static let table: [(flag: String, variable: String)] = [
        ("--backend", "SCANOUT_BACKEND"), ("--rotation", "SCANOUT_ROTATION"), ("--frames", "SCANOUT_FRAMES"),
        ("--snapshot", "SCANOUT_SNAPSHOT"), ("--size", "SCANOUT_SIZE"), ("--card", "SCANOUT_DRM_CARD"),
        ("--connector", "SCANOUT_DRM_CONNECTOR"), ("--format", "SCANOUT_FORMAT"),
        ("--calibration", "SCANOUT_CALIBRATION"), ("--scale", "SCANOUT_SCALE"), ("--seat", "SCANOUT_SEAT"),
    ]

    /// Reads `arguments` (without the program name) and `environment`. Unknown flags and bad values are
    /// errors naming the flag or variable and what it wants.
    public static func parse(arguments: [String], environment: (String) -> String?) throws(PlatformError) -> PlatformOptions {
        var values: [String: (name: String, value: String)] = [:]
        for (flag, variable) in table {
            if let v = environment(variable), !v.isEmpty { values[flag] = (variable, v) }
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
            values[flag] = (flag, value!)
            i += 1
        }
        for (flag, entry) in values {
            try options.apply(flag: flag, name: entry.name, value: entry.value)
        }
        return options
    }

    /// `parse` with the process's arguments and environment.
    public static func fromProcess() throws(PlatformError) -> PlatformOptions {
        try parse(arguments: Array(CommandLine.arguments.dropFirst()), environment: { name in
            getenv(name).map { String(cString: $0) }
        })
    }

    private mutating func apply(flag: String, name: String, value: String) throws(PlatformError) {
        func bad(_ expected: String) -> PlatformError { .invalidOption(name: name, value: value, expected: expected) }
        switch flag {
        case "--backend":
            guard let b = BackendKind(rawValue: value.lowercased()) else { throw bad("drm, fbdev or headless") }
            backend = b
        case "--rotation":
            guard let d = Int(value), let r = DisplayRotation(degrees: d), d % 90 == 0 else { throw bad("0, 90, 180 or 270") }
            rotation = r
        case "--frames":
            guard let n = Int(value), n > 0 else { throw bad("a positive number of frames") }
            frames = n
        case "--snapshot":
            snapshotPath = value
        case "--size":
            let parts = value.lowercased().split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 16384, parts[1] <= 16384 else {
                throw bad("WIDTHxHEIGHT in pixels, e.g. 800x480")
            }
            headlessWidth = parts[0]
            headlessHeight = parts[1]
        case "--card":
            drmCard = value
        case "--connector":
            drmConnector = value
        case "--format":
            switch value.lowercased() {
            case "xrgb8888": format = .xrgb8888
            case "rgb565": format = .rgb565
            default: throw bad("xrgb8888 or rgb565")
            }
        case "--calibration":
            guard let c = TouchCalibration(parsing: value) else { throw bad("six numbers, e.g. \"1 0 0 0 1 0\"") }
            calibration = c
        case "--scale":
            guard let s = Double(value), s > 0, s <= 8 else { throw bad("a positive scale, e.g. 1 or 2") }
            scale = s
        case "--seat":
            seat = value
        default:
            break
        }
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
        case .fbdev?:
            throw PlatformError.invalidOption(name: "backend", value: "fbdev",
                                              expected: "drm or headless (the fbdev backend is not implemented yet)")
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
