import ScanoutRaster
import XCTest
@testable import ScanoutPlatform

final class TouchTrackerTests: XCTestCase {
    func testSlotsKeepTheirPositionsForUpAndCancel() {
        var t = TouchTracker(panelWidth: 100, panelHeight: 50)
        XCTAssertEqual(t.touchDown(slot: 0, at: Point(x: 1, y: 2), time: 1).phase, .down)
        XCTAssertEqual(t.touchDown(slot: 1, at: Point(x: 5, y: 6), time: 1).id, 1)
        XCTAssertEqual(t.touchMotion(slot: 0, to: Point(x: 3, y: 4), time: 2)?.position, Point(x: 3, y: 4))
        XCTAssertNil(t.touchMotion(slot: 7, to: .zero, time: 2), "motion of a finger that is not down")
        XCTAssertEqual(t.activeIDs, [0, 1])
        XCTAssertEqual(t.touchUp(slot: 0, time: 3), TouchEvent(phase: .up, id: 0, position: Point(x: 3, y: 4), time: 3))
        XCTAssertEqual(t.touchCancel(slot: 1, time: 4)?.position, Point(x: 5, y: 6))
        XCTAssertNil(t.touchUp(slot: 0, time: 5))
        XCTAssertEqual(t.activeIDs, [])
    }

    func testPointerWithLeftButtonIsOneFinger() {
        var t = TouchTracker(panelWidth: 100, panelHeight: 50)
        XCTAssertNil(t.pointerButton(pressed: true, time: 0), "no position yet")
        XCTAssertNil(t.pointerMoved(to: Point(x: 10, y: 10), time: 1), "hover is not a touch")
        XCTAssertEqual(t.pointerButton(pressed: true, time: 2), TouchEvent(phase: .down, id: TouchEvent.pointerID, position: Point(x: 10, y: 10), time: 2))
        XCTAssertEqual(t.pointerMoved(to: Point(x: 20, y: 10), time: 3)?.phase, .moved)
        XCTAssertEqual(t.pointerButton(pressed: false, time: 4)?.position, Point(x: 20, y: 10))
        XCTAssertNil(t.pointerButton(pressed: false, time: 5))
        // A mouse's relative motion stays on the panel.
        _ = t.pointerMoved(by: 1000, -1000, time: 6)
        XCTAssertEqual(t.pointerButton(pressed: true, time: 7)?.position, Point(x: 99, y: 0))
        XCTAssertEqual(t.cancelAll(time: 8).map(\.phase), [.cancelled])
    }
}
