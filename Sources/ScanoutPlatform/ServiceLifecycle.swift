/// What a Scanout app tells its service manager, and when — the app runner calls it at three points:
///
/// - `frameOnScreen(status:)` from the first flip event: `READY=1` means "the panel shows the app", so
///   `systemctl start` (and units ordered `After=` this one) wait for pixels, not for a process that may still
///   fail to open the display. Later calls do nothing. Headless, the first flip is the first committed frame.
/// - the watchdog: `WATCHDOG=1` every half of `WatchdogSec=` while the main loop is alive. The ping runs from
///   a timer on the main loop (a timerfd), so a loop that hangs — a frame stuck in a busy loop, a deadlock,
///   a blocking read — stops pinging and systemd kills and restarts the app. `isHealthy` lets the runner
///   withhold pings when the loop turns but the frame pipeline does not (a flip that never completes).
///   Cost: one loop wake-up per half period (WatchdogSec=10 → one every 5 s, a few µs of work each); the
///   loop is otherwise still idle, and without a watchdog no timer is armed at all.
/// - `stopping(status:)` on exit: `STOPPING=1`, so systemd knows the exit is deliberate.
///
/// `status(_:)` sends a `STATUS=` line (shown by `systemctl status`) at any time. Without `$NOTIFY_SOCKET`
/// every call is a no-op.
@MainActor
public final class ServiceLifecycle {
    public let notifier: ServiceNotifier?
    /// The period systemd expects pings within; pings go out every half of it.
    public let watchdogTimeout: Duration?
    private let clock: FrameClock?
    /// Asked before each ping; false withholds it (the loop runs but frames do not get to the screen).
    public var isHealthy: (@MainActor () -> Bool)?
    /// Called once with the reason when a message could not be sent (for one log line).
    public var onSendFailure: (@MainActor (String) -> Void)?
    public private(set) var isReady = false
    public private(set) var isStopping = false
    /// Watchdog pings sent, and withheld because `isHealthy` said no.
    public private(set) var pings = 0
    public private(set) var withheldPings = 0
    private var nextPing: MonotonicTime?
    private var reportedFailure = false

    /// `clock` arms the watchdog's timer (a `LoopFrameClock` on the main loop; a simulated clock in tests).
    /// With no notifier or no timeout, no timer is ever armed.
    public init(notifier: ServiceNotifier?, watchdogTimeout: Duration?, clock: FrameClock?) {
        self.notifier = notifier
        self.watchdogTimeout = notifier == nil ? nil : watchdogTimeout
        self.clock = clock
    }

    /// The lifecycle `$NOTIFY_SOCKET`, `$WATCHDOG_USEC` and `$WATCHDOG_PID` ask for, with the watchdog timer
    /// on `loop`. A bad variable is an error naming it.
    public static func fromEnvironment(_ environment: (String) -> String?, loop: MainLoop) throws(PlatformError) -> ServiceLifecycle {
        guard let notifier = try ServiceNotifier.fromEnvironment(environment) else {
            return ServiceLifecycle(notifier: nil, watchdogTimeout: nil, clock: nil)
        }
        guard let timeout = try ServiceNotifier.watchdogTimeout(environment) else {
            return ServiceLifecycle(notifier: notifier, watchdogTimeout: nil, clock: nil)
        }
        return ServiceLifecycle(notifier: notifier, watchdogTimeout: timeout, clock: try LoopFrameClock(loop: loop, name: "watchdog"))
    }

    /// The interval between pings: half the timeout, as sd_watchdog_enabled(3) recommends.
    public var pingInterval: Duration? { watchdogTimeout.map { $0 / 2 } }

    /// Starts the watchdog pings (the first one at once: systemd's timer runs from the service's start).
    public func start(status text: String? = nil) {
        if let text { status(text) }
        guard pingInterval != nil, let clock else { return }
        ping(at: clock.now)
    }

    /// The first frame is on screen: `READY=1` (with a status line). Only the first call sends.
    public func frameOnScreen(status text: String) {
        guard !isReady, !isStopping else { return }
        isReady = true
        send("READY=1\nSTATUS=\(text.singleLine)")
    }

    /// A `STATUS=` line.
    public func status(_ text: String) {
        send("STATUS=\(text.singleLine)")
    }

    /// The app is exiting: `STOPPING=1`, and no more pings.
    public func stopping(status text: String) {
        guard !isStopping else { return }
        isStopping = true
        clock?.disarm()
        send("STOPPING=1\nSTATUS=\(text.singleLine)")
    }

    /// Stops the watchdog timer and closes the socket.
    public func close() {
        clock?.disarm()
        (clock as? LoopFrameClock)?.close()
        notifier?.close()
    }

    private func ping(at now: MonotonicTime) {
        guard !isStopping, let interval = pingInterval, let clock else { return }
        if isHealthy?() ?? true {
            send("WATCHDOG=1")
            pings += 1
        } else {
            withheldPings += 1
        }
        // The next ping one interval after this one's due time, so pings keep their period; after a stall
        // (the loop was blocked past the due time) the grid restarts from now instead of sending a burst.
        var next = (nextPing ?? now) + interval
        if next <= now { next = now + interval }
        nextPing = next
        do throws(PlatformError) {
            try clock.arm(at: next) { [weak self] in
                guard let self, let due = self.nextPing, let clock = self.clock else { return }
                self.ping(at: max(due, clock.now))
            }
        } catch {
            report("cannot arm the watchdog timer: \(error)")
        }
    }

    private func send(_ message: String) {
        guard let notifier else { return }
        if !notifier.send(message) {
            report("cannot notify systemd at \(notifier.socketName): \(PlatformError.errorString(notifier.lastError))")
        }
    }

    private func report(_ reason: String) {
        guard !reportedFailure else { return }
        reportedFailure = true
        onSendFailure?(reason)
    }
}
