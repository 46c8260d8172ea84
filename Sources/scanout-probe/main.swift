// scanout-probe: what a board offers Scanout — DRM cards, connectors and modes, CRTCs and planes, whether
// atomic modesetting works, and the input devices libinput sees (modetest + `libinput list-devices` in one).
// With --pattern it drives the display with a test pattern, measures page-flip intervals, and restores the
// screen on exit (SIGINT/SIGTERM or after --seconds). With --touch it shows the pattern in the app's
// orientation (--rotation, the board's) and draws a crosshair where each finger is, through the same
// DisplayTransform as apps, so a misaligned panel or a wrong calibration shows at once.
//
// usage: scanout-probe [--pattern [--flips N] [--paced N] [--stay] [--seconds S]] [--touch [--seconds S]]
//                      [--no-input] [app options: --board NAME, --card, --connector, --mode, --format,
//                      --buffers, --rotation, --calibration, --seat, and their SCANOUT_* variables]
//   --flips N   N page flips back to back (each from the previous flip event): the driver's flip latency
//   --paced N   N frames through the frame scheduler: its pacing (the refresh period, with or without vblank)
//   --stay      keep the pattern up after measuring until SIGINT/SIGTERM (default: exit when measured)
import Glibc
import ScanoutPlatform
import ScanoutRaster

/// One line to stdout, unbuffered: the probe's output is read live (a serial console, a log being watched).
func say(_ line: String) {
    var m = line + "\n"
    m.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    var m = "scanout-probe: " + message + "\n"
    m.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(1)
}

struct ProbeOptions {
    var pattern = false
    var touch = false
    var seconds: Double?
    var flips = 0
    var paced = 0
    /// With --flips/--paced: keep the pattern up after measuring, until a signal (default: exit).
    var stayAfterMeasuring = false
    var input = true
    /// The settings apps share (board profile, card, connector, mode, format, rotation, calibration...).
    var platform = PlatformOptions()
    var card: String? { platform.drmCard }
    var connector: String? { platform.drmConnector }
    var format: PixelFormat { platform.format }
    var seat: String { platform.seat }
}

func parseOptions() -> ProbeOptions {
    var o = ProbeOptions()
    var args = Array(CommandLine.arguments.dropFirst())
    func value(_ flag: String) -> String {
        guard !args.isEmpty else { fail("\(flag) needs a value") }
        return args.removeFirst()
    }
    var rest: [String] = []
    while !args.isEmpty {
        let a = args.removeFirst()
        switch a {
        case "--pattern": o.pattern = true
        case "--touch": o.touch = true
        case "--seconds": guard let s = Double(value(a)), s >= 0 else { fail("--seconds wants a number") }; o.seconds = s
        case "--flips": guard let n = Int(value(a)), n >= 0 else { fail("--flips wants a count") }; o.flips = n
        case "--paced": guard let n = Int(value(a)), n >= 0 else { fail("--paced wants a count") }; o.paced = n
        case "--stay": o.stayAfterMeasuring = true
        case "--no-input": o.input = false
        case "--help", "-h":
            say("usage: scanout-probe [--pattern [--flips N] [--paced N] [--stay] [--seconds S]] [--touch [--seconds S]] [--no-input] [app options]\n"
                + PlatformOptions.usage)
            exit(0)
        default:
            // The app options (and their value) go to the shared parser.
            rest.append(a)
            if !a.contains("="), a.hasPrefix("--"), let next = args.first, !next.hasPrefix("--") {
                rest.append(args.removeFirst())
            }
        }
    }
    do throws(PlatformError) {
        o.platform = try PlatformOptions.fromArguments(rest)
    } catch {
        fail("\(error) (see --help)")
    }
    for w in o.platform.warnings { say("warning: \(w)") }
    if let board = o.platform.board { say("board profile \(board.path)\(board.name.map { " (\($0))" } ?? "")") }
    return o
}

// MARK: Listing

func listCards(only card: String?) {
    let paths = card.map { [$0] } ?? DRMCardFinder.cardPaths()
    say("DRM cards:\(paths.isEmpty ? " none (no /dev/dri/card*: no KMS driver loaded?)" : "")")
    for path in paths {
        let device: DRMDevice
        do throws(PlatformError) { device = try DRMDevice.open(path: path) } catch {
            say("  \(path): \(error)")
            continue
        }
        defer { device.close() }
        let universal = device.enableUniversalPlanes()
        let atomic = device.enableAtomic()
        say("  \(path): driver \(device.driverName), dumb buffers \(device.supportsDumbBuffers ? "yes" : "no"), "
            + "atomic \(atomic ? "yes" : "no"), DRM master \(device.isMaster ? "yes" : "no (another process drives it)")")
        do throws(PlatformError) {
            for c in try device.connectors() {
                var line = "    connector \(c.id) \(c.name): \(c.status)"
                if c.widthMillimetres > 0 { line += ", \(c.widthMillimetres)x\(c.heightMillimetres) mm" }
                say(line)
                if !c.modes.isEmpty { say("      modes: " + c.modes.map(\.description).joined(separator: ", ")) }
            }
            for crtc in try device.crtcs() {
                say("    CRTC \(crtc.id) (index \(crtc.index)): " + (crtc.mode.map { "fb \(crtc.framebufferID), \($0)" } ?? "off"))
            }
        } catch {
            say("    \(error)")
        }
        for p in device.planes() {
            let mask = String(p.possibleCRTCs, radix: 16)
            say("    plane \(p.id): \(universal ? p.kind : "plane"), CRTCs 0x\(mask), formats \(p.formats.joined(separator: " "))")
        }
    }
}

