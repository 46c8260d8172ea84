import Glibc

/// The platform side of one run of an app: the main loop and its signals, the backend chosen from the options
/// and the board profile (DRM after waiting for master, fbdev, the desktop window, headless), its frame clock
/// and input, the console (graphics mode, VT switching), who owns the screen (DRM master lost and regained),
/// systemd's notifications and watchdog, and blanking the panel when idle. The UI layer gets a display, an
/// input source and a frame clock, and asks the few questions it has (is the screen ours now, did a failed
/// commit only mean the screen went away) without naming a backend (wlroots' `wlr_backend_autocreate`).
@MainActor
public final class PlatformSession {
    public let options: PlatformOptions
    public let loop: MainLoop
    public let display: Display
    public let clock: FrameClock
    /// The clock of a headless run of N frames (`--frames`): simulated time, no real time to wake at.
    public let simulatedClock: SimulatedFrameClock?
    public let input: InputSource?
    /// systemd's notifications (READY=1 at the first flip, watchdog pings, STOPPING=1); inert without
    /// $NOTIFY_SOCKET.
    public let service: ServiceLifecycle
    /// The console switched to graphics mode while the app shows (restored on exit).
    private let terminal: VirtualTerminal?
    /// Whether the screen is the app's (DRM): VT switches and lost DRM master stop frames and resume them.
    private let ownership: DisplayOwnership?
    private var masterRetryTimer: LoopTimer?
    /// Blanking after `blankAfter` seconds without input (not headless), and its timer.
    private var blanking: IdleBlanking?
    private var blankTimer: LoopTimer?
    private let info: @Sendable @MainActor (String) -> Void
    private let warn: @Sendable @MainActor (String) -> Void
    /// When each step of opening ended, in order ("display", "input", "console", ...): the app's start-up report
    /// says how long each took.
    public private(set) var openingSteps: [(name: String, end: MonotonicTime)] = []

    /// Opens everything the options ask for; throws `.stopped` when a signal stopped the app while it waited
    /// for the display (DRM master held elsewhere). `info` and `warn` receive log lines (stdout, stderr).
    /// `processEnvironment`: where `$NOTIFY_SOCKET` and `$WATCHDOG_USEC` are read.
    public init(options: PlatformOptions, info: @escaping @Sendable @MainActor (String) -> Void, warn: @escaping @Sendable @MainActor (String) -> Void,
                processEnvironment: (String) -> String?) throws(PlatformError) {
        self.options = options
        self.info = info
        self.warn = warn
        // The loop and its signal mask come first, before libdispatch starts threads: threads started later
        // inherit the blocked signals, so SIGTERM reaches the signalfd rather than killing the process
        // without restoring the display.
        // SIGUSR1/SIGUSR2: the VT's release and acquire signals (`VT_PROCESS`), read on the loop as well.
        let loop = try MainLoop(signals: Self.signals)
        self.loop = loop
        var ok = false
        defer { if !ok { loop.close() } }
        try loop.handleSignals(Self.signals) { [unowned loop] signal in
            // VT signals before the app runs: none is sent before `takeSwitching`; `routeSignals` routes them.
            guard signal != SIGUSR1 && signal != SIGUSR2 else { return }
            info("signal \(signal): exiting")
            loop.stop()
        }
        // (Finding the DRM cards counts with the display, the step that needs them.)
        var steps: [(name: String, end: MonotonicTime)] = [("main loop", .now())]
        let decision = try BackendDecision.choose(requested: options.backend,
                                                  cardPaths: options.backend == nil ? DRMCardFinder.cardPaths() : [])
        if let notice = decision.notice { warn(notice) }
        let opened = try Self.openBackend(decision.backend, options: options, loop: loop, info: info, warn: warn, steps: &steps)
        (display, clock, simulatedClock, input, terminal, ownership) =
            (opened.display, opened.clock, opened.simulatedClock, opened.input, opened.terminal, opened.ownership)
        do throws(PlatformError) {
            service = try ServiceLifecycle.fromEnvironment(processEnvironment, loop: loop)
        } catch {
            // Run anyway (the panel matters more); under Type=notify systemd then times the start out, and
            // this line in the journal says why.
            warn("scanout: not notifying systemd: \(error)")
            service = ServiceLifecycle(notifier: nil, watchdogTimeout: nil, clock: nil)
        }
        try setUpOwnership()
        if let seconds = options.blankAfter, decision.backend != .headless {
            blanking = IdleBlanking(timeout: seconds)
            blankTimer = try loop.makeTimer(name: "idle blanking") { [unowned self] in
                self.blanking?.blank()
                self.display.setBlanked(true)
            }
        }
        steps.append(("systemd and timers", .now()))
        openingSteps = steps
        ok = true
    }

