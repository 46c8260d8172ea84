/// One setting every Scanout app binary accepts, declared once: its flag, environment variable, board-profile
/// key, help line and how a value is checked and applied. `--help`, the board-profile keys, the parser and its
/// errors all come from `PlatformOptions.table`, so a new option is one entry here.
struct PlatformOption: Sendable {
    let flag: String
    let variable: String
    /// The key in a board profile (nil: not settable there — per-run things like `--frames`).
    let boardKey: String?
    /// The value's shape in the help text ("" for none).
    let argument: String
    let help: String
    /// Checks `value` and sets it (nil: read before the others, as `--board` is).
    let set: (@Sendable (inout PlatformOptions, String) throws(PlatformOptions.InvalidValue) -> Void)?
}

extension PlatformOptions {
    static let table: [PlatformOption] = [
        PlatformOption(flag: "--board", variable: "SCANOUT_BOARD", boardKey: nil, argument: "NAME|PATH",
                       help: "board profile: NAME.board in the board folders (README: Board profiles), or a path",
                       set: nil),
        PlatformOption(flag: "--backend", variable: "SCANOUT_BACKEND", boardKey: "backend", argument: "KIND",
                       help: "drm, fbdev, headless or window (the desktop simulator); default: DRM when a card exists, else headless") { o, v throws(InvalidValue) in
            guard let b = BackendKind(rawValue: v.lowercased()) else { throw InvalidValue(expected: "drm, fbdev, headless or window") }
            o.backend = b
        },
        PlatformOption(flag: "--rotation", variable: "SCANOUT_ROTATION", boardKey: "rotation", argument: "0|90|180|270",
                       help: "rotate the app on the panel (pixels and touches)") { o, v throws(InvalidValue) in
            guard let d = Int(v), d % 90 == 0, (0..<360).contains(d), let r = DisplayRotation(degrees: d) else {
                throw InvalidValue(expected: "0, 90, 180 or 270")
            }
            o.rotation = r
        },
        PlatformOption(flag: "--frames", variable: "SCANOUT_FRAMES", boardKey: nil, argument: "N",
                       help: "headless: run N frames of simulated time, then exit 0") { o, v throws(InvalidValue) in
            guard let n = Int(v), n > 0 else { throw InvalidValue(expected: "a positive number of frames") }
            o.frames = n
        },
        PlatformOption(flag: "--snapshot", variable: "SCANOUT_SNAPSHOT", boardKey: nil, argument: "PATH",
                       help: "write the last committed frame as PNG (or .ppm) on exit") { o, v throws(InvalidValue) in
            guard !v.isEmpty else { throw InvalidValue(expected: "a file name, e.g. out/panel.png") }
            o.snapshotPath = v
        },
        PlatformOption(flag: "--snapshot-every", variable: "SCANOUT_SNAPSHOT_EVERY", boardKey: nil, argument: "N",
                       help: "also write every N-th committed frame as PATH-NNNNN.png") { o, v throws(InvalidValue) in
            guard let n = Int(v), n > 0 else { throw InvalidValue(expected: "a positive number of frames") }
            o.snapshotEvery = n
        },
        PlatformOption(flag: "--size", variable: "SCANOUT_SIZE", boardKey: "headless-size", argument: "WxH",
                       help: "headless display size in pixels (default 800x480); the window's when no mode is set") { o, v throws(InvalidValue) in
            guard let size = PlatformOptions.parseSize(v) else {
                throw InvalidValue(expected: "WIDTHxHEIGHT in pixels, each 1...\(PlatformOptions.maximumSide), e.g. 800x480")
            }
            o.headlessWidth = size.width
            o.headlessHeight = size.height
        },
        PlatformOption(flag: "--zoom", variable: "SCANOUT_ZOOM", boardKey: "zoom", argument: "Z",
                       help: "window backend: window pixels per panel pixel (2 for a small panel on a large screen)") { o, v throws(InvalidValue) in
            guard let z = Double(v), z >= 0.25, z <= 8 else { throw InvalidValue(expected: "a zoom from 0.25 to 8, e.g. 2 or 0.5") }
            o.windowZoom = z
        },
        PlatformOption(flag: "--card", variable: "SCANOUT_DRM_CARD", boardKey: "card", argument: "PATH|cardN",
                       help: "DRM card, e.g. /dev/dri/card1") { o, v throws(InvalidValue) in
            guard !v.isEmpty else { throw InvalidValue(expected: "a DRM card, e.g. card0 or /dev/dri/card1") }
            o.drmCard = v.contains("/") ? v : "/dev/dri/" + v  // "card1" is short for the node in /dev/dri
        },
        PlatformOption(flag: "--connector", variable: "SCANOUT_DRM_CONNECTOR", boardKey: "connector", argument: "NAME",
                       help: "DRM connector, e.g. HDMI-A-1") { o, v throws(InvalidValue) in
            guard !v.isEmpty else { throw InvalidValue(expected: "a connector name as scanout-probe prints it, e.g. HDMI-A-1") }
            o.drmConnector = v
        },
        PlatformOption(flag: "--mode", variable: "SCANOUT_MODE", boardKey: "mode", argument: "WxH[@HZ]",
                       help: "DRM display mode (default: the connector's preferred one); also the window's size") { o, v throws(InvalidValue) in
            guard let m = DisplayModeRequest(parsing: v) else {
                throw InvalidValue(expected: "WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, each side 1...\(PlatformOptions.maximumSide), e.g. 1280x800@60")
            }
            o.mode = m
        },
        PlatformOption(flag: "--format", variable: "SCANOUT_FORMAT", boardKey: "format", argument: "xrgb8888|rgb565",
                       help: "scanout pixel format") { o, v throws(InvalidValue) in
            switch v.lowercased() {
            case "xrgb8888": o.format = .xrgb8888
            case "rgb565": o.format = .rgb565
            default: throw InvalidValue(expected: "xrgb8888 or rgb565")
            }
        },
        PlatformOption(flag: "--buffers", variable: "SCANOUT_BUFFERS", boardKey: "buffers", argument: "2|3",
                       help: "DRM scanout buffers") { o, v throws(InvalidValue) in
            guard let n = Int(v), n == 2 || n == 3 else { throw InvalidValue(expected: "2 or 3") }
            o.buffers = n
        },
        PlatformOption(flag: "--drm-atomic", variable: "SCANOUT_DRM_ATOMIC", boardKey: nil, argument: "1|0",
                       help: "DRM atomic commits where the driver has them (0: legacy flips)") { o, v throws(InvalidValue) in
            guard let on = PlatformOptions.parseSwitch(v) else {
                throw InvalidValue(expected: "1 (atomic commits where supported) or 0 (legacy page flips)")
            }
            o.drmAtomic = on
        },
        PlatformOption(flag: "--fbdev", variable: "SCANOUT_FBDEV", boardKey: "fbdev", argument: "PATH",
                       help: "framebuffer device of the fbdev backend (default /dev/fb0)") { o, v throws(InvalidValue) in
            guard v.hasPrefix("/") else { throw InvalidValue(expected: "a device path, e.g. /dev/fb0") }
            o.fbdevPath = v
        },
        PlatformOption(flag: "--calibration", variable: "SCANOUT_CALIBRATION", boardKey: "calibration", argument: "\"a b c d e f\"",
                       help: "touch calibration matrix (libinput's convention)") { o, v throws(InvalidValue) in
            guard let c = TouchCalibration(parsing: v) else { throw InvalidValue(expected: "six numbers, e.g. \"1 0 0 0 1 0\"") }
            o.calibration = c
        },
        PlatformOption(flag: "--safe-area", variable: "SCANOUT_SAFE_AREA", boardKey: "safe-area", argument: "\"T L B R\"",
                       help: "points at the top, left, bottom and right edges that views avoid (a bezel over the panel, a cut-out)") { o, v throws(InvalidValue) in
            let parts = v.split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0) }
            guard parts.count == 4, parts.allSatisfy({ ($0 ?? -1) >= 0 && ($0 ?? 0) <= 4096 }) else {
                throw InvalidValue(expected: "four insets in points from 0 to 4096 (top left bottom right), e.g. \"0 0 40 0\"")
            }
            o.safeArea = SafeAreaInsets(top: parts[0]!, left: parts[1]!, bottom: parts[2]!, right: parts[3]!)
        },
        PlatformOption(flag: "--scale", variable: "SCANOUT_SCALE", boardKey: "scale", argument: "S",
                       help: "device pixels per point") { o, v throws(InvalidValue) in
            guard let s = Double(v), s > 0, s <= 8 else { throw InvalidValue(expected: "a positive scale up to 8, e.g. 1 or 2") }
            o.scale = s
        },
        PlatformOption(flag: "--blank-after", variable: "SCANOUT_BLANK_AFTER", boardKey: "blank-after", argument: "SECONDS",
                       help: "blank the display after this long without input; a touch wakes it") { o, v throws(InvalidValue) in
            guard let s = Double(v), s >= 0, s.isFinite else { throw InvalidValue(expected: "seconds without input, e.g. 300 (0: never)") }
            o.blankAfter = s > 0 ? s : nil
        },
        PlatformOption(flag: "--seat", variable: "SCANOUT_SEAT", boardKey: nil, argument: "NAME",
                       help: "udev seat for input (default seat0)") { o, v throws(InvalidValue) in
            guard !v.isEmpty else { throw InvalidValue(expected: "a udev seat name, e.g. seat0") }
            o.seat = v
        },
        PlatformOption(flag: "--appearance", variable: "SCANOUT_APPEARANCE", boardKey: "appearance", argument: "light|dark|auto",
                       help: "the app's colour scheme (default light, as SwiftUI's; auto: dark in a dark room, by the board's light sensor)") { o, v throws(InvalidValue) in
            guard let a = PanelAppearance(rawValue: v.lowercased()) else { throw InvalidValue(expected: "light, dark or auto") }
            o.appearance = a
        },
        PlatformOption(flag: "--osk", variable: "SCANOUT_OSK", boardKey: "osk", argument: "auto|always|never",
                       help: "the on-screen keyboard for text fields (auto: unless a hardware keyboard is attached)") { o, v throws(InvalidValue) in
            guard let m = OnScreenKeyboardSetting(rawValue: v.lowercased()) else { throw InvalidValue(expected: "auto, always or never") }
            o.onScreenKeyboard = m
        },
        PlatformOption(flag: "--osk-layout", variable: "SCANOUT_OSK_LAYOUT", boardKey: "osk-layout", argument: "en-US|de-DE|fr-FR|ru-RU",
                       help: "the on-screen keyboard's letters (default: from the locale, else en-US)") { o, v throws(InvalidValue) in
            guard let layout = PlatformOptions.onScreenKeyboardLayouts.first(where: { $0.lowercased() == v.lowercased() }) else {
                throw InvalidValue(expected: PlatformOptions.onScreenKeyboardLayouts.joined(separator: ", "))
            }
            o.onScreenKeyboardLayout = layout
        },
        PlatformOption(flag: "--locale", variable: "SCANOUT_LOCALE", boardKey: "locale", argument: "LOCALE",
                       help: "the app's locale, which texts are translated for (de, de_DE, ar_EG ...; default from LC_ALL, LC_MESSAGES or LANG)") { o, v throws(InvalidValue) in
            let language = v.prefix { $0 != "_" && $0 != "-" && $0 != "." && $0 != "@" }
            guard (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw InvalidValue(expected: "a locale such as de or de_DE")
            }
            o.locale = v
        },
        PlatformOption(flag: "--xkb-layout", variable: "SCANOUT_XKB_LAYOUT", boardKey: "xkb-layout", argument: "LAYOUT",
                       help: "hardware keyboards' layout, as XKB names it (us, de, fr, ru ...; default us)") { o, v throws(InvalidValue) in
            guard !v.isEmpty, !v.contains(" ") else { throw InvalidValue(expected: "an XKB layout name, e.g. de") }
            o.xkbLayout = v
        },
        PlatformOption(flag: "--xkb-variant", variable: "SCANOUT_XKB_VARIANT", boardKey: "xkb-variant", argument: "VARIANT",
                       help: "the layout's variant (e.g. nodeadkeys)") { o, v throws(InvalidValue) in
            o.xkbVariant = v
        },
        PlatformOption(flag: "--xkb-options", variable: "SCANOUT_XKB_OPTIONS", boardKey: "xkb-options", argument: "OPTIONS",
                       help: "XKB options (e.g. compose:ralt)") { o, v throws(InvalidValue) in
            o.xkbOptions = v
        },
        PlatformOption(flag: "--previews", variable: "SCANOUT_PREVIEWS", boardKey: nil, argument: "DIR",
                       help: "render every #Preview of the app headless into DIR as PNG, then exit") { o, v throws(InvalidValue) in
            guard !v.isEmpty else { throw InvalidValue(expected: "a folder, e.g. out/previews") }
            o.previewsDirectory = v
        },
        PlatformOption(flag: "--trace-touches", variable: "SCANOUT_TRACE_TOUCHES", boardKey: nil, argument: "1|0",
                       help: "log every touch as libinput delivered it (panel pixels, time)") { o, v throws(InvalidValue) in
            guard let on = PlatformOptions.parseSwitch(v) else { throw InvalidValue(expected: "1 (log touches) or 0") }
            o.traceTouches = on
        },
    ]

    /// "1"/"yes"/"true"/"on" → true, "0"/"no"/"false"/"off" → false, else nil.
    static func parseSwitch(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "yes", "true", "on": return true
        case "0", "no", "false", "off": return false
        default: return nil
        }
    }
}
