/// ScanoutTesting: the headless host app developers (and Scanout's own tests) drive views with. It runs the
/// same frame pipeline as a running app (`FramePipeline`: input through the `DisplayTransform`, update, layout,
/// display list, damage, commit) against a simulated 60 Hz clock and a headless display, with synthetic touches
/// and the panel's pixels to inspect or save as PNG. Not for shipping apps.
///
/// Which calls to use, from XCTest and Swift Testing alike (`@Test @MainActor`, sync or `async`):
/// - A sync test uses `runFrame()`, `advance(seconds:)`, `tap`, `drag`, … On the process's main thread (XCTest)
///   they also run the main-actor jobs that are ready (`.task` bodies, `Task { @MainActor in }`) before each
///   frame; elsewhere (Swift Testing on Linux runs main-actor tests on a dispatch worker) they cannot, and
///   nothing traps: the jobs wait.
/// - A test whose views start tasks is `async` and uses `runFrameAsync()`, `advanceAsync(seconds:)`,
///   `tapAsync`, `dragAsync`, `runFrames(_:)`: each frame comes after the test suspended and the ready jobs
///   ran, deterministically on either thread. `runMainActorJobs(until:)` waits for work that comes back to
///   the main actor from another thread (a cancelled sleep).
import ScanoutImage
import ScanoutPlatform
import ScanoutRender
import ScanoutUI

@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)

public typealias RGBA = ScanoutRaster.RGBA

@MainActor
public final class TestHost {
    package let host: ViewHost
    /// The panel's size in pixels: what `framebuffer` shows and where touches land (the app's size in points
    /// too, unless the panel is rotated by 90 or 270 degrees).
    public let width: Int
    public let height: Int
    /// Simulated time in seconds (advanced one refresh period per frame).
    public private(set) var time: Double = 0
    public let refreshInterval = 1.0 / 60
    /// Frames that were committed (drawn and flipped).
    public private(set) var committedFrames = 0
    /// The display list of the last committed frame.
    public var displayList: DisplayList { pipeline.displayList }
    /// What the panel shows: the last committed frame, through the display transform (rotated when the panel is).
    public var framebuffer: PixelBuffer { display.lastPresented ?? pipeline.compositor.composition }
    /// The frame as a running app runs it (update → layout → display list → damage → commit), on a headless
    /// display that flips at once.
    private let pipeline: FramePipeline
    private let display: HeadlessDisplay
    private var transform: DisplayTransform { pipeline.transform }
    /// The region repainted by the last frame that ran (empty: it drew nothing).
    public private(set) var lastDamage = Damage()
    /// Whether the last frame's damage came from comparing only the views recorded again (the retained
    /// display list's edits) rather than the whole list.
    public var lastDamageWasIncremental: Bool { pipeline.compositor.lastDamageWasIncremental }
    /// The frame compositor (for tests of its caches).
    package var compositor: FrameCompositor { pipeline.compositor }
    /// Touch events for the next frame, in panel pixels.
    private var pendingTouches: [(phase: TouchEvent.Phase, point: CGPoint, id: Int)] = []
    /// Key presses for the next frame, delivered after the touches.
    private var pendingKeys: [KeyPress] = []
    public var background: RGBA {
        get { pipeline.background }
        set { pipeline.background = newValue }
    }

    /// A headless display of `width`x`height` points at scale 1, showing `rootView`.
    public convenience init<V: View>(rootView: V, width: Int, height: Int) {
        self.init(rootView: rootView, width: width, height: height, rotation: .degrees0)
    }

    /// A headless panel of `width`x`height` pixels mounted turned by `rotation`, as a board profile's
    /// `rotation` turns it: the app lays out in the rotated size, touches (`tap(x:y:)`, `touchDown` …) are in
    /// panel pixels and reach the app through the same `DisplayTransform` as on a board, and `framebuffer`
    /// is the rotated image the panel shows.
    public init<V: View>(rootView: V, width: Int, height: Int, rotation: DisplayRotation) {
        self.width = width
        self.height = height
        let transform = DisplayTransform(panelWidth: width, panelHeight: height, rotation: rotation)
        var env = EnvironmentValues()
        env.displaySize = CGSize(width: CGFloat(transform.logicalWidth), height: CGFloat(transform.logicalHeight))
        env.displayScale = 1
        env.displayRotation = rotation.degrees
        let host = ViewHost(rootView: rootView, size: env.displaySize, environment: env)
        self.host = host
        // Every frame's retained display list is checked against a fresh recording: a change that forgot to
        // mark a view for re-recording fails the test instead of leaving stale pixels.
        host.verifiesRecordings = true
        pipeline = FramePipeline(host: host, transform: transform, format: .xrgb8888, background: .white)
        // An app paints a large repaint in bands when the last one took long on the wall clock: under a loaded
        // machine a test's frames went to the helpers and its renderer's caches saw none of them (a CI run
        // failed so). Here only the first large repaint is painted in bands, as on a quiet machine; the pixels
        // are the same either way. (A test of the bands sets `compositor.parallelMinimumTime` to 0.)
        pipeline.compositor.parallelMinimumTime = .infinity
        display = HeadlessDisplay(width: width, height: height, format: .xrgb8888, loop: nil)
    }

