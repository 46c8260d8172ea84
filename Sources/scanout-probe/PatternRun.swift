import Glibc
import ScanoutPlatform
import ScanoutRaster

/// `--pattern`: puts the test pattern on a DRM display and measures its flips in two phases — back-to-back
/// flips (each presented from the previous flip event: the driver's flip latency), then frames paced by the
/// frame scheduler (as an app's frames are) — then restores the CRTC.
@MainActor
final class PatternRun {
    private let options: ProbeOptions
    private let start = MonotonicTime.now()
    private let loop: MainLoop
    private let display: DRMDisplay
    private var scheduler: FrameScheduler?
    private var frame = 0
    private var failure: PlatformError?
    private var rawFlips: [MonotonicTime] = []
    private var pacedFlips: [MonotonicTime] = []
    private var pacedLeft: Int

    private init(options: ProbeOptions, loop: MainLoop, display: DRMDisplay) {
        self.options = options
        self.loop = loop
        self.display = display
        pacedLeft = options.paced
    }

    /// Runs the pattern; the process's exit status.
    static func run(_ o: ProbeOptions) -> Int32 {
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
            let run = PatternRun(options: o, loop: loop, display: display)
            try run.run(clock: clock)
            say("pattern: restoring the CRTC and exiting")
            return 0
        } catch {
            fail("\(error)")
        }
    }

    private func run(clock: LoopFrameClock) throws(PlatformError) {
        // Paced frames: the scheduler decides when each starts (flip event, or its timer when flips come
        // back at once), as an app's frames do.
        let scheduler = FrameScheduler(clock: clock, refreshPeriod: display.mode.refreshPeriod) { [unowned self] _ in
            pacedLeft -= 1
            return show()
        }
        self.scheduler = scheduler
        display.onFlip = { [unowned self] _ in flipped(at: MonotonicTime.now()) }
        if let s = options.seconds {
            let loop = self.loop
            let timer = try loop.makeTimer(name: "pattern duration") { loop.stop() }
            try timer.schedule(after: .nanoseconds(Int64(s * 1e9)))
        }
        if options.flips == 0 && options.paced > 0 {
            scheduler.requestFrame()
        } else {
            _ = show()
        }
        try loop.run()
        scheduler.stop()
        display.onFlip = nil
        if let failure { throw failure }
    }

    /// Draws and presents the next frame; false (and the loop stopped) when the display failed.
    private func show() -> Bool {
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

    private func flipped(at now: MonotonicTime) {
        if frame == 1 {
            say("pattern: on screen \((now - start).milliseconds) ms after start; "
                + "vblank: \(display.flipsWaitForVBlank ? "yes" : "no (flips complete at once)"); \(display.presentMethod)")
        }
        if rawFlips.count <= options.flips && options.flips > 0 {
            rawFlips.append(now)
            if rawFlips.count <= options.flips {
                _ = show()
                return
            }
            // From the third flip on, each frame only redraws the moving bar (the first two paint whole buffers).
            let measured = Array(rawFlips.dropFirst(min(2, max(0, rawFlips.count - 2))))
            finishedPhase("back-to-back page flips (each presented from the previous flip event)", measured)
            if pacedLeft > 0 { scheduler?.requestFrame() }
            return
        }
        if options.paced > 0 && pacedFlips.count < options.paced {
            pacedFlips.append(now)
            if pacedLeft > 0 { scheduler?.requestFrame() }
            scheduler?.flipCompleted()
            if pacedFlips.count == options.paced {
                finishedPhase("\(options.paced) frames paced by the frame scheduler", pacedFlips)
            }
        }
    }

    private func finishedPhase(_ name: String, _ times: [MonotonicTime]) {
        say("pattern: \(name): \(intervalReport(times)) (refresh period \(display.mode.refreshPeriod.milliseconds) ms)")
        if pacedLeft <= 0 && options.seconds == nil && options.stayAfterMeasuring == false { loop.stop() }
    }
}
