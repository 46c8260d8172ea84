import Glibc
import ScanoutPlatform
import ScanoutRaster
import ScanoutRender

/// Runs an app's scene on a display: options → main loop (signals first, before any thread starts) → backend
/// → view host, frame scheduler, renderer and input wired together → the loop until SIGTERM/SIGINT/SIGHUP
/// (or N simulated frames, headless) → snapshot → display restored.
///
/// A frame (DESIGN.md §1): the display clock → input since the last frame (touches through the display
/// transform) → update → layout → display list → repaint the damage in a private composition of the logical
/// size (`FrameCompositor`) → copy what the back buffer lacks (its age's damage) through the transform into it
/// (scanout memory is written, never read: the renderer blends, so it never draws there directly) → commit.
/// The next frame starts from the flip event.
@MainActor
enum AppRunner {
    static func run<S: Scene>(_ scene: S) -> Int32 {
        let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "scanout"
        let options: PlatformOptions
        do throws(PlatformError) {
            options = try PlatformOptions.fromProcess()
        } catch {
            AppLog.error("\(program): \(error)\nusage: \(program) [options]\n\(PlatformOptions.usage)")
            return 2
        }
        if options.showHelp {
            print("usage: \(program) [options]\n\(PlatformOptions.usage)")
            return 0
        }
        do throws(PlatformError) {
            let session = try AppSession(scene: scene, options: options)
            return session.run()
        } catch {
            AppLog.error("\(program): \(error)")
            return 1
        }
    }
}

/// One line to stdout or stderr, unbuffered (the lines are read live on a serial console).
enum AppLog {
    static func error(_ message: String) { emit(message, to: 2) }
    static func info(_ message: String) { emit("scanout: " + message, to: 1) }

    private static func emit(_ message: String, to fd: Int32) {
        var m = message + "\n"
        m.withUTF8 { _ = write(fd, $0.baseAddress, $0.count) }
    }
}

/// One run of an app on one display.
@MainActor
final class AppSession {
    let options: PlatformOptions
    let loop: MainLoop
    let display: Display
    let clock: FrameClock
    let simulatedClock: SimulatedFrameClock?
    let input: LibinputSeat?
    let transform: DisplayTransform
    let host: ViewHost
    /// Keeps the app's frame (the display's format, the logical size) and repaints only its damage; the
    /// display's buffers are brought up to date from it.
    let compositor: FrameCompositor
    var offscreen: PixelBuffer { compositor.composition }
    private(set) var scheduler: FrameScheduler!
    private var status: Int32 = 0
    private var suppressRequests = false
    private var flips: [MonotonicTime] = []
    private(set) var committed = 0
    private let start = MonotonicTime.now()
    /// systemd's notifications (READY=1 at the first flip, watchdog pings, STOPPING=1); inert without
    /// $NOTIFY_SOCKET.
    let service: ServiceLifecycle
    /// When the buffer now in flight was committed (for the watchdog's health check).
    private var committedAt: MonotonicTime?
    /// SCANOUT_TRACE_TOUCHES=1: one log line per touch as libinput delivered it (panel pixels, its time), for
    /// finding out on a board where touches go.
    private let traceTouches = getenv("SCANOUT_TRACE_TOUCHES").map { String(cString: $0) == "1" } ?? false

