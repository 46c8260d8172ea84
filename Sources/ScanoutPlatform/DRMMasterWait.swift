/// Waiting for DRM master: a kiosk service started while another process drives the display (a display
/// manager still stopping, a probe, an old instance being replaced) must come up as soon as that process
/// exits, not fail and rely on the service manager's restart limits.
///
/// `run` calls `attempt` until it succeeds or fails for another reason, waiting between tries with an
/// exponential backoff (0.25 s doubling to 5 s by default), and logs one line per try — so the log has a line
/// per interval, not a flood. Time is an argument (`wait`), so the policy is tested without sleeping.
public struct DRMMasterWait: Sendable {
    public var firstDelay: Duration
    public var maximumDelay: Duration

    public init(firstDelay: Duration = .milliseconds(250), maximumDelay: Duration = .seconds(5)) {
        self.firstDelay = firstDelay
        self.maximumDelay = maximumDelay
    }

    /// The delay before try `n + 1` after `n` failed tries (n ≥ 1).
    public func delay(afterFailures n: Int) -> Duration {
        var d = firstDelay
        for _ in 1..<max(1, n) {
            d = d * 2
            if d >= maximumDelay { return maximumDelay }
        }
        return min(d, maximumDelay)
    }

    /// Tries `attempt`; while it throws `.drmMasterBusy`, logs and waits, then tries again. `wait` returns
    /// false when the process is asked to stop meanwhile (SIGTERM): then the result is nil. Any other error
    /// is thrown at once.
    @MainActor
    public func run<T>(_ attempt: () throws(PlatformError) -> T, wait: (Duration) -> Bool,
                       log: (String) -> Void) throws(PlatformError) -> T? {
        var failures = 0
        while true {
            do throws(PlatformError) {
                let value = try attempt()
                if failures > 0 { log("DRM master acquired after \(failures) \(failures == 1 ? "retry" : "retries")") }
                return value
            } catch {
                guard case .drmMasterBusy = error else { throw error }
                failures += 1
                let d = delay(afterFailures: failures)
                log("\(error) — waiting for it; try \(failures + 1) in \(Self.seconds(d)) s")
                guard wait(d) else { return nil }
            }
        }
    }

    static func seconds(_ d: Duration) -> String {
        let ms = Int(d.nanoseconds / 1_000_000)
        return ms % 1000 == 0 ? "\(ms / 1000)" : "\(Double(ms) / 1000)"
    }
}
