import XCTest
import ScanoutUI
import ScanoutTesting

/// `.frame(width:height:)` changed inside `withAnimation`: the laid-out size is interpolated while the model
/// value is the target at once; what is laid out around the frame follows it every frame.
final class FrameAnimationTests: XCTestCase, @unchecked Sendable {
    struct Panel: View {
        @State var wide = false
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Rectangle().fill(Color.blue).frame(width: wide ? 200 : 100, height: 40).layoutProbe("bar")
                Text(wide ? "model wide" : "model narrow")
                Button("grow") { withAnimation(.linear(duration: 1)) { wide.toggle() } }
            }
            .frame(width: 300, height: 200, alignment: .topLeading)
        }
    }

    @MainActor func testAnimatedFrameWidthIsInterpolatedAndExactAtTheEnd() async {
        let host = TestHost(rootView: Panel(), width: 300, height: 200)
        host.runFrame()
        XCTAssertEqual(host.frame(ofProbe: "bar")?.width, 100)
        host.tap(text: "grow")
        XCTAssertTrue(host.contains(text: "model wide"), "the model value is the target from the start")
        let began = host.time
        while host.time < began + 0.5 - 1e-9 { host.runFrame() }
        let half = host.frame(ofProbe: "bar")!.width
        XCTAssertEqual(Double(half), 150, accuracy: 5, "halfway at half time")
        // The pixels follow the laid-out frame: the bar's colour up to the presentation width, then background.
        XCTAssertEqual(host.pixel(x: Int(half) - 3, y: 20), host.pixel(x: 10, y: 20))
        XCTAssertEqual(host.pixel(x: Int(half) + 3, y: 20), host.pixel(x: 290, y: 20))
        XCTAssertNotEqual(host.pixel(x: 10, y: 20), host.pixel(x: 290, y: 20))
        host.advance(seconds: 0.6)
        XCTAssertEqual(host.frame(ofProbe: "bar")?.width, 200, "exact at the end")
        let frames = host.committedFrames
        host.advance(seconds: 0.5)
        XCTAssertEqual(host.committedFrames, frames, "frames stop when the animation has finished")
    }

    @MainActor func testAFrameChangeWithoutAnimationJumps() async {
        struct Jump: View {
            @State var wide = false
            var body: some View {
                VStack {
                    Rectangle().frame(width: wide ? 200 : 100, height: 40).layoutProbe("bar")
                    Button("grow") { wide.toggle() }
                }
            }
        }
        let host = TestHost(rootView: Jump(), width: 300, height: 200)
        host.runFrame()
        host.tap(text: "grow")
        XCTAssertEqual(host.frame(ofProbe: "bar")?.width, 200)
        XCTAssertFalse(host.host.isAnimating)
    }
}
