// scanout-probe: what a board offers Scanout — DRM cards, connectors and modes, CRTCs and planes, whether
// atomic modesetting works, and the input devices libinput sees (modetest + `libinput list-devices` in one).
// With --pattern it drives the display with a test pattern, measures page-flip intervals, and restores the
// screen on exit (SIGINT/SIGTERM or after --seconds).
//
// usage: scanout-probe [--pattern] [--seconds N] [--flips N] [--card PATH] [--connector NAME] [--format F]
//                      [--seat NAME] [--no-input]
import Glibc
import ScanoutPlatform
import ScanoutRaster

func fail(_ message: String) -> Never {
    var m = "scanout-probe: " + message + "\n"
    m.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(1)
}

struct ProbeOptions {
    var pattern = false
    var seconds: Double?
    var flips = 0
    var card: String?
    var connector: String?
    var format = PixelFormat.xrgb8888
    var seat = "seat0"
    var input = true
}

func parseOptions() -> ProbeOptions {
    var o = ProbeOptions()
    var args = Array(CommandLine.arguments.dropFirst())
    func value(_ flag: String) -> String {
        guard !args.isEmpty else { fail("\(flag) needs a value") }
        return args.removeFirst()
    }
    o.card = getenv("SCANOUT_DRM_CARD").map { String(cString: $0) }
    o.connector = getenv("SCANOUT_DRM_CONNECTOR").map { String(cString: $0) }
    while !args.isEmpty {
        let a = args.removeFirst()
        switch a {
        case "--pattern": o.pattern = true
        case "--seconds": guard let s = Double(value(a)), s >= 0 else { fail("--seconds wants a number") }; o.seconds = s
        case "--flips": guard let n = Int(value(a)), n >= 0 else { fail("--flips wants a count") }; o.flips = n
        case "--card": o.card = value(a)
        case "--connector": o.connector = value(a)
        case "--format":
            switch value(a) {
            case "xrgb8888": o.format = .xrgb8888
            case "rgb565": o.format = .rgb565
            default: fail("--format wants xrgb8888 or rgb565")
            }
        case "--seat": o.seat = value(a)
        case "--no-input": o.input = false
        case "--help", "-h":
            print("usage: scanout-probe [--pattern] [--seconds N] [--flips N] [--card PATH] [--connector NAME] [--format xrgb8888|rgb565] [--seat NAME] [--no-input]")
            exit(0)
        default: fail("unknown option \(a) (see --help)")
        }
    }
    return o
}

// MARK: Listing

func listCards(only card: String?) {
    let paths = card.map { [$0] } ?? DRMCardFinder.cardPaths()
    print("DRM cards:\(paths.isEmpty ? " none (no /dev/dri/card*: no KMS driver loaded?)" : "")")
    for path in paths {
        let device: DRMDevice
        do throws(PlatformError) { device = try DRMDevice.open(path: path) } catch {
            print("  \(path): \(error)")
            continue
        }
        defer { device.close() }
        let universal = device.enableUniversalPlanes()
        let atomic = device.enableAtomic()
        print("  \(path): driver \(device.driverName), dumb buffers \(device.supportsDumbBuffers ? "yes" : "no"), "
            + "atomic \(atomic ? "yes" : "no"), DRM master \(device.isMaster ? "yes" : "no (another process drives it)")")
        do throws(PlatformError) {
            for c in try device.connectors() {
                var line = "    connector \(c.id) \(c.name): \(c.status)"
                if c.widthMillimetres > 0 { line += ", \(c.widthMillimetres)x\(c.heightMillimetres) mm" }
                print(line)
                if !c.modes.isEmpty { print("      modes: " + c.modes.map(\.description).joined(separator: ", ")) }
            }
            for crtc in try device.crtcs() {
                print("    CRTC \(crtc.id) (index \(crtc.index)): " + (crtc.mode.map { "fb \(crtc.framebufferID), \($0)" } ?? "off"))
            }
        } catch {
            print("    \(error)")
        }
        for p in device.planes() {
            let mask = String(p.possibleCRTCs, radix: 16)
            print("    plane \(p.id): \(universal ? p.kind : "plane"), CRTCs 0x\(mask), formats \(p.formats.joined(separator: " "))")
        }
    }
}