    /// The date at simulated time 0: `TimelineView`s see this date plus the simulated seconds (the moment
    /// the host was made, unless a test sets a date of its choosing).
    public var startDate: Date {
        get { host.startDate }
        set { host.startDate = newValue }
    }

    /// Whether the app asked for another frame (a state change, an animation, a timeline updating every
    /// frame): false on a screen at rest, whose runner then sleeps until input or `nextWakeTime`.
    public var needsFrame: Bool { host.needsFrame }

    /// When the app would next wake with no input (a `TimelineView`'s next date, the caret's blink); nil: not
    /// until input arrives. An app's runner arms one timer for it.
    public var nextWakeTime: Double? { host.nextWakeTime }

    /// What the root view keeps clear along each edge, in points (a board profile's `safe-area`): the root is
    /// laid out inside, backgrounds and views that ignore the safe area reach past it.
    public var safeAreaInsets: EdgeInsets {
        get { host.safeAreaInsets }
        set { host.safeAreaInsets = newValue }
    }

    /// Runs main-actor jobs (`.task` bodies, `Task { @MainActor in }`) that are ready, as the run loop does.
    /// Inside a main-actor job (an `async` test) this does nothing: use `runMainActorJobs()` there.
    public func drainMainActorJobs() {
        // libdispatch drains its main queue only on the process's main thread (elsewhere it traps). Swift
        // Testing parks the main thread in dispatch_main and runs main-actor tests on a worker thread that
        // services the main queue: there the jobs run when the test suspends (the `async` forms), not here.
        guard ProcessThread.isMain else { return }
        for _ in 0..<4 { dispatchMainQueueCallback(nil) }
    }


    /// Lets the main-actor jobs that are ready run in an `async` test (`.task` bodies, tasks resumed by a
    /// cancellation). `runFrame()` drains them itself when the test is not a main-actor job; an `async` test is
    /// one, and the main queue is not drained inside one of its own jobs, so the test suspends instead: the
    /// jobs queued before it run, then it carries on. Deterministic: no clock is involved.
    public func runMainActorJobs() async {
        for _ in 0..<4 { await Task.yield() }
    }

    /// Runs main-actor jobs until `condition` holds, waiting a millisecond at a time (at most `timeout`
    /// seconds) for work that reaches the main actor from another thread: a task cancelled in
    /// `Task.sleep` resumes on the global executor first and only then hops back here, so how soon it is
    /// ready depends on the machine's load. Returns whether the condition held.
    @discardableResult
    public func runMainActorJobs(until condition: () -> Bool, timeout: Double = 10) async -> Bool {
        var waited = 0.0
        while true {
            await runMainActorJobs()
            if condition() { return true }
            if waited >= timeout { return false }
            try? await Task.sleep(nanoseconds: 1_000_000)
            waited += 0.001
        }
    }

    /// `count` frames, each after `runMainActorJobs()`: what `advance(seconds:)` is for an `async` test.
    public func runFrames(_ count: Int) async {
        for _ in 0..<count {
            await runMainActorJobs()
            runFrame()
        }
    }

