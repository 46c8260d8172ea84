import ScanoutRaster
import XCTest
@testable import ScanoutPlatform

/// The scheduler on a simulated clock: pacing, coalescing, one commit in flight, idle with no timer.
final class FrameSchedulerTests: XCTestCase, @unchecked Sendable {
    static let period = Duration.nanoseconds(16_666_667)  // 60 Hz

    /// A scheduler whose frames commit when `commits` says so, and record their start times.
    @MainActor final class Harness {
        let clock = SimulatedFrameClock(start: MonotonicTime(nanoseconds: 1_000_000_000))
        var scheduler: FrameScheduler!
        var starts: [MonotonicTime] = []
        var commits = true
        /// Requests another frame from inside each frame (an animation).
        var animating = false

        init() {
            scheduler = FrameScheduler(clock: clock, refreshPeriod: FrameSchedulerTests.period) { [unowned self] ctx in
                self.starts.append(ctx.startTime)
                if self.animating { self.scheduler.requestFrame() }
                return self.commits
            }
        }

        /// Asks for a frame and lets the loop run what is due now (a request never runs the frame inline).
        func request() {
            scheduler.requestFrame()
            clock.advance(by: .zero)
        }

        /// A display whose flips complete `latency` after the commit (QEMU: ~0.1 ms).
        func flip(after latency: Duration = .microseconds(100)) {
            clock.advance(by: latency)
            scheduler.flipCompleted()
        }

        var intervals: [Duration] { zip(starts.dropFirst(), starts).map { $0 - $1 } }
    }

    @MainActor func testIdleRunsNothingAndArmsNoTimer() async {
        let h = Harness()
        h.clock.advance(by: .seconds(10))
        XCTAssertEqual(h.starts.count, 0)
        XCTAssertFalse(h.clock.isArmed)
        XCTAssertEqual(h.clock.armedDeadlines, [])
    }

    @MainActor func testFirstFrameAfterIdleRunsAtOnce() async {
        let h = Harness()
        h.scheduler.requestFrame()
        XCTAssertEqual(h.starts, [], "never inside the request: its caller may be halfway through a change")
        XCTAssertEqual(h.clock.deadline, h.clock.now, "due now: runs from the loop right away")
        h.clock.advance(by: .zero)
        XCTAssertEqual(h.starts, [h.clock.now])
        XCTAssertTrue(h.scheduler.isCommitInFlight)
        XCTAssertFalse(h.clock.isArmed)
    }

    @MainActor func testRequestsCoalesceIntoOneFrame() async {
        let h = Harness()
        h.scheduler.requestFrame()
        h.scheduler.requestFrame()
        h.request()
        XCTAssertEqual(h.starts.count, 1)
        // Five requests while the commit is in flight: one frame after the flip.
        for _ in 0..<5 { h.scheduler.requestFrame() }
        XCTAssertEqual(h.starts.count, 1, "nothing runs while a commit is in flight")
        h.flip()
        h.clock.advance(by: .seconds(1))
        XCTAssertEqual(h.starts.count, 2)
        h.flip()
        h.clock.advance(by: .seconds(1))
        XCTAssertEqual(h.starts.count, 2, "no request, no frame")
        XCTAssertFalse(h.clock.isArmed, "idle again: no timer")
    }

    @MainActor func testOneCommitInFlight() async {
        let h = Harness()
        h.animating = true
        h.request()
        // Without a flip event nothing more runs, however long we wait and however often we ask.
        h.clock.advance(by: .seconds(5))
        h.scheduler.requestFrame()
        XCTAssertEqual(h.starts.count, 1)
        XCTAssertTrue(h.scheduler.isCommitInFlight)
        XCTAssertFalse(h.clock.isArmed)
    }

    @MainActor func testInstantFlipsArePacedToTheRefreshRate() async {
        let h = Harness()
        h.animating = true
        h.request()
        // One simulated second of a display whose flips complete after 0.1 ms.
        let end = h.clock.now + .seconds(1)
        while h.clock.now < end {
            if h.scheduler.isCommitInFlight { h.flip() }
            if let d = h.clock.deadline { h.clock.advance(to: d) }
        }
        XCTAssertEqual(h.starts.count, 61, "60 Hz over one second, both ends included")
        for i in h.intervals { XCTAssertEqual(i, Self.period) }
        XCTAssertEqual(h.scheduler.pacedFrames, 60)
    }

    @MainActor func testVBlankFlipsStartFramesWithoutTimer() async {
        let h = Harness()
        h.animating = true
        h.request()
        let first = h.starts[0]
        // A display with vblank: each flip arrives one period after the previous one (with a little jitter).
        for n in 1...30 {
            let jitter = Duration.microseconds(n % 3 == 0 ? -30 : 40)
            h.clock.advance(to: first + Self.period * n + jitter)
            h.scheduler.flipCompleted()
        }
        XCTAssertEqual(h.starts.count, 31)
        XCTAssertEqual(h.scheduler.pacedFrames, 0, "the flip events pace the frames; no timer")
        XCTAssertEqual(h.clock.armedDeadlines, [first], "only the first request went through the timer")
    }