@MainActor
func listInput(seat: String) {
    do throws(PlatformError) {
        let input = try LibinputSeat(seat: seat, panelWidth: 1, panelHeight: 1, loop: nil)
        defer { input.close() }
        let devices = input.devices
        print("Input devices (\(seat)):\(devices.isEmpty ? " none" : "")")
        for d in devices { print("  \(d)") }
        for f in input.openFailures { print("  cannot open \(f) (run as a member of the input group, or as root)") }
    } catch {
        print("Input devices (\(seat)): \(error)")
    }
}

// MARK: Test pattern

/// Colour bars, a grey ramp, a one-pixel white border, a centre crosshair and a marker in the top-left
/// corner (to see rotation), written row by row (scanout memory is written, never read).
func drawPattern(into buffer: PixelBuffer, frame: Int) {
    let w = buffer.width, h = buffer.height
    let bars: [UInt32] = [0xFFFFFF, 0xFFFF00, 0x00FFFF, 0x00FF00, 0xFF00FF, 0xFF0000, 0x0000FF, 0x000000]
    for y in 0..<h {
        let row = buffer.row(y)
        for x in 0..<w {
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
            // A bar moving one step per flip, so repeated flips change the picture.
            if frame > 0, y > h * 5 / 6, (x / 16) % 64 == frame % 64 { c = 0xFF0000 }
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

@MainActor
func runPattern(_ o: ProbeOptions) -> Int32 {
    let start = MonotonicTime.now()
    do throws(PlatformError) {
        let loop = try MainLoop()
        defer { loop.close() }
        try loop.handleSignals([SIGINT, SIGTERM, SIGHUP]) { _ in loop.stop() }
        let display = try DRMDisplay.open(card: o.card, connector: o.connector, format: o.format, loop: loop)
        defer { display.close() }
        print("pattern: \(display.name), \(display.mode), \(display.format), atomic \(display.supportsAtomic ? "supported" : "not supported")")
        var flips: [MonotonicTime] = []
        var frame = 0
        var failure: PlatformError?
        func show() {
            do throws(PlatformError) {
                let f = try display.beginFrame()
                drawPattern(into: f.buffer, frame: frame)
                try display.present()
            } catch {
                failure = error
                loop.stop()
            }
        }
        display.onFlip = { _ in
            flips.append(.now())
            if flips.count == 1 {
                print("pattern: on screen \((flips[0] - start).milliseconds) ms after start; vblank: \(display.flipsWaitForVBlank ? "yes" : "no (flips complete at once)")")
            }
            if frame < o.flips {
                frame += 1
                show()
            } else if o.seconds == nil && o.flips > 0 {
                loop.stop()
            }
        }
        if let s = o.seconds {
            let timer = try loop.makeTimer(name: "pattern duration") { loop.stop() }
            try timer.schedule(after: .nanoseconds(Int64(s * 1e9)))
        }
        show()
        try loop.run()
        if let failure { throw failure }
        if flips.count > 2 {
            let intervals = zip(flips.dropFirst(2), flips.dropFirst()).map { ($0 - $1).milliseconds }
            let mean = intervals.reduce(0, +) / Double(intervals.count)
            print("pattern: \(intervals.count) page flips, interval min \(intervals.min()!) ms, mean \(mean) ms, max \(intervals.max()!) ms "
                + "(refresh period \(display.mode.refreshPeriod.milliseconds) ms)")
        }
        print("pattern: restoring the CRTC and exiting")
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
    listCards(only: options.card)
    if options.input { listInput(seat: options.seat) }
}