    static let signals = [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2]

    private struct Backend {
        var display: Display
        var clock: FrameClock
        var simulatedClock: SimulatedFrameClock? = nil
        var input: InputSource? = nil
        var terminal: VirtualTerminal? = nil
        var ownership: DisplayOwnership? = nil
    }

    private static func openBackend(_ kind: BackendKind, options: PlatformOptions, loop: MainLoop,
                                    info: @escaping @Sendable @MainActor (String) -> Void, warn: @escaping @Sendable @MainActor (String) -> Void,
                                    steps: inout [(name: String, end: MonotonicTime)]) throws(PlatformError) -> Backend {
        switch kind {
        case .drm, .fbdev:
            return try openPanel(drm: kind == .drm, options: options, loop: loop, info: info, warn: warn, steps: &steps)
        case .window:
            // The desktop simulator (SDL2, loaded only here): the panel in a window, the mouse as a finger.
            let window = try WindowDisplay.open(options: options, loop: loop)
            window.onStatus = info
            info(window.summary)
            let backend = Backend(display: window, clock: try LoopFrameClock(loop: loop), input: window.input)
            steps.append(("window", .now()))
            return backend
        case .headless:
            let frameClock: FrameClock
            var sim: SimulatedFrameClock?
            if options.frames != nil {
                sim = SimulatedFrameClock(start: .now())
                frameClock = sim!
            } else {
                frameClock = try LoopFrameClock(loop: loop)
            }
            let display = HeadlessDisplay(width: options.headlessWidth, height: options.headlessHeight, format: options.format,
                                          loop: loop, now: { frameClock.now })
            steps.append(("display", .now()))
            return Backend(display: display, clock: frameClock, simulatedClock: sim)
        }
    }

    /// A real panel: the display (DRM once master is ours, or fbdev), libinput's seat, the console.
    private static func openPanel(drm useDRM: Bool, options: PlatformOptions, loop: MainLoop,
                                  info: @escaping @Sendable @MainActor (String) -> Void, warn: @escaping @Sendable @MainActor (String) -> Void,
                                  steps: inout [(name: String, end: MonotonicTime)]) throws(PlatformError) -> Backend {
        let panel: Display
        if useDRM {
            // Another process may hold DRM master (a display manager stopping, an old instance): wait for it.
            let opened = try DRMMasterWait().run({ () throws(PlatformError) -> DRMDisplay in
                try DRMDisplay.open(card: options.drmCard, connector: options.drmConnector, mode: options.mode,
                                    format: options.format, bufferCount: options.buffers, useAtomic: options.drmAtomic,
                                    loop: loop)
            }, wait: { delay in PlatformSession.wait(delay, on: loop) }, log: { warn("scanout: \($0)") })
            guard let drm = opened else { throw PlatformError.stopped(while: "waiting for DRM master") }
            drm.onStatus = info
            if let notice = drm.modeNotice { warn("scanout: warning: \(notice)") }
            info("\(drm.name) \(drm.mode) \(drm.format), \(drm.buffersDescription), "
                + "atomic \(drm.supportsAtomic ? "supported" : "not supported"), presenting with \(drm.presentMethod)")
            panel = drm
        } else {
            let fb = try FramebufferDisplay.open(path: options.fbdevPath, loop: loop)
            fb.onStatus = info
            info("\(fb.name) \(fb.mode) \(fb.format), fbdev: damaged rows copied in, paced by a timer")
            panel = fb
        }
        let clock: FrameClock
        do throws(PlatformError) {
            clock = try LoopFrameClock(loop: loop)
        } catch {
            panel.close()
            throw error
        }
        var backend = Backend(display: panel, clock: clock)
        steps.append(("display", .now()))
        do throws(PlatformError) {
            let seat = try LibinputSeat(seat: options.seat, panelWidth: panel.mode.width, panelHeight: panel.mode.height, loop: loop)
            for failure in seat.openFailures {
                warn("scanout: cannot open input device \(failure): run as a user in the input group, or as root")
            }
            backend.input = seat
        } catch {
            warn("scanout: no touch input: \(error)")
        }
        steps.append(("input", .now()))
        switch VirtualTerminal.enter() {
        case .success(let vt):
            info("console \(vt.path) in graphics mode while the app runs")
            backend.terminal = vt
            // Keys come through libinput; the console must not queue and echo them as well.
            if backend.input != nil, let why = vt.silenceKeyboard() {
                warn("scanout: the console's keyboard stays on (\(why)): keys typed into the app also reach \(vt.path)")
            }
        case .failure(let why):
            info("console left alone (\(why))")
        }
        if let drm = panel as? DRMDisplay {
            // VT switches in the app's hands (fbdev has no master to give up: it keeps the kernel's switching).
            if let vt = backend.terminal {
                if let why = vt.takeSwitching(releaseSignal: SIGUSR1, acquireSignal: SIGUSR2) {
                    info("VT switching left to the kernel (\(why))")
                } else {
                    info("VT switching handled by the app (\(vt.path))")
                }
            }
            let switching = backend.terminal?.handlesSwitching == true ? backend.terminal : nil
            backend.ownership = DisplayOwnership(display: drm, terminal: switching, input: backend.input as? LibinputSeat)
        }
        steps.append(("console", .now()))
        return backend
    }

