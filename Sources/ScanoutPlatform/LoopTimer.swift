import CLinux
import Glibc

/// A timer on a `MainLoop`: one timerfd on CLOCK_MONOTONIC, disarmed unless scheduled, so an idle app has
/// no timer that could wake it. One-shot (`schedule(at:)`, `schedule(after:)`) or periodic
/// (`scheduleRepeating(every:)`); `cancel()` disarms, `close()` releases the descriptor.
@MainActor
public final class LoopTimer {
    public let name: String
    private var fd: Int32
    private weak var loop: MainLoop?
    private var source: LoopSource?
    private var handler: @MainActor () -> Void
    /// Whether the timer will fire (a one-shot timer disarms itself when it fires).
    public private(set) var isArmed = false
    private var isRepeating = false
    /// The deadline of a one-shot timer.
    public private(set) var deadline: MonotonicTime?
    /// How many expirations were delivered (a periodic timer that fell behind counts each missed period).
    public private(set) var expirations: UInt64 = 0

    init(loop: MainLoop, name: String, handler: @escaping @MainActor () -> Void) throws(PlatformError) {
        let fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { throw PlatformError.lastError("timerfd_create", "creating timer \(name)") }
        self.fd = fd
        self.name = name
        self.loop = loop
        self.handler = handler
        do throws(PlatformError) {
            source = try loop.watch(fd: fd, name: "timer \(name)") { [unowned self] in self.fire() }
        } catch {
            Glibc.close(fd)
            throw error
        }
    }

    deinit {
        // `close()` is the paired call; a closed descriptor also leaves the epoll by itself.
        if fd >= 0 { Glibc.close(fd) }
    }

    /// Fires once at `deadline` (immediately at the next loop iteration when it has passed). Replaces any
    /// earlier schedule.
    public func schedule(at deadline: MonotonicTime) throws(PlatformError) {
        // An absolute deadline of 0 would disarm the timer; the earliest real deadline is 1 ns.
        let when = MonotonicTime(nanoseconds: max(1, deadline.nanoseconds))
        var spec = itimerspec(it_interval: timespec(), it_value: when.timespec)
        try set(&spec, flags: Int32(TFD_TIMER_ABSTIME))
        isRepeating = false
        self.deadline = deadline
    }

    /// Fires once after `delay`.
    public func schedule(after delay: Duration) throws(PlatformError) {
        try schedule(at: .now() + delay)
    }

    /// Fires every `interval`, the first time one interval from now.
    public func scheduleRepeating(every interval: Duration) throws(PlatformError) {
        guard interval > .zero else {
            throw PlatformError.invalidState("timer \(name): a repeating interval must be positive")
        }
        let t = MonotonicTime(nanoseconds: interval.nanoseconds).timespec
        var spec = itimerspec(it_interval: t, it_value: t)
        try set(&spec, flags: 0)
        isRepeating = true
        deadline = nil
    }

    /// Disarms the timer (a no-op when it is not armed).
    public func cancel() {
        guard isArmed else { return }
        var spec = itimerspec()
        _ = timerfd_settime(fd, 0, &spec, nil)
        // Drop an expiration that arrived before the disarm, so the handler does not run after cancel.
        var count: UInt64 = 0
        _ = read(fd, &count, 8)
        isArmed = false
        deadline = nil
    }

    /// Disarms the timer and releases its descriptor. The timer cannot be used again.
    public func close() {
        cancel()
        source?.cancel()
        source = nil
        loop?.forget(self)
        loop = nil
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    private func set(_ spec: inout itimerspec, flags: Int32) throws(PlatformError) {
        guard source != nil else { throw PlatformError.invalidState("timer \(name) is closed") }
        guard timerfd_settime(fd, flags, &spec, nil) == 0 else {
            throw PlatformError.lastError("timerfd_settime", "arming timer \(name)")
        }
        isArmed = true
    }

    private func fire() {
        var count: UInt64 = 0
        // EAGAIN: the timer was re-armed or cancelled after it became readable; nothing is due.
        guard read(fd, &count, 8) == 8, count > 0 else { return }
        expirations += count
        if !isRepeating {
            isArmed = false
            deadline = nil
        }
        handler()
    }
}

/// Wakes a `MainLoop` from any thread (an eventfd write). Copies share one descriptor, which stays open
/// until the loop and every copy are gone.
public struct LoopWaker: Sendable {
    let descriptor: WakeupDescriptor

    init(descriptor: WakeupDescriptor) { self.descriptor = descriptor }

    /// Makes the loop run its `onWake` handler soon. Several wakes before the loop runs coalesce into one.
    public func wake() {
        var one: UInt64 = 1
        _ = write(descriptor.fd, &one, 8)
    }
}

/// The wake-up eventfd, closed when the last owner lets go.
final class WakeupDescriptor: Sendable {
    let fd: Int32
    init(fd: Int32) { self.fd = fd }
    deinit { Glibc.close(fd) }

    /// Resets the counter.
    func drain() {
        var value: UInt64 = 0
        _ = read(fd, &value, 8)
    }
}
