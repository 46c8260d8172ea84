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

/// Flexible frames (`.frame(minWidth:…maxHeight:)`) changed with an animation: bounds given before and after
/// are interpolated; a change of shape (a bound appearing or going, fixed ↔ flexible, to or from infinity)
/// animates the laid-out size. Either way the presentation ends exactly at the model and frames stop.
final class FlexibleFrameAnimationTests: XCTestCase, @unchecked Sendable {
    enum Change {
        case maxWidth, narrowMaxWidth, minHeight, maxWidthAppears, fixedToFlexible, fixedToNarrowFlexible
        case maxWidthToInfinity, minHeightAppears
    }

    /// A box whose frame changes with `on`, in a container wider (400) than any of its sizes but the greedy ones.
    struct Panel: View {
        @State var on = false
        let change: Change
        let animation: Animation
        var implicit = false
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                box.layoutProbe("box")
                    .animation(implicit ? animation : nil, value: on)
                Button("toggle") {
                    if implicit { on.toggle() } else { withAnimation(animation) { on.toggle() } }
                }
            }
            .frame(width: 400, height: 300, alignment: .topLeading)
        }

        /// The content: 40 high and as wide as offered (a colour), unless the change is about heights.
        @ViewBuilder var box: some View {
            switch change {
            case .maxWidth: fill.frame(height: 40).frame(maxWidth: on ? 300 : 100)
            case .narrowMaxWidth: fill.frame(height: 40).frame(maxWidth: on ? 200 : 100)
            case .minHeight: fill.frame(width: 40, height: 20).frame(minHeight: on ? 200 : 50)
            case .maxWidthAppears: fill.frame(height: 40).frame(maxWidth: on ? 300 : nil)
            // (`AnyView`: both are the same type underneath, so the frame keeps its identity, as a frame does
            // whose modifier changes kind; an `if` would make two views.)
            case .fixedToFlexible:
                on ? AnyView(fill.frame(height: 40).frame(maxWidth: .infinity)) : AnyView(fill.frame(height: 40).frame(width: 100))
            case .fixedToNarrowFlexible:
                on ? AnyView(fill.frame(height: 40).frame(maxWidth: 200)) : AnyView(fill.frame(height: 40).frame(width: 100))
            case .maxWidthToInfinity: fill.frame(height: 40).frame(maxWidth: on ? .infinity : 100)
            case .minHeightAppears: fill.frame(width: 40, height: 20).frame(minHeight: on ? 120 : nil)
            }
        }
        var fill: some View { Color.blue.layoutProbe("fill") }
    }

    @MainActor func box(_ host: TestHost) -> ScanoutUI.CGRect { host.frame(ofProbe: "box")! }

    /// Runs frames from the toggle until `seconds` after it.
    @MainActor func run(_ host: TestHost, until seconds: Double, from began: Double) {
        while host.time < began + seconds - 1e-9 { host.runFrame() }
    }

    /// After the animation: exactly at the model, nothing animating, no more frames.
    @MainActor func assertSettled(_ host: TestHost, width: Double? = nil, height: Double? = nil,
                                  file: StaticString = #filePath, line: UInt = #line) {
        if let width { XCTAssertEqual(box(host).width, width, "exact at the end", file: file, line: line) }
        if let height { XCTAssertEqual(box(host).height, height, "exact at the end", file: file, line: line) }
        XCTAssertFalse(host.host.isAnimating, file: file, line: line)
        let frames = host.committedFrames
        host.advance(seconds: 0.5)
        XCTAssertEqual(host.committedFrames, frames, "frames stop when the animation has finished", file: file, line: line)
        XCTAssertFalse(host.host.needsFrame, file: file, line: line)
    }

    @MainActor func testMaxWidthIsInterpolatedHalfwayAtHalfTimeAndExactAtTheEnd() async {
        let host = TestHost(rootView: Panel(change: .maxWidth, animation: .linear(duration: 1)), width: 400, height: 300)
        host.runFrame()
        XCTAssertEqual(box(host).width, 100)
        host.tap(text: "toggle")
        let began = host.time
        run(host, until: 0.5, from: began)
        XCTAssertEqual(box(host).width, 200, accuracy: 4, "halfway at half time")
        XCTAssertEqual(host.frame(ofProbe: "fill")!.width, box(host).width, "the content fills the frame on screen")
        // The pixels follow: the colour up to the presented width, the background after it.
        let w = Int(box(host).width)
        XCTAssertEqual(host.pixel(x: w - 3, y: 20), host.pixel(x: 10, y: 20))
        XCTAssertEqual(host.pixel(x: w + 3, y: 20), RGBA.white)
        host.advance(seconds: 0.6)
        assertSettled(host, width: 300)
        // And back.
        host.tap(text: "toggle")
        run(host, until: 0.5, from: host.time)
        XCTAssertEqual(box(host).width, 200, accuracy: 4)
        host.advance(seconds: 0.6)
        assertSettled(host, width: 100)
    }

    @MainActor func testMinHeightChangeAnimates() async {
        for implicit in [false, true] {
            let host = TestHost(rootView: Panel(change: .minHeight, animation: .linear(duration: 1), implicit: implicit),
                                width: 400, height: 300)
            host.runFrame()
            XCTAssertEqual(box(host).height, 50)
            host.tap(text: "toggle")
            let began = host.time
            run(host, until: 0.25, from: began)
            XCTAssertEqual(box(host).height, 87.5, accuracy: 4, "a quarter of the way at a quarter of the time (implicit: \(implicit))")
            XCTAssertEqual(host.frame(ofText: "toggle")!.minY, box(host).maxY, accuracy: 1, "what is below follows")
            run(host, until: 0.5, from: began)
            XCTAssertEqual(box(host).height, 125, accuracy: 4)
            XCTAssertEqual(host.frame(ofProbe: "fill")!.height, 20, "the content keeps its own size")
            host.advance(seconds: 0.6)
            assertSettled(host, height: 200)
        }
    }

    @MainActor func testSpringOnAFlexibleFrameOvershootsSettlesAndThenFramesStop() async {
        let host = TestHost(rootView: Panel(change: .maxWidth, animation: .spring(response: 0.4, dampingFraction: 0.4)),
                            width: 400, height: 300)
        host.runFrame()
        host.tap(text: "toggle")
        var peak = 0.0
        var frames = 0
        while host.host.isAnimating && frames < 600 {
            host.runFrame()
            peak = max(peak, box(host).width)
            frames += 1
        }
        XCTAssertGreaterThan(peak, 320, "overshoots the new maxWidth (300)")
        XCTAssertLessThan(frames, 600, "settles")
        assertSettled(host, width: 300)
    }

    /// A tap on the button, as `TestHost.tap(text:)` makes it, recording `sample` after each of its two frames.
    @MainActor func tap(_ host: TestHost, sampling sample: () -> Void) {
        let button = host.frame(ofText: "toggle")!
        host.touchDown(x: button.midX, y: button.midY)
        host.runFrame()
        sample()
        host.touchUp(x: button.midX, y: button.midY)
        host.runFrame()
        sample()
    }

    /// Widths frame by frame, from a toggle to 1.5 s after a second one made `after` seconds into the first
    /// change's spring, and the index of the first width after the second.
    @MainActor func interruptedWidths(_ change: Change, after: Double) -> (widths: [Double], interrupted: Int) {
        let host = TestHost(rootView: Panel(change: change, animation: .spring(response: 0.6, dampingFraction: 0.8)),
                            width: 400, height: 300)
        host.runFrame()
        var widths: [Double] = []
        tap(host) { widths.append(box(host).width) }
        let began = host.time
        while host.time < began + after - 1e-9 {
            host.runFrame()
            widths.append(box(host).width)
        }
        // Back while still moving.
        let interrupted = widths.count + 1
        tap(host) { widths.append(box(host).width) }
        for _ in 0..<90 {
            host.runFrame()
            widths.append(box(host).width)
        }
        XCTAssertEqual(widths.last!, 100, "ends exactly at the model")
        XCTAssertFalse(host.host.isAnimating)
        return (widths, interrupted)
    }

    @MainActor func assertContinues(_ run: (widths: [Double], interrupted: Int), file: StaticString = #filePath, line: UInt = #line) {
        let widths = run.widths, i = run.interrupted
        XCTAssertTrue(widths.allSatisfy(\.isFinite), file: file, line: line)
        let steps = zip(widths.dropFirst(), widths).map { $0 - $1 }
        XCTAssertGreaterThan(steps[i - 2], 0, "growing when interrupted: \(widths)", file: file, line: line)
        XCTAssertGreaterThan(widths[i...].max()!, widths[i - 1] + steps[i - 2],
                             "it keeps its velocity for a while: \(widths)", file: file, line: line)
        for (a, b) in zip(steps.dropFirst(), steps) {
            XCTAssertLessThan(abs(a - b), 4, "velocity changes smoothly, no jump: \(widths)", file: file, line: line)
        }
        XCTAssertLessThan(widths[(i + 20)...].max()!, widths[i - 1], "and heads back: \(widths)", file: file, line: line)
    }

    @MainActor func testInterruptingAFlexibleFrameContinuesFromThePresentedSize() async {
        assertContinues(interruptedWidths(.narrowMaxWidth, after: 0.15))
    }

    @MainActor func testInterruptingAChangeOfShapeContinuesFromThePresentedSize() async {
        // Fixed → flexible, and back before it arrived: the pinned size keeps its position and velocity.
        assertContinues(interruptedWidths(.fixedToNarrowFlexible, after: 0.15))
    }

    @MainActor func testABoundAppearingOrGoingAnimatesTheSizeAndEndsExactly() async {
        // (change, size before, size after, the dimension that changes)
        let cases: [(Change, Double, Double, Bool)] = [
            (.maxWidthAppears, 400, 300, true),
            (.fixedToFlexible, 100, 400, true),
            (.maxWidthToInfinity, 100, 400, true),
            (.minHeightAppears, 20, 120, false),
        ]
        for (change, start, end, horizontal) in cases {
            let host = TestHost(rootView: Panel(change: change, animation: .linear(duration: 1)), width: 400, height: 300)
            host.runFrame()
            func size() -> Double { horizontal ? box(host).width : box(host).height }
            XCTAssertEqual(size(), start, "\(change)")
            for (from, to) in [(start, end), (end, start)] {
                var sizes: [Double] = []
                tap(host) { sizes.append(size()) }
                let began = host.time
                while host.time < began + 0.5 - 1e-9 {
                    host.runFrame()
                    sizes.append(size())
                }
                XCTAssertEqual(size(), (from + to) / 2, accuracy: 5, "\(change) \(from) → \(to): halfway at half time")
                if horizontal {
                    XCTAssertEqual(host.frame(ofProbe: "fill")!.width, box(host).width, "\(change): the content fills the frame on screen")
                }
                while host.time < began + 1.1 {
                    host.runFrame()
                    sizes.append(size())
                }
                XCTAssertTrue(sizes.allSatisfy(\.isFinite), "\(change): \(sizes)")
                let steps = zip(sizes.dropFirst(), sizes).map { abs($0 - $1) }
                XCTAssertLessThan(steps.max()!, abs(to - from) / 20, "\(change) \(from) → \(to): no jump: \(sizes)")
                assertSettled(host, width: horizontal ? to : nil, height: horizontal ? nil : to)
            }
        }
    }
}
