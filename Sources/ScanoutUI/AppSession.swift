import Glibc
import ScanoutPlatform
import ScanoutRaster
import ScanoutRender

/// One run of an app on one display.
@MainActor
final class AppSession {
    let options: PlatformOptions
    /// The backend, its clock and input, the console, the screen's owner, systemd, idle blanking.
    let platform: PlatformSession
    var loop: MainLoop { platform.loop }
    var display: Display { platform.display }
    var clock: FrameClock { platform.clock }
    var simulatedClock: SimulatedFrameClock? { platform.simulatedClock }
    var input: InputSource? { platform.input }
    /// The screen was someone else's: the next frame commits the whole composition.
    private var needsFullCommit = false
    /// Key codes to keys through the board's XKB keymap (the US map built in when XKB cannot load one), compiled
    /// when the first keyboard appears: compiling it was 7 % of a panel's start in the QEMU guest, and most
    /// panels never see a keyboard.
    private var keymap: XKBKeymap?
    private var keymapLoaded = false
    private var keyboard = KeyboardState()
    /// A held key's repeats (armed only while a repeating key is down: idle stays without wake-ups).
    private var repeatTimer: LoopTimer?
    private var repeatingKey: KeyEvent?
    /// The attached keyboards with letter keys, by event node (`osk = auto` shows the on-screen keyboard
    /// only while there is none).
    private var typingKeyboards: Set<String> = []
    /// The focused text field's caret blink: one timer armed for the host's next wake time.
    private var caretTimer: LoopTimer?
    /// `appearance = auto`: the board's light sensor, what its readings decided, and the timer that reads it
    /// (none without a sensor, and none for a simulated run).
    private var lightSensor: AmbientLightSensor?
    private var autoAppearance: AutoAppearance?
    private var lightTimer: LoopTimer?
    private var reportedUnreadableSensor = false
    /// The board's scheme: its `appearance`, or with `auto` what the light sensor decided last.
    private(set) var boardScheme: ColorScheme
    let host: ViewHost
    /// The frame, as TestHost runs it too: input through the display transform, update, layout, display list,
    /// the damage repainted in a private composition (the display's format, the logical size), commit.
    let pipeline: FramePipeline
    var transform: DisplayTransform { pipeline.transform }
    var compositor: FrameCompositor { pipeline.compositor }
    var offscreen: PixelBuffer { compositor.composition }
    private(set) var scheduler: FrameScheduler!
    private var status: Int32 = 0
    private var suppressRequests = false
    /// Flip intervals while frames follow each other (under 4 refresh periods: animating, not idle gaps), kept
    /// as running figures for the exit report: a kiosk flips for months, so no list of flips is kept.
    private var animatingIntervals = IntervalStatistics()
    private(set) var committed = 0
    private let start: MonotonicTime
    /// The steps from the session's start to the first flip (reported on the first frame's line).
    private var startup: StartupTimeline
    /// When the buffer now in flight was committed (for the watchdog's health check).
    private var committedAt: MonotonicTime?
    /// When the frame now in flight began (its input and update), the last flip, and the flip counts for the
    /// report and the service status: every flip, and the long ones — a frame that began within a refresh
    /// period of the flip before it (frames following each other: an animation, a drag) but reached the
    /// screen more than two periods after that flip.
    private var frameBegan: MonotonicTime?
    private var lastFlip: MonotonicTime?
    private var flipCount = 0
    private var longFlips = 0
    private var readyStatus = ""
    /// SCANOUT_TRACE_TOUCHES=1: one log line per touch as libinput delivered it (panel pixels, its time), for
    /// finding out on a board where touches go.
    private var traceTouches: Bool { options.traceTouches }
    /// What shows where the app draws nothing: the colour scheme's background (white in light, black in dark).
    /// A `.preferredColorScheme` on the root view wins over the board's `appearance`, as it does over the
    /// system's in SwiftUI.
    private var background: RGBA {
        Palette.background.resolved(in: host.rootPreferredColorScheme ?? boardScheme)
    }

