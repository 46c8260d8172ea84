import XCTest
import ScanoutUI
import ScanoutTesting

/// Shape styles, clipping, hiding, and which touches reach gestures (drawn content, or a content shape).
final class DrawingAndHitTestingTests: XCTestCase, @unchecked Sendable {
    // MARK: Hit testing

    struct Row: View {
        let hittableEverywhere: Bool
        @State var taps = 0
        var body: some View {
            VStack {
                if hittableEverywhere {
                    HStack { Text("Row"); Spacer() }.contentShape(Rectangle()).onTapGesture { taps += 1 }
                } else {
                    HStack { Text("Row"); Spacer() }.onTapGesture { taps += 1 }
                }
                Text("taps \(taps)")
            }
        }
    }

    /// As in SwiftUI, a tap gesture hears touches on what its view draws: the empty space a spacer leaves
    /// takes none.
    @MainActor func testTapOnEmptySpacerAreaMissesTheGesture() async {
        let host = laidOut(Row(hittableEverywhere: false))
        let row = host.text("Row")
        host.tap(x: row.midX, y: row.midY)
        XCTAssertTrue(host.contains(text: "taps 1"), "\(host.visibleTexts)")
        host.tap(x: 250, y: row.midY)
        XCTAssertTrue(host.contains(text: "taps 1"), "the spacer's area is empty: \(host.visibleTexts)")
    }

    /// contentShape(Rectangle()) makes the whole frame take touches.
    @MainActor func testContentShapeMakesTheWholeFrameHittable() async {
        let host = laidOut(Row(hittableEverywhere: true))
        let row = host.text("Row")
        host.tap(x: 250, y: row.midY)
        XCTAssertTrue(host.contains(text: "taps 1"), "\(host.visibleTexts)")
        host.tap(x: row.midX, y: row.midY)
        XCTAssertTrue(host.contains(text: "taps 2"), "\(host.visibleTexts)")
    }

    /// Clear colours take no touches; other shapes are hit inside their outline only, unless a content shape
    /// says otherwise.
    @MainActor func testShapesAreHitInsideTheirOutline() async {
        struct Targets: View {
            @State var log = ""
            var body: some View {
                VStack(spacing: 0) {
                    Color.clear.frame(width: 100, height: 40).onTapGesture { log += "+clear" }
                    Circle().fill(Color.red).frame(width: 100, height: 100).onTapGesture { log += "+circle" }
                    Circle().fill(Color.blue).frame(width: 100, height: 40).contentShape(Rectangle()).onTapGesture { log += "+square" }
                    Text("log: \(log)")
                }
            }
        }
        let host = laidOut(Targets(), width: 200, height: 300)
        let log = host.text("log: ")
        let top = log.minY - 180  // the three targets are 40 + 100 + 40 tall, above the log
        host.tap(x: 100, y: top + 20)          // on the clear colour
        host.tap(x: 52, y: top + 42)           // the circle's frame corner, outside the circle
        host.tap(x: 100, y: top + 90)          // the circle's centre
        host.tap(x: 52, y: top + 145)          // outside the blue circle, inside its content shape
        XCTAssertTrue(host.contains(text: "log: +circle+square"), "\(host.visibleTexts)")
    }

    // MARK: Drawing modifiers

    @MainActor func testForegroundStyleFillsShapes() async {
        let host = laidOut(HStack(spacing: 0) {
            Circle().foregroundStyle(Color.red).frame(width: 40, height: 40)
            Rectangle().fill(Color.green).frame(width: 40, height: 40)
            Capsule().frame(width: 40, height: 20).foregroundColor(.blue)
        })
        // 120 x 40, centred at (90, 80).
        assertColor(host.pixel(x: 110, y: 100), Swatch.red)
        assertColor(host.pixel(x: 91, y: 81), Swatch.white, "outside the circle")
        assertColor(host.pixel(x: 150, y: 100), Swatch.green)
        assertColor(host.pixel(x: 190, y: 100), Swatch.blue)
    }

    @MainActor func testCornerRadiusAndClipShapeClipTheDrawing() async {
        let rounded = laidOut(Color.blue.frame(width: 100, height: 100).cornerRadius(20))
        // The square spans (100, 50) to (200, 150).
        assertColor(rounded.pixel(x: 101, y: 51), Swatch.white, "the corner is cut")
        assertColor(rounded.pixel(x: 110, y: 100), Swatch.blue)
        assertColor(rounded.pixel(x: 150, y: 51), Swatch.blue, "the middle of the top edge stays")

        let circle = laidOut(Color.red.frame(width: 100, height: 100).clipShape(Circle()))
        assertColor(circle.pixel(x: 110, y: 60), Swatch.white)
        assertColor(circle.pixel(x: 150, y: 100), Swatch.red)
        assertColor(circle.pixel(x: 102, y: 100), Swatch.red)
    }

    /// hidden keeps the view's space but draws nothing and takes no touches.
    @MainActor func testHiddenKeepsLayoutButDrawsNothing() async {
        struct Hidden: View {
            @State var taps = 0
            var body: some View {
                VStack {
                    HStack {
                        Color.red.frame(width: 50, height: 50).onTapGesture { taps += 1 }.hidden().layoutProbe("hidden")
                        Color.blue.frame(width: 50, height: 50).layoutProbe("shown")
                    }
                    Text("taps \(taps)")
                }
            }
        }
        let host = laidOut(Hidden())
        let hidden = host.probe("hidden"), shown = host.probe("shown")
        XCTAssertEqual(shown.minX, hidden.maxX + 8)
        assertColor(host.pixel(x: Int(hidden.midX), y: Int(hidden.midY)), Swatch.white)
        assertColor(host.pixel(x: Int(shown.midX), y: Int(shown.midY)), Swatch.blue)
        host.tap(x: hidden.midX, y: hidden.midY)
        XCTAssertTrue(host.contains(text: "taps 0"))
    }

    /// A background is under its content for touches too: a button in front of a background that has its own
    /// tap gesture gets the tap; around the button, the background does. An overlay is in front.
    @MainActor func testABackgroundsGestureIsUnderItsContent() async {
        struct Card: View {
            @State var log = "none"
            var body: some View {
                VStack {
                    Text("log: \(log)")
                    Button("Press") { log = "button" }
                        .padding(40)
                        .background(Color.gray.onTapGesture { log = "background" })
                    Text("Covered").padding(20).overlay(Color.clear.contentShape(Rectangle()).onTapGesture { log = "overlay" })
                }
            }
        }
        let host = TestHost(rootView: Card(), width: 400, height: 400)
        host.runFrame()
        let button = host.frame(ofText: "Press")!
        host.tap(text: "Press")
        XCTAssertTrue(host.contains(text: "log: button"), "\(host.visibleTexts)")
        host.tap(x: button.midX, y: button.minY - 30)  // in the padding: the background's
        XCTAssertTrue(host.contains(text: "log: background"), "\(host.visibleTexts)")
        host.tap(text: "Covered")
        XCTAssertTrue(host.contains(text: "log: overlay"), "\(host.visibleTexts)")
    }
}
