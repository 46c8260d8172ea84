import CLinux
import Glibc

@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32

@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)

/// The one event loop of a Scanout process: an epoll on the main thread that waits for file descriptors
/// (the DRM fd, libinput's fd, udev monitors), timers (timerfd), wake-ups from other threads (eventfd),
/// signals (signalfd) and main-actor jobs (libdispatch's main-queue eventfd: `Task { @MainActor in }`,
/// `.task` bodies run here).
///
/// Idle means idle: with no posted job and no armed timer the loop blocks in `epoll_wait` with no timeout,
/// and only a file descriptor becoming readable wakes it.
///
/// Lifecycle: `init` → add sources, timers, signals → `run()` (until `stop()`) → `close()`. Sources, timers
/// and signal handling are each paired with their own `cancel()`/`close()`. Failures are thrown as
/// `PlatformError`; an interrupted `epoll_wait` (EINTR) is simply waited again.
@MainActor
public final class MainLoop {
    private let epollFD: Int32
    private var sources: [UInt64: LoopSource] = [:]
    private var nextToken: UInt64 = 1
    private var posted: [@MainActor () -> Void] = []
    private var stopRequested = false
    private var isRunning = false
    private var isClosed = false
    private var timers: [ObjectIdentifier: WeakTimer] = [:]
    private var signalState: SignalState?
    // Touched only on the loop, and by deinit once nothing else can.
    nonisolated(unsafe) private let events: UnsafeMutablePointer<epoll_event>
    private static let eventCapacity: Int32 = 32
    private let wakeFD: WakeupDescriptor
    private var wakeSource: LoopSource?
    private var mainQueueSource: LoopSource?

    /// Wakes this loop from any thread; `onWake` then runs on the loop.
    public let waker: LoopWaker
    /// Runs on the loop after one or more `waker.wake()` calls.
    public var onWake: (@MainActor () -> Void)?
    /// How many times `epoll_wait` returned with events (for idle measurements and tests).
    public private(set) var wakeups = 0
    /// How many main-actor drains ran.
    public private(set) var mainQueueDrains = 0

