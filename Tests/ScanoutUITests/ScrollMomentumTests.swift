import XCTest
import ScanoutUI
import ScanoutTesting

/// ScrollView momentum: a release at speed carries on, decelerating on the simulated clock, stops at the
/// edges, and is stopped by a new touch; frames stop when it does.
final class ScrollMomentumTests: XCTestCase, @unchecked Sendable {
    /// A 200x200 scroll view over a `contentHeight` column (probe "content").
    @MainActor func scroller(contentHeight: Double, tapped: (@MainActor () -> Void)? = nil) -> TestHost {
        let root = ScrollView {
            Color.blue.frame(height: contentHeight).layoutProbe("content").onTapGesture { tapped?() }
        }
        let host = TestHost(rootView: root, width: 200, height: 200)
        host.runFrame()
        return host
    }

    @MainActor func offset(_ host: TestHost) -> Double { -(host.frame(ofProbe: "content")?.minY ?? .nan) }

    @MainActor func testFlingKeepsScrollingSlowsDownAndStops() async {
        let host = scroller(contentHeight: 5000)
        host.fling(fromX: 100, fromY: 180, toX: 100, toY: 80, steps: 4)
        XCTAssertEqual(offset(host), 100, "with the finger up to the release")
        var offsets = [offset(host)]
        var frames = 0
        while host.host.isAnimating && frames < 600 {
            host.runFrame()
            offsets.append(offset(host))
            frames += 1
        }
        XCTAssertFalse(host.host.isAnimating, "momentum stops")
        let steps = zip(offsets.dropFirst(), offsets).map { $0 - $1 }
        // The release velocity: the moves of the last 0.1 s, 75 pt from the first move to the release 4 frames
        // later (1125 pt/s, about 18.5 pt in the first frame).
        XCTAssertGreaterThanOrEqual(steps.first ?? 0, 17, "carries on at about the release speed")
        XCTAssertLessThanOrEqual(steps.first ?? 0, 20)
        for (a, b) in zip(steps, steps.dropFirst()) { XCTAssertLessThanOrEqual(b, a + 1, "slows down (whole points)") }
        XCTAssertTrue(steps.allSatisfy { $0 >= 0 }, "never back")
        // 1125 pt/s decaying at x0.998/ms carries about 562 pt (less the tail under the stop speed).
        XCTAssertEqual(offsets.last! - 100, 1125 * 0.4995, accuracy: 15)
        XCTAssertGreaterThan(frames, 60, "a couple of seconds of deceleration")
        let committed = host.committedFrames
        host.advance(seconds: 1)
        XCTAssertEqual(host.committedFrames, committed, "no more frames once it stopped")
        XCTAssertEqual(offset(host), offsets.last!)
    }

    @MainActor func testMomentumStopsAtTheEdge() async {
        let host = scroller(contentHeight: 400)
        host.fling(fromX: 100, fromY: 180, toX: 100, toY: 80, steps: 4)
        host.advance(seconds: 0.2)
        XCTAssertEqual(offset(host), 200, "the end of the content")
        XCTAssertFalse(host.host.isAnimating, "stops at the edge")

        host.fling(fromX: 100, fromY: 20, toX: 100, toY: 120, steps: 4)
        host.advance(seconds: 0.3)
        XCTAssertEqual(offset(host), 0, "back to the top, and no further")
        XCTAssertFalse(host.host.isAnimating)
    }

    @MainActor func testATouchStopsTheMomentumWithoutTappingTheContent() async {
        var taps = 0
        let host = scroller(contentHeight: 5000) { taps += 1 }
        host.tap(x: 100, y: 100)
        XCTAssertEqual(taps, 1)
        host.fling(fromX: 100, fromY: 180, toX: 100, toY: 80, steps: 4)
        host.advance(seconds: 0.1)
        let moving = offset(host)
        XCTAssertGreaterThan(moving, 100)
        host.tap(x: 100, y: 100)
        XCTAssertEqual(taps, 1, "the touch stopped the scrolling instead of tapping")
        let stopped = offset(host)
        host.advance(seconds: 0.5)
        XCTAssertEqual(offset(host), stopped)
        XCTAssertFalse(host.host.isAnimating)
        host.tap(x: 100, y: 100)
        XCTAssertEqual(taps, 2, "once stopped, taps reach the content again")
    }

    @MainActor func testSlowReleaseDoesNotCarryOn() async {
        let host = scroller(contentHeight: 5000)
        host.drag(fromX: 100, fromY: 180, toX: 100, toY: 80, steps: 4)
        XCTAssertEqual(offset(host), 100)
        XCTAssertFalse(host.host.isAnimating)
        host.advance(seconds: 0.5)
        XCTAssertEqual(offset(host), 100)
    }
}
