import CLinux
import XCTest
@testable import ScanoutPlatform

/// VT switches and lost DRM master with fakes for the display, the input and the terminal: what is done in
/// which order, that the scheduler is never left waiting for a flip, that taking the screen back repaints
/// all of it, and that the terminal gets its switching and text mode back.
final class DisplayOwnershipTests: XCTestCase, @unchecked Sendable {
    /// Everything the fakes were asked to do, in order.
    @MainActor final class Journal { var entries: [String] = [] }

    /// A display with one flip in flight at most; master can be held by another client.
    @MainActor final class FakeDisplay: MasterSwitchable {
        let journal: Journal
        var flipInFlight = false
        /// Whether the in-flight flip's event comes when waited for (false: it has to be dropped).
        var flipEventComes = true
        var hasMaster = true
        var heldElsewhere = false
        var onFlip: (() -> Void)?
        init(journal: Journal) { self.journal = journal }

        func finishPendingFlip() -> Bool {
            guard flipInFlight else { return true }
            journal.entries.append(flipEventComes ? "flip completed" : "flip dropped")
            flipInFlight = false
            onFlip?()
            return flipEventComes
        }
        func releaseMaster() {
            journal.entries.append("drop master")
            hasMaster = false
        }
        func acquireMaster() throws(PlatformError) {
            guard !heldElsewhere else {
                journal.entries.append("set master: busy")
                throw .drmMasterBusy(device: "/dev/dri/card0", detail: "drmSetMaster: Device or resource busy")
            }
            journal.entries.append("set master")
            hasMaster = true
        }
    }

    @MainActor final class FakeInput: InputSuspendable {
        let journal: Journal
        init(journal: Journal) { self.journal = journal }
        func suspend() { journal.entries.append("input suspended") }
        func resume() { journal.entries.append("input resumed") }
    }

    final class FakeTerminal: TerminalDevice, @unchecked Sendable {
        var calls: [String] = []
        func setDisplayMode(_ mode: UInt32) -> Int32 {
            calls.append(mode == UInt32(KD_TEXT) ? "KDSETMODE text" : "KDSETMODE graphics")
            return 0
        }
        func setSwitching(process: Bool, releaseSignal: Int32, acquireSignal: Int32) -> Int32 {
            calls.append(process ? "VT_SETMODE process \(releaseSignal) \(acquireSignal)" : "VT_SETMODE auto")
            return 0
        }
        func releaseDisplay(_ value: Int32) -> Int32 {
            calls.append(value == Int32(VT_ACKACQ) ? "VT_RELDISP ackacq" : "VT_RELDISP \(value)")
            return 0
        }
        func keyboardMode() -> (mode: Int32, error: Int32) {
            calls.append("KDGKBMODE")
            return (Int32(K_UNICODE), 0)
        }
        func setKeyboardMode(_ mode: Int32) -> Int32 {
            calls.append(mode == Int32(K_OFF) ? "KDSKBMODE off" : mode == Int32(K_UNICODE) ? "KDSKBMODE unicode" : "KDSKBMODE \(mode)")
            return 0
        }
        func close() { calls.append("close") }
    }

    /// The pieces wired as the app session wires them, on a simulated clock.
    @MainActor final class Rig {
        let journal = Journal()
        let display: FakeDisplay
        let input: FakeInput
        let tty = FakeTerminal()
        let terminal: VirtualTerminal
        let ownership: DisplayOwnership
        let clock = SimulatedFrameClock(start: MonotonicTime(nanoseconds: 1_000_000_000))
        var scheduler: FrameScheduler!
        var frames = 0
        var fullRepaints = 0
        var needsFullRepaint = false
        var retries: [Duration] = []
        /// The next commit is refused for the lost master (as the kernel answers EACCES).
        var commitLosesMaster = false
        var handledFailures = 0

