import Testing
@testable import ScanoutUI
import ScanoutTesting
import ScanoutImage

/// Transitions: a view inserted or removed under an animation animates from or to the transition's removed
/// state on the display clock; a removed view is drawn (out of layout) until then, and destroyed after.
@MainActor
struct TransitionTests {
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
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        for (x, y) in red { #expect(host.pixel(x: x, y: y) == Self.red, "(\(x), \(y)) \(message)", sourceLocation: sourceLocation) }
        for (x, y) in white { #expect(host.pixel(x: x, y: y) == Self.white, "(\(x), \(y)) \(message)", sourceLocation: sourceLocation) }
    }

    @MainActor func assertFramesStop(_ host: TestHost, sourceLocation: SourceLocation = #_sourceLocation) {
        let frames = host.committedFrames
        host.advance(seconds: 0.5)
        #expect(host.committedFrames == frames, "frames stop after the transition", sourceLocation: sourceLocation)
        #expect(!host.host.isAnimating, sourceLocation: sourceLocation)
    }

    @Test func opacityInsertionIsHalfwayAtHalfTime() async {
        let host = makeHost(show: false, .opacity)
        #expect(host.pixel(x: 50, y: 50) == Self.white)
        toggle(host, runTo: 0.5)
        #expect(abs(Double(host.pixel(x: 50, y: 50).green) - Self.halfRedGreen) <= 8, "half faded in at half time")
        try? host.writePNG(to: "/tmp/transition-opacity-half.png")
        host.advance(seconds: 0.6)
        #expect(host.pixel(x: 50, y: 50) == Self.red)
        assertFramesStop(host)
    }

    @Test func opacityRemovalKeepsTheViewDrawnOutOfLayoutAndDestroysItAtTheEnd() async {
        let log = Log()
        let host = makeHost(show: true, .opacity, log: log)
        #expect(host.pixel(x: 50, y: 70) == Self.red)
        #expect(abs(host.frame(ofText: "toggle")!.minY - 100) <= 20, "the button is below the box")
        toggle(host, runTo: 0.5)
        #expect(abs(Double(host.pixel(x: 50, y: 70).green) - Self.halfRedGreen) <= 8, "half faded out at half time")
        #expect(host.frame(ofText: "toggle")!.minY < 20, "the removed view takes no space in layout")
        #expect(log.events == [], "not destroyed while its removal animates")
        host.advance(seconds: 0.4)
        #expect(log.events == [], "not destroyed while its removal animates")
        host.advance(seconds: 0.2)
        #expect(host.pixel(x: 50, y: 70) == Self.white)
        #expect(log.events == ["gone"], "destroyed (onDisappear) once the animation has ended")
        assertFramesStop(host)
    }

    @Test func moveLeadingStartsOffToTheLeft() async {
        let host = makeHost(show: false, .move(edge: .leading))
        host.tap(text: "toggle")
        assertPixels(host, white: [(5, 50), (95, 50)], "starts a whole width to the left")
        let began = host.time
        while host.time < began + 0.5 - 1e-9 { host.runFrame() }
        assertPixels(host, red: [(25, 50)], white: [(75, 50)], "half way in at half time")
        try? host.writePNG(to: "/tmp/transition-move-half.png")
        host.advance(seconds: 0.6)
        #expect(host.pixel(x: 95, y: 50) == Self.red)
        assertFramesStop(host)
    }

    @Test func scaleGrowsFromTheCentre() async {
        let host = makeHost(show: false, .scale)
        toggle(host, runTo: 0.5)
        assertPixels(host, red: [(50, 50), (30, 30)], white: [(20, 50), (50, 80)], "half size around the centre")
        host.advance(seconds: 0.6)
        #expect(host.pixel(x: 5, y: 5) == Self.red)
        assertFramesStop(host)
    }

    @Test func asymmetricUsesInsertionThenRemoval() async {
        let log = Log()
        let host = makeHost(show: false, .asymmetric(insertion: .opacity, removal: .move(edge: .trailing)), log: log)
        toggle(host, runTo: 0.5)
        #expect(abs(Double(host.pixel(x: 10, y: 50).green) - Self.halfRedGreen) <= 8, "fades in, in place")
        #expect(abs(Double(host.pixel(x: 90, y: 50).green) - Self.halfRedGreen) <= 8)
        host.advance(seconds: 0.6)
        #expect(host.pixel(x: 50, y: 70) == Self.red)
        toggle(host, runTo: 0.5)
        try? host.writePNG(to: "/tmp/transition-asymmetric-removal-half.png")
        assertPixels(host, red: [(75, 70), (140, 70)], white: [(25, 70)], "moves out to the right, opaque")
        host.advance(seconds: 0.6)
        #expect(host.pixel(x: 140, y: 70) == Self.white)
        #expect(log.events == ["gone"])
        assertFramesStop(host)
    }

    @Test func slideMovesInFromLeadingAndOutToTrailing() async {
        let host = makeHost(show: false, .slide)
        toggle(host, runTo: 0.5)
        assertPixels(host, red: [(25, 50)], white: [(75, 50)], "moves in from the left")
        host.advance(seconds: 0.6)
        toggle(host, runTo: 0.5)
        assertPixels(host, red: [(140, 70)], white: [(25, 70)], "moves out to the right")
        host.advance(seconds: 0.6)
        assertFramesStop(host)
    }

    @Test func combinedAppliesBoth() async {
        let host = makeHost(show: false, AnyTransition.opacity.combined(with: .move(edge: .leading)))
        toggle(host, runTo: 0.5)
        #expect(abs(Double(host.pixel(x: 25, y: 50).green) - Self.halfRedGreen) <= 8, "half in and half faded")
        #expect(host.pixel(x: 75, y: 50) == Self.white)
        host.advance(seconds: 0.6)
        #expect(host.pixel(x: 75, y: 50) == Self.red)
        assertFramesStop(host)
    }

    @Test func withoutAnimationInsertionAndRemovalAreImmediate() async {
        let log = Log()
        let host = makeHost(show: false, .opacity, animation: nil, log: log)
        host.tap(text: "toggle")
        #expect(host.pixel(x: 50, y: 50) == Self.red, "appears at once")
        #expect(!host.host.isAnimating)
        host.tap(text: "toggle")
        #expect(host.pixel(x: 50, y: 70) == Self.white, "goes at once")
        #expect(log.events == ["gone"])
        #expect(!host.host.isAnimating)
    }

    @Test func reinsertingWhileRemovingMakesANewViewAndFinishesTheOldOne() async {
        let log = Log()
        let host = makeHost(show: true, .opacity, log: log)
        toggle(host, runTo: 0.3)
        toggle(host, runTo: 0.5)
        #expect(log.events == [], "the old view is still fading out")
        host.advance(seconds: 1)
        #expect(log.events == ["gone"], "the old view is destroyed once its removal ended")
        #expect(host.pixel(x: 50, y: 50) == Self.red, "the new one is shown")
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

    @Test func aRemovedViewTakesNoTouches() async {
        let log = Log()
        let host = TestHost(rootView: Tappable(log: log), width: 300, height: 300)
        host.runFrame()
        host.tap(x: 80, y: 70)
        #expect(log.events == ["tap"])
        toggle(host, runTo: 0.3)
        #expect(host.pixel(x: 80, y: 70) != Self.white, "still drawn")
        host.tap(x: 80, y: 70)
        #expect(log.events == ["tap"], "a view being removed is not hit")
    }

    /// Damage tracking covers transformed, fading and removed views: every incremental frame equals a full repaint.
    @Test func incrementalFramesEqualFullRepaintsThroughTransitions() async {
        let transition = AnyTransition.scale(scale: 0.2, anchor: .topLeading).combined(with: .opacity)
            .combined(with: .offset(x: 30, y: 10))
        let host = makeHost(show: false, transition, animation: .linear(duration: 0.25))
        for _ in 0..<2 {
            host.tap(text: "toggle")
            for _ in 0..<18 {
                    host.runFrame()
                #expect(host.pixelsDifferingFromFullRepaint() == 0, "frame at t=\(host.time) differs from a full repaint")
            }
        }
        #expect(!host.host.isAnimating)
        #expect(host.pixel(x: 50, y: 50) == Self.white)
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

    @Test func implicitAnimationAndNestedTransitions() async {
        let host = TestHost(rootView: Implicit(), width: 300, height: 300)
        host.runFrame()
        toggle(host, runTo: 0.5)
        #expect(abs(Double(host.pixel(x: 50, y: 50).green) - Self.halfRedGreen) <= 8)
        #expect(host.pixel(x: 50, y: 150) == RGBA(red: 0, green: 122, blue: 255), "nested in a new container: no transition")
        host.advance(seconds: 0.6)
        assertFramesStop(host)
    }
}
