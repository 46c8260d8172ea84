/// The time and the one timer a `FrameScheduler` needs. `LoopFrameClock` is the real one (CLOCK_MONOTONIC
/// and a timerfd on the main loop); `SimulatedFrameClock` moves only when told to (headless `--frames N`
/// runs and tests).
@MainActor
public protocol FrameClock: AnyObject {
    var now: MonotonicTime { get }
    /// Arms the clock's single timer: `fire` runs on the loop at `deadline`. Replaces an earlier arm.
    func arm(at deadline: MonotonicTime, _ fire: @escaping @MainActor () -> Void) throws(PlatformError)
    /// Disarms the timer (a no-op when it is not armed).
    func disarm()
    var isArmed: Bool { get }
}

/// CLOCK_MONOTONIC and a timerfd on a `MainLoop`.
@MainActor
public final class LoopFrameClock: FrameClock {
    private var timer: LoopTimer?
    private var fire: (@MainActor () -> Void)?

    public init(loop: MainLoop, name: String = "frame pacing") throws(PlatformError) {
        timer = nil
        timer = try loop.makeTimer(name: name) { [unowned self] in
            let f = self.fire
            self.fire = nil
            f?()
        }
    }

    public var now: MonotonicTime { .now() }

    public func arm(at deadline: MonotonicTime, _ fire: @escaping @MainActor () -> Void) throws(PlatformError) {
        guard let timer else { throw PlatformError.invalidState("the frame clock is closed") }
        self.fire = fire
        try timer.schedule(at: deadline)
    }

    public func disarm() {
        fire = nil
        timer?.cancel()
    }

    public var isArmed: Bool { timer?.isArmed ?? false }

    /// Releases the timer.
    public func close() {
        disarm()
        timer?.close()
        timer = nil
    }
}

/// A clock that stands still until `advance` moves it; an armed deadline fires when the clock reaches it.
/// Headless runs of N simulated frames use it, and so do the scheduler's tests: time is an argument.
@MainActor
public final class SimulatedFrameClock: FrameClock {
    public private(set) var now: MonotonicTime
    public private(set) var deadline: MonotonicTime?
    private var fire: (@MainActor () -> Void)?
    /// Every deadline armed so far, in order (for tests).
    public private(set) var armedDeadlines: [MonotonicTime] = []
    /// How long after its deadline the timer's handler runs (a loaded machine, an emulator); zero by default.
    public var firingDelay: Duration = .zero

    public init(start: MonotonicTime = .zero) { now = start }

    public func arm(at deadline: MonotonicTime, _ fire: @escaping @MainActor () -> Void) throws(PlatformError) {
        self.deadline = deadline
        self.fire = fire
        armedDeadlines.append(deadline)
    }

    public func disarm() {
        deadline = nil
        fire = nil
    }

    public var isArmed: Bool { deadline != nil }

    /// Moves the clock to `time`, firing each deadline on the way at its own time (a handler may arm again).
    public func advance(to time: MonotonicTime) {
        while let d = deadline, d + firingDelay <= time {
            now = max(now, d + firingDelay)
            let f = fire
            deadline = nil
            fire = nil
            f?()
        }
        now = max(now, time)
    }

    public func advance(by duration: Duration) { advance(to: now + duration) }
}