    /// Creates the epoll, the wake-up eventfd and, when `drainsMainActorJobs`, watches libdispatch's
    /// main-queue handle so main-actor jobs run on this loop.
    ///
    /// `signals` (e.g. SIGTERM, SIGINT, SIGHUP) are blocked before anything else happens — before
    /// libdispatch starts its threads — so every thread started later inherits the mask and a signal sent to
    /// the process always reaches the loop's signalfd. Until `handleSignals` sets a handler they stop the loop.
    /// Create the loop first thing in `main`.
    public init(signals: [Int32] = [], drainsMainActorJobs: Bool = true) throws(PlatformError) {
        var previousMask = sigset_t()
        if !signals.isEmpty {
            var mask = sigset_t()
            sigemptyset(&mask)
            for s in signals { sigaddset(&mask, s) }
            guard pthread_sigmask(SIG_BLOCK, &mask, &previousMask) == 0 else {
                throw PlatformError.lastError("pthread_sigmask", "blocking signals for the main loop")
            }
        }
        let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard fd >= 0 else {
            let e = PlatformError.lastError("epoll_create1", "creating the main loop")
            if !signals.isEmpty { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
            throw e
        }
        epollFD = fd
        events = .allocate(capacity: Int(Self.eventCapacity))
        let efd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard efd >= 0 else {
            let e = PlatformError.lastError("eventfd", "creating the main loop's wake-up descriptor")
            if !signals.isEmpty { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
            Glibc.close(fd)
            events.deallocate()
            throw e
        }
        wakeFD = WakeupDescriptor(fd: efd)
        waker = LoopWaker(descriptor: wakeFD)
        wakeSource = try watch(fd: efd, name: "wake-up eventfd") { [unowned self] in
            self.wakeFD.drain()
            self.onWake?()
        }
        if !signals.isEmpty {
            try handleSignals(signals, restoring: previousMask) { [unowned self] _ in self.stop() }
        }
        if drainsMainActorJobs {
            let handle = dispatchMainQueueHandle()
            if handle >= 0 {
                mainQueueSource = try watch(fd: handle, name: "main-queue eventfd") { [unowned self] in
                    self.drainMainActorJobs(handle: handle)
                }
            }
        }
    }

    deinit {
        // `close()` is the paired call; this only keeps an unclosed loop from leaking its epoll.
        Glibc.close(epollFD)
        events.deallocate()
    }

    // MARK: Sources

    /// Calls `onReadable` on the loop whenever `fd` is readable (level-triggered: the handler must read
    /// what is there, or it is called again). The caller keeps owning `fd` and closes it after `cancel()`.
    @discardableResult
    public func watch(fd: Int32, name: String, _ onReadable: @escaping @MainActor () -> Void) throws(PlatformError) -> LoopSource {
        guard !isClosed else { throw PlatformError.invalidState("the main loop is closed; cannot watch \(name)") }
        let token = nextToken
        nextToken += 1
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = token
        guard epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else {
            throw PlatformError.lastError("epoll_ctl(ADD)", "watching \(name) (fd \(fd))")
        }
        let source = LoopSource(loop: self, token: token, fd: fd, name: name, handler: onReadable)
        sources[token] = source
        return source
    }

    func remove(_ source: LoopSource) {
        guard sources.removeValue(forKey: source.token) != nil else { return }
        // Fails harmlessly when the fd was closed first (closing removes it from the epoll).
        var event = epoll_event()
        _ = epoll_ctl(epollFD, EPOLL_CTL_DEL, source.fd, &event)
    }

    /// The sources being watched, by name (for reports and tests).
    public var sourceNames: [String] { sources.values.sorted { $0.token < $1.token }.map(\.name) }

    // MARK: Timers

    /// A timer on this loop, disarmed until `schedule`.
    public func makeTimer(name: String, _ onFire: @escaping @MainActor () -> Void) throws(PlatformError) -> LoopTimer {
        let timer = try LoopTimer(loop: self, name: name, handler: onFire)
        timers[ObjectIdentifier(timer)] = WeakTimer(timer: timer)
        return timer
    }

    func forget(_ timer: LoopTimer) { timers[ObjectIdentifier(timer)] = nil }

    /// Timers currently armed. Zero when the app is idle.
    public var armedTimerCount: Int { timers.values.reduce(0) { $0 + (($1.timer?.isArmed ?? false) ? 1 : 0) } }

    /// Nothing will wake the loop by itself: no posted job and no armed timer.
    public var isIdle: Bool { posted.isEmpty && armedTimerCount == 0 }

    // MARK: Posted jobs

    /// Runs `job` on the loop's next iteration, after the current handler returns (never re-entrantly).
    public func post(_ job: @escaping @MainActor () -> Void) { posted.append(job) }

    // MARK: Signals

    /// Delivers `signals` (e.g. SIGTERM, SIGINT, SIGHUP) to `handler` on the loop instead of their default
    /// action: they are blocked for this thread (and the threads it starts later) and read from a signalfd.
    /// A thread started before the signals were blocked does not block them, and a signal sent to the process
    /// may be delivered there: pass the signals to `init(signals:)` instead when the loop is made before any
    /// thread (an app's `main`), and call this to set the handler. Calling it again adds signals and replaces
    /// the handler. `stopHandlingSignals()` (or `close()`) restores the mask.
    public func handleSignals(_ signals: [Int32], _ handler: @escaping @MainActor (Int32) -> Void) throws(PlatformError) {
        try handleSignals(signals, restoring: nil, handler)
    }

    /// `restoring`: the mask from before the caller blocked the signals itself (the initializer).
    private func handleSignals(_ signals: [Int32], restoring: sigset_t?, _ handler: @escaping @MainActor (Int32) -> Void) throws(PlatformError) {
        var mask = sigset_t()
        sigemptyset(&mask)
        if let state = signalState { mask = state.mask }
        for s in signals { sigaddset(&mask, s) }
        var old = sigset_t()
        guard pthread_sigmask(SIG_BLOCK, &mask, &old) == 0 else {
            throw PlatformError.lastError("pthread_sigmask", "blocking signals for the main loop")
        }
        if let state = signalState {
            guard signalfd(state.fd, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC)) >= 0 else {
                throw PlatformError.lastError("signalfd", "updating the main loop's signals")
            }
            state.mask = mask
            state.handler = handler
            return
        }
        let fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fd >= 0 else {
            let e = PlatformError.lastError("signalfd", "creating the main loop's signal descriptor")
            pthread_sigmask(SIG_SETMASK, &old, nil)
            throw e
        }
        let state = SignalState(fd: fd, mask: mask, previousMask: restoring ?? old, handler: handler)
        do throws(PlatformError) {
            state.source = try watch(fd: fd, name: "signalfd") { [unowned self] in self.readSignals() }
        } catch {
            Glibc.close(fd)
            pthread_sigmask(SIG_SETMASK, &old, nil)
            throw error
        }
        signalState = state
    }

    /// Stops reading signals and restores the signal mask from before `handleSignals`.
    public func stopHandlingSignals() {
        guard let state = signalState else { return }
        signalState = nil
        state.source?.cancel()
        Glibc.close(state.fd)
        var previous = state.previousMask
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    private func readSignals() {
        guard let state = signalState else { return }
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        while read(state.fd, &info, size) == size {
            state.handler(Int32(info.ssi_signo))
        }
    }

    // MARK: Main-actor jobs

    private func drainMainActorJobs(handle: Int32) {
        // Clear the eventfd first: a job enqueued while draining writes it again and wakes the next wait.
        var pfd = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
        if poll(&pfd, 1, 0) == 1 {
            var value: UInt64 = 0
            _ = read(handle, &value, 8)
        }
        mainQueueDrains += 1
        dispatchMainQueueCallback(nil)
    }

    // MARK: Running

    /// Waits for and dispatches events until `stop()`.
    public func run() throws(PlatformError) {
        guard !isRunning else { throw PlatformError.invalidState("MainLoop.run() is already running") }
        isRunning = true
        stopRequested = false
        defer {
            isRunning = false
            stopRequested = false
        }
        while !stopRequested {
            try runOnce(timeout: nil)
        }
    }

    /// Makes `run()` return after the current handler (callable from any handler).
    public func stop() { stopRequested = true }

    /// Whether `stop()` was called (and `run()` has not returned since).
    public var isStopping: Bool { stopRequested }

    /// One iteration: runs posted jobs, waits up to `timeout` (forever when nil; not at all when jobs are
    /// posted) and dispatches what is ready. Returns the number of handlers called.
    @discardableResult
    public func runOnce(timeout: Duration? = nil) throws(PlatformError) -> Int {
        guard !isClosed else { throw PlatformError.invalidState("the main loop is closed") }
        var handled = runPosted()
        if stopRequested { return handled }
        let ms: Int32
        if !posted.isEmpty {
            ms = 0
        } else if let timeout {
            let ns = max(0, timeout.nanoseconds)
            ms = Int32(min(Int64(Int32.max), (ns + 999_999) / 1_000_000))
        } else {
            ms = -1
        }
        let n = epoll_wait(epollFD, events, Self.eventCapacity, ms)
        if n < 0 {
            if errno == EINTR { return handled }
            throw PlatformError.lastError("epoll_wait", "waiting in the main loop")
        }
        if n > 0 { wakeups += 1 }
        for i in 0..<Int(n) {
            let token = events[i].data.u64
            // A handler may have removed a later source of this batch.
            guard let source = sources[token] else { continue }
            source.handler()
            handled += 1
        }
        handled += runPosted()
        return handled
    }

    private func runPosted() -> Int {
        guard !posted.isEmpty else { return 0 }
        let jobs = posted
        posted.removeAll(keepingCapacity: true)
        for job in jobs { job() }
        return jobs.count
    }

    /// Closes the loop: stops signal handling, removes every source and closes the descriptors it owns
    /// (timers, the wake-up eventfd once no waker is left, the signalfd). Descriptors of sources the
    /// caller added stay open; the caller closes them.
    public func close() {
        guard !isClosed else { return }
        stopHandlingSignals()
        for t in timers.values { t.timer?.close() }
        timers.removeAll()
        for source in Array(sources.values) { source.cancel() }
        posted.removeAll()
        isClosed = true
    }
}

/// A file descriptor watched by a `MainLoop`.
@MainActor
public final class LoopSource {
    private weak var loop: MainLoop?
    let token: UInt64
    public let fd: Int32
    public let name: String
    var handler: @MainActor () -> Void

    init(loop: MainLoop, token: UInt64, fd: Int32, name: String, handler: @escaping @MainActor () -> Void) {
        self.loop = loop
        self.token = token
        self.fd = fd
        self.name = name
        self.handler = handler
    }

    /// Stops watching the descriptor (it stays open).
    public func cancel() {
        loop?.remove(self)
        loop = nil
    }
}

private struct WeakTimer {
    weak var timer: LoopTimer?
}

@MainActor
private final class SignalState {
    let fd: Int32
    var mask: sigset_t
    let previousMask: sigset_t
    var handler: @MainActor (Int32) -> Void
    var source: LoopSource?

    init(fd: Int32, mask: sigset_t, previousMask: sigset_t, handler: @escaping @MainActor (Int32) -> Void) {
        self.fd = fd
        self.mask = mask
        self.previousMask = previousMask
        self.handler = handler
    }
}