    private func setUpOwnership() throws(PlatformError) {
        guard let ownership else { return }
        masterRetryTimer = try loop.makeTimer(name: "DRM master retry") { [weak ownership] in ownership?.retry() }
        ownership.scheduleRetry = { [unowned self] delay in
            do throws(PlatformError) {
                try self.masterRetryTimer?.schedule(after: delay)
            } catch {
                self.warn("scanout: DRM master retry: \(error)")
            }
        }
        ownership.log = info
    }

    // MARK: The screen's owner

    /// Whether frames reach the screen now: false while switched away to another VT or without DRM master.
    public var isPresenting: Bool { ownership?.isPresenting ?? true }

    /// Called when the screen is the app's again (after a VT switch back, or DRM master regained): the next
    /// frame must commit everything.
    public var onResume: (@MainActor () -> Void)? {
        get { ownership?.onResume }
        set { ownership?.onResume = newValue }
    }

    /// Whether a failed commit means only that the screen went to someone else (then the session waits for
    /// it and resumes; the app keeps running).
    public func commitFailed(_ error: PlatformError) -> Bool { ownership?.commitFailed(error) ?? false }

    /// Whether a Ctrl-C typed on a keyboard should end the app: it was started by hand from the console whose
    /// keyboard it silenced (where the terminal would have sent SIGINT), not by systemd ($INVOCATION_ID).
    public var endsOnControlC: Bool {
        guard let terminal, terminal.isKeyboardSilenced, terminal.isStandardInput else { return false }
        return getenv("INVOCATION_ID") == nil
    }

    /// How frames are presented, for the first-frame log line (DRM's page flip method), or nil.
    public var presentationNote: String? { (display as? DRMDisplay)?.presentMethod }

    /// Routes the VT's release and acquire signals to the screen's owner once the app is ready for them;
    /// SIGTERM, SIGINT and SIGHUP stop the loop.
    public func routeSignals() {
        guard ownership != nil else { return }
        do throws(PlatformError) {
            try loop.handleSignals(Self.signals) { [unowned self] signal in
                switch signal {
                case SIGUSR1: self.ownership?.releaseRequested()
                case SIGUSR2: self.ownership?.acquireRequested()
                default:
                    self.info("signal \(signal): exiting")
                    self.loop.stop()
                }
            }
        } catch {
            warn("scanout: VT signals: \(error)")
        }
    }

    // MARK: Input and idle blanking

    /// The input since the last call. Any activity restarts the idle period; while the panel is blanked the
    /// touch that wakes it is consumed (it only wakes the screen).
    public func takeInput() -> [InputEvent] {
        guard let input else { return [] }
        var events = input.takeEvents()
        if IdleBlanking.isActivity(events) { restartIdleTimeout() }
        if blanking != nil {
            let (passed, wake) = blanking!.filter(events)
            events = passed
            if wake { display.setBlanked(false) }
        }
        return events
    }

    /// Input (or the start) begins a new idle period: blanking waits `blankAfter` seconds from now.
    public func restartIdleTimeout() {
        guard let blanking, let blankTimer else { return }
        do throws(PlatformError) {
            try blankTimer.schedule(after: .nanoseconds(Int64(blanking.timeout * 1e9)))
        } catch {
            warn("scanout: idle blanking: \(error)")
        }
    }

    // MARK: Waiting and closing

    /// Runs the loop (signals, main-actor jobs) for `delay`; false when a signal asked the app to stop.
    public static func wait(_ delay: Duration, on loop: MainLoop) -> Bool {
        let deadline = MonotonicTime.now() + delay
        while !loop.isStopping {
            let left = deadline - MonotonicTime.now()
            if left <= .zero { return true }
            do throws(PlatformError) { try loop.runOnce(timeout: left) } catch { return false }
        }
        return false
    }

    /// Closes everything in order: input, timers, the display, then the console (it redraws itself once it is
    /// back in text mode), the clock, systemd's socket and the loop.
    public func close() {
        input?.close()
        blankTimer?.close()
        masterRetryTimer?.close()
        display.close()
        terminal?.restore()
        (clock as? LoopFrameClock)?.close()
        service.close()
        loop.close()
    }
}
