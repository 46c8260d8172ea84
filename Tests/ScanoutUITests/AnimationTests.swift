import Testing
@testable import ScanoutUI
import ScanoutTesting

/// Animations through the whole frame pipeline: the model value jumps, the presentation moves per frame on
/// the display clock, and frames stop when every animation has finished.
@MainActor
struct AnimationTests {
    struct Slider: View {
        @State var right = false
        var animation: Animation
        var body: some View {
            VStack(alignment: .leading) {
                Text(right ? "model right" : "model left")
                Text("knob").offset(x: right ? 100 : 0)
                Button("move") { withAnimation(animation) { right.toggle() } }
            }
            .frame(width: 300, height: 200, alignment: .topLeading)
        }
    }

    @MainActor func knobX(_ host: TestHost) -> Double { host.frame(ofText: "knob")!.minX }

    @Test func linearAnimationIsHalfwayAtHalfTimeWithTheModelAtTheTarget() async {
        let host = TestHost(rootView: Slider(animation: .linear(duration: 1)), width: 300, height: 200)
        host.runFrame()
        let start = knobX(host)
        host.tap(text: "move")
        #expect(host.contains(text: "model right"), "the model value is the target from the start")
        let began = host.time
        // Run to half time (the animation began on the frame the tap's release was processed).
        while host.time < began + 0.5 - 1e-9 { host.runFrame() }
        #expect(abs((knobX(host) - start) - 50) <= 2.5, "halfway at half time")
        host.advance(seconds: 0.6)
        #expect(abs((knobX(host) - start) - 100) <= 1e-9, "exact at the end")
        let frames = host.committedFrames
        host.advance(seconds: 0.5)
        #expect(host.committedFrames == frames, "frames stop when the animation has finished")
        #expect(!host.host.isAnimating)
    }

    @Test func springOvershootsSettlesAndThenFramesStop() async {
        let host = TestHost(rootView: Slider(animation: .spring(response: 0.4, dampingFraction: 0.4)), width: 300, height: 200)
        host.runFrame()
        let start = knobX(host)
        host.tap(text: "move")
        var peak = 0.0
        var frames = 0
        while host.host.isAnimating && frames < 600 {
            host.runFrame()
            peak = max(peak, knobX(host) - start)
            frames += 1
        }
        #expect(peak > 110, "overshoots")
        #expect(frames < 600, "settles")
        #expect(abs((knobX(host) - start) - 100) <= 1e-9)
        let committed = host.committedFrames
        host.advance(seconds: 1)
        #expect(host.committedFrames == committed, "no frames once settled")
    }

    @Test func interruptingContinuesWithoutAJump() async {
        let host = TestHost(rootView: Slider(animation: .spring(response: 0.6, dampingFraction: 0.8)), width: 300, height: 200)
        host.runFrame()
        let start = knobX(host)
        host.tap(text: "move")
        host.advance(seconds: 0.15)
        let before = knobX(host) - start
        host.runFrame()
        let stepBefore = knobX(host) - start - before
        // Back to the left while still moving right: the tap's frames continue the motion from where it is.
        host.tap(text: "move")
        var positions = [knobX(host) - start]
        for _ in 0..<30 {
            host.runFrame()
            positions.append(knobX(host) - start)
        }
        #expect(stepBefore > 0)
        #expect((positions.max() ?? 0) > (before + stepBefore), "it keeps its rightward velocity for a while: \(positions)")
        let steps = zip(positions.dropFirst(), positions).map { $0 - $1 }
        for (a, b) in zip(steps.dropFirst(), steps) {
            #expect(abs(a - b) < 4, "velocity changes smoothly, no jump: \(positions)")
        }
        #expect(abs((positions.last ?? 99) - 0) <= 5, "and heads back to the left")
    }

    struct Fader: View {
        @State var on = true
        var body: some View {
            VStack {
                Color.red.frame(width: 40, height: 40).opacity(on ? 1 : 0)
                    .animation(.linear(duration: 1), value: on)
                Button("toggle") { on.toggle() }
            }
            .frame(width: 100, height: 100, alignment: .topLeading)
        }
    }

    @Test func implicitAnimationAndOpacity() async {
        let host = TestHost(rootView: Fader(), width: 100, height: 100)
        host.runFrame()
        #expect(host.pixel(x: 20, y: 20).green == 59)  // opaque red (255, 59, 48) over white
        host.tap(text: "toggle")
        let began = host.time
        while host.time < began + 0.5 - 1e-9 { host.runFrame() }
        let half = host.pixel(x: 20, y: 20)
        let halfGreen: Double = (59 + 255) / 2
        #expect(abs(Double(half.green) - halfGreen) <= 6, "half faded at half time: \\(half)")
        host.advance(seconds: 0.6)
        #expect(host.pixel(x: 20, y: 20) == RGBA(red: 255, green: 255, blue: 255), "fully faded")
    }

    struct Ring: Shape {
        var fraction: Double
        var animatableData: Double {
            get { fraction }
            set { fraction = newValue }
        }
        func path(in rect: ScanoutUI.CGRect) -> ScanoutUI.Path {
            ScanoutUI.Path(ScanoutUI.CGRect(x: 0, y: 0, width: rect.width * fraction, height: rect.height))
        }
    }

    struct Meter: View {
        @State var full = false
        var body: some View {
            VStack {
                Ring(fraction: full ? 1 : 0.2).fill(Color.blue).frame(width: 100, height: 20)
                Button("fill") { withAnimation(.linear(duration: 1)) { full = true } }
            }
            .frame(width: 100, height: 100, alignment: .topLeading)
        }
    }

    @Test func animatableShapeDataAnimates() async {
        let host = TestHost(rootView: Meter(), width: 100, height: 100)
        host.runFrame()
        #expect(host.pixel(x: 50, y: 10) == RGBA(red: 255, green: 255, blue: 255), "20% filled at first")
        host.tap(text: "fill")
        let began = host.time
        while host.time < began + 0.5 - 1e-9 { host.runFrame() }
        #expect(host.pixel(x: 50, y: 10).blue == 255, "60% filled at half time")
        #expect(host.pixel(x: 70, y: 10) == RGBA(red: 255, green: 255, blue: 255))
        host.advance(seconds: 0.6)
        #expect(host.pixel(x: 95, y: 10) != RGBA(red: 255, green: 255, blue: 255))
    }
}