        init(vt: Bool = true) {
            display = FakeDisplay(journal: journal)
            input = FakeInput(journal: journal)
            terminal = VirtualTerminal(path: "/dev/tty1", device: tty, previousMode: UInt32(KD_TEXT))
            if vt { XCTAssertNil(terminal.takeSwitching(releaseSignal: SIGUSR1, acquireSignal: SIGUSR2)) }
            ownership = DisplayOwnership(display: display, terminal: vt ? terminal : nil, input: input)
            scheduler = FrameScheduler(clock: clock, refreshPeriod: .milliseconds(16)) { [unowned self] _ in
                guard self.ownership.isPresenting else { return false }
                self.frames += 1
                if self.commitLosesMaster {
                    self.commitLosesMaster = false
                    let lost = PlatformError.drmMasterBusy(device: "/dev/dri/card0", detail: "drmModePageFlip: Permission denied")
                    if self.ownership.commitFailed(lost) { self.handledFailures += 1 }
                    return false
                }
                if self.needsFullRepaint { self.fullRepaints += 1; self.needsFullRepaint = false }
                self.display.flipInFlight = true
                return true
            }
            display.onFlip = { [unowned self] in self.scheduler.flipCompleted() }
            ownership.onResume = { [unowned self] in
                self.needsFullRepaint = true
                self.scheduler.requestFrame()
            }
            ownership.scheduleRetry = { [unowned self] in self.retries.append($0) }
        }

        /// Requests a frame and runs what is due.
        func frame() {
            scheduler.requestFrame()
            clock.advance(by: .milliseconds(20))
        }
    }

    @MainActor func testReleaseWhileAFlipIsInFlightCompletesItBeforeDroppingMasterAndAcknowledging() async {
        let rig = Rig()
        rig.frame()
        XCTAssertEqual(rig.frames, 1)
        XCTAssertTrue(rig.display.flipInFlight)
        rig.ownership.releaseRequested()
        XCTAssertEqual(rig.journal.entries, ["flip completed", "drop master", "input suspended"])
        XCTAssertEqual(rig.tty.calls.last, "VT_RELDISP 1", "the kernel may switch only after master is dropped")
        XCTAssertEqual(rig.ownership.state, .switchedAway)
        XCTAssertFalse(rig.display.flipInFlight)
        // Switched away: frames asked for by the app commit nothing.
        rig.frame()
        XCTAssertEqual(rig.frames, 1)
    }

    @MainActor func testADroppedFlipDoesNotLeaveTheSchedulerWaiting() async {
        let rig = Rig()
        rig.frame()
        rig.display.flipEventComes = false
        rig.ownership.releaseRequested()
        XCTAssertEqual(rig.journal.entries.first, "flip dropped")
        rig.ownership.acquireRequested()
        rig.clock.advance(by: .milliseconds(20))
        XCTAssertEqual(rig.frames, 2, "the frame after the switch back runs: the dropped flip counted as done")
    }

    @MainActor func testAcquireAcknowledgesTakesMasterResumesInputAndRepaintsEverything() async {
        let rig = Rig()
        rig.frame()
        rig.ownership.releaseRequested()
        rig.journal.entries.removeAll()
        let before = rig.tty.calls.count
        rig.ownership.acquireRequested()
        XCTAssertEqual(Array(rig.tty.calls.dropFirst(before)), ["VT_RELDISP ackacq"])
        XCTAssertEqual(rig.journal.entries, ["set master", "input resumed"])
        XCTAssertEqual(rig.ownership.state, .presenting)
        rig.clock.advance(by: .milliseconds(20))
        XCTAssertEqual(rig.frames, 2)
        XCTAssertEqual(rig.fullRepaints, 1, "the first frame back repaints the whole screen")
        // A second acquire signal (none pending) changes nothing.
        rig.ownership.acquireRequested()
        XCTAssertEqual(rig.journal.entries, ["set master", "input resumed"])
    }

    @MainActor func testCommitFailingWithLostMasterWaitsWithBackoffAndResumes() async {
        let rig = Rig(vt: false)
        rig.frame()
        XCTAssertTrue(rig.display.finishPendingFlip())
        XCTAssertFalse(rig.ownership.commitFailed(.invalidState("not about master")), "other errors are the caller's")
        XCTAssertEqual(rig.ownership.state, .presenting)
        rig.display.heldElsewhere = true
        rig.journal.entries.removeAll()
        rig.commitLosesMaster = true
        rig.frame()
        XCTAssertEqual(rig.handledFailures, 1, "the lost master does not end the app")
        XCTAssertEqual(rig.ownership.state, .waitingForMaster(tries: 1))
        XCTAssertEqual(rig.journal.entries, ["drop master", "input suspended", "set master: busy"])
        rig.ownership.retry()
        rig.ownership.retry()
        XCTAssertEqual(rig.ownership.state, .waitingForMaster(tries: 3))
        XCTAssertEqual(rig.retries, [.milliseconds(250), .milliseconds(500), .seconds(1)])
        rig.frame()
        XCTAssertEqual(rig.frames, 2, "no frames while another process has the screen (1 shown, 1 refused)")
        rig.display.heldElsewhere = false
        rig.ownership.retry()
        XCTAssertEqual(rig.ownership.state, .presenting)
        XCTAssertEqual(Array(rig.journal.entries.suffix(2)), ["set master", "input resumed"])
        rig.clock.advance(by: .milliseconds(20))
        XCTAssertEqual(rig.frames, 3)
        XCTAssertEqual(rig.fullRepaints, 1)
        XCTAssertEqual(rig.tty.calls, [], "without VT switching no VT_RELDISP is sent")
    }