    /// Advances the clock one refresh period and runs that frame if one is due: input, update, layout,
    /// render, commit — `FramePipeline`, as in a running app. A frame where nothing changed commits nothing.
    public func runFrame() {
        let previousTime = time
        time += refreshInterval
        lastDamage = Damage()
        drainMainActorJobs()
        pipeline.advanceTime(to: time)
        let touches = pendingTouches
        pendingTouches.removeAll()
        // The events of a frame arrived spread evenly over the refresh period, the last one at the frame's time
        // (as from a touch panel sampling faster than the display).
        for (i, t) in touches.enumerated() {
            let eventTime = previousTime + refreshInterval * Double(i + 1) / Double(touches.count)
            let event = TouchEvent(phase: t.phase, id: t.id, position: Point(x: Double(t.point.x), y: Double(t.point.y)),
                                   time: UInt64((eventTime * 1e6).rounded()))
            pipeline.deliver(event, time: eventTime)
        }
        // Keys after touches, as the app runner delivers them (input moves the focus ring even when no state changes).
        let keys = pendingKeys
        pendingKeys.removeAll()
        for k in keys { pipeline.deliver(k) }
        guard pipeline.update(inputArrived: !touches.isEmpty || !keys.isEmpty) else { return }
        lastDamage = pipeline.draw()
        // A frame whose pixels did not change commits nothing.
        guard !lastDamage.isEmpty else { return }
        do {
            try pipeline.commit(to: display)
        } catch {
            reportTestFailure("the headless display refused a frame: \(error)", file: #filePath, line: #line)
            return
        }
        display.completeFlip()  // a simulated panel shows a frame at once
        committedFrames += 1
    }

    /// `runFrame()` for `seconds` of simulated time.
    public func advance(seconds: Double) {
        for _ in 0..<frameCount(seconds) { runFrame() }
    }

    /// `advance(seconds:)` for an `async` test: the ready main-actor jobs run before every frame.
    public func advanceAsync(seconds: Double) async {
        await runFrames(frameCount(seconds))
    }

    /// `runFrame()` for an `async` test: the ready main-actor jobs run first.
    public func runFrameAsync() async {
        await runMainActorJobs()
        runFrame()
    }

    private func frameCount(_ seconds: Double) -> Int { max(1, Int((seconds / refreshInterval).rounded())) }

    /// A touch down at (x, y), a frame, then up on the next frame.
    public func tap(x: Double, y: Double) { play(tapScript(x: x, y: y)) }

    /// `tap(x:y:)` for an `async` test: the ready main-actor jobs run before each of its frames.
    public func tapAsync(x: Double, y: Double) async { await playAsync(tapScript(x: x, y: y)) }

    /// Taps the centre of the first visible text run equal to `text`, in drawing order, that nothing opaque
    /// covers (fails the test if there is none).
    public func tap(text: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let p = panelPoint(ofText: text, file: file, line: line) else { return }
        tap(x: p.x, y: p.y)
    }

    /// `tap(text:)` for an `async` test.
    public func tapAsync(text: String, file: StaticString = #filePath, line: UInt = #line) async {
        guard let p = panelPoint(ofText: text, file: file, line: line) else { return }
        await tapAsync(x: p.x, y: p.y)
    }

    /// The panel pixel under the centre of the first text run equal to `text` that a finger could find: on the
    /// screen, inside its clips, not covered by an opaque fill drawn after it (a pushed screen over the one
    /// whose title it repeats, a sheet's card). See `UncoveredText`.
    private func panelPoint(ofText text: String, file: StaticString, line: UInt) -> Point? {
        let runs = UncoveredText.runs(in: displayList, screen: screen)
        guard let frame = runs.first(where: { $0.run.string == text })?.frame else {
            reportTestFailure("no visible text \"\(text)\" to tap; visible: \(visibleTexts)", file: file, line: line)
            return nil
        }
        return transform.panelPoint(fromLogical: Point(x: frame.midX, y: frame.midY))
    }

    /// Down at the start, `steps` moves (one frame each) to the end, then the finger rests there for 0.1 s
    /// (frames without input) and lifts: it lets go without velocity, so a scroll view stops where it is
    /// (see `fling` for a release at speed).
    public func drag(fromX: Double, fromY: Double, toX: Double, toY: Double, steps: Int) {
        play(dragScript(fromX: fromX, fromY: fromY, toX: toX, toY: toY, steps: steps, resting: true))
    }

    /// `drag(fromX:fromY:toX:toY:steps:)` for an `async` test.
    public func dragAsync(fromX: Double, fromY: Double, toX: Double, toY: Double, steps: Int) async {
        await playAsync(dragScript(fromX: fromX, fromY: fromY, toX: toX, toY: toY, steps: steps, resting: true))
    }

    /// Down at the start, `steps` moves (one frame each) to the end, and up on the next frame: released at the
    /// speed of the moves (a scroll view carries on with momentum).
    public func fling(fromX: Double, fromY: Double, toX: Double, toY: Double, steps: Int) {
        play(dragScript(fromX: fromX, fromY: fromY, toX: toX, toY: toY, steps: steps, resting: false))
    }

    /// One finger's touches, a frame's worth at a time (an empty frame: the finger rests).
    private typealias TouchScript = [[(phase: TouchEvent.Phase, point: CGPoint, id: Int)]]

    private func tapScript(x: Double, y: Double) -> TouchScript {
        [[(.down, CGPoint(x: x, y: y), 0)], [(.up, CGPoint(x: x, y: y), 0)]]
    }

    private func dragScript(fromX: Double, fromY: Double, toX: Double, toY: Double, steps: Int,
                            resting: Bool) -> TouchScript {
        var script: TouchScript = [[(.down, CGPoint(x: fromX, y: fromY), 0)]]
        let n = max(1, steps)
        for i in 1...n {
            let t = Double(i) / Double(n)
            script.append([(.moved, CGPoint(x: fromX + (toX - fromX) * t, y: fromY + (toY - fromY) * t), 0)])
        }
        if resting { script += Array(repeating: [], count: Int((0.1 / refreshInterval).rounded() + 1)) }
        script.append([(.up, CGPoint(x: toX, y: toY), 0)])
        return script
    }

    private func play(_ script: TouchScript) {
        for touches in script {
            queue(touches)
            runFrame()
        }
    }

    private func playAsync(_ script: TouchScript) async {
        for touches in script {
            queue(touches)
            await runFrameAsync()
        }
    }

    private func queue(_ touches: [(phase: TouchEvent.Phase, point: CGPoint, id: Int)]) {
        guard !touches.isEmpty else { return }
        pendingTouches += touches
        host.setNeedsFrame()
    }

    /// A key pressed and released (a frame each), delivered to the view host as from a keyboard: `.tab`
    /// moves the focus, `.return` presses the focused button, characters reach `onKeyPress` handlers.
    public func press(_ key: KeyEquivalent, modifiers: EventModifiers = []) {
        let scalar = key.character.unicodeScalars.first!.value
        // Named keys (control characters, the private-use arrows) type nothing; space types a space.
        let typesText = scalar >= 0x20 && scalar != 0x7F && !(0xF700...0xF8FF).contains(scalar)
        let characters = typesText ? String(key.character) : ""
        pendingKeys.append(KeyPress(key: key, characters: characters, modifiers: modifiers, phase: .down))
        host.setNeedsFrame()
        runFrame()
        pendingKeys.append(KeyPress(key: key, characters: characters, modifiers: modifiers, phase: .up))
        host.setNeedsFrame()
        runFrame()
    }

    /// The focused view's name, nil when no view has keyboard focus.
    public var focusedViewName: String? { host.focusedViewName }

    /// Queues a finger `id` going down at (x, y), delivered by the next `runFrame()` (hold it across frames,
    /// move it, lift it with the calls below).
    public func touchDown(id: Int = 0, x: Double, y: Double) { queueTouch(.down, x, y, id) }
    /// Queues a move of finger `id`; several before one `runFrame()` arrive in that frame, spread over it.
    public func touchMove(id: Int = 0, x: Double, y: Double) { queueTouch(.moved, x, y, id) }
    /// Queues finger `id` lifting at (x, y).
    public func touchUp(id: Int = 0, x: Double, y: Double) { queueTouch(.up, x, y, id) }

    private func queueTouch(_ phase: TouchEvent.Phase, _ x: Double, _ y: Double, _ id: Int) {
        pendingTouches.append((phase, CGPoint(x: x, y: y), id))
        host.setNeedsFrame()
    }

    /// Two fingers (ids 0 and 1) on a horizontal line through the centre, `fromDistance` apart, moving apart
    /// (or together) to `toDistance` in `steps` frames, then lifting: a pinch.
    public func pinch(centerX: Double, centerY: Double, fromDistance: Double, toDistance: Double, steps: Int) {
        twoFingers(centerX: centerX, centerY: centerY, steps: steps) { t in
            (fromDistance + (toDistance - fromDistance) * t, 0)
        }
    }

    /// Two fingers (ids 0 and 1) `distance` apart around the centre, starting on a horizontal line and turning
    /// by `degrees` (positive: clockwise on screen) in `steps` frames, then lifting: a rotation.
    public func rotate(centerX: Double, centerY: Double, distance: Double, degrees: Double, steps: Int) {
        twoFingers(centerX: centerX, centerY: centerY, steps: steps) { t in (distance, degrees * t) }
    }

    /// Fingers 0 and 1 placed symmetrically about the centre at (distance, angle in degrees) for t in 0...1.
    private func twoFingers(centerX: Double, centerY: Double, steps: Int, _ at: (Double) -> (Double, Double)) {
        func points(_ t: Double) -> (CGPoint, CGPoint) {
            let (d, deg) = at(t)
            let a = Angle(degrees: deg).radians
            let dx = d / 2 * Trig.cos(a), dy = d / 2 * Trig.sin(a)
            return (CGPoint(x: centerX - dx, y: centerY - dy), CGPoint(x: centerX + dx, y: centerY + dy))
        }
        let (a0, b0) = points(0)
        touchDown(id: 0, x: a0.x, y: a0.y)
        touchDown(id: 1, x: b0.x, y: b0.y)
        runFrame()
        let n = max(1, steps)
        for i in 1...n {
            let (a, b) = points(Double(i) / Double(n))
            touchMove(id: 0, x: a.x, y: a.y)
            touchMove(id: 1, x: b.x, y: b.y)
            runFrame()
        }
        let (a1, b1) = points(1)
        touchUp(id: 1, x: b1.x, y: b1.y)
        touchUp(id: 0, x: a1.x, y: a1.y)
        runFrame()
    }

    private var screen: ScanoutRaster.Rect { ScanoutRaster.Rect(x: 0, y: 0, width: transform.logicalWidth, height: transform.logicalHeight) }

    private func frameOfText(_ text: String) -> ScanoutRaster.Rect? {
        displayList.textRuns.first { $0.run.string == text && Self.intersects($0.frame, screen) }?.frame
    }

    private static func intersects(_ a: ScanoutRaster.Rect, _ b: ScanoutRaster.Rect) -> Bool {
        a.maxX > b.minX && a.minX < b.maxX && a.maxY > b.minY && a.minY < b.maxY
    }

    /// A visible text run equal to `text` is in the last committed frame.
    public func contains(text: String) -> Bool { frameOfText(text) != nil }

    /// Every visible text run of the last committed frame, in drawing order.
    public var visibleTexts: [String] {
        displayList.textRuns.filter { Self.intersects($0.frame, screen) }.map(\.run.string)
    }

    /// The laid-out frame of the first `Text` showing exactly `text` (nil if there is none).
    public func frame(ofText text: String) -> CGRect? { host.frames(ofText: text).first }

    /// Where the first `Text` showing `text` is drawn: its laid-out frame moved (and turned: the bounding box)
    /// by the geometry effects above it — a paged `TabView`'s pages, `rotationEffect`, `scaleEffect`.
    public func drawnFrame(ofText text: String) -> CGRect? { host.drawnFrames(ofText: text).first }

    /// The laid-out frame of the view marked `.accessibilityIdentifier(identifier)` (nil if there is none).
    public func frame(ofAccessibilityIdentifier identifier: String) -> CGRect? { host.frame(ofAccessibility: identifier, identifier: true) }

    /// The laid-out frame of the view marked `.accessibilityLabel(label)` (nil if there is none).
    public func frame(ofAccessibilityLabel label: String) -> CGRect? { host.frame(ofAccessibility: label, identifier: false) }

    /// Taps the middle of the view marked `.accessibilityIdentifier(identifier)`; a test failure when there is none.
    public func tap(accessibilityIdentifier identifier: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let f = frame(ofAccessibilityIdentifier: identifier) else {
            reportTestFailure("no view with accessibility identifier \"\(identifier)\"", file: file, line: line)
            return
        }
        tap(x: Double(f.midX), y: Double(f.midY))
    }

    /// The laid-out frame of the view marked `.layoutProbe(id)` (nil if there is none).
    public func frame(ofProbe id: String) -> CGRect? { host.layoutProbe(id)?.frame }

    /// The distinct size proposals the view marked `.layoutProbe(id)` received in the last layout, in order.
    public func proposals(ofProbe id: String) -> [ProposedViewSize] { host.layoutProbe(id)?.proposals ?? [] }

    /// The straight-alpha colour of a pixel of the last committed frame.
    public func pixel(x: Int, y: Int) -> RGBA { framebuffer.pixel(x: x, y: y) }

    /// Writes the last committed frame as PNG.
    public func writePNG(to path: String) throws { try PNGEncoder.write(framebuffer, toFile: path) }

    /// Warnings the runtime printed (e.g. a handler updating too many times per frame).
    public var warnings: [String] { host.warnings }
}
