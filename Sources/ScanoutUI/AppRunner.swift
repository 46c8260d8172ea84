import Glibc
import ScanoutPlatform
import ScanoutRaster
import ScanoutRender

/// Runs an app's scene on a display: options → main loop (signals first, before any thread starts) → backend
/// → view host, frame scheduler, renderer and input wired together → the loop until SIGTERM/SIGINT/SIGHUP
/// (or N simulated frames, headless) → snapshot → display restored.
///
/// A frame (ARCHITECTURE.md §1): the display clock → input since the last frame (touches through the display
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
            switch error {
            case .boardProfile, .boardNotFound, .system:
                AppLog.error("\(program): \(error)")  // a file's problem: the options were right
            default:
                AppLog.error("\(program): \(error)\nusage: \(program) [options]\n\(PlatformOptions.usage)")
            }
            return 2
        }
        if options.showHelp {
            print("usage: \(program) [options]\n\(PlatformOptions.usage)")
            return 0
        }
        for w in options.warnings { AppLog.error("\(program): warning: \(w)") }
        if let board = options.board { AppLog.info("board profile \(board.path)\(board.name.map { " (\($0))" } ?? "")") }
        if let directory = options.previewsDirectory { return PreviewRunner.run(into: directory, options: options, program: program) }
        do throws(PlatformError) {
            let session = try AppSession(scene: scene, options: options)
            return session.run()
        } catch .stopped(let what) {
            AppLog.info("stopped by a signal while \(what)")
            return 0
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
    let input: InputSource?
    /// The console switched to graphics mode while the app shows (restored on exit).
    let terminal: VirtualTerminal?
    /// Whether the screen is the app's (DRM): VT switches and lost DRM master stop frames and resume them.
    private var ownership: DisplayOwnership?
    private var masterRetryTimer: LoopTimer?
    /// The screen was someone else's: the next frame commits the whole composition.
    private var needsFullCommit = false
    /// Blanking after `blankAfter` seconds without input (DRM, fbdev), and its timer.
    private var blanking: IdleBlanking?
    private var blankTimer: LoopTimer?
    /// Key codes to keys through the board's XKB keymap (the US map built in when XKB cannot load one).
    private var keymap: XKBKeymap?
    private var keyboard = KeyboardState()
    /// A held key's repeats (armed only while a repeating key is down: idle stays without wake-ups).
    private var repeatTimer: LoopTimer?
    private var repeatingKey: KeyEvent?
    /// The focused text field's caret blink: one timer armed for the host's next wake time.
    private var caretTimer: LoopTimer?
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
    private var traceTouches: Bool { options.traceTouches }
    /// What shows where the app draws nothing: the colour scheme's background (white in light, black in dark).
    /// A `.preferredColorScheme` on the root view wins over the board's `appearance`, as it does over the
    /// system's in SwiftUI.
    private var background: RGBA {
        Palette.background.resolved(in: host.rootPreferredColorScheme ?? options.appearance.colorScheme)
    }

    /// Throws `.stopped` when a signal stopped the app while it waited for the display (DRM master held elsewhere).
    /// `processEnvironment`: where `$NOTIFY_SOCKET` and `$WATCHDOG_USEC` are read (the process's by default).
    init<S: Scene>(scene: S, options: PlatformOptions,
                   processEnvironment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) throws(PlatformError) {
        self.options = options
        // The loop and its signal mask come first, before libdispatch starts threads: threads started later
        // inherit the blocked signals, so SIGTERM reaches the signalfd rather than killing the process
        // without restoring the display.
        // SIGUSR1/SIGUSR2: the VT's release and acquire signals (`VT_PROCESS`), read on the loop as well.
        let loop = try MainLoop(signals: [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2])
        self.loop = loop
        var ok = false
        defer { if !ok { loop.close() } }
        try loop.handleSignals([SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2]) { [unowned loop] signal in
            // VT signals before the session runs: none is sent before `takeSwitching`; `run()` routes them.
            guard signal != SIGUSR1 && signal != SIGUSR2 else { return }
            AppLog.info("signal \(signal): exiting")
            loop.stop()
        }
        let decision = try BackendDecision.choose(requested: options.backend,
                                                  cardPaths: options.backend == nil ? DRMCardFinder.cardPaths() : [])
        if let notice = decision.notice { AppLog.error(notice) }
        switch decision.backend {
        case .drm, .fbdev:
            let panel: Display
            if decision.backend == .drm {
                // Another process may hold DRM master (a display manager stopping, an old instance): wait for it.
                let opened = try DRMMasterWait().run({ () throws(PlatformError) -> DRMDisplay in
                    try DRMDisplay.open(card: options.drmCard, connector: options.drmConnector, mode: options.mode,
                                        format: options.format, bufferCount: options.buffers, useAtomic: options.drmAtomic,
                                        loop: loop)
                }, wait: { delay in AppSession.wait(delay, on: loop) }, log: { AppLog.error("scanout: \($0)") })
                guard let drm = opened else { throw PlatformError.stopped(while: "waiting for DRM master") }
                drm.onStatus = { AppLog.info($0) }
                if let notice = drm.modeNotice { AppLog.error("scanout: warning: \(notice)") }
                AppLog.info("\(drm.name) \(drm.mode) \(drm.format), \(drm.buffersDescription), "
                    + "atomic \(drm.supportsAtomic ? "supported" : "not supported"), presenting with \(drm.presentMethod)")
                panel = drm
            } else {
                let fb = try FramebufferDisplay.open(path: options.fbdevPath, loop: loop)
                fb.onStatus = { AppLog.info($0) }
                AppLog.info("\(fb.name) \(fb.mode) \(fb.format), fbdev: damaged rows copied in, paced by a timer")
                panel = fb
            }
            display = panel
            do throws(PlatformError) {
                clock = try LoopFrameClock(loop: loop)
            } catch {
                panel.close()
                throw error
            }
            simulatedClock = nil
            do throws(PlatformError) {
                let seat = try LibinputSeat(seat: options.seat, panelWidth: panel.mode.width, panelHeight: panel.mode.height, loop: loop)
                for failure in seat.openFailures {
                    AppLog.error("scanout: cannot open input device \(failure): run as a user in the input group, or as root")
                }
                input = seat
            } catch {
                AppLog.error("scanout: no touch input: \(error)")
                input = nil
            }
            switch VirtualTerminal.enter() {
            case .success(let vt):
                AppLog.info("console \(vt.path) in graphics mode while the app runs")
                terminal = vt
            case .failure(let why):
                AppLog.info("console left alone (\(why))")
                terminal = nil
            }
            if let drm = panel as? DRMDisplay {
                // VT switches in the app's hands (fbdev has no master to give up: it keeps the kernel's switching).
                if let vt = terminal {
                    if let why = vt.takeSwitching(releaseSignal: SIGUSR1, acquireSignal: SIGUSR2) {
                        AppLog.info("VT switching left to the kernel (\(why))")
                    } else {
                        AppLog.info("VT switching handled by the app (\(vt.path))")
                    }
                }
                ownership = DisplayOwnership(display: drm, terminal: terminal?.handlesSwitching == true ? terminal : nil,
                                             input: input as? LibinputSeat)
            }
        case .window:
            // The desktop simulator (SDL2, loaded only here): the panel in a window, the mouse as a finger.
            let window = try WindowDisplay.open(options: options, loop: loop)
            window.onStatus = { AppLog.info($0) }
            AppLog.info(window.summary)
            display = window
            clock = try LoopFrameClock(loop: loop)
            simulatedClock = nil
            input = window.input
            terminal = nil
        case .headless:
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
            terminal = nil
        }
        transform = DisplayTransform(panelWidth: display.mode.width, panelHeight: display.mode.height,
                                     rotation: options.rotation, calibration: options.calibration, scale: options.scale)
        var environment = EnvironmentValues()
        environment.displaySize = CGSize(width: transform.logicalWidth, height: transform.logicalHeight)
        environment.displayScale = CGFloat(options.scale)
        environment.displayRotation = options.rotation.degrees
        environment.colorScheme = options.appearance.colorScheme
        switch options.onScreenKeyboard {
        case .auto: environment.sceneKeyboardMode = .auto
        case .always: environment.sceneKeyboardMode = .always
        case .never: environment.sceneKeyboardMode = nil
        }
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
        if let ownership {
            masterRetryTimer = try loop.makeTimer(name: "DRM master retry") { [weak ownership] in ownership?.retry() }
            ownership.scheduleRetry = { [unowned self] delay in
                do throws(PlatformError) {
                    try self.masterRetryTimer?.schedule(after: delay)
                } catch {
                    AppLog.error("scanout: DRM master retry: \(error)")
                }
            }
            ownership.log = { AppLog.info($0) }
        }
        if let seconds = options.blankAfter, !(display is HeadlessDisplay) {
            blanking = IdleBlanking(timeout: seconds)
            blankTimer = try loop.makeTimer(name: "idle blanking") { [unowned self] in
                self.blanking?.blank()
                self.display.setBlanked(true)
            }
        }
        try setUpTextInput()
        ok = true
    }

    /// Hardware keyboards through the board's XKB keymap, a held key's repeat, and the focused caret's blink:
    /// timers armed only while they have something to do (a static screen stays without wake-ups).
    private func setUpTextInput() throws(PlatformError) {
        if input != nil {
            do throws(PlatformError) {
                keymap = try XKBKeymap(layout: options.xkbLayout, variant: options.xkbVariant, options: options.xkbOptions)
            } catch {
                AppLog.error("scanout: keyboard layout \(options.xkbLayout): \(error); typing with the built-in US layout")
            }
        }
        // A simulated run (headless --frames) has no real time to wake at.
        guard simulatedClock == nil else { return }
        host.wakesForCaretBlink = true
        caretTimer = try loop.makeTimer(name: "caret blink") { [unowned self] in self.scheduler.requestFrame() }
        repeatTimer = try loop.makeTimer(name: "key repeat") { [unowned self] in self.repeatHeldKey() }
    }

    /// After a frame: the caret's next blink, or no timer when nothing blinks.
    private func armCaretTimer() {
        guard let timer = caretTimer else { return }
        guard let next = host.nextWakeTime, next.isFinite else { timer.cancel(); return }
        do throws(PlatformError) {
            try timer.schedule(at: start + .nanoseconds(Int64(max(0, next) * 1e9)))
        } catch {
            AppLog.error("scanout: caret blink timer: \(error)")
        }
    }

    /// A key went down or up: a repeating key held down repeats after the keymap's delay, at its rate.
    private func trackRepeat(_ event: KeyEvent) {
        guard let timer = repeatTimer, let keymap else { return }
        if event.isPressed, keymap.repeats(event.code) {
            repeatingKey = event
            do throws(PlatformError) { try timer.schedule(after: .nanoseconds(Int64(keymap.keyRepeat.delay * 1e9))) } catch {}
        } else if !event.isPressed, repeatingKey?.code == event.code {
            repeatingKey = nil
            timer.cancel()
        }
    }

    private func repeatHeldKey() {
        guard let event = repeatingKey, let keymap, let timer = repeatTimer else { return }
        if let stroke = keymap.translate(event) { host.keyPressed(Self.keyPress(stroke)) }
        scheduler.requestFrame()
        do throws(PlatformError) { try timer.schedule(after: .nanoseconds(Int64(1e9 / max(1, keymap.keyRepeat.rate)))) } catch {}
    }

    /// Runs the loop (signals, main-actor jobs) for `delay`; false when a signal asked the app to stop.
    static func wait(_ delay: Duration, on loop: MainLoop) -> Bool {
        let deadline = MonotonicTime.now() + delay
        while !loop.isStopping {
            let left = deadline - MonotonicTime.now()
            if left <= .zero { return true }
            do throws(PlatformError) { try loop.runOnce(timeout: left) } catch { return false }
        }
        return false
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
        ownership?.onResume = { [unowned self] in
            self.needsFullCommit = true
            self.scheduler.requestFrame()
        }
        if ownership != nil {
            do throws(PlatformError) {
                try loop.handleSignals([SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2]) { [unowned self] signal in
                    switch signal {
                    case SIGUSR1: self.ownership?.releaseRequested()
                    case SIGUSR2: self.ownership?.acquireRequested()
                    default:
                        AppLog.info("signal \(signal): exiting")
                        self.loop.stop()
                    }
                }
            } catch {
                AppLog.error("scanout: VT signals: \(error)")
            }
        }
        service.onSendFailure = { AppLog.error("scanout: \($0)") }
        service.isHealthy = { [unowned self] in self.isFramePipelineAlive }
        service.start(status: "starting on \(display.name) \(display.mode)")
        scheduler.requestFrame()
        restartIdleTimeout()
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
        blankTimer?.close()
        masterRetryTimer?.close()
        display.close()
        // After the display: the console redraws itself once it is back in text mode.
        terminal?.restore()
        (clock as? LoopFrameClock)?.close()
        service.close()
        loop.close()
        return status
    }

    // MARK: Frame

    private func frame(_ ctx: FrameContext) -> Bool {
        defer { armCaretTimer() }
        // Switched away or without master: no frames (the app's state keeps changing; the frame after the
        // resume catches up with all of it).
        if let ownership, !ownership.isPresenting { return false }
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
        guard draw || needsFullCommit else { return false }
        if draw {
            host.layout()
            // Repaint the damage in the private composition; a frame whose pixels did not change commits nothing.
            let damage = compositor.render(host.makeDisplayList(), background: background)
            guard !damage.isEmpty || needsFullCommit else { return false }
        }
        do throws(PlatformError) {
            let target = try display.beginFrame()
            // The back buffer lacks the damage of the frames since it was last on screen (its age).
            for r in compositor.repaintRegion(forBufferAge: target.age).rects {
                try transform.copy(offscreen, to: target.buffer, region: r)
            }
            try display.present()
            needsFullCommit = false
            committedAt = clock.now
        } catch {
            // Master lost (another client took the screen): wait for it and resume, the app keeps running.
            if let ownership, ownership.commitFailed(error) { return false }
            AppLog.error("scanout: \(error)")
            status = 1
            loop.stop()
            return false
        }
        committed += 1
        if let every = options.snapshotEvery, committed % every == 0,
           let path = options.numberedSnapshotPath(frame: committed) {
            writeSnapshot(to: path)
        }
        return true
    }

    /// Feeds this frame's touches to the view host, each finger by its id, with its event time on the host's
    /// clock (velocities use it: several moves can arrive in one frame). Returns whether any touch arrived.
    private func applyInput() -> Bool {
        guard let input else { return false }
        var events = input.takeEvents()
        if IdleBlanking.isActivity(events) { restartIdleTimeout() }
        if blanking != nil {
            let (passed, wake) = blanking!.filter(events)
            events = passed
            if wake { display.setBlanked(false) }
        }
        var touched = false
        for event in events {
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
            case .key(let k):
                trackRepeat(k)
                let translated = keymap.map { $0.translate(k) } ?? keyboard.translate(k)
                guard let stroke = translated else { break }
                host.keyPressed(Self.keyPress(stroke))
                touched = true
            }
        }
        return touched
    }

    /// A translated key as SwiftUI's `KeyPress`.
    static func keyPress(_ s: KeyStroke) -> KeyPress {
        let key: KeyEquivalent
        switch s.symbol {
        case .character(let c): key = KeyEquivalent(c)
        case .return: key = .return
        case .escape: key = .escape
        case .tab: key = .tab
        case .space: key = .space
        case .backspace: key = .delete
        case .delete: key = .deleteForward
        case .up: key = .upArrow
        case .down: key = .downArrow
        case .left: key = .leftArrow
        case .right: key = .rightArrow
        case .home: key = .home
        case .end: key = .end
        case .pageUp: key = .pageUp
        case .pageDown: key = .pageDown
        }
        var modifiers: EventModifiers = []
        if s.shift { modifiers.insert(.shift) }
        if s.control { modifiers.insert(.control) }
        if s.alt { modifiers.insert(.option) }
        return KeyPress(key: key, characters: s.text, modifiers: modifiers, phase: s.isPressed ? .down : .up)
    }

    /// Input (or the start) begins a new idle period: blanking waits `blankAfter` seconds from now.
    private func restartIdleTimeout() {
        guard let blanking, let blankTimer else { return }
        do throws(PlatformError) {
            try blankTimer.schedule(after: .nanoseconds(Int64(blanking.timeout * 1e9)))
        } catch {
            AppLog.error("scanout: idle blanking: \(error)")
        }
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
            if let drm = display as? DRMDisplay { line += "; \(drm.presentMethod)" }
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
        writeSnapshot(to: path)
    }

    /// The panel image of the last committed frame, written to `path` (PNG, or PPM for a `.ppm` name).
    private func writeSnapshot(to path: String) {
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
            AppLog.info("frame \(committed) written to \(path)")
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