    @MainActor func testMasterTakenWhileSwitchedAwayIsWaitedForAfterTheSwitchBack() async {
        let rig = Rig()
        rig.frame()
        rig.ownership.releaseRequested()
        rig.display.heldElsewhere = true  // a client on the other VT took master
        rig.ownership.acquireRequested()
        XCTAssertEqual(rig.ownership.state, .waitingForMaster(tries: 1))
        XCTAssertFalse(rig.journal.entries.contains("input resumed"), "input stays closed until the screen is back")
        // Switched away again before master came back: the retry is ignored until the next switch back.
        rig.ownership.releaseRequested()
        XCTAssertEqual(rig.journal.entries.filter { $0 == "drop master" }.count, 1, "no master to drop the second time")
        rig.display.heldElsewhere = false
        rig.ownership.retry()
        XCTAssertEqual(rig.ownership.state, .switchedAway)
        rig.ownership.acquireRequested()
        XCTAssertEqual(rig.ownership.state, .presenting)
        rig.clock.advance(by: .milliseconds(20))
        XCTAssertEqual(rig.fullRepaints, 1)
    }

    @MainActor func testRestoreGivesSwitchingBackToTheKernelThenTextMode() async {
        let rig = Rig()
        XCTAssertTrue(rig.terminal.handlesSwitching)
        rig.ownership.releaseRequested()
        rig.terminal.restore()
        XCTAssertEqual(rig.tty.calls, ["VT_SETMODE process \(SIGUSR1) \(SIGUSR2)", "VT_RELDISP 1", "VT_SETMODE auto",
                                       "KDSETMODE text", "close"])
        XCTAssertFalse(rig.terminal.handlesSwitching)
        rig.terminal.restore()
        rig.terminal.acknowledgeRelease()
        XCTAssertEqual(rig.tty.calls.count, 5, "a restored terminal is not touched again")
    }

    /// Keys come through libinput while the app runs: the terminal's keyboard is off (nothing typed into a
    /// field is queued on the console or echoed onto it), and on again as it was on restore.
    @MainActor func testTheConsoleKeyboardIsOffWhileTheAppRunsAndBackAfter() async {
        let rig = Rig()
        XCTAssertFalse(rig.terminal.isKeyboardSilenced)
        XCTAssertNil(rig.terminal.silenceKeyboard())
        XCTAssertNil(rig.terminal.silenceKeyboard(), "a second call changes nothing")
        XCTAssertTrue(rig.terminal.isKeyboardSilenced)
        rig.terminal.restore()
        XCTAssertEqual(rig.tty.calls, ["VT_SETMODE process \(SIGUSR1) \(SIGUSR2)", "KDGKBMODE", "KDSKBMODE off",
                                       "VT_SETMODE auto", "KDSKBMODE unicode", "KDSETMODE text", "close"])
        XCTAssertFalse(rig.terminal.isKeyboardSilenced)
    }

    func testForgottenBuffersHaveAgeZero() throws {
        var ring = BufferRing(count: 2)
        for _ in 0..<3 {
            _ = try ring.begin(display: "test")
            _ = try ring.commit(display: "test")
            ring.flipped()
        }
        XCTAssertEqual(try ring.begin(display: "test").age, 2)
        _ = try ring.commit(display: "test")
        ring.flipped()
        ring.forgetContents()
        XCTAssertEqual(try ring.begin(display: "test").age, 0, "after someone else drew, nothing on screen is ours")
        XCTAssertNil(ring.front)
    }
}
