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

@MainActor
func runPattern(_ o: ProbeOptions) -> Int32 {
    let start = MonotonicTime.now()
    do throws(PlatformError) {
        let loop = try MainLoop(signals: [SIGINT, SIGTERM, SIGHUP])  // they stop the loop
        defer { loop.close() }
        let display = try DRMDisplay.open(card: o.card, connector: o.connector, mode: o.platform.mode, format: o.format,
                                          bufferCount: o.platform.buffers, useAtomic: o.platform.drmAtomic, loop: loop)
        defer { display.close() }
        let clock = try LoopFrameClock(loop: loop)
        defer { clock.close() }
        say("pattern: \(display.name), \(display.mode), \(display.format), atomic \(display.supportsAtomic ? "supported" : "not supported")")
        if let notice = display.modeNotice { say("pattern: warning: \(notice)") }
        var frame = 0
        var failure: PlatformError?
        var rawFlips: [MonotonicTime] = []
        var pacedFlips: [MonotonicTime] = []
        var pacedLeft = o.paced
        func show() -> Bool {
            do throws(PlatformError) {
                let f = try display.beginFrame()
                drawFrame(f, frame: frame)
                try display.present()
                frame += 1
                return true
            } catch {
                failure = error
                loop.stop()
                return false
            }
        }
        // Paced frames: the scheduler decides when each starts (flip event, or its timer when flips come
        // back at once), as an app's frames do.
        let scheduler = FrameScheduler(clock: clock, refreshPeriod: display.mode.refreshPeriod) { _ in
            pacedLeft -= 1
            let shown = show()
            return shown
        }
        func finishedPhase(_ name: String, _ times: [MonotonicTime]) {
            say("pattern: \(name): \(intervalReport(times)) (refresh period \(display.mode.refreshPeriod.milliseconds) ms)")
            if pacedLeft <= 0 && o.seconds == nil && o.stayAfterMeasuring == false { loop.stop() }
        }
        display.onFlip = { _ in
            let now = MonotonicTime.now()
            if frame == 1 {
                say("pattern: on screen \((now - start).milliseconds) ms after start; "
                    + "vblank: \(display.flipsWaitForVBlank ? "yes" : "no (flips complete at once)"); \(display.presentMethod)")
            }
            if rawFlips.count <= o.flips && o.flips > 0 {
                // Back-to-back flips, each presented from the previous one's event: the driver's flip latency.
                rawFlips.append(now)
                if rawFlips.count <= o.flips {
                    _ = show()
                    return
                }
                // From the third flip on, each frame only redraws the moving bar (the first two paint whole buffers).
                let measured = Array(rawFlips.dropFirst(min(2, max(0, rawFlips.count - 2))))
                finishedPhase("back-to-back page flips (each presented from the previous flip event)", measured)
                if pacedLeft > 0 { scheduler.requestFrame() }
                return
            }
            if o.paced > 0 && pacedFlips.count < o.paced {
                pacedFlips.append(now)
                if pacedLeft > 0 { scheduler.requestFrame() }
                scheduler.flipCompleted()
                if pacedFlips.count == o.paced {
                    finishedPhase("\(o.paced) frames paced by the frame scheduler", pacedFlips)
                }
            }
        }
        if let s = o.seconds {
            let timer = try loop.makeTimer(name: "pattern duration") { loop.stop() }
            try timer.schedule(after: .nanoseconds(Int64(s * 1e9)))
        }
        if o.flips == 0 && o.paced > 0 {
            scheduler.requestFrame()
        } else {
            _ = show()
        }
        try loop.run()
        scheduler.stop()
        if let failure { throw failure }
        say("pattern: restoring the CRTC and exiting")
        return 0
    } catch {
        fail("\(error)")
    }
}

let options = parseOptions()
MainActor.assumeIsolated {
    if options.pattern {
        exit(runPattern(options))
    }
    if options.touch {
        exit(runTouch(options))
    }
    listCards(only: options.card)
    if options.input { listInput(seat: options.seat) }
    say("Console: \(VirtualTerminal.describeActive() ?? "no virtual terminal (no /dev/tty0, or no permission)")")
}
