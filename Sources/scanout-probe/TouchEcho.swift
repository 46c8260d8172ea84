import Glibc
import ScanoutPlatform
import ScanoutRaster

/// `--touch`: the test pattern in the app's orientation (the orange marker is the app's top-left corner)
/// and a crosshair where each finger is. Touches go through `DisplayTransform.logicalPoint(fromTouch:)` and
/// the pattern through `DisplayTransform.copy`, exactly as in an app: if the crosshair sits under the finger
/// at every rotation, apps' touches land where their pixels are. Each touch is also printed, raw (panel
/// pixels) and logical.
@MainActor
func runTouch(_ o: ProbeOptions) -> Int32 {
    do throws(PlatformError) {
        let loop = try MainLoop(signals: [SIGINT, SIGTERM, SIGHUP])
        defer { loop.close() }
        let display = try DRMDisplay.open(card: o.card, connector: o.connector, mode: o.platform.mode, format: o.format,
                                          bufferCount: o.platform.buffers, useAtomic: o.platform.drmAtomic, loop: loop)
        defer { display.close() }
        let transform = DisplayTransform(panelWidth: display.mode.width, panelHeight: display.mode.height,
                                         rotation: o.platform.rotation, calibration: o.platform.calibration)
        let seat = try LibinputSeat(seat: o.seat, panelWidth: display.mode.width, panelHeight: display.mode.height, loop: loop)
        defer { seat.close() }
        say("touch: \(display.name), \(display.mode), rotation \(transform.rotation), app size "
            + "\(transform.logicalPixelWidth)x\(transform.logicalPixelHeight); touch devices: "
            + (seat.devices.filter { $0.capabilities.contains(.touch) || $0.capabilities.contains(.pointer) }.map(\.name)
                .joined(separator: ", ")))
        let pattern = PixelBuffer(width: transform.logicalPixelWidth, height: transform.logicalPixelHeight, format: display.format)
        drawPattern(into: pattern, frame: 0)
        let composed = PixelBuffer(width: pattern.width, height: pattern.height, format: display.format)
        var fingers: [Int: Point] = [:]
        var inFlight = false
        var dirty = true
        var failure: PlatformError?

        func show() {
            guard dirty, !inFlight else { return }
            dirty = false
            for y in 0..<pattern.height {
                memcpy(composed.row(y), pattern.row(y), pattern.width * pattern.format.bytesPerPixel)
            }
            for (id, p) in fingers { drawCrosshair(into: composed, at: p, colour: crosshairColours[abs(id + 1) % crosshairColours.count]) }
            do throws(PlatformError) {
                let frame = try display.beginFrame()
                try transform.copy(composed, to: frame.buffer)
                try display.present()
                inFlight = true
            } catch {
                failure = error
                loop.stop()
            }
        }
        display.onFlip = { _ in
            inFlight = false
            show()
        }
        // `onInput` fires when the queue turns non-empty: take what is there already (the devices found at start).
        func handleInput() {
            for event in seat.takeEvents() {
                guard case .touch(let t) = event else { continue }
                let p = transform.logicalPoint(fromTouch: t.position)
                say("touch \(t.id) \(t.phase): panel (\(rounded(t.position.x)), \(rounded(t.position.y))) -> app (\(rounded(p.x)), \(rounded(p.y)))")
                switch t.phase {
                case .down, .moved: fingers[t.id] = p
                case .up, .cancelled: fingers[t.id] = nil
                }
                dirty = true
            }
            show()
        }
        seat.onInput = { handleInput() }
        handleInput()
        if let s = o.seconds {
            let timer = try loop.makeTimer(name: "touch duration") { loop.stop() }
            try timer.schedule(after: .nanoseconds(Int64(s * 1e9)))
        }
        show()
        say("touch: showing; touch the panel (SIGINT/SIGTERM to stop)")
        try loop.run()
        if let failure { throw failure }
        say("touch: restoring the CRTC and exiting")
        return 0
    } catch {
        fail("\(error)")
    }
}

let crosshairColours: [UInt32] = [0xFF00FF, 0x00FFFF, 0xFFFF00, 0x00FF00, 0xFF0000]

func rounded(_ v: Double) -> Double { (v * 10).rounded() / 10 }

/// A crosshair 61 pixels across, 3 wide, with a black outline so it shows on every bar of the pattern.
func drawCrosshair(into buffer: PixelBuffer, at p: Point, colour: UInt32) {
    let cx = Int(p.x.rounded(.down)), cy = Int(p.y.rounded(.down))
    func put(_ x: Int, _ y: Int, _ c: UInt32) {
        guard x >= 0, y >= 0, x < buffer.width, y < buffer.height else { return }
        switch buffer.format {
        case .rgb565:
            let r = (c >> 19) & 0x1F, g = (c >> 10) & 0x3F, b = (c >> 3) & 0x1F
            buffer.row(y).storeBytes(of: UInt16(r << 11 | g << 5 | b), toByteOffset: x * 2, as: UInt16.self)
        default:
            buffer.row(y).storeBytes(of: 0xFF00_0000 | c, toByteOffset: x * 4, as: UInt32.self)
        }
    }
    for d in -30...30 {
        for w in -2...2 {
            let c = abs(w) == 2 ? 0x000000 : colour
            put(cx + d, cy + w, c)
            put(cx + w, cy + d, c)
        }
    }
}