    /// Throws `.stopped` when a signal stopped the app while it waited for the display (DRM master held elsewhere).
    /// `processEnvironment`: where `$NOTIFY_SOCKET` and `$WATCHDOG_USEC` are read (the process's by default).
    init<S: Scene>(scene: S, options: PlatformOptions,
                   processEnvironment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) throws(PlatformError) {
        start = MonotonicTime.now()
        var timeline = StartupTimeline(start: start)
        self.options = options
        try options.checkSnapshotFolder()
        let platform = try PlatformSession(options: options, info: { AppLog.info($0) }, warn: { AppLog.error($0) },
                                           processEnvironment: processEnvironment)
        self.platform = platform
        // Opening the platform, step by step (the display, input, the console: "platform: display 40 ms, ...").
        for step in platform.openingSteps { timeline.mark("platform: \(step.name)", at: step.end) }
        let display = platform.display
        var ok = false
        defer { if !ok { platform.close() } }
        let transform = DisplayTransform(panelWidth: display.mode.width, panelHeight: display.mode.height,
                                     rotation: options.rotation, calibration: options.calibration, scale: options.scale)
        var environment = EnvironmentValues()
        environment.displaySize = CGSize(width: transform.logicalWidth, height: transform.logicalHeight)
        environment.displayScale = CGFloat(options.scale)
        environment.displayRotation = options.rotation.degrees
        boardScheme = options.appearance.colorScheme
        if options.appearance == .auto {
            if let sensor = AmbientLightSensor.find(in: options.ambientLightDevices) {
                let lux = sensor.lux()
                let auto = AutoAppearance(lux: lux)
                lightSensor = sensor
                autoAppearance = auto
                boardScheme = auto.appearance.colorScheme
                AppLog.info("scanout: appearance auto: following the light sensor \(sensor.folder) (\(lux.map { "\(Int(min($0, 1e9).rounded())) lux" } ?? "no reading") now: \(auto.appearance.rawValue); dark below \(Int(auto.darkBelowLux)) lux, light above \(Int(auto.lightAboveLux)))")
            } else {
                AppLog.info("scanout: appearance auto: no ambient light sensor (an IIO device with in_illuminance) under \(options.ambientLightDevices); light")
            }
        }
        environment.colorScheme = boardScheme
        if let locale = options.locale { environment.locale = Locale(identifier: locale) }
        if let layout = options.onScreenKeyboardLayout.flatMap(OnScreenKeyboardLayout.init(rawValue:)) {
            environment.onScreenKeyboardLayout = layout
        }
        switch options.onScreenKeyboard {
        case .auto: environment.sceneKeyboardMode = .auto
        case .always: environment.sceneKeyboardMode = .always
        case .never: environment.sceneKeyboardMode = nil
        }
        host = scene.resolveViewHost(size: environment.displaySize, environment: environment)
        let safe = options.safeArea
        host.safeAreaInsets = EdgeInsets(top: safe.top, leading: safe.left, bottom: safe.bottom, trailing: safe.right)
        pipeline = FramePipeline(host: host, transform: transform, format: display.format,
                                 background: Palette.background.resolved(in: boardScheme))
        timeline.mark("views")
        startup = timeline
        try setUpTextInput()
        try setUpLightSensor()
        startup.mark("keyboard and timers")
        ok = true
    }

    /// Hardware keyboards through the board's XKB keymap, a held key's repeat, and the focused caret's blink:
    /// timers armed only while they have something to do (a static screen stays without wake-ups).
    private func setUpTextInput() throws(PlatformError) {
        // A simulated run (headless --frames) has no real time to wake at.
        guard simulatedClock == nil else { return }
        host.wakesForCaretBlink = true
        caretTimer = try loop.makeTimer(name: "wake-up (caret blink, timelines)") { [unowned self] in self.scheduler.requestFrame() }
        repeatTimer = try loop.makeTimer(name: "key repeat") { [unowned self] in self.repeatHeldKey() }
    }

    /// The board's keymap, compiled once, when a keyboard is added or (for a source that announces none) at the
    /// first key; a layout XKB cannot load is said then, and typing goes on with the built-in US layout.
    private func loadKeymap() {
        guard !keymapLoaded else { return }
        keymapLoaded = true
        do throws(PlatformError) {
            keymap = try XKBKeymap(layout: options.xkbLayout, variant: options.xkbVariant, options: options.xkbOptions)
        } catch {
            AppLog.error("scanout: keyboard layout \(options.xkbLayout): \(error); typing with the built-in US layout")
        }
    }

    /// `appearance = auto` with a sensor: read it every `AutoAppearance.pollInterval` (a simulated run has no
    /// real time to wait for: its scheme is the first reading's).
    private func setUpLightSensor() throws(PlatformError) {
        guard lightSensor != nil, simulatedClock == nil else { return }
        let timer = try loop.makeTimer(name: "light sensor (appearance auto)") { [unowned self] in self.readLightSensor() }
        try timer.scheduleRepeating(every: AutoAppearance.pollInterval)
        lightTimer = timer
    }

