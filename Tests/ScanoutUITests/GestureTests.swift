import XCTest
import ScanoutUI
import ScanoutTesting

/// Gestures: tap counts, long presses, drags (every sample, velocities on the simulated clock), two-finger
/// magnification and rotation.
final class GestureTests: XCTestCase, @unchecked Sendable {
    @MainActor final class Log {
        var events: [String] = []
    }

    /// A 100x100 red square centred in a 200x200 display (it spans 50...150).
    @MainActor func square<V: View>(_ modify: (Color) -> V) -> TestHost {
        let host = TestHost(rootView: modify(Color.red).frame(width: 100, height: 100), width: 200, height: 200)
        host.runFrame()
        return host
    }

    // MARK: Tap counts

    @MainActor func testDoubleTapRunsOnTheSecondTapOnly() async {
        let log = Log()
        let host = square { $0.onTapGesture(count: 2) { log.events.append("double") } }
        host.tap(x: 100, y: 100)
        XCTAssertEqual(log.events, [], "a single tap does not run a double-tap action")
        host.tap(x: 104, y: 103)
        XCTAssertEqual(log.events, ["double"])
        host.tap(x: 100, y: 100)
        XCTAssertEqual(log.events, ["double"], "the count starts again after a double tap")
        host.tap(x: 100, y: 100)
        XCTAssertEqual(log.events, ["double", "double"])
    }

    @MainActor func testTapsTooSlowOrTooFarApartAreNotADoubleTap() async {
        let log = Log()
        let host = square { $0.onTapGesture(count: 2) { log.events.append("double") } }
        host.tap(x: 100, y: 100)
        host.advance(seconds: 0.4)
        host.tap(x: 100, y: 100)
        XCTAssertEqual(log.events, [], "more than 0.3 s between the taps")
        host.tap(x: 120, y: 100)
        XCTAssertEqual(log.events, [], "more than 10 pt between the taps")
        host.tap(x: 121, y: 101)
        XCTAssertEqual(log.events, ["double"])
    }

    @MainActor func testTripleTap() async {
        let log = Log()
        let host = square { $0.onTapGesture(count: 3) { log.events.append("triple") } }
        host.tap(x: 100, y: 100)
        host.tap(x: 100, y: 100)
        XCTAssertEqual(log.events, [])
        host.tap(x: 100, y: 100)
        XCTAssertEqual(log.events, ["triple"])
    }

    @MainActor func testSingleAndDoubleTapOnOneViewBothCount() async {
        let log = Log()
        let host = square {
            $0.onTapGesture(count: 2) { log.events.append("double") }.onTapGesture { log.events.append("single") }
        }
        host.tap(x: 100, y: 100)
        XCTAssertEqual(log.events, ["single"])
        host.tap(x: 100, y: 100)
        XCTAssertEqual(log.events, ["single", "double", "single"], "each gesture runs when its count is reached, the one applied first first")
    }

    // MARK: Long press

    @MainActor func testLongPressFiresAfterTheMinimumDurationWithTheFingerDown() async {
        let log = Log()
        let host = square {
            $0.onLongPressGesture(minimumDuration: 0.5, perform: { log.events.append("long") },
                                  onPressingChanged: { log.events.append("pressing \($0)") })
        }
        host.touchDown(x: 100, y: 100)
        host.runFrame()
        XCTAssertEqual(log.events, ["pressing true"])
        host.advance(seconds: 0.4)
        XCTAssertEqual(log.events, ["pressing true"], "not yet")
        host.touchMove(x: 105, y: 104)
        host.runFrame()
        host.advance(seconds: 0.1)
        XCTAssertEqual(log.events, ["pressing true", "pressing false", "long"], "fires at the deadline, finger still down")
        host.touchUp(x: 105, y: 104)
        host.runFrame()
        XCTAssertEqual(log.events.count, 3)
        XCTAssertFalse(host.host.isAnimating, "no frames are requested once the press is over")
    }

    @MainActor func testLongPressIsCancelledByLiftingEarlyOrMovingAway() async {
        let log = Log()
        let host = square {
            $0.onLongPressGesture(perform: { log.events.append("long") }, onPressingChanged: { log.events.append("pressing \($0)") })
        }
        host.touchDown(x: 100, y: 100)
        host.runFrame()
        host.advance(seconds: 0.3)
        host.touchUp(x: 100, y: 100)
        host.runFrame()
        host.advance(seconds: 1)
        XCTAssertEqual(log.events, ["pressing true", "pressing false"], "lifted early")

        log.events = []
        host.touchDown(x: 100, y: 100)
        host.runFrame()
        host.touchMove(x: 100, y: 111)
        host.runFrame()
        host.advance(seconds: 1)
        XCTAssertEqual(log.events, ["pressing true", "pressing false"], "moved more than 10 pt")
        host.touchUp(x: 100, y: 111)
        host.runFrame()
        XCTAssertFalse(host.host.isAnimating)
        let frames = host.committedFrames
        host.advance(seconds: 0.5)
        XCTAssertEqual(host.committedFrames, frames)
    }
}
