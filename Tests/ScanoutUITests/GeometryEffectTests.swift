import Glibc
import XCTest
@testable import ScanoutUI
import ScanoutRender
import ScanoutTesting
import GoldenImages

/// `rotationEffect` and `scaleEffect`: drawing-only transforms about an anchor of the view's frame. Layout does not
/// change; ink, touches and damage follow the transform; changes animate; text turns with it.
final class GeometryEffectTests: XCTestCase, @unchecked Sendable {
    @MainActor final class Log {
        var events: [String] = []
    }

    /// The bounding box of the dark pixels (the black ink; not the white background nor the blue of a button's
    /// label), nil if none.
    @MainActor func inkBounds(_ host: TestHost) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<host.height {
            for x in 0..<host.width {
                let p = host.pixel(x: x, y: y)
                guard p.red < 128 && p.green < 128 && p.blue < 128 else { continue }
                if let b = box {
                    box = (min(b.minX, x), min(b.minY, y), max(b.maxX, x + 1), max(b.maxY, y + 1))
                } else {
                    box = (x, y, x + 1, y + 1)
                }
            }
        }
        return box
    }

    /// Asserts the ink spans x in `x` and y in `y` (pixel edges, within `accuracy`).
    @MainActor func assertInk(_ host: TestHost, x: ClosedRange<Int>, y: ClosedRange<Int>, accuracy: Int = 1, _ message: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        guard let ink = inkBounds(host) else { XCTFail("no ink: \(message)", file: file, line: line); return }
        for (got, want) in [(ink.minX, x.lowerBound), (ink.maxX, x.upperBound), (ink.minY, y.lowerBound), (ink.maxY, y.upperBound)] {
            XCTAssertLessThanOrEqual(abs(got - want), accuracy, "ink \(ink), expected x \(x) y \(y): \(message)", file: file, line: line)
        }
    }

    /// The rotation of the first group transformed by more than a translation (shapes draw in their own
    /// coordinates, translated) in the last frame's display list, in degrees (nil: none).
    @MainActor func drawnAngle(_ host: TestHost) -> Double? {
        for item in host.displayList.items {
            if case .pushTransform(let t) = item, !(t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1) { return atan2(t.b, t.a) * 180 / Double.pi }
        }
        return nil
    }

    /// A black 100x20 bar centred in the display, with an effect.
    @MainActor func bar<V: View>(width: Int = 200, height: Int = 200, _ effect: (AnyView) -> V) -> TestHost {
        let host = TestHost(rootView: effect(AnyView(Color.black.frame(width: 100, height: 20))), width: width, height: height)
        host.runFrame()
        return host
    }

    // MARK: Layout

    struct Column: View {
        var angle: Angle
        var scale: Double
        var body: some View {
            VStack(spacing: 10) {
                Text("above").layoutProbe("above")
                Color.black.frame(width: 100, height: 20).layoutProbe("bar")
                    .rotationEffect(angle).scaleEffect(scale, anchor: .topLeading).layoutProbe("effect")
                Text("below").layoutProbe("below")
            }
        }
    }

    @MainActor func testEffectsDoNotChangeLayout() async {
        let plain = TestHost(rootView: Column(angle: .zero, scale: 1), width: 300, height: 300)
        plain.runFrame()
        let turned = TestHost(rootView: Column(angle: .degrees(90), scale: 2), width: 300, height: 300)
        turned.runFrame()
        for id in ["above", "bar", "effect", "below"] {
            XCTAssertNotNil(plain.frame(ofProbe: id))
            XCTAssertEqual(turned.frame(ofProbe: id), plain.frame(ofProbe: id), "\(id) is laid out as without the effects")
        }
        XCTAssertEqual(turned.frame(ofProbe: "bar")?.size, ScanoutUI.CGSize(width: 100, height: 20))
    }

    // MARK: Drawing

    @MainActor func testRotatedBarInkIsTallAndNarrow() async {
        let flat = bar { $0 }
        assertInk(flat, x: 50...150, y: 90...110, accuracy: 0, "the bar as laid out")
        let host = bar { $0.rotationEffect(.degrees(90)) }
        assertInk(host, x: 90...110, y: 50...150, "turned a quarter about its centre: 20 wide, 100 tall")
        XCTAssertEqual(host.displayList.layerCount, flat.displayList.layerCount + 1, "the rotated view is drawn as a group of its own")
        let corner = bar { $0.rotationEffect(.degrees(90), anchor: .topLeading) }
        assertInk(corner, x: 30...50, y: 90...190, "turned about the top-left corner (50, 90)")
        let identity = bar { $0.rotationEffect(.zero) }
        XCTAssertEqual(identity.displayList.layerCount, flat.displayList.layerCount, "no rotation: no group")
    }

    @MainActor func testScaleEffectScalesTheInkAboutTheAnchor() async {
        // A 400x200 display: the bar spans x 150...250, y 90...110.
        let host = bar(width: 400) { $0.scaleEffect(2) }
        assertInk(host, x: 100...300, y: 80...120, accuracy: 0, "doubled about the centre (200, 100)")
        let corner = bar(width: 400) { $0.scaleEffect(2, anchor: .topLeading) }
        assertInk(corner, x: 150...350, y: 90...130, accuracy: 0, "doubled with the top-left corner fixed")
        let unequal = bar(width: 400) { $0.scaleEffect(x: 0.5, y: 3) }
        assertInk(unequal, x: 175...225, y: 70...130, accuracy: 0, "half as wide, three times as tall")
        let size = bar(width: 400) { $0.scaleEffect(ScanoutUI.CGSize(width: 1.5, height: 1), anchor: .trailing) }
        assertInk(size, x: 100...250, y: 90...110, accuracy: 0, "1.5 wide, the trailing edge fixed")
        let mirrored = bar(width: 400) { $0.scaleEffect(x: -1, anchor: .leading) }
        assertInk(mirrored, x: 50...150, y: 90...110, accuracy: 0, "mirrored about the leading edge")
    }

    @MainActor func testRotatedTextIsDrawnTurned() async {
        func text(_ angle: Angle) -> TestHost {
            let host = TestHost(rootView: Text("IIIII").font(.system(size: 30)).foregroundColor(.black).rotationEffect(angle),
                                width: 200, height: 200)
            host.runFrame()
            return host
        }
        guard let flat = inkBounds(text(.zero)), let turned = inkBounds(text(.degrees(90))) else { return XCTFail("no ink") }
        let (fw, fh) = (flat.maxX - flat.minX, flat.maxY - flat.minY)
        let (tw, th) = (turned.maxX - turned.minX, turned.maxY - turned.minY)
        XCTAssertGreaterThan(2 * fw, 3 * fh, "upright, the strokes sit side by side: \(fw)x\(fh)")
        XCTAssertGreaterThan(2 * th, 3 * tw, "turned, they lie above one another: tall and narrow, \(tw)x\(th)")
        XCTAssertEqual(Double(th), Double(fw), accuracy: 2, "the run's length is now its height")
        XCTAssertEqual(Double(tw), Double(fh), accuracy: 2, "the strokes' height is now the width")
    }

    // MARK: Touches

    @MainActor func testTouchesHitTheRotatedViewWhereItIsDrawn() async {
        let log = Log()
        // Laid out at x 50...150, y 90...110; drawn at x 90...110, y 50...150.
        let outside = bar { $0.rotationEffect(.degrees(90)).onTapGesture { log.events.append("outside") } }
        outside.tap(x: 100, y: 60)
        XCTAssertEqual(log.events, ["outside"], "a tap on the rotated ink, outside the laid-out frame, hits")
        outside.tap(x: 60, y: 100)
        XCTAssertEqual(log.events, ["outside"], "a tap where the bar was laid out but is not drawn misses")
        outside.tap(x: 100, y: 100)
        XCTAssertEqual(log.events, ["outside", "outside"], "the centre is both")

        let inside = bar { $0.onTapGesture { log.events.append("inside") }.rotationEffect(.degrees(90)) }
        inside.tap(x: 104, y: 140)
        XCTAssertEqual(log.events.last, "inside", "a gesture inside the effect gets the touch mapped to its own space")
        inside.tap(x: 140, y: 104)
        XCTAssertEqual(log.events.filter { $0 == "inside" }.count, 1, "and misses where nothing is drawn")

        let stacked = bar {
            $0.onTapGesture { log.events.append("inner") }.rotationEffect(.degrees(90)).onTapGesture { log.events.append("outer") }
        }
        log.events = []
        stacked.tap(x: 100, y: 140)
        XCTAssertEqual(log.events, ["inner", "outer"], "taps stacked across the effect both count a tap on the rotated ink")

        let button = TestHost(rootView: Button("Turned") { log.events.append("button") }.rotationEffect(.degrees(90)),
                              width: 200, height: 200)
        button.runFrame()
        let label = button.frame(ofText: "Turned")!
        button.tap(x: label.midX, y: label.midY + label.width / 2 - 4)
        XCTAssertEqual(log.events.last, "button", "a button is pressed where its rotated label is")
    }

    /// The gesture's view need not lead to the effect through single children: through a background, an
    /// overlay or a stack the touch still counts where the turned content is drawn.
    @MainActor func testTouchesFollowAnEffectBehindABackgroundOrInAStack() async {
        let log = Log()
        // The bar laid out at x 50...150, y 90...110, drawn turned at x 90...110, y 50...150.
        let behind = bar { $0.rotationEffect(.degrees(90)).background(Color.clear).onTapGesture { log.events.append("background") } }
        behind.tap(x: 100, y: 60)
        XCTAssertEqual(log.events, ["background"], "a tap on the turned bar, outside the laid-out frame, hits through a background")
        behind.tap(x: 60, y: 100)
        XCTAssertEqual(log.events, ["background"], "where it was laid out but nothing is drawn misses")

        let stacked = bar { content in
            VStack(spacing: 0) { content.rotationEffect(.degrees(90)); Color.clear.frame(width: 10, height: 1) }
                .overlay(Color.clear).onTapGesture { log.events.append("stack") }
        }
        stacked.tap(x: 100, y: 140)
        XCTAssertEqual(log.events.last, "stack", "a tap on the turned bar in a stack under an overlay hits")
        stacked.tap(x: 140, y: 100)
        XCTAssertEqual(log.events.filter { $0 == "stack" }.count, 1, "and misses where nothing is drawn")
    }

    @MainActor func testNestedEffectsMapTouchesThroughBoth() async {
        let log = Log()
        // Turned to x 90...110, y 50...150, then halved about the centre: x 95...105, y 75...125.
        let host = bar { $0.rotationEffect(.degrees(90)).scaleEffect(0.5).onTapGesture { log.events.append("tap") } }
        assertInk(host, x: 95...105, y: 75...125, "rotated, then scaled")
        host.tap(x: 100, y: 78)
        XCTAssertEqual(log.events, ["tap"])
        host.tap(x: 100, y: 60)
        XCTAssertEqual(log.events, ["tap"], "outside the scaled ink")
    }

    @MainActor final class Drags {
        var changed: [DragGesture.Value] = []
    }

    @MainActor func testDragInsideARotatedViewIsInItsOwnCoordinates() async {
        let drags = Drags()
        let host = bar { $0.gesture(DragGesture(minimumDistance: 0).onChanged { drags.changed.append($0) }).rotationEffect(.degrees(90)) }
        host.drag(fromX: 100, fromY: 100, toX: 100, toY: 130, steps: 3)
        // Turned clockwise a quarter, the bar's own +x points down the screen.
        XCTAssertEqual(drags.changed.last?.translation.width ?? 0, 30, accuracy: 1e-9)
        XCTAssertEqual(drags.changed.last?.translation.height ?? 1, 0, accuracy: 1e-9)
        XCTAssertEqual(drags.changed.last?.location.x ?? 0, 80, accuracy: 1e-9, "local: 50 (the centre) + 30")
    }

    /// In the global space a drag reports where the finger is on the screen, whatever turns the view, and its
    /// translation and velocity along the screen's axes.
    @MainActor func testGlobalDragInsideARotatedViewIsInScreenCoordinates() async {
        let drags = Drags()
        let host = bar {
            $0.gesture(DragGesture(minimumDistance: 0, coordinateSpace: .global).onChanged { drags.changed.append($0) })
                .rotationEffect(.degrees(90)).scaleEffect(0.5)
        }
        host.drag(fromX: 100, fromY: 100, toX: 100, toY: 110, steps: 2)
        guard let last = drags.changed.last else { return XCTFail("no drag") }
        XCTAssertEqual(last.startLocation.x, 100, accuracy: 1e-9)
        XCTAssertEqual(last.startLocation.y, 100, accuracy: 1e-9)
        XCTAssertEqual(last.location.x, 100, accuracy: 1e-9)
        XCTAssertEqual(last.location.y, 110, accuracy: 1e-9, "where the finger is, not the turned and halved view's 20 along its x")
        XCTAssertEqual(last.translation.width, 0, accuracy: 1e-9)
        XCTAssertEqual(last.translation.height, 10, accuracy: 1e-9)
        XCTAssertEqual(last.velocity.width, 0, accuracy: 1e-6, "the velocity is along the screen's y")
        XCTAssertGreaterThan(last.velocity.height, 0)
    }

    @MainActor func testZeroScaleDrawsNothingAndHitsNothing() async {
        let log = Log()
        let host = bar { $0.scaleEffect(0).onTapGesture { log.events.append("tap") } }
        XCTAssertNil(inkBounds(host), "collapsed to nothing")
        host.tap(x: 100, y: 100)
        host.tap(x: 60, y: 100)
        XCTAssertEqual(log.events, [], "nothing to hit")
        let flat = bar { $0.scaleEffect(x: 1, y: 0).onTapGesture { log.events.append("tap") } }
        flat.tap(x: 100, y: 100)
        XCTAssertEqual(log.events, [], "collapsed onto a line: nothing to hit")
        XCTAssertEqual(flat.pixelsDifferingFromFullRepaint(), 0)
        for item in host.displayList.items + flat.displayList.items {
            if case .pushTransform(let t) = item { XCTFail("a collapsed group was pushed: \(t)") }
        }
    }

    /// A bar that a button turns (and scales) by changing state, with or without an animation.
    struct Spinner: View {
        @State var turned = false
        var animation: Animation?
        var implicit = false
        var body: some View {
            VStack(spacing: 0) {
                Color.black.frame(width: 100, height: 20)
                    .rotationEffect(.degrees(turned ? 90 : 0))
                    .frame(width: 200, height: 200)
                Button("turn") {
                    if let animation, !implicit { withAnimation(animation) { turned.toggle() } } else { turned.toggle() }
                }
            }
            .animation(implicit ? animation : nil, value: turned)
            .frame(width: 200, height: 300, alignment: .top)
        }
    }

    @MainActor func spinner(_ animation: Animation?, implicit: Bool = false) -> TestHost {
        let host = TestHost(rootView: Spinner(animation: animation, implicit: implicit), width: 200, height: 300)
        host.runFrame()
        return host
    }

    // MARK: Animation

    @MainActor func testLinearRotationIsHalfwayAtHalfTimeExactAtTheEndThenFramesStop() async {
        let host = spinner(.linear(duration: 1))
        XCTAssertNil(drawnAngle(host))
        host.tap(text: "turn")
        let began = host.time
        while host.time < began + 0.5 - 1e-9 { host.runFrame() }
        XCTAssertEqual(drawnAngle(host) ?? 0, 45, accuracy: 1.5, "halfway at half time")
        XCTAssertEqual(host.pixelsDifferingFromFullRepaint(), 0)
        host.advance(seconds: 0.6)
        XCTAssertEqual(drawnAngle(host) ?? 0, 90, accuracy: 1e-9, "exact at the end")
        assertInk(host, x: 90...110, y: 50...150, "at rest, turned a quarter")
        XCTAssertFalse(host.host.isAnimating)
        let frames = host.committedFrames
        host.advance(seconds: 0.5)
        XCTAssertEqual(host.committedFrames, frames, "frames stop when the animation has finished")
    }

    @MainActor func testInterruptedRotationContinuesFromWhereItIs() async {
        let host = spinner(.spring(response: 0.8, dampingFraction: 0.9))
        host.tap(text: "turn")
        host.advance(seconds: 0.15)
        let button = host.frame(ofText: "turn")!
        let a0 = drawnAngle(host) ?? 0
        XCTAssertGreaterThan(a0, 20)
        XCTAssertLessThan(a0, 80)
        host.touchDown(x: button.midX, y: button.midY)
        host.runFrame()
        let a1 = drawnAngle(host) ?? 0
        host.touchUp(x: button.midX, y: button.midY)
        host.runFrame()  // turns back: the new animation starts from the presentation of this frame
        let a2 = drawnAngle(host) ?? 0
        XCTAssertEqual(a2 - a1, a1 - a0, accuracy: 1.5, "no jump: the frame it turns back on moves as the one before")
        host.runFrame()
        let a3 = drawnAngle(host) ?? 0
        XCTAssertGreaterThan(a3, a2, "its velocity carries it on forward before it turns back")
        var last = a3
        while host.host.isAnimating {
            host.runFrame()
            let a = drawnAngle(host) ?? 0
            XCTAssertLessThan(abs(a - last), 8, "moves smoothly")
            last = a
        }
        XCTAssertNil(drawnAngle(host), "back to no rotation: no group")
        assertInk(host, x: 50...150, y: 90...110, accuracy: 0, "exactly as laid out")
    }

    @MainActor func testImplicitAnimationTurnsToo() async {
        let host = spinner(.linear(duration: 1), implicit: true)
        host.tap(text: "turn")
        let began = host.time
        while host.time < began + 0.25 - 1e-9 { host.runFrame() }
        XCTAssertEqual(drawnAngle(host) ?? 0, 22.5, accuracy: 1.5)
        host.advance(seconds: 1)
        XCTAssertEqual(drawnAngle(host) ?? 0, 90, accuracy: 1e-9)
    }

    // MARK: Damage and recording

    @MainActor func testAngleChangeDamagesOldAndNewInkAndMatchesAFullRepaint() async {
        let host = spinner(nil)
        let old = inkBounds(host)!
        XCTAssertEqual(old.minX, 50)
        host.tap(text: "turn")
        let new = inkBounds(host)!
        XCTAssertEqual(new.minY, 50, "turned at once")
        func covered(_ x: Int, _ y: Int) -> Bool {
            host.lastDamage.rects.contains { x >= $0.minX && x < $0.maxX && y >= $0.minY && y < $0.maxY }
        }
        for box in [old, new] {
            for y in box.minY..<box.maxY {
                for x in box.minX..<box.maxX where !covered(x, y) {
                    return XCTFail("(\(x), \(y)) of the ink \(box) is not damaged: \(host.lastDamage)")
                }
            }
        }
        XCTAssertTrue(host.lastDamageWasIncremental)
        XCTAssertLessThan(host.lastDamage.area, 200 * 300 / 2, "the bar's old and new bounds and the button, not the screen: \(host.lastDamage)")
        XCTAssertEqual(host.pixelsDifferingFromFullRepaint(), 0)
    }

    @MainActor func testIncrementalFramesEqualFullRepaintsWhileTurningAndScaling() async {
        struct Both: View {
            @State var on = false
            var body: some View {
                VStack(spacing: 0) {
                    HStack {
                        Color.blue.frame(width: 80, height: 16).rotationEffect(.degrees(on ? 135 : 0))
                        Text("Scaled").scaleEffect(on ? 1.8 : 0.6, anchor: .bottomTrailing)
                    }
                    .frame(width: 240, height: 160)
                    Button("go") { withAnimation(.spring(response: 0.3, dampingFraction: 0.5)) { on.toggle() } }
                }
            }
        }
        let host = TestHost(rootView: Both(), width: 240, height: 200)
        host.runFrame()
        for _ in 0..<2 {
            host.tap(text: "go")
            var frames = 0
            while host.host.isAnimating && frames < 200 {
                host.runFrame()
                XCTAssertEqual(host.pixelsDifferingFromFullRepaint(), 0, "frame at t=\(host.time) differs from a full repaint")
                frames += 1
            }
            XCTAssertLessThan(frames, 200)
        }
    }

    struct Labelled: View {
        @State var count = 0
        var body: some View {
            VStack {
                Text("turned").rotationEffect(.degrees(30))
                Text("count \(count)")
                Button("more") { count += 1 }
            }
        }
    }

    @MainActor func testAnUnchangedEffectIsNotRecordedAgain() async {
        let host = TestHost(rootView: Labelled(), width: 200, height: 200)
        host.runFrame()
        func effectRecordings() -> Int {
            var count = -1
            host.host.visitNodes { node in
                guard node.behavior is GeometryEffectBehavior else { return false }
                count = node.recording.count
                return true
            }
            return count
        }
        XCTAssertEqual(effectRecordings(), 1)
        let evaluations = host.host.bodyEvaluations
        host.tap(text: "more")
        XCTAssertTrue(host.contains(text: "count 1"))
        XCTAssertGreaterThan(host.host.bodyEvaluations, evaluations, "the body ran again with an equal rotation")
        XCTAssertEqual(effectRecordings(), 1, "an equal rotation leaves the recording as it was")
        XCTAssertEqual(host.host.recordingCounts(ofText: "turned"), [1])
    }

    // MARK: Image

    /// Four 70x120 cells: a bar turned 30°, a square scaled 1.5 and turned 45°, a label turned -90°, a bar
    /// squeezed and stretched about its bottom-leading corner.
    struct Gallery: View {
        var body: some View {
            HStack(spacing: 0) {
                Color.black.frame(width: 60, height: 12).rotationEffect(.degrees(30)).frame(width: 70, height: 120)
                Color.black.frame(width: 30, height: 30).scaleEffect(1.5).rotationEffect(.degrees(45)).frame(width: 70, height: 120)
                Text("Turned").font(.system(size: 18)).foregroundColor(.black).rotationEffect(.degrees(-90))
                    .frame(width: 70, height: 120)
                Color.black.frame(width: 40, height: 20).scaleEffect(x: 0.5, y: 2, anchor: .bottomLeading).frame(width: 70, height: 120)
            }
        }
    }

    @MainActor func testGalleryImage() async throws {
        let host = TestHost(rootView: Gallery(), width: 280, height: 120)
        host.runFrame()
        try host.writePNG(to: "/tmp/scanout-geometry-effects.png")
        GoldenImage.assertMatches(host.framebuffer, named: "ui-geometry-effects")
    }
}
