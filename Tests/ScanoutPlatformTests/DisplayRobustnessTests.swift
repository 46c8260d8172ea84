import ScanoutRaster
import XCTest
@testable import ScanoutPlatform

/// Waiting for DRM master, unplug/replug and blanking, on fakes (time and the kernel's answers are arguments).
final class DisplayRobustnessTests: XCTestCase, @unchecked Sendable {
    // MARK: DRM master held by another process

    @MainActor func testMasterWaitBacksOffUntilTheOtherProcessLetsGo() async throws {
        var tries = 0
        var waits: [Duration] = []
        var log: [String] = []
        let busy = PlatformError.drmMasterBusy(device: "/dev/dri/card0", detail: "drmSetMaster: Device or resource busy")
        let value = try DRMMasterWait().run({ () throws(PlatformError) -> String in
            tries += 1
            if tries <= 6 { throw busy }
            return "display"
        }, wait: { waits.append($0); return true }, log: { log.append($0) })
        XCTAssertEqual(value, "display")
        XCTAssertEqual(tries, 7)
        XCTAssertEqual(waits, [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(5)],
                       "0.25 s doubling, capped at 5 s")
        XCTAssertEqual(log.count, 7, "one line per try, and one when it worked")
        XCTAssertTrue(log[0].contains("another process is driving /dev/dri/card0"), log[0])
        XCTAssertTrue(log[0].hasSuffix("try 2 in 0.25 s"), log[0])
        XCTAssertTrue(log[5].hasSuffix("try 7 in 5 s"), log[5])
        XCTAssertEqual(log[6], "DRM master acquired after 6 retries")
    }

    @MainActor func testMasterWaitStopsOnASignalAndPassesOtherErrorsOn() async {
        var tries = 0
        let stopped = try? DRMMasterWait().run({ () throws(PlatformError) -> Int in
            tries += 1
            throw PlatformError.drmMasterBusy(device: "card0", detail: "busy")
        }, wait: { _ in false }, log: { _ in })
        XCTAssertNil(stopped ?? nil, "a signal while waiting: no display, no error")
        XCTAssertEqual(tries, 1)

        XCTAssertThrowsError(try DRMMasterWait().run({ () throws(PlatformError) -> Int in
            throw PlatformError.noDRMDevice(detail: "none")
        }, wait: { _ in XCTFail("no wait for an error that waiting cannot fix"); return true }, log: { _ in })) { error in
            XCTAssertEqual(error as? PlatformError, .noDRMDevice(detail: "none"))
        }
    }

    // MARK: Unplug, replug, blanking

    func testUnplugStopsPresentingAndReplugSetsTheModeAgain() {
        var p = ConnectorPresence()
        XCTAssertTrue(p.isPresenting)
        XCTAssertEqual(p.connectorChanged(connected: true, hasModes: true), .none, "a change event that changes nothing")
        XCTAssertEqual(p.connectorChanged(connected: false, hasModes: false), .stopPresenting(reason: "display disconnected"))
        XCTAssertFalse(p.isPresenting)
        XCTAssertEqual(p.connectorChanged(connected: false, hasModes: false), .none)
        XCTAssertEqual(p.connectorChanged(connected: true, hasModes: false), .none,
                       "connected without modes yet (EDID not read): still nothing to show on")
        XCTAssertEqual(p.connectorChanged(connected: true, hasModes: true), .remodeset(reason: "display connected again"))
        XCTAssertTrue(p.isPresenting)
    }

    func testBlankingAndUnplugTogether() {
        var p = ConnectorPresence()
        XCTAssertEqual(p.setBlanked(true), .stopPresenting(reason: "blanked after the idle timeout"))
        XCTAssertEqual(p.connectorChanged(connected: false, hasModes: false), .none, "already dark")
        XCTAssertEqual(p.setBlanked(false), .none, "woken while unplugged: nothing to show on yet")
        XCTAssertFalse(p.isPresenting)
        XCTAssertEqual(p.connectorChanged(connected: true, hasModes: true), .remodeset(reason: "display connected again"))
        XCTAssertEqual(p.setBlanked(true), .stopPresenting(reason: "blanked after the idle timeout"))
        XCTAssertEqual(p.setBlanked(false), .remodeset(reason: "woken by input"))
    }

    func touch(_ phase: TouchEvent.Phase, id: Int = 0, x: Double = 10) -> InputEvent {
        .touch(TouchEvent(phase: phase, id: id, position: Point(x: x, y: 10), time: 0))
    }

    func testTheTouchThatWakesTheDisplayIsSwallowed() {
        var b = IdleBlanking(timeout: 60)
        let awake = b.filter([touch(.down), touch(.up)])
        XCTAssertEqual(awake.events.count, 2, "awake: touches pass")
        XCTAssertFalse(awake.wake)

        b.blank()
        let waking = b.filter([touch(.down), touch(.moved, x: 20)])
        XCTAssertTrue(waking.wake)
        XCTAssertEqual(waking.events, [], "the waking finger does nothing")
        let rest = b.filter([touch(.down, id: 1), touch(.moved, x: 30), touch(.up), touch(.up, id: 1)])
        XCTAssertFalse(rest.wake)
        XCTAssertEqual(rest.events, [touch(.down, id: 1), touch(.up, id: 1)],
                       "the waking finger stays swallowed until it lifts; another finger, down after the wake, passes")
        XCTAssertEqual(b.filter([touch(.down)]).events, [touch(.down)], "the next touch of that finger passes")

        b.blank()
        let key = b.filter([.key(KeyEvent(code: 28, isPressed: true, time: 0))])
        XCTAssertTrue(key.wake)
        XCTAssertEqual(key.events, [], "a key press wakes too, and is swallowed")
        XCTAssertTrue(IdleBlanking.isActivity([touch(.moved)]))
        XCTAssertFalse(IdleBlanking.isActivity([]))
    }
}
