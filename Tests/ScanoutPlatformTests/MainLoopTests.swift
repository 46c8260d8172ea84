import Glibc
import XCTest
@testable import ScanoutPlatform

/// The main loop with real descriptors. No assertion depends on how long something took: timers are checked
/// for occurrence and order, with generous safety limits that only stop a broken test from hanging.
final class MainLoopTests: XCTestCase, @unchecked Sendable {
    @MainActor func testWakeUpFromAnotherThread() async throws {
        let loop = try MainLoop()
        defer { loop.close() }
        var wakes = 0
        loop.onWake = { wakes += 1 }
        let waker = loop.waker
        let thread = Thread {
            usleep(20_000)
            waker.wake()
            waker.wake()  // coalesces with the first when the loop has not run yet
        }
        thread.start()
        XCTAssertTrue(try runLoop(loop, until: { wakes > 0 }))
        XCTAssertGreaterThanOrEqual(wakes, 1)
        XCTAssertLessThanOrEqual(wakes, 2)
    }

    @MainActor func testOneShotTimerFiresOnceAndDisarms() async throws {
        let loop = try MainLoop()
        defer { loop.close() }
        var fired = 0
        let timer = try loop.makeTimer(name: "test") { fired += 1 }
        XCTAssertFalse(timer.isArmed)
        XCTAssertEqual(loop.armedTimerCount, 0)
        try timer.schedule(after: .milliseconds(5))
        XCTAssertTrue(timer.isArmed)
        XCTAssertEqual(loop.armedTimerCount, 1)
        XCTAssertTrue(try runLoop(loop, until: { fired > 0 }))
        XCTAssertEqual(fired, 1)
        XCTAssertFalse(timer.isArmed)
        XCTAssertEqual(loop.armedTimerCount, 0)
        XCTAssertTrue(loop.isIdle)
        // Nothing else fires.
        try loop.runOnce(timeout: .milliseconds(30))
        XCTAssertEqual(fired, 1)
    }

    @MainActor func testTimersFireInDeadlineOrder() async throws {
        let loop = try MainLoop()
        defer { loop.close() }
        var order: [String] = []
        let late = try loop.makeTimer(name: "late") { order.append("late") }
        let early = try loop.makeTimer(name: "early") { order.append("early") }
        let now = MonotonicTime.now()
        try late.schedule(at: now + .milliseconds(60))
        try early.schedule(at: now + .milliseconds(10))
        XCTAssertTrue(try runLoop(loop, until: { order.count == 2 }))
        XCTAssertEqual(order, ["early", "late"])
    }

    @MainActor func testPastDeadlineFiresAtOnce() async throws {
        let loop = try MainLoop()
        defer { loop.close() }
        var fired = false
        let timer = try loop.makeTimer(name: "past") { fired = true }
        try timer.schedule(at: MonotonicTime.now() - .seconds(1))
        XCTAssertTrue(try runLoop(loop, until: { fired }))
    }

    @MainActor func testRepeatingTimerAndCancel() async throws {
        let loop = try MainLoop()
        defer { loop.close() }
        var fired = 0
        let timer = try loop.makeTimer(name: "tick") { fired += 1 }
        try timer.scheduleRepeating(every: .milliseconds(2))
        XCTAssertTrue(try runLoop(loop, until: { fired >= 3 }))
        XCTAssertTrue(timer.isArmed)
        timer.cancel()
        XCTAssertFalse(timer.isArmed)
        XCTAssertEqual(loop.armedTimerCount, 0)
        let count = fired
        try loop.runOnce(timeout: .milliseconds(20))
        XCTAssertEqual(fired, count, "a cancelled timer does not fire")
    }

    @MainActor func testCancelledTimerDoesNotFire() async throws {
        let loop = try MainLoop()
        defer { loop.close() }
        var fired = false
        let timer = try loop.makeTimer(name: "cancelled") { fired = true }
        try timer.schedule(at: MonotonicTime.now() - .seconds(1))  // already expired
        timer.cancel()
        try loop.runOnce(timeout: .milliseconds(20))
        XCTAssertFalse(fired)
    }

    @MainActor func testSignalIsDeliveredToTheLoop() async throws {
        let loop = try MainLoop()
        defer { loop.close() }
        var received: [Int32] = []
        try loop.handleSignals([SIGUSR1, SIGUSR2]) { received.append($0) }
        raise(SIGUSR2)
        XCTAssertTrue(try runLoop(loop, until: { !received.isEmpty }))
        XCTAssertEqual(received, [SIGUSR2])
        loop.stopHandlingSignals()
        // The mask is restored: SIGUSR2 is no longer blocked.
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        XCTAssertEqual(sigismember(&mask, SIGUSR2), 0)
    }

