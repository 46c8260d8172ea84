import XCTest
@testable import ScanoutUI
import ScanoutTesting
import ScanoutImage

/// Transitions: a view inserted or removed under an animation animates from or to the transition's removed
/// state on the display clock; a removed view is drawn (out of layout) until then, and destroyed after.
final class TransitionTests: XCTestCase, @unchecked Sendable {
    @MainActor final class Log {
        var events: [String] = []
    }

    /// A 100×100 red box at the top left (while shown), with the toggle button below it.
    struct Box: View {
        @State var show: Bool
        let transition: AnyTransition
        let animation: Animation?
        let log: Log
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                if show {
                    Color.red.frame(width: 100, height: 100)
                        .transition(transition)
                        .onDisappear { log.events.append("gone") }
                }
                Button("toggle") {
                    if let animation { withAnimation(animation) { show.toggle() } } else { show.toggle() }
                }
            }
            .frame(width: 300, height: 300, alignment: .topLeading)
        }
    }

    static let red = RGBA(red: 255, green: 59, blue: 48)
    static let white = RGBA(red: 255, green: 255, blue: 255)
    static let halfRedGreen = (59.0 + 255) / 2

    @MainActor func makeHost(show: Bool, _ transition: AnyTransition, animation: Animation? = .linear(duration: 1),
                             log: Log = Log()) -> TestHost {
        let host = TestHost(rootView: Box(show: show, transition: transition, animation: animation, log: log), width: 300, height: 300)
        host.runFrame()
        return host
    }

    /// Taps the button and runs frames until `fraction` of the (1 s) animation has passed.
    @MainActor func toggle(_ host: TestHost, runTo fraction: Double) {
        host.tap(text: "toggle")
        let began = host.time
        while host.time < began + fraction - 1e-9 { host.runFrame() }
    }

    /// The pixels at `red` are the box's red, those at `white` the background.
    @MainActor func assertPixels(_ host: TestHost, red: [(Int, Int)] = [], white: [(Int, Int)] = [], _ message: String = "",
                                 file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in red { XCTAssertEqual(host.pixel(x: x, y: y), Self.red, "(\(x), \(y)) \(message)", file: file, line: line) }
        for (x, y) in white { XCTAssertEqual(host.pixel(x: x, y: y), Self.white, "(\(x), \(y)) \(message)", file: file, line: line) }
    }

    @MainActor func assertFramesStop(_ host: TestHost, file: StaticString = #filePath, line: UInt = #line) {
        let frames = host.committedFrames
        host.advance(seconds: 0.5)
        XCTAssertEqual(host.committedFrames, frames, "frames stop after the transition", file: file, line: line)
        XCTAssertFalse(host.host.isAnimating, file: file, line: line)
    }

    @MainActor func testOpacityInsertionIsHalfwayAtHalfTime() async {
        let host = makeHost(show: false, .opacity)
        XCTAssertEqual(host.pixel(x: 50, y: 50), Self.white)
        toggle(host, runTo: 0.5)
        XCTAssertEqual(Double(host.pixel(x: 50, y: 50).green), Self.halfRedGreen, accuracy: 8, "half faded in at half time")
        try? host.writePNG(to: "/tmp/transition-opacity-half.png")
        host.advance(seconds: 0.6)
        XCTAssertEqual(host.pixel(x: 50, y: 50), Self.red)
        assertFramesStop(host)
    }

    @MainActor func testOpacityRemovalKeepsTheViewDrawnOutOfLayoutAndDestroysItAtTheEnd() async {
        let log = Log()
        let host = makeHost(show: true, .opacity, log: log)
        XCTAssertEqual(host.pixel(x: 50, y: 70), Self.red)
        XCTAssertEqual(host.frame(ofText: "toggle")!.minY, 100, accuracy: 20, "the button is below the box")
        toggle(host, runTo: 0.5)
        XCTAssertEqual(Double(host.pixel(x: 50, y: 70).green), Self.halfRedGreen, accuracy: 8, "half faded out at half time")
        XCTAssertLessThan(host.frame(ofText: "toggle")!.minY, 20, "the removed view takes no space in layout")
        XCTAssertEqual(log.events, [], "not destroyed while its removal animates")
        host.advance(seconds: 0.4)
        XCTAssertEqual(log.events, [], "not destroyed while its removal animates")
        host.advance(seconds: 0.2)
        XCTAssertEqual(host.pixel(x: 50, y: 70), Self.white)
        XCTAssertEqual(log.events, ["gone"], "destroyed (onDisappear) once the animation has ended")
        assertFramesStop(host)
    }

    @MainActor func testMoveLeadingStartsOffToTheLeft() async {
        let host = makeHost(show: false, .move(edge: .leading))
        host.tap(text: "toggle")
        assertPixels(host, white: [(5, 50), (95, 50)], "starts a whole width to the left")
        let began = host.time
        while host.time < began + 0.5 - 1e-9 { host.runFrame() }
        assertPixels(host, red: [(25, 50)], white: [(75, 50)], "half way in at half time")
        try? host.writePNG(to: "/tmp/transition-move-half.png")
        host.advance(seconds: 0.6)
        XCTAssertEqual(host.pixel(x: 95, y: 50), Self.red)
        assertFramesStop(host)
    }

    @MainActor func testScaleGrowsFromTheCentre() async {
        let host = makeHost(show: false, .scale)
        toggle(host, runTo: 0.5)
        assertPixels(host, red: [(50, 50), (30, 30)], white: [(20, 50), (50, 80)], "half size around the centre")
        host.advance(seconds: 0.6)
        XCTAssertEqual(host.pixel(x: 5, y: 5), Self.red)
        assertFramesStop(host)
    }

    @MainActor func testAsymmetricUsesInsertionThenRemoval() async {
        let log = Log()
        let host = makeHost(show: false, .asymmetric(insertion: .opacity, removal: .move(edge: .trailing)), log: log)
        toggle(host, runTo: 0.5)
        XCTAssertEqual(Double(host.pixel(x: 10, y: 50).green), Self.halfRedGreen, accuracy: 8, "fades in, in place")
        XCTAssertEqual(Double(host.pixel(x: 90, y: 50).green), Self.halfRedGreen, accuracy: 8)
        host.advance(seconds: 0.6)
        XCTAssertEqual(host.pixel(x: 50, y: 70), Self.red)
        toggle(host, runTo: 0.5)
        try? host.writePNG(to: "/tmp/transition-asymmetric-removal-half.png")
        assertPixels(host, red: [(75, 70), (140, 70)], white: [(25, 70)], "moves out to the right, opaque")
        host.advance(seconds: 0.6)
        XCTAssertEqual(host.pixel(x: 140, y: 70), Self.white)
        XCTAssertEqual(log.events, ["gone"])
        assertFramesStop(host)
    }

    @MainActor func testSlideMovesInFromLeadingAndOutToTrailing() async {
        let host = makeHost(show: false, .slide)
        toggle(host, runTo: 0.5)
        assertPixels(host, red: [(25, 50)], white: [(75, 50)], "moves in from the left")
        host.advance(seconds: 0.6)
        toggle(host, runTo: 0.5)
        assertPixels(host, red: [(140, 70)], white: [(25, 70)], "moves out to the right")
        host.advance(seconds: 0.6)
        assertFramesStop(host)
    }

    @MainActor func testCombinedAppliesBoth() async {
        let host = makeHost(show: false, AnyTransition.opacity.combined(with: .move(edge: .leading)))
        toggle(host, runTo: 0.5)
        XCTAssertEqual(Double(host.pixel(x: 25, y: 50).green), Self.halfRedGreen, accuracy: 8, "half in and half faded")
        XCTAssertEqual(host.pixel(x: 75, y: 50), Self.white)
        host.advance(seconds: 0.6)
        XCTAssertEqual(host.pixel(x: 75, y: 50), Self.red)
        assertFramesStop(host)
    }

    @MainActor func testWithoutAnimationInsertionAndRemovalAreImmediate() async {
        let log = Log()
        let host = makeHost(show: false, .opacity, animation: nil, log: log)
        host.tap(text: "toggle")
        XCTAssertEqual(host.pixel(x: 50, y: 50), Self.red, "appears at once")
        XCTAssertFalse(host.host.isAnimating)
        host.tap(text: "toggle")
        XCTAssertEqual(host.pixel(x: 50, y: 70), Self.white, "goes at once")
        XCTAssertEqual(log.events, ["gone"])
        XCTAssertFalse(host.host.isAnimating)
    }

    @MainActor func testReinsertingWhileRemovingMakesANewViewAndFinishesTheOldOne() async {
        let log = Log()
        let host = makeHost(show: true, .opacity, log: log)
        toggle(host, runTo: 0.3)
        toggle(host, runTo: 0.5)
        XCTAssertEqual(log.events, [], "the old view is still fading out")
        host.advance(seconds: 1)
        XCTAssertEqual(log.events, ["gone"], "the old view is destroyed once its removal ended")
        XCTAssertEqual(host.pixel(x: 50, y: 50), Self.red, "the new one is shown")
        assertFramesStop(host)
    }

    struct Tappable: View {
        @State var show = true
        let log: Log
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                if show {
                    Color.red.frame(width: 100, height: 100).transition(.opacity).onTapGesture { log.events.append("tap") }
                }
                Button("toggle") { withAnimation(.linear(duration: 1)) { show.toggle() } }
            }
            .frame(width: 300, height: 300, alignment: .topLeading)
        }
    }

    @MainActor func testARemovedViewTakesNoTouches() async {
        let log = Log()
        let host = TestHost(rootView: Tappable(log: log), width: 300, height: 300)
        host.runFrame()
        host.tap(x: 80, y: 70)
        XCTAssertEqual(log.events, ["tap"])
        toggle(host, runTo: 0.3)
        XCTAssertNotEqual(host.pixel(x: 80, y: 70), Self.white, "still drawn")
        host.tap(x: 80, y: 70)
        XCTAssertEqual(log.events, ["tap"], "a view being removed is not hit")
    }

    /// Damage tracking covers transformed, fading and removed views: every incremental frame equals a full repaint.
    @MainActor func testIncrementalFramesEqualFullRepaintsThroughTransitions() async {
        let transition = AnyTransition.scale(scale: 0.2, anchor: .topLeading).combined(with: .opacity)
            .combined(with: .offset(x: 30, y: 10))
        let host = makeHost(show: false, transition, animation: .linear(duration: 0.25))
        for _ in 0..<2 {
            host.tap(text: "toggle")
            for _ in 0..<18 {
                    host.runFrame()
                XCTAssertEqual(host.pixelsDifferingFromFullRepaint(), 0, "frame at t=\(host.time) differs from a full repaint")
            }
        }
        XCTAssertFalse(host.host.isAnimating)
        XCTAssertEqual(host.pixel(x: 50, y: 50), Self.white)
    }

    /// The transition applies through an implicit animation too; a view inside an inserted container does not
    /// transition by itself.
    struct Implicit: View {
        @State var show = false
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                if show {
                    Color.red.frame(width: 100, height: 100).transition(.opacity)
                    VStack { Color.blue.frame(width: 100, height: 100).transition(.opacity) }
                }
                Button("toggle") { show.toggle() }
            }
            .animation(.linear(duration: 1), value: show)
            .frame(width: 300, height: 300, alignment: .topLeading)
        }
    }

    @MainActor func testImplicitAnimationAndNestedTransitions() async {
        let host = TestHost(rootView: Implicit(), width: 300, height: 300)
        host.runFrame()
        toggle(host, runTo: 0.5)
        XCTAssertEqual(Double(host.pixel(x: 50, y: 50).green), Self.halfRedGreen, accuracy: 8)
        XCTAssertEqual(host.pixel(x: 50, y: 150), RGBA(red: 0, green: 122, blue: 255), "nested in a new container: no transition")
        host.advance(seconds: 0.6)
        assertFramesStop(host)
    }
}