    @MainActor func testFrameThatCommitsNothingLeavesNothingInFlight() async {
        let h = Harness()
        h.commits = false
        h.request()
        XCTAssertEqual(h.starts.count, 1)
        XCTAssertFalse(h.scheduler.isCommitInFlight)
        // A request soon after still keeps to the refresh rate.
        h.clock.advance(by: .milliseconds(3))
        h.scheduler.requestFrame()
        XCTAssertEqual(h.starts.count, 1)
        XCTAssertEqual(h.clock.deadline, h.starts[0] + Self.period)
        h.clock.advance(by: .seconds(1))
        XCTAssertEqual(h.starts.count, 2)
        XCTAssertEqual(h.intervals, [Self.period])
    }

    @MainActor func testRequestLongAfterTheLastFrameRunsAtOnce() async {
        let h = Harness()
        h.request()
        h.flip()
        h.clock.advance(by: .milliseconds(500))
        h.request()
        XCTAssertEqual(h.starts.count, 2)
        XCTAssertEqual(h.starts[1], h.clock.now, "no pacing delay after idle (touch latency)")
    }

    @MainActor func testFlipDeliveredInsidePresentDoesNotWedge() async {
        let h = Harness()
        var scheduler: FrameScheduler!
        defer { scheduler = nil }  // the frame closure holds the variable that holds the scheduler
        var frames = 0
        scheduler = FrameScheduler(clock: h.clock, refreshPeriod: Self.period) { _ in
            frames += 1
            scheduler.flipCompleted()  // a display that completes the flip synchronously
            return true
        }
        scheduler.requestFrame()
        h.clock.advance(by: .zero)
        XCTAssertEqual(frames, 1)
        XCTAssertFalse(scheduler.isCommitInFlight)
        h.clock.advance(by: Self.period)
        scheduler.requestFrame()
        h.clock.advance(by: .zero)
        XCTAssertEqual(frames, 2)
    }

    @MainActor func testStopDropsRequestAndTimer() async {
        let h = Harness()
        h.request()
        h.flip()
        h.scheduler.requestFrame()
        XCTAssertTrue(h.clock.isArmed)
        h.scheduler.stop()
        XCTAssertFalse(h.clock.isArmed)
        h.clock.advance(by: .seconds(1))
        XCTAssertEqual(h.starts.count, 1)
    }

    /// The real pieces together: a headless display on a main loop, its flips posted to the loop, the
    /// scheduler on a simulated clock.
    @MainActor func testHeadlessDisplayOnTheLoop() async throws {
        let loop = try MainLoop()
        defer { loop.close() }
        let clock = SimulatedFrameClock()
        let display = HeadlessDisplay(width: 8, height: 4, loop: loop, now: { clock.now })
        var remaining = 3
        var ages: [Int] = []
        var scheduler: FrameScheduler!
        defer { scheduler = nil }  // the frame closure and the flip handler hold the variable that holds it
        scheduler = FrameScheduler(clock: clock, refreshPeriod: display.mode.refreshPeriod) { _ in
            guard let frame = try? display.beginFrame() else { return false }
            ages.append(frame.age)
            frame.buffer.fill(.white)
            try? display.present()
            remaining -= 1
            if remaining > 0 { scheduler.requestFrame() }
            return true
        }
        display.onFlip = { _ in scheduler.flipCompleted() }
        scheduler.requestFrame()
        for _ in 0..<10 {
            try loop.runOnce(timeout: .zero)
            clock.advance(by: display.mode.refreshPeriod)
        }
        XCTAssertEqual(scheduler.commits, 3)
        XCTAssertEqual(display.presentedFrames, 3)
        XCTAssertEqual(ages, [0, 0, 2], "double buffering: a buffer comes back two frames later")
        XCTAssertNotNil(display.lastPresented)
        XCTAssertFalse(clock.isArmed)
        XCTAssertThrowsError(try display.present(), "present without beginFrame")
    }
}

extension FrameSchedulerTests {
    /// A timer that fires late does not make the next frames late: paced frames keep to the refresh grid.
    @MainActor func testLateTimerDoesNotAccumulateDrift() async {
        let h = Harness()
        h.animating = true
        h.clock.firingDelay = .milliseconds(2)  // the timer's handler runs 2 ms late (a loaded machine, TCG)
        h.scheduler.requestFrame()
        h.clock.advance(by: .milliseconds(2))
        let first = h.starts[0]
        for _ in 0..<60 {
            h.flip()
            guard let d = h.clock.deadline else { return XCTFail("no paced frame armed") }
            h.clock.advance(to: d + .milliseconds(2))
        }
        XCTAssertEqual(h.starts.count, 61)
        XCTAssertEqual(h.starts.last!, first + Self.period * 60 + .milliseconds(2), "60 periods, not 60 × (period + 2 ms)")
    }
}
