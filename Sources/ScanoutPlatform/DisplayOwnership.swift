/// Who has the screen: the app, or — after a VT switch or another DRM client taking master — someone else.
/// A kiosk must survive losing it and come back, with its state, when the screen is its own again.
///
/// - VT switch away (the release signal of `VT_PROCESS`): the flip in flight completes (or is dropped), DRM
///   master is dropped, input is suspended, then the kernel is told it may switch (`VT_RELDISP 1`).
/// - VT switch back (the acquire signal): acknowledged (`VT_ACKACQ`), master taken again; the next frame sets
///   the mode with a full repaint (the buffers' damage history means nothing after someone else drew).
/// - Master lost without a VT switch (a commit fails with EACCES/EPERM), or taken by another client while
///   switched away (taking it back fails with EBUSY): presenting stops and master is tried again with
///   `DRMMasterWait`'s backoff until it is free.
///
/// The app keeps running throughout (its view tree, timers, tasks); only frames stop. Time (the retry timer)
/// and the devices are arguments, so the state machine is tested with fakes.
@MainActor
public final class DisplayOwnership {
    public enum State: Equatable, Sendable {
        /// Frames are committed.
        case presenting
        /// The VT was switched away; waiting for the acquire signal.
        case switchedAway
        /// Master is held by another process; retrying with backoff (`tries` failed so far).
        case waitingForMaster(tries: Int)
    }

    public private(set) var state: State = .presenting
    private let display: MasterSwitchable
    private let terminal: VirtualTerminal?
    private let input: InputSuspendable?
    private let backoff: DRMMasterWait
    private var inputSuspended = false
    /// Arms the retry after the delay (the session's loop timer; tests record it).
    public var scheduleRetry: (@MainActor (Duration) -> Void)?
    /// Presenting again: the next frame must repaint and commit everything.
    public var onResume: (@MainActor () -> Void)?
    public var log: (@MainActor (String) -> Void)?

    public init(display: MasterSwitchable, terminal: VirtualTerminal?, input: InputSuspendable?,
                backoff: DRMMasterWait = DRMMasterWait()) {
        self.display = display
        self.terminal = terminal
        self.input = input
        self.backoff = backoff
    }

    public var isPresenting: Bool { state == .presenting }

    /// The kernel asks to switch the VT away.
    public func releaseRequested() {
        if state == .presenting {
            if !display.finishPendingFlip() { log?("the flip in flight did not complete; dropped") }
            display.releaseMaster()
        }
        state = .switchedAway
        suspendInput()
        log?("VT switched away: presenting stopped, DRM master dropped")
        terminal?.acknowledgeRelease()
    }

    /// The VT is the app's again.
    public func acquireRequested() {
        terminal?.acknowledgeAcquire()
        guard state == .switchedAway else { return }
        log?("VT switched back")
        tryAcquire(tries: 0)
    }

    /// A commit failed: when it is the lost master, presenting stops and master is waited for (true);
    /// any other error is the caller's (false).
    public func commitFailed(_ error: PlatformError) -> Bool {
        guard case .drmMasterBusy = error else { return false }
        display.releaseMaster()
        suspendInput()
        log?("DRM master lost (\(Self.detail(error))): presenting stopped; the app keeps running")
        tryAcquire(tries: 0)
        return true
    }

    /// The retry timer fired.
    public func retry() {
        guard case .waitingForMaster(let tries) = state else { return }
        tryAcquire(tries: tries)
    }

    private func tryAcquire(tries: Int) {
        do throws(PlatformError) {
            try display.acquireMaster()
        } catch {
            let failed = tries + 1
            state = .waitingForMaster(tries: failed)
            let delay = backoff.delay(afterFailures: failed)
            log?("DRM master held by another process (\(Self.detail(error))) — waiting for it; try \(failed + 1) in "
                + "\(DRMMasterWait.seconds(delay)) s")
            scheduleRetry?(delay)
            return
        }
        state = .presenting
        if inputSuspended {
            inputSuspended = false
            input?.resume()
        }
        log?("DRM master \(tries > 0 ? "acquired after \(tries) \(tries == 1 ? "retry" : "retries")" : "taken again"); "
            + "presenting again with a full repaint")
        onResume?()
    }

    /// The call and errno of a master error (its description is written for the start: "stop the display
    /// manager..."; mid-run the other client is expected to go away by itself).
    private static func detail(_ error: PlatformError) -> String {
        if case .drmMasterBusy(_, let detail) = error { return detail }
        return "\(error)"
    }

    private func suspendInput() {
        guard !inputSuspended else { return }
        inputSuspended = true
        input?.suspend()
    }
}

/// A display whose DRM master can be given up and taken back (`DRMDisplay`).
@MainActor
public protocol MasterSwitchable: AnyObject {
    /// Waits briefly for the flip in flight; false when it did not come and was dropped. Either way no flip
    /// is in flight afterwards and the scheduler has had its flip.
    func finishPendingFlip() -> Bool
    /// Stops presenting and drops DRM master (when it still has it).
    func releaseMaster()
    /// Takes DRM master again (`.drmMasterBusy` while another process holds it); the next frame sets the
    /// mode, and every buffer's content counts as undefined (age 0: a full repaint).
    func acquireMaster() throws(PlatformError)
}

/// Input that can be closed while the app is switched away (`LibinputSeat`).
@MainActor
public protocol InputSuspendable: AnyObject {
    func suspend()
    func resume()
}

extension LibinputSeat: InputSuspendable {}
