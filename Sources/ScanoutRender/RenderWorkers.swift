import Glibc

/// A small pool of threads that repaint bands of a frame beside the thread that asks (see
/// `FrameCompositor.renderThreads`). The threads are started once, when the first compositor is made (or at the
/// first parallel repaint), and sleep on a condition variable between repaints: an idle panel is not woken by
/// them. They block every signal (the main loop takes signals through a signalfd, which works only while no
/// thread accepts them).
///
/// `run(jobs:_:)` hands jobs out one at a time to whichever thread is free, the caller's included, and returns
/// when all are done; the caller's thread is worker 0.
public final class RenderWorkers: @unchecked Sendable {
    /// Threads a repaint uses by default: the processors online, at most four (a band's fixed per-shape work
    /// grows with the bands, and boards have four cores); `SCANOUT_RENDER_THREADS` overrides it (1: none).
    public static let defaultThreadCount: Int = {
        if let value = getenv("SCANOUT_RENDER_THREADS"), let n = Int(String(cString: value)), n >= 1 {
            return min(n, maximumThreads)
        }
        return max(1, min(4, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }()
    /// The most threads a pool runs.
    public static let maximumThreads = 16

    /// The pool repaints use.
    public static let shared = RenderWorkers()

    // Allocated, not stored inline: a pthread object must not move, and `&` on a property promises no address.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let finished = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var threads: [pthread_t] = []
    /// The current batch: its body, how many jobs it has, the next job to hand out, the jobs not yet done.
    private var body: ((_ job: Int, _ worker: Int) -> Void)?
    private var jobCount = 0
    private var nextJob = 0
    private var pending = 0
    /// Bumped for every batch, so a thread that finished one sleeps until the next.
    private var batch: UInt64 = 0
    /// Helpers the current batch asked for (helpers numbered above sit it out), and those still inside it
    /// (the batch ends when no job is pending and this is 0).
    private var helpers = 0
    private var busyWorkers = 0

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(wake, nil)
        pthread_cond_init(finished, nil)
    }

    /// Threads started so far, besides the callers'.
    public var startedThreads: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return threads.count
    }

    /// Starts the threads `threads` workers need (the caller's thread is one), unless running already: a
    /// compositor does it when it is made, so the first frame does not wait for them.
    public func prepare(threads: Int) {
        let helpers = min(max(0, threads - 1), Self.maximumThreads - 1)
        if helpers > 0 { _ = startThreads(helpers) }
    }

    /// Runs `body(job, worker)` for every job in `0..<jobs`, on up to `threads` threads (the caller's is worker
    /// 0, the others `1..<threads`), and returns when all are done. Each worker index is used by one thread at a
    /// time, so state indexed by it needs no lock. One batch at a time: a call made while another thread's
    /// batch runs does its jobs on its own thread.
    public func run(jobs: Int, threads wanted: Int, _ body: (_ job: Int, _ worker: Int) -> Void) {
        let asked = min(max(0, wanted - 1), jobs - 1, Self.maximumThreads - 1)
        let helpers = asked > 0 ? min(asked, startThreads(asked)) : 0
        pthread_mutex_lock(mutex)
        let busy = self.body != nil
        pthread_mutex_unlock(mutex)
        guard helpers > 0, !busy else {
            for job in 0..<max(0, jobs) { body(job, 0) }
            return
        }
        withoutActuallyEscaping(body) { body in
            pthread_mutex_lock(mutex)
            guard self.body == nil else {  // another thread's batch started meanwhile
                pthread_mutex_unlock(mutex)
                for job in 0..<jobs { body(job, 0) }
                return
            }
            self.body = body
            jobCount = jobs
            nextJob = 0
            pending = jobs
            self.helpers = helpers
            busyWorkers = helpers
            batch &+= 1
            let current = batch
            pthread_cond_broadcast(wake)
            pthread_mutex_unlock(mutex)
            work(as: 0, in: current)
            pthread_mutex_lock(mutex)
            // The closure must not outlive this call: wait until every helper has left the batch.
            while pending > 0 || busyWorkers > 0 { pthread_cond_wait(finished, mutex) }
            self.body = nil
            pthread_mutex_unlock(mutex)
        }
    }

    /// Takes jobs of batch `current` until none is left.
    private func work(as worker: Int, in current: UInt64) {
        while true {
            pthread_mutex_lock(mutex)
            guard batch == current, nextJob < jobCount, let body else {
                pthread_mutex_unlock(mutex)
                return
            }
            let job = nextJob
            nextJob += 1
            pthread_mutex_unlock(mutex)
            body(job, worker)
            pthread_mutex_lock(mutex)
            pending -= 1
            if pending == 0 { pthread_cond_broadcast(finished) }
            pthread_mutex_unlock(mutex)
        }
    }

    /// Starts helpers until there are `count`; returns how many there are (fewer if a thread could not start).
    private func startThreads(_ count: Int) -> Int {
        pthread_mutex_lock(mutex)
        let have = threads.count
        pthread_mutex_unlock(mutex)
        guard have < count else { return have }
        // Started with every signal blocked; they inherit the mask.
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        for index in (have + 1)...count {
            pthread_mutex_lock(mutex)
            let current = batch  // the batch about to start is the thread's first
            pthread_mutex_unlock(mutex)
            let context = Unmanaged.passRetained(WorkerContext(pool: self, index: index, seen: current)).toOpaque()
            var thread = pthread_t()
            guard pthread_create(&thread, nil, { raw in
                let context = Unmanaged<WorkerContext>.fromOpaque(raw!).takeRetainedValue()
                context.pool.serve(as: context.index, after: context.seen)
                return nil
            }, context) == 0 else {
                Unmanaged<WorkerContext>.fromOpaque(context).release()
                return index - 1  // fewer helpers: the others take the jobs they would have
            }
            pthread_detach(thread)
            pthread_mutex_lock(mutex)
            threads.append(thread)
            pthread_mutex_unlock(mutex)
        }
        return count
    }

    /// A helper thread's life: sleep until a batch it belongs to starts, work, sleep again.
    private func serve(as worker: Int, after first: UInt64) {
        var seen = first
        pthread_mutex_lock(mutex)
        while true {
            while batch == seen { pthread_cond_wait(wake, mutex) }
            seen = batch
            guard worker <= helpers else { continue }
            pthread_mutex_unlock(mutex)
            work(as: worker, in: seen)
            pthread_mutex_lock(mutex)
            busyWorkers -= 1
            if busyWorkers == 0 { pthread_cond_broadcast(finished) }
        }
    }

    private final class WorkerContext {
        let pool: RenderWorkers
        let index: Int
        let seen: UInt64
        init(pool: RenderWorkers, index: Int, seen: UInt64) { self.pool = pool; self.index = index; self.seen = seen }
    }
}

/// A mutex, and a condition to wait on under it, for state that band workers share (see `RenderWorkers`).
final class SharedStateLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }
    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }
    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits (locked) until `wakeAll`.
    func wait() { pthread_cond_wait(condition, mutex) }
    func wakeAll() { pthread_cond_broadcast(condition) }
}

/// The monotonic clock, in milliseconds (how long a repaint took: see `FrameCompositor.paintsInBands`).
enum RenderClock {
    static func milliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1_000_000
    }
}
