import Glibc
import ScanoutRaster
import XCTest
@testable import ScanoutPlatform

/// The systemd notification protocol against real datagram sockets standing in for systemd's: what is sent,
/// when (READY only once a frame is on screen), the watchdog's period on a simulated clock, and its silence
/// while the loop is blocked on a real one.
final class ServiceNotifierTests: XCTestCase, @unchecked Sendable {
    /// A bound AF_UNIX datagram socket, as systemd's notify socket: a path, or an abstract name ("@…").
    final class Receiver {
        let fd: Int32
        let name: String
        private let path: String?

        init(abstract: Bool) throws {
            let unique = "scanout-notify-test-\(getpid())-\(UInt32.random(in: 0..<UInt32.max))"
            name = abstract ? "@" + unique : "/tmp/" + unique
            path = abstract ? nil : name
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { throw XCTSkip("no AF_UNIX sockets here") }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(name.utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { p in
                for (i, b) in bytes.enumerated() { p[i] = b }
                if abstract { p[0] = 0 }
            }
            let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)! + bytes.count + (abstract ? 0 : 1))
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
            }
            XCTAssertEqual(bound, 0, "bind \(name): \(String(cString: strerror(errno)))")
        }

        /// Every datagram waiting now, in order.
        func messages() -> [String] {
            var out: [String] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = recv(fd, &buffer, buffer.count, 0)
                guard n > 0 else { break }
                out.append(String(decoding: buffer[0..<n], as: UTF8.self))
            }
            return out
        }

        func close() {
            Glibc.close(fd)
            if let path { unlink(path) }
        }

        deinit { close() }
    }

    func testSendsDatagramsToAPathSocket() throws {
        let receiver = try Receiver(abstract: false)
        let notifier = try ServiceNotifier(socket: receiver.name)
        XCTAssertTrue(notifier.send("READY=1\nSTATUS=on screen"))
        XCTAssertTrue(notifier.send("WATCHDOG=1"))
        XCTAssertEqual(receiver.messages(), ["READY=1\nSTATUS=on screen", "WATCHDOG=1"])
        XCTAssertEqual(notifier.failures, 0)
    }

    func testSendsDatagramsToAnAbstractSocket() throws {
        let receiver = try Receiver(abstract: true)
        let notifier = try XCTUnwrap(ServiceNotifier.fromEnvironment { $0 == "NOTIFY_SOCKET" ? receiver.name : nil })
        XCTAssertTrue(notifier.send("STOPPING=1"))
        XCTAssertEqual(receiver.messages(), ["STOPPING=1"])
    }

    func testNoNotifySocketMeansNoNotifierAndNoTimer() throws {
        XCTAssertNil(try ServiceNotifier.fromEnvironment { _ in nil })
        XCTAssertNil(try ServiceNotifier.fromEnvironment { $0 == "NOTIFY_SOCKET" ? "" : nil })
        try MainActor.assumeIsolated {
            let loop = try MainLoop()
            defer { loop.close() }
            // WATCHDOG_USEC without a socket to ping: nothing to do.
            let service = try ServiceLifecycle.fromEnvironment({ $0 == "WATCHDOG_USEC" ? "1000000" : nil }, loop: loop)
            XCTAssertNil(service.notifier)
            service.start(status: "starting")
            service.frameOnScreen(status: "shown")
            service.status("still here")
            service.stopping(status: "bye")
            XCTAssertEqual(service.pings, 0)
            XCTAssertEqual(loop.armedTimerCount, 0, "no watchdog timer without systemd")
            service.close()
        }
    }

    func testBadVariablesAreErrorsNamingThem() {
        for bad in ["relative/socket", "@", "/" + String(repeating: "x", count: 200)] {
            XCTAssertThrowsError(try ServiceNotifier(socket: bad)) { error in
                XCTAssertTrue("\(error)".contains("NOTIFY_SOCKET"), "\(error)")
            }
        }
        XCTAssertThrowsError(try ServiceNotifier.watchdogTimeout { $0 == "WATCHDOG_USEC" ? "soon" : nil }) { error in
            XCTAssertTrue("\(error)".contains("WATCHDOG_USEC"), "\(error)")
        }
        XCTAssertEqual(try ServiceNotifier.watchdogTimeout { $0 == "WATCHDOG_USEC" ? "4000000" : nil }, .seconds(4))
        // A watchdog meant for another process (WATCHDOG_PID) is not ours to feed.
        let env = ["WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "\(getpid() + 1)"]
        XCTAssertNil(try ServiceNotifier.watchdogTimeout { env[$0] })
        let ours = ["WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "\(getpid())"]
        XCTAssertEqual(try ServiceNotifier.watchdogTimeout { ours[$0] }, .seconds(4))
    }

    func testAVanishedSocketIsCountedNotFatal() throws {
        let receiver = try Receiver(abstract: false)
        let notifier = try ServiceNotifier(socket: receiver.name)
        receiver.close()
        XCTAssertFalse(notifier.send("WATCHDOG=1"))
        XCTAssertFalse(notifier.send("WATCHDOG=1"))
        XCTAssertEqual(notifier.failures, 2)
        XCTAssertNotEqual(notifier.lastError, 0)
        MainActor.assumeIsolated {
            let service = ServiceLifecycle(notifier: notifier, watchdogTimeout: nil, clock: nil)
            var reports: [String] = []
            service.onSendFailure = { reports.append($0) }
            service.status("a")
            service.status("b")
            XCTAssertEqual(reports.count, 1, "one log line, not one per message")
            XCTAssertTrue(reports[0].contains(receiver.name), reports[0])
        }
    }

    /// The runner's wiring — frames from the scheduler, commits to a display, `onFlip` → `frameOnScreen` —
    /// with a display whose flip waits: nothing says READY while the first frame is committed but not on
    /// screen; the flip does, once.
    func testReadyOnlyAfterTheFirstFlip() throws {
        let receiver = try Receiver(abstract: true)
        let notifier = try ServiceNotifier(socket: receiver.name)
        MainActor.assumeIsolated {
            let clock = SimulatedFrameClock(start: MonotonicTime(nanoseconds: 1_000_000_000))
            let display = HeadlessDisplay(width: 8, height: 8, loop: nil, now: { clock.now })
            let service = ServiceLifecycle(notifier: notifier, watchdogTimeout: nil, clock: nil)
            let scheduler = FrameScheduler(clock: clock, refreshRate: 60) { _ in
                guard (try? display.beginFrame()) != nil, (try? display.present()) != nil else { return false }
                return true
            }
            display.onFlip = { time in
                service.frameOnScreen(status: "on screen")
                scheduler.flipCompleted(at: time)
            }
            service.start(status: "starting")
            XCTAssertEqual(receiver.messages(), ["STATUS=starting"])
            scheduler.requestFrame()
            clock.advance(by: .milliseconds(1))
            XCTAssertEqual(scheduler.commits, 1)
            XCTAssertTrue(display.hasPendingFlip)
            XCTAssertEqual(receiver.messages(), [], "committed, not yet on screen: no READY")
            XCTAssertFalse(service.isReady)
            display.completeFlip()
            XCTAssertEqual(receiver.messages(), ["READY=1\nSTATUS=on screen"])
            // Later frames do not repeat it.
            scheduler.requestFrame()
            clock.advance(by: .milliseconds(20))
            display.completeFlip()
            XCTAssertEqual(scheduler.commits, 2)
            XCTAssertEqual(receiver.messages(), [])
            service.stopping(status: "bye\nnow")
            XCTAssertEqual(receiver.messages(), ["STOPPING=1\nSTATUS=bye now"])
            display.close()  // as the runner does: the flip handler holds the scheduler, which holds the display
        }
    }

    /// WatchdogSec=2 → a ping every second on the clock's grid, whatever the frames do.
    func testWatchdogPingsAtHalfTheTimeoutOnASimulatedClock() throws {
        let receiver = try Receiver(abstract: false)
        let notifier = try ServiceNotifier(socket: receiver.name)
        MainActor.assumeIsolated {
            let t0 = MonotonicTime(nanoseconds: 5_000_000_000)
            let clock = SimulatedFrameClock(start: t0)
            let service = ServiceLifecycle(notifier: notifier, watchdogTimeout: .seconds(2), clock: clock)
            XCTAssertEqual(service.pingInterval, .seconds(1))
            service.start()
            XCTAssertEqual(receiver.messages(), ["WATCHDOG=1"], "the first ping at start")
            clock.advance(by: .milliseconds(999))
            XCTAssertEqual(receiver.messages(), [])
            clock.advance(by: .milliseconds(1))
            XCTAssertEqual(receiver.messages(), ["WATCHDOG=1"])
            clock.advance(by: .seconds(10))
            XCTAssertEqual(receiver.messages(), Array(repeating: "WATCHDOG=1", count: 10))
            XCTAssertEqual(service.pings, 12)
            XCTAssertEqual(clock.armedDeadlines, (1...12).map { t0 + .seconds($0) })
            // An unhealthy pipeline (a flip that never came back) withholds the pings.
            final class Health { var ok = false }
            let health = Health()
            service.isHealthy = { health.ok }
            clock.advance(by: .seconds(3))
            XCTAssertEqual(receiver.messages(), [])
            XCTAssertEqual(service.withheldPings, 3)
            health.ok = true
            clock.advance(by: .seconds(1))
            XCTAssertEqual(receiver.messages(), ["WATCHDOG=1"])
            // After STOPPING=1 no ping, and no timer.
            service.stopping(status: "bye")
            XCTAssertFalse(clock.isArmed)
            clock.advance(by: .seconds(5))
            XCTAssertEqual(receiver.messages(), ["STOPPING=1\nSTATUS=bye"])
        }
    }

    /// On the real loop and timerfd: pings flow while the loop runs; while the loop's thread is blocked none
    /// is sent (a hung app is not kept alive); when it turns again one ping follows, not a burst.
    @MainActor func testWatchdogStopsWhileTheLoopIsBlocked() async throws {
        let receiver = try Receiver(abstract: true)
        let loop = try MainLoop()
        defer { loop.close() }
        let env = ["NOTIFY_SOCKET": receiver.name, "WATCHDOG_USEC": "40000"]  // pings every 20 ms
        let service = try ServiceLifecycle.fromEnvironment({ env[$0] }, loop: loop)
        defer { service.close() }
        XCTAssertEqual(service.pingInterval, .milliseconds(20))
        service.start()
        XCTAssertTrue(try runLoop(loop, until: { service.pings >= 4 }))
        XCTAssertEqual(receiver.messages().count, service.pings)
        XCTAssertEqual(loop.armedTimerCount, 1, "one timer: the watchdog")

        // The loop's thread is stuck for ten intervals.
        let before = service.pings
        usleep(200_000)
        XCTAssertEqual(receiver.messages(), [], "no ping while the loop is blocked")
        XCTAssertEqual(service.pings, before)

        try loop.runOnce(timeout: .zero)
        XCTAssertEqual(receiver.messages(), ["WATCHDOG=1"], "one ping when the loop turns again")
        XCTAssertTrue(try runLoop(loop, until: { service.pings >= before + 3 }))
    }

    /// Runs the loop until `condition` holds (a safety limit only stops a broken test from hanging).
    @MainActor private func runLoop(_ loop: MainLoop, until condition: () -> Bool) throws -> Bool {
        let limit = MonotonicTime.now() + .seconds(10)
        while !condition() {
            if MonotonicTime.now() > limit { return false }
            try loop.runOnce(timeout: .milliseconds(50))
        }
        return true
    }
}