    @MainActor func testSignalsGivenAtInitStopTheLoopAndAreRestoredOnClose() async throws {
        let loop = try MainLoop(signals: [SIGUSR1])
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        XCTAssertEqual(sigismember(&mask, SIGUSR1), 1, "blocked from the start")
        raise(SIGUSR1)
        try loop.run()  // returns: the signal stops the loop
        var received: [Int32] = []
        try loop.handleSignals([SIGUSR1]) { received.append($0) }  // a handler of the app's own
        raise(SIGUSR1)
        try loop.runOnce(timeout: .seconds(10))
        XCTAssertEqual(received, [SIGUSR1])
        loop.close()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        XCTAssertEqual(sigismember(&mask, SIGUSR1), 0, "unblocked again after close")
    }

    // Synchronous tests: XCTest runs them on the main thread outside any main-queue drain, as an app's
    // `main()` runs. (An async test body is itself a main-queue job, and a serial queue cannot be drained
    // from inside its own drain.)
    func testMainActorJobsRunOnTheLoop() throws {
        try MainActor.assumeIsolated {
            let loop = try MainLoop()
            defer { loop.close() }
            let flag = Flag()
            Task { @MainActor in flag.value = true }
            XCTAssertTrue(try runLoop(loop, until: { flag.value }), "drains: \(loop.mainQueueDrains)")
            XCTAssertGreaterThan(loop.mainQueueDrains, 0)
        }
    }

    func testMainActorJobFromAnotherThreadWakesTheLoop() throws {
        try MainActor.assumeIsolated {
            let loop = try MainLoop()
            defer { loop.close() }
            let flag = Flag()
            let thread = Thread {
                usleep(20_000)
                Task { @MainActor in flag.value = true }
            }
            thread.start()
            XCTAssertTrue(try runLoop(loop, until: { flag.value }), "drains: \(loop.mainQueueDrains)")
        }
    }

    @MainActor func testIdleLoopHasNoTimerAndNoWork() async throws {
        let loop = try MainLoop()
        defer { loop.close() }
        let timer = try loop.makeTimer(name: "unused") {}
        XCTAssertTrue(loop.isIdle)
        XCTAssertEqual(loop.armedTimerCount, 0)
        try timer.schedule(after: .seconds(60))
        XCTAssertFalse(loop.isIdle)
        timer.cancel()
        XCTAssertTrue(loop.isIdle)
        // Draining whatever the test process left behind, then nothing happens in an idle wait.
        while try loop.runOnce(timeout: .zero) > 0 {}
        XCTAssertEqual(try loop.runOnce(timeout: .milliseconds(20)), 0)
    }

    @MainActor func testPostedJobRunsOnNextIterationAndFdSourceCanBeCancelled() async throws {
        let loop = try MainLoop()
        defer { loop.close() }
        var log: [String] = []
        loop.post { log.append("posted") }
        XCTAssertEqual(log, [])
        try loop.runOnce(timeout: .zero)
        XCTAssertEqual(log, ["posted"])

        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        let source = try loop.watch(fd: fds[0], name: "pipe") {
            var byte: UInt8 = 0
            _ = read(fds[0], &byte, 1)
            log.append("read \(byte)")
        }
        var b: UInt8 = 7
        _ = write(fds[1], &b, 1)
        XCTAssertTrue(try runLoop(loop, until: { log.count == 2 }))
        XCTAssertEqual(log.last, "read 7")
        source.cancel()
        _ = write(fds[1], &b, 1)
        try loop.runOnce(timeout: .milliseconds(20))
        XCTAssertEqual(log.count, 2, "a cancelled source is not dispatched")
    }

    @MainActor func testRunReturnsAfterStop() async throws {
        let loop = try MainLoop()
        defer { loop.close() }
        let timer = try loop.makeTimer(name: "stop") { loop.stop() }
        try timer.schedule(after: .milliseconds(1))
        try loop.run()
        XCTAssertFalse(timer.isArmed)
    }

    @MainActor func testClosedLoopReportsAnError() async throws {
        let loop = try MainLoop()
        loop.close()
        XCTAssertThrowsError(try loop.runOnce(timeout: .zero)) { error in
            XCTAssertTrue("\(error)".contains("closed"))
        }
    }
}

/// Runs `loop` until `done` or a safety limit; returns whether `done` became true.
@MainActor private func runLoop(_ loop: MainLoop, until done: () -> Bool, limit: Duration = .seconds(10)) throws -> Bool {
    let deadline = MonotonicTime.now() + limit
    while !done() && MonotonicTime.now() < deadline {
        try loop.runOnce(timeout: .milliseconds(100))
    }
    return done()
}

@MainActor private final class Flag {
    var value = false
}