@MainActor
func listInput(seat: String) {
    do throws(PlatformError) {
        let input = try LibinputSeat(seat: seat, panelWidth: 1, panelHeight: 1, loop: nil)
        defer { input.close() }
        let devices = input.devices
        say("Input devices (\(seat)):\(devices.isEmpty ? " none" : "")")
        for d in devices { say("  \(d)") }
        for f in input.openFailures { say("  cannot open \(f) (run as a member of the input group, or as root)") }
    } catch {
        say("Input devices (\(seat)): \(error)")
    }
}

// MARK: Test pattern

/// Colour bars, a grey ramp, a one-pixel white border, a centre crosshair, a marker in the top-left corner
/// (to see rotation) and a red bar in the bottom strip that moves one step per frame. Written row by row:
/// scanout memory is written, never read.
func drawPattern(into buffer: PixelBuffer, frame: Int, columns: Range<Int>? = nil, rows: Range<Int>? = nil) {
    let w = buffer.width, h = buffer.height
    let bars: [UInt32] = [0xFFFFFF, 0xFFFF00, 0x00FFFF, 0x00FF00, 0xFF00FF, 0xFF0000, 0x0000FF, 0x000000]
    let bar = movingBar(frame: frame, width: w)
    let xs = columns ?? 0..<w
    for y in rows ?? 0..<h {
        let row = buffer.row(y)
        for x in xs {
            var c: UInt32
            if x == 0 || y == 0 || x == w - 1 || y == h - 1 || x == w / 2 || y == h / 2 {
                c = 0xFFFFFF
            } else if x < w / 8 && y < h / 8 {
                c = 0xFF8000  // top-left marker
            } else if y < h * 2 / 3 {
                c = bars[x * bars.count / w]
            } else {
                let v = UInt32(x * 255 / max(1, w - 1))
                c = v << 16 | v << 8 | v
            }
            if frame > 0, y > h * 5 / 6, bar.contains(x) { c = 0xFF0000 }
            switch buffer.format {
            case .rgb565:
                let r = (c >> 19) & 0x1F, g = (c >> 10) & 0x3F, b = (c >> 3) & 0x1F
                row.storeBytes(of: UInt16(r << 11 | g << 5 | b), toByteOffset: x * 2, as: UInt16.self)
            default:
                row.storeBytes(of: 0xFF00_0000 | c, toByteOffset: x * 4, as: UInt32.self)
            }
        }
    }
}

/// The columns of the moving bar in `frame`.
func movingBar(frame: Int, width: Int) -> Range<Int> {
    let steps = max(1, width / 16)
    let x = (frame % steps) * 16
    return x..<min(width, x + 16)
}

/// Draws `frame` into a back buffer: all of it when its content is unknown, else (buffer age: the content is
/// `age` frames old) only the bar's old columns and its new ones — cheap frames, so what the flip
/// measurements show is pacing, not drawing.
func drawFrame(_ target: DisplayFrame, frame: Int) {
    let b = target.buffer
    guard target.age > 0, frame >= target.age else {
        drawPattern(into: b, frame: frame)
        return
    }
    let strip = (b.height * 5 / 6)..<b.height
    drawPattern(into: b, frame: frame, columns: movingBar(frame: frame - target.age, width: b.width), rows: strip)
    drawPattern(into: b, frame: frame, columns: movingBar(frame: frame, width: b.width), rows: strip)
}

/// Interval statistics of a list of flip times, for one report line.
func intervalReport(_ times: [MonotonicTime]) -> String {
    let intervals = zip(times.dropFirst(), times).map { ($0 - $1).milliseconds }
    guard !intervals.isEmpty else { return "no intervals" }
    let mean = intervals.reduce(0, +) / Double(intervals.count)
    func r(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
    return "\(intervals.count) intervals: min \(r(intervals.min()!)) ms, mean \(r(mean)) ms, max \(r(intervals.max()!)) ms"
}

let options = parseOptions()
MainActor.assumeIsolated {
    if options.pattern {
        exit(PatternRun.run(options))
    }
    if options.touch {
        exit(runTouch(options))
    }
    listCards(only: options.card)
    if options.input { listInput(seat: options.seat) }
    say("Console: \(VirtualTerminal.describeActive() ?? "no virtual terminal (no /dev/tty0, or no permission)")")
}