    /// Takes a reading of the light sensor; when it moves the panel across a threshold, the whole app redraws
    /// in the other scheme (its state kept: only the root environment changes). An unreadable sensor keeps
    /// the scheme it had, with one log line.
    func readLightSensor() {
        guard let sensor = lightSensor, var auto = autoAppearance else { return }
        guard let lux = sensor.lux() else {
            if !reportedUnreadableSensor {
                reportedUnreadableSensor = true
                AppLog.error("scanout: appearance auto: cannot read the light sensor \(sensor.folder); keeping \(auto.appearance.rawValue)")
            }
            return
        }
        reportedUnreadableSensor = false
        let changed = auto.update(lux: lux)
        autoAppearance = auto
        guard changed else { return }
        boardScheme = auto.appearance.colorScheme
        AppLog.info("scanout: appearance auto: \(Int(min(lux, 1e9).rounded())) lux, now \(auto.appearance.rawValue)")
        let scheme = boardScheme
        host.setEnvironment { $0.colorScheme = scheme }
    }

    /// After a frame: the host's next wake-up (the caret's next blink, a `TimelineView`'s next date), or no
    /// timer when nothing waits for a time.
    private func armCaretTimer() {
        guard let timer = caretTimer else { return }
        guard let next = host.nextWakeTime, next.isFinite else { timer.cancel(); return }
        do throws(PlatformError) {
            try timer.schedule(at: start + .nanoseconds(Int64(max(0, next) * 1e9)))
        } catch {
            AppLog.error("scanout: wake-up timer: \(error)")
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
        platform.onResume = { [unowned self] in
            self.needsFullCommit = true
            self.scheduler.requestFrame()
        }
        platform.routeSignals()
        platform.service.onSendFailure = { AppLog.error("scanout: \($0)") }
        platform.service.isHealthy = { [unowned self] in self.isFramePipelineAlive }
        platform.service.start(status: "starting on \(display.name) \(display.mode)")
        scheduler.requestFrame()
        platform.restartIdleTimeout()
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
        platform.service.stopping(status: status == 0 ? "stopping" : "stopping after an error")
        scheduler.stop()
        writeSnapshot()
        report()
        platform.close()
        return status
    }

    // MARK: Frame

    private func frame(_ ctx: FrameContext) -> Bool {
        defer { armCaretTimer() }
        let began = clock.now
        // Switched away or without master: no frames (the app's state keeps changing; the frame after the
        // resume catches up with all of it).
        if !platform.isPresenting { return false }
        // Input and update may mark things dirty; that is this frame's work, not a request for the next one.
        suppressRequests = true
        // The display clock, in seconds since the app started: animations show where they are when this
        // frame reaches the screen.
        startup.mark("waiting for the first frame")
        pipeline.advanceTime(to: Double((ctx.targetPresentTime - start).nanoseconds) / 1e9)
        let touched = applyInput()
        let draw = pipeline.update(inputArrived: touched)
        startup.mark("update")
        suppressRequests = false
        if host.needsFrame { scheduler.requestFrame() }  // work the update left for the next frame
        guard draw || needsFullCommit else { return false }
        if draw {
            pipeline.background = background
            // A frame whose pixels did not change commits nothing.
            let damage = pipeline.draw(timeline: startup.isOpen ? { [unowned self] in self.startup.mark($0) } : nil)
            guard !damage.isEmpty || needsFullCommit else { return false }
        }
        do throws(PlatformError) {
            try pipeline.commit(to: display)
            startup.mark("commit")
            needsFullCommit = false
            committedAt = clock.now
            frameBegan = began
        } catch {
            // Master lost (another client took the screen): wait for it and resume, the app keeps running.
            if platform.commitFailed(error) { return false }
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
        let events = platform.takeInput()
        var touched = false
        for event in events {
            switch event {
            case .touch(let t):
                touched = true
                if traceTouches { AppLog.info("touch \(t.phase) id \(t.id) at \(t.position) time \(t.time) µs, frame \(committed + 1)") }
                // libinput's times are CLOCK_MONOTONIC microseconds, as `start`; a simulated clock has none.
                let time: Double? = simulatedClock == nil
                    ? Double(Int64(t.time) * 1000 - start.nanoseconds) / 1e9 : nil
                pipeline.deliver(t, time: time)
            case .deviceAdded(let d):
                AppLog.info("input device added: \(d)")
                if d.capabilities.contains(.keyboard) { loadKeymap() }
                if d.hasLetterKeys { typingKeyboards.insert(d.sysname) }
                keyboardsChanged()
            case .deviceRemoved(let d):
                AppLog.info("input device removed: \(d)")
                typingKeyboards.remove(d.sysname)
                keyboardsChanged()
            case .key(let k):
                loadKeymap()
                trackRepeat(k)
                let translated = keymap.map { $0.translate(k) } ?? keyboard.translate(k)
                guard let stroke = translated else { break }
                let press = Self.keyPress(stroke)
                let taken = pipeline.deliver(press)
                touched = true
                if !taken, press.key == KeyEquivalent("c"), press.modifiers == .control, platform.endsOnControlC {
                    AppLog.info("Ctrl-C on the console's keyboard: exiting")
                    loop.stop()
                }
            }
        }
        return touched
    }

    private func keyboardsChanged() {
        let attached = !typingKeyboards.isEmpty
        guard attached != host.environment.isHardwareKeyboardAttached else { return }
        if options.onScreenKeyboard == .auto {
            AppLog.info(attached ? "a hardware keyboard is attached: text fields take its keys, the on-screen keyboard stays away"
                                 : "no hardware keyboard: text fields bring up the on-screen keyboard")
        }
        host.setHardwareKeyboardAttached(attached)
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

    /// False when a committed buffer has waited for its flip longer than the watchdog allows: the loop turns,
    /// but nothing reaches the screen any more (a wedged driver), and a restart is the way out.
    private var isFramePipelineAlive: Bool {
        guard scheduler.isCommitInFlight, let committedAt, let timeout = platform.service.watchdogTimeout else { return true }
        return clock.now - committedAt < timeout
    }

    private func flipped(at time: MonotonicTime) {
        let now = clock.now
        committedAt = nil
        if flipCount == 0 {
            // A simulated clock (headless --frames) has no display timing worth reporting.
            var line = simulatedClock == nil ? "first frame on screen \((now - start).milliseconds) ms after the app started"
                : "first frame drawn (headless, simulated clock: no display timing to measure)"
            var before = ""
            if simulatedClock == nil, let started = Uptime.processStart() {
                let up = Uptime.now()
                line += " (process start to flip \(Int(((up - started) * 1000).rounded())) ms; uptime \(up) s)"
                // (The process's start is known to a clock tick, 10 ms.)
                before = "before the session \(Int(((up - started) * 1000 - (now - start).milliseconds).rounded())) ms, "
            }
            if simulatedClock == nil { line += "; where: \(before)\(startup.report(flipAt: now))" }
            if let note = platform.presentationNote { line += "; \(note)" }
            AppLog.info(line)
            readyStatus = "showing the app on \(display.name) \(display.mode), rotation \(options.rotation.degrees)"
            platform.service.frameOnScreen(status: readyStatus)
        }
        let period = display.mode.refreshPeriod
        if let last = lastFlip {
            let interval = (now - last).milliseconds
            if interval < 4 * period.milliseconds { animatingIntervals.add(interval) }
        }
        if let last = lastFlip, let began = frameBegan, began - last < period, now - last > period * 2 { longFlips += 1 }
        lastFlip = now
        frameBegan = nil
        flipCount += 1
        // The running count in `systemctl status` (one message every 600 flips: ten seconds of animation at 60 Hz).
        if flipCount % 600 == 0 {
            platform.service.status("\(readyStatus); \(flipCount) frames on screen, \(longFlips) of them late")
        }
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

    /// What the exit report says of the frames: only frames whose pixels changed are committed (a still screen
    /// commits one however long it shows), so a headless run of N periods says both.
    static func committedSummary(_ committed: Int, simulatedPeriods: Int?) -> String {
        var line = "\(committed) \(committed == 1 ? "frame" : "frames") committed (frames whose pixels changed)"
        if let periods = simulatedPeriods { line += " in \(periods) refresh periods of simulated time" }
        return line
    }

    private func report() {
        var line = Self.committedSummary(committed, simulatedPeriods: simulatedClock == nil ? nil : options.frames)
            + ", \(scheduler.pacedFrames) paced by the timer"
        // Flip intervals while frames follow each other (animating), leaving out the idle gaps between.
        let period = display.mode.refreshPeriod.milliseconds
        let intervals = animatingIntervals
        if intervals.count > 0 {
            func r(_ v: Double) -> Double { (v * 100).rounded() / 100 }
            line += "; \(intervals.count) flip intervals while animating: min \(r(intervals.minimum)) / mean \(r(intervals.mean)) / "
                + "max \(r(intervals.maximum)) ms (refresh period \(r(period)) ms)"
        }
        line += "; \(flipCount) flips, \(longFlips) late (more than 2 refresh periods after the flip before, "
            + "frames following each other); \(loop.wakeups) loop wake-ups"
        AppLog.info(line)
        for w in host.warnings { AppLog.error("scanout: warning: \(w)") }
    }
}

/// Count, mean, least and greatest of a series of values, in constant space.
struct IntervalStatistics {
    private(set) var count = 0
    private var sum = 0.0
    private(set) var minimum = Double.infinity
    private(set) var maximum = -Double.infinity
    var mean: Double { count > 0 ? sum / Double(count) : 0 }

    mutating func add(_ value: Double) {
        guard value.isFinite else { return }
        count += 1
        sum += value
        minimum = Swift.min(minimum, value)
        maximum = Swift.max(maximum, value)
    }
}