    /// `processEnvironment`: where `$NOTIFY_SOCKET` and `$WATCHDOG_USEC` are read (the process's by default).
    init<S: Scene>(scene: S, options: PlatformOptions,
                   processEnvironment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) throws(PlatformError) {
        self.options = options
        // The loop and its signal mask come first, before libdispatch starts threads: threads started later
        // inherit the blocked signals, so SIGTERM reaches the signalfd rather than killing the process
        // without restoring the display.
        let loop = try MainLoop(signals: [SIGTERM, SIGINT, SIGHUP])
        self.loop = loop
        var ok = false
        defer { if !ok { loop.close() } }
        try loop.handleSignals([SIGTERM, SIGINT, SIGHUP]) { [unowned loop] signal in
            AppLog.info("signal \(signal): exiting")
            loop.stop()
        }
        let decision = try BackendDecision.choose(requested: options.backend,
                                                  cardPaths: options.backend == nil ? DRMCardFinder.cardPaths() : [])
        if let notice = decision.notice { AppLog.error(notice) }
        switch decision.backend {
        case .drm:
            let drm = try DRMDisplay.open(card: options.drmCard, connector: options.drmConnector, format: options.format, loop: loop)
            display = drm
            do throws(PlatformError) {
                clock = try LoopFrameClock(loop: loop)
            } catch {
                drm.close()
                throw error
            }
            simulatedClock = nil
            do throws(PlatformError) {
                let seat = try LibinputSeat(seat: options.seat, panelWidth: drm.mode.width, panelHeight: drm.mode.height, loop: loop)
                for failure in seat.openFailures {
                    AppLog.error("scanout: cannot open input device \(failure): run as a user in the input group, or as root")
                }
                input = seat
            } catch {
                AppLog.error("scanout: no touch input: \(error)")
                input = nil
            }
            AppLog.info("\(drm.name) \(drm.mode) \(drm.format), atomic \(drm.supportsAtomic ? "supported (legacy flips used)" : "not supported")")
        case .headless, .fbdev:
            let frameClock: FrameClock
            if options.frames != nil {
                let sim = SimulatedFrameClock(start: .now())
                simulatedClock = sim
                frameClock = sim
            } else {
                simulatedClock = nil
                frameClock = try LoopFrameClock(loop: loop)
            }
            clock = frameClock
            display = HeadlessDisplay(width: options.headlessWidth, height: options.headlessHeight, format: options.format,
                                      loop: loop, now: { frameClock.now })
            input = nil
        }
        transform = DisplayTransform(panelWidth: display.mode.width, panelHeight: display.mode.height,
                                     rotation: options.rotation, calibration: options.calibration, scale: options.scale)
        var environment = EnvironmentValues()
        environment.displaySize = CGSize(width: transform.logicalWidth, height: transform.logicalHeight)
        environment.displayScale = CGFloat(options.scale)
        environment.displayRotation = options.rotation.degrees
        host = scene.resolveViewHost(size: environment.displaySize, environment: environment)
        compositor = FrameCompositor(width: transform.logicalPixelWidth, height: transform.logicalPixelHeight,
                                     scale: options.scale, format: display.format)
        do throws(PlatformError) {
            service = try ServiceLifecycle.fromEnvironment(processEnvironment, loop: loop)
        } catch {
            // Run anyway (the panel matters more); under Type=notify systemd then times the start out, and
            // this line in the journal says why.
            AppLog.error("scanout: not notifying systemd: \(error)")
            service = ServiceLifecycle(notifier: nil, watchdogTimeout: nil, clock: nil)
        }
        ok = true
    }

    /// Runs until a signal (or the simulated frames are done), then tears down. Returns the exit status.
    func run() -> Int32 {
        scheduler = FrameScheduler(clock: clock, refreshPeriod: display.mode.refreshPeriod) { [unowned self] ctx in
            self.frame(ctx)
        }
        scheduler.onError = { @MainActor error in AppLog.error("scanout: frame timer: \(error)") }
        host.onFrameRequest = { [unowned self] in
            if !self.suppressRequests { self.scheduler.requestFrame() }
        }
        input?.onInput = { [unowned self] in self.scheduler.requestFrame() }
        display.onFlip = { [unowned self] time in self.flipped(at: time) }
        service.onSendFailure = { AppLog.error("scanout: \($0)") }
        service.isHealthy = { [unowned self] in self.isFramePipelineAlive }
        service.start(status: "starting on \(display.name) \(display.mode)")
        scheduler.requestFrame()
        do throws(PlatformError) {
            if let sim = simulatedClock, let frames = options.frames {
                // N frames of simulated time: each period, move the clock (which runs the frame due then),
                // then deliver what is ready (the flip, main-actor jobs, signals).
                let t0 = sim.now
                for i in 0..<frames where !loop.isStopping {
                    sim.advance(to: t0 + display.mode.refreshPeriod * i)
                    try loop.runOnce(timeout: .zero)
                }
            } else {
                try loop.run()
            }
        } catch {
            AppLog.error("scanout: main loop: \(error)")
            status = 1
        }
        service.stopping(status: status == 0 ? "stopping" : "stopping after an error")
        scheduler.stop()
        writeSnapshot()
        report()
        input?.close()
        display.close()
        (clock as? LoopFrameClock)?.close()
        service.close()
        loop.close()
        return status
    }

    // MARK: Frame

    private func frame(_ ctx: FrameContext) -> Bool {
        // Input and update may mark things dirty; that is this frame's work, not a request for the next one.
        suppressRequests = true
        // The display clock, in seconds since the app started: animations show where they are when this
        // frame reaches the screen.
        host.advanceTime(to: Double((ctx.targetPresentTime - start).nanoseconds) / 1e9)
        let touched = applyInput()
        var draw = false
        if host.needsFrame || host.needsLayout || touched {
            let changed = host.update()
            draw = changed || host.needsLayout || touched
        }
        suppressRequests = false
        if host.needsFrame { scheduler.requestFrame() }  // work the update left for the next frame
        guard draw else { return false }
        host.layout()
        // Repaint the damage in the private composition; a frame whose pixels did not change commits nothing.
        let damage = compositor.render(host.makeDisplayList(), background: .black)
        guard !damage.isEmpty else { return false }
        do throws(PlatformError) {
            let target = try display.beginFrame()
            // The back buffer lacks the damage of the frames since it was last on screen (its age).
            for r in compositor.repaintRegion(forBufferAge: target.age).rects {
                try transform.copy(offscreen, to: target.buffer, region: r)
            }
            try display.present()
            committedAt = clock.now
        } catch {
            AppLog.error("scanout: \(error)")
            status = 1
            loop.stop()
            return false
        }
        committed += 1
        return true
    }

