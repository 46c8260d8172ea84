/// What a frame knows about its timing.
public struct FrameContext: Sendable {
    /// Frames run so far, this one included (1 for the first).
    public let number: Int
    /// When the frame started.
    public let startTime: MonotonicTime
    /// When the frame is expected on screen: one refresh period after it starts.
    public let targetPresentTime: MonotonicTime
}

/// Decides when frames run, for one display, knowing nothing about what a frame draws.
///
/// - A frame runs only when one was requested (`requestFrame()`); requests coalesce into one frame.
/// - At most one commit is in flight: after a frame commits, the next one waits for `flipCompleted()`.
/// - Frames follow the display: on hardware with vblank the flip event arrives one refresh after the
///   previous one and the next frame starts right there. Where flips complete at once (virtio-gpu and bochs
///   under QEMU, the headless display), the next frame waits on the clock's timer until one refresh period
///   after the previous frame started, so pacing is the same everywhere.
/// - Idle means idle: with no request there is no frame and no armed timer.
///
/// The frame closure returns whether it committed (presented) a buffer; a frame that found nothing to draw
/// commits nothing and leaves nothing in flight.
@MainActor
public final class FrameScheduler {
    public let clock: FrameClock
    /// The display's refresh period (1 / refresh rate).
    public private(set) var refreshPeriod: Duration
    /// How much earlier than a full period after the previous start a frame may begin without waiting on the
    /// timer: flip events on real vblank jitter by microseconds, and a timer for that little is a wasted wake-up.
    public var tolerance: Duration
    private let frame: @MainActor (FrameContext) -> Bool

    public private(set) var isFrameRequested = false
    public private(set) var isCommitInFlight = false
    private var isInFrame = false
    private var flipDuringFrame = false
    private var isStopped = false
    /// When the last frame started: on the refresh grid for a frame the timer started.
    public private(set) var lastFrameStart: MonotonicTime?
    /// When the last flip completed.
    public private(set) var lastFlip: MonotonicTime?
    /// Frames run (committed or not).
    public private(set) var framesRun = 0
    /// Frames that committed a buffer.
    public private(set) var commits = 0
    /// Frames that had to wait for the pacing timer because the flip came back early.
    public private(set) var pacedFrames = 0
    /// Called with each error arming the timer (the frame then runs at once rather than never).
    public var onError: (@MainActor (PlatformError) -> Void)?

    public init(clock: FrameClock, refreshPeriod: Duration, frame: @escaping @MainActor (FrameContext) -> Bool) {
        precondition(refreshPeriod > .zero, "a display's refresh period must be positive")
        self.clock = clock
        self.refreshPeriod = refreshPeriod
        self.tolerance = refreshPeriod / 8
        self.frame = frame
    }

    /// Convenience for a refresh rate in Hz.
    public convenience init(clock: FrameClock, refreshRate: Double, frame: @escaping @MainActor (FrameContext) -> Bool) {
        self.init(clock: clock, refreshPeriod: .nanoseconds(Int64((1e9 / max(1, refreshRate)).rounded())), frame: frame)
    }

    /// Asks for a frame. Several requests before it runs give one frame. The frame never runs inside this
    /// call (it may come from a state setter halfway through its work): it runs from the loop, on the clock's
    /// timer — at once when it is due, else at the next refresh.
    public func requestFrame() {
        guard !isStopped else { return }
        isFrameRequested = true
        startOrWait(.request)
    }

    /// The display's flip event: the committed buffer is on screen, the next frame may start.
    public func flipCompleted(at time: MonotonicTime? = nil) {
        lastFlip = time ?? clock.now
        if isInFrame {
            // A display that completes the flip inside `present()`.
            flipDuringFrame = true
            return
        }
        guard isCommitInFlight else { return }
        isCommitInFlight = false
        startOrWait(.flip)
    }

    /// Changes the pacing (a new mode after a re-modeset).
    public func setRefreshPeriod(_ period: Duration) {
        precondition(period > .zero, "a display's refresh period must be positive")
        refreshPeriod = period
        tolerance = period / 8
    }

    /// Drops a pending request and the timer; no frame runs after this.
    public func stop() {
        isStopped = true
        isFrameRequested = false
        clock.disarm()
    }

    /// The timer is armed for a paced frame.
    public var isWaitingForTimer: Bool { clock.isArmed }

    /// What asks a frame to start: a request (from anywhere), the flip event or the timer (both on the loop).
    private enum Trigger { case request, flip, timer }

    private func startOrWait(_ trigger: Trigger) {
        guard isFrameRequested, !isCommitInFlight, !isInFrame, !isStopped, !clock.isArmed else { return }
        let now = clock.now
        let due = lastFrameStart.map { $0 + refreshPeriod }
        let early = due.map { now < $0 - tolerance } ?? false
        if early || trigger == .request {
            // Too early for the refresh rate (flips that complete at once): wait for the next period. A
            // request that is due runs from the loop right away.
            if early { pacedFrames += 1 }
            do {
                try clock.arm(at: early ? due! : now) { [weak self] in self?.startOrWait(.timer) }
                return
            } catch {
                onError?(error)
            }
        }
        // A frame the timer started keeps to the refresh grid even when the timer fired a little late, so
        // lateness does not add up from frame to frame. A frame started by a flip event (vblank) follows
        // the flip.
        var slot = now
        if trigger == .timer, let due, now >= due - tolerance, now - due < refreshPeriod { slot = due }
        runFrame(at: now, slot: slot)
    }

    private func runFrame(at now: MonotonicTime, slot: MonotonicTime) {
        isFrameRequested = false
        isInFrame = true
        flipDuringFrame = false
        lastFrameStart = slot
        framesRun += 1
        let committed = frame(FrameContext(number: framesRun, startTime: now, targetPresentTime: now + refreshPeriod))
        isInFrame = false
        if committed {
            commits += 1
            isCommitInFlight = !flipDuringFrame
        }
        // A request made during the frame (an animation, a state change from a handler) waits for the flip
        // or, when nothing was committed, for the next period.
        startOrWait(.request)
    }
}