    /// Feeds this frame's touches to the view host, each finger by its id, with its event time on the host's
    /// clock (velocities use it: several moves can arrive in one frame). Returns whether any touch arrived.
    private func applyInput() -> Bool {
        guard let input else { return false }
        var touched = false
        for event in input.takeEvents() {
            switch event {
            case .touch(let t):
                touched = true
                if traceTouches { AppLog.info("touch \(t.phase) id \(t.id) at \(t.position) time \(t.time) µs, frame \(committed + 1)") }
                let p = transform.logicalPoint(fromTouch: t.position)
                let point = CGPoint(x: CGFloat(p.x), y: CGFloat(p.y))
                // libinput's times are CLOCK_MONOTONIC microseconds, as `start`; a simulated clock has none.
                let time: Double? = simulatedClock == nil
                    ? Double(Int64(t.time) * 1000 - start.nanoseconds) / 1e9 : nil
                switch t.phase {
                case .down: host.touchDown(id: t.id, at: point, time: time)
                case .moved: host.touchMoved(id: t.id, to: point, time: time)
                case .up: host.touchUp(id: t.id, at: point, time: time)
                case .cancelled: host.touchCancelled(id: t.id)
                }
            case .deviceAdded(let d):
                AppLog.info("input device added: \(d)")
            case .deviceRemoved(let d):
                AppLog.info("input device removed: \(d)")
            case .key:
                break  // key codes reach apps once ScanoutUI has focus and key handlers
            }
        }
        return touched
    }

    /// False when a committed buffer has waited for its flip longer than the watchdog allows: the loop turns,
    /// but nothing reaches the screen any more (a wedged driver), and a restart is the way out.
    private var isFramePipelineAlive: Bool {
        guard scheduler.isCommitInFlight, let committedAt, let timeout = service.watchdogTimeout else { return true }
        return clock.now - committedAt < timeout
    }

    private func flipped(at time: MonotonicTime) {
        let now = clock.now
        committedAt = nil
        if flips.isEmpty {
            var line = "first frame on screen \((now - start).milliseconds) ms after the app started"
            if simulatedClock == nil, let started = Uptime.processStart() {
                let up = Uptime.now()
                line += " (process start to flip \(Int(((up - started) * 1000).rounded())) ms; uptime \(up) s)"
            }
            AppLog.info(line)
            service.frameOnScreen(status: "showing the app on \(display.name) \(display.mode), rotation \(options.rotation.degrees)")
        }
        if flips.count < 100_000 { flips.append(now) }
        scheduler.flipCompleted(at: now)
    }

    // MARK: Exit

    private func writeSnapshot() {
        guard let path = options.snapshotPath else { return }
        guard committed > 0 else {
            AppLog.error("scanout: no frame was committed; no snapshot written to \(path)")
            status = status == 0 ? 1 : status
            return
        }
        // The panel image of the last committed frame, from the offscreen copy (scanout memory is not read).
        let panel = PixelBuffer(width: transform.panelWidth, height: transform.panelHeight, format: display.format)
        do throws(PlatformError) {
            try transform.copy(offscreen, to: panel)
        } catch {
            AppLog.error("scanout: snapshot: \(error)")
            return
        }
        do {
            try FrameSnapshot.write(panel, toFile: path)
            AppLog.info("last frame written to \(path)")
        } catch {
            AppLog.error("scanout: cannot write the snapshot: \(error)")
            status = 1
        }
    }

    private func report() {
        var line = "\(committed) frames committed, \(scheduler.pacedFrames) paced by the timer"
        // Flip intervals while frames follow each other (animating), leaving out the idle gaps between.
        let period = display.mode.refreshPeriod.milliseconds
        let intervals = zip(flips.dropFirst(), flips).map { ($0 - $1).milliseconds }.filter { $0 < 4 * period }
        if !intervals.isEmpty {
            let mean = intervals.reduce(0, +) / Double(intervals.count)
            func r(_ v: Double) -> Double { (v * 100).rounded() / 100 }
            line += "; \(intervals.count) flip intervals while animating: min \(r(intervals.min()!)) / mean \(r(mean)) / "
                + "max \(r(intervals.max()!)) ms (refresh period \(r(period)) ms)"
        }
        line += "; \(loop.wakeups) loop wake-ups"
        AppLog.info(line)
        for w in host.warnings { AppLog.error("scanout: warning: \(w)") }
    }
}
