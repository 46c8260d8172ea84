import Glibc
import Testing
import ScanoutUI
import ScanoutTesting

/// `@GestureState` with `updating`, `LongPressGesture`, `RotateGesture`, and gestures made of gestures
/// (`map`, `simultaneously(with:)`, `sequenced(before:)`, `exclusively(before:)`).
@MainActor
struct GestureStateTests {
    @MainActor final class Log {
        var events: [String] = []
    }

    /// A square that follows the finger while it is down and jumps back when it lifts; its body logs the offset.
    struct FollowingSquare: View {
        let log: Log
        @GestureState private var offset = CGSize.zero
        var body: some View {
            let _ = log.events.append("body \(Int(offset.width)),\(Int(offset.height))")
            Color.red
                .frame(width: 100, height: 100)
                .offset(offset)
                .gesture(DragGesture(minimumDistance: 0).updating($offset) { value, state, _ in state = value.translation })
        }
    }

    @Test func updatingSetsTheStateWhileTheFingerMovesAndResetsItWhenItLifts() async {
        let log = Log()
        let host = TestHost(rootView: FollowingSquare(log: log), width: 200, height: 200)
        host.runFrame()
        #expect(log.events == ["body 0,0"])
        host.touchDown(x: 100, y: 100)
        host.runFrame()
        host.touchMove(x: 120, y: 110)
        host.runFrame()
        #expect(log.events.last == "body 20,10", "the body reads the gesture's state")
        #expect(host.pixel(x: 165, y: 155) == host.pixel(x: 100, y: 100), "the square moved with the finger")
        host.touchMove(x: 130, y: 100)
        host.runFrame()
        #expect(log.events.last == "body 30,0")
        host.touchUp(x: 130, y: 100)
        host.runFrame()
        #expect(log.events.last == "body 0,0", "back to the initial value when the gesture ends")
        #expect(host.pixel(x: 165, y: 155) != host.pixel(x: 100, y: 100), "and the square with it")
    }

    /// A circle that is red while pressed and green once the press completed.
    struct PressCircle: View {
        let log: Log
        @GestureState private var isDetectingLongPress = false
        @State private var completedLongPress = false
        var body: some View {
            let _ = log.events.append("pressing \(isDetectingLongPress) completed \(completedLongPress)")
            Circle()
                .fill(isDetectingLongPress ? Color.red : (completedLongPress ? Color.green : Color.blue))
                .frame(width: 100, height: 100)
                .gesture(LongPressGesture(minimumDuration: 1)
                    .updating($isDetectingLongPress) { currentState, gestureState, _ in gestureState = currentState }
                    .onEnded { finished in completedLongPress = finished })
        }
    }

    @Test func longPressGestureCompletesAtItsDeadlineWithTheFingerDown() async {
        let log = Log()
        let host = TestHost(rootView: PressCircle(log: log), width: 200, height: 200)
        host.runFrame()
        host.touchDown(x: 100, y: 100)
        host.runFrame()
        #expect(log.events.last == "pressing true completed false", "updating hears true when the finger goes down")
        host.advance(seconds: 0.9)
        #expect(log.events.last == "pressing true completed false", "not yet")
        host.advance(seconds: 0.1)
        #expect(log.events.last == "pressing false completed true", "ended at the deadline: state reset, onEnded(true)")
        let bodies = log.events.count
        host.touchUp(x: 100, y: 100)
        host.runFrame()
        #expect(log.events.count == bodies, "lifting after the press completed changes nothing")
        #expect(!host.host.isAnimating, "no frames asked for once the press is over")
    }

    @Test func longPressGestureFailsWhenTheFingerLiftsEarlyOrMovesAway() async {
        let log = Log()
        let host = TestHost(rootView: PressCircle(log: log), width: 200, height: 200)
        host.runFrame()
        host.touchDown(x: 100, y: 100)
        host.runFrame()
        host.advance(seconds: 0.5)
        host.touchUp(x: 100, y: 100)
        host.runFrame()
        host.advance(seconds: 1)
        #expect(log.events.last == "pressing false completed false", "lifted early: reset, no onEnded")

        host.touchDown(x: 100, y: 100)
        host.runFrame()
        #expect(log.events.last == "pressing true completed false")
        host.touchMove(x: 100, y: 111)
        host.runFrame()
        #expect(log.events.last == "pressing false completed false", "moved more than 10 pt: reset at once")
        host.advance(seconds: 1.5)
        #expect(log.events.last == "pressing false completed false", "and it does not complete later")
        host.touchUp(x: 100, y: 111)
        host.runFrame()
        #expect(!host.host.isAnimating)
    }

    nonisolated(unsafe) static var resets: [String] = []

    /// A gesture state whose reset is told the value it ends with.
    struct ResetReporter: View {
        @GestureState(wrappedValue: 0, reset: { value, transaction in
            GestureStateTests.resets.append("reset from \(Int(value))")
            transaction.animation = nil
        }) private var width: CGFloat
        var body: some View {
            Color.red
                .frame(width: 100, height: 100)
                .gesture(DragGesture(minimumDistance: 0).updating($width) { value, state, _ in state = value.translation.width })
        }
    }

    @Test func resetHearsTheLastValueOnlyWhenTheGestureChangedTheState() async {
        Self.resets = []
        let host = TestHost(rootView: ResetReporter(), width: 200, height: 200)
        host.runFrame()
        host.drag(fromX: 100, fromY: 100, toX: 140, toY: 100, steps: 4)
        #expect(Self.resets == ["reset from 40"])
        host.tap(x: 10, y: 10)
        #expect(Self.resets == ["reset from 40"], "a touch outside the view starts no gesture")
    }

    @Test func mapTransformsEveryValue() async {
        let log = Log()
        let host = TestHost(rootView: Color.red.frame(width: 100, height: 100).gesture(
            DragGesture(minimumDistance: 0).map { Int($0.translation.width) }
                .onChanged { log.events.append("changed \($0)") }
                .onEnded { log.events.append("ended \($0)") }), width: 200, height: 200)
        host.runFrame()
        host.drag(fromX: 100, fromY: 100, toX: 130, toY: 100, steps: 3)
        #expect(log.events == ["changed 0", "changed 10", "changed 20", "changed 30", "ended 30"])
    }

    @Test func simultaneousMagnifyAndRotateSeeBothFingers() async {
        var changed: [SimultaneousGesture<MagnifyGesture, RotateGesture>.Value] = []
        var ended: [SimultaneousGesture<MagnifyGesture, RotateGesture>.Value] = []
        let host = TestHost(rootView: Color.red.frame(width: 200, height: 200).gesture(
            MagnifyGesture().simultaneously(with: RotateGesture())
                .onChanged { changed.append($0) }
                .onEnded { ended.append($0) }), width: 300, height: 300)
        host.runFrame()
        // Two fingers 60 pt apart on a horizontal line, then 90 pt apart on a vertical one: 1.5x, a quarter turn.
        host.touchDown(id: 0, x: 120, y: 150)
        host.touchDown(id: 1, x: 180, y: 150)
        host.runFrame()
        for step in 1...6 {
            let turn = Double(step) / 6 * Double.pi / 2
            let radius = (60 + 30 * Double(step) / 6) / 2
            host.touchMove(id: 0, x: 150 - radius * cos(turn), y: 150 - radius * sin(turn))
            host.touchMove(id: 1, x: 150 + radius * cos(turn), y: 150 + radius * sin(turn))
            host.runFrame()
        }
        #expect(ended.isEmpty)
        guard let last = changed.last, let magnify = last.first, let rotate = last.second else {
            Issue.record("both parts should have values: \(changed)")
            return
        }
        #expect(abs(magnify.magnification - 1.5) <= 1e-9)
        #expect(abs(rotate.rotation.degrees - 90) <= 1e-6)
        host.touchUp(id: 0, x: 150, y: 105)
        host.runFrame()
        #expect(ended.count == 1, "one end, once both parts ended")
        #expect(abs((ended.first?.first?.magnification ?? 0) - 1.5) <= 1e-9)
        #expect(abs((ended.first?.second?.rotation.degrees ?? 0) - 90) <= 1e-6)
        host.touchUp(id: 1, x: 150, y: 195)
        host.runFrame()
        #expect(ended.count == 1)
    }

    /// Apple's example of a sequence: a long press, then a drag with the same finger.
    enum DragState: Equatable {
        case inactive
        case pressing
        case dragging(translation: CGSize)
    }

    struct PressThenDrag: View {
        let log: Log
        @GestureState private var dragState = DragState.inactive
        var body: some View {
            let _ = log.events.append("\(dragState)")
            Color.red
                .frame(width: 100, height: 100)
                .gesture(LongPressGesture(minimumDuration: 0.5)
                    .sequenced(before: DragGesture(minimumDistance: 0))
                    .updating($dragState) { value, state, _ in
                        switch value {
                        case .first(true): state = .pressing
                        case .second(true, let drag): state = .dragging(translation: drag?.translation ?? .zero)
                        default: state = .inactive
                        }
                    }
                    .onEnded { value in
                        guard case .second(true, let drag?) = value else { return }
                        log.events.append("ended \(Int(drag.translation.width))")
                    })
        }
    }

    @Test func aSequenceRunsTheSecondGestureOnceTheFirstEnded() async {
        let log = Log()
        let host = TestHost(rootView: PressThenDrag(log: log), width: 200, height: 200)
        host.runFrame()
        host.touchDown(x: 100, y: 100)
        host.runFrame()
        #expect(log.events.last == "pressing")
        host.touchMove(x: 104, y: 100)
        host.runFrame()
        #expect(log.events.last == "pressing", "a move within the press's distance is the press's")
        host.advance(seconds: 0.5)
        #expect(log.events.last?.hasPrefix("dragging") == true, "the press ended with the finger down: the drag runs")
        host.touchMove(x: 134, y: 100)
        host.runFrame()
        #expect(log.events.last?.hasPrefix("dragging") == true)
        #expect(log.events.last?.contains("30.0") == true, "the drag counts from where the finger was when the press ended")
        host.touchUp(x: 134, y: 100)
        host.runFrame()
        #expect(log.events.suffix(2) == ["ended 30", "inactive"])
    }

    @Test func aSequenceWhoseFirstGestureFailsEndsNothing() async {
        let log = Log()
        let host = TestHost(rootView: PressThenDrag(log: log), width: 200, height: 200)
        host.runFrame()
        host.touchDown(x: 100, y: 100)
        host.runFrame()
        host.touchMove(x: 130, y: 100)
        host.runFrame()
        #expect(log.events.last == "inactive", "moved before the press completed: the press failed")
        host.advance(seconds: 1)
        host.touchMove(x: 150, y: 100)
        host.runFrame()
        host.touchUp(x: 150, y: 100)
        host.runFrame()
        #expect(!log.events.contains { $0.hasPrefix("ended") || $0.hasPrefix("dragging") })
    }

    func exclusiveTaps(_ log: Log) -> TestHost {
        let host = TestHost(rootView: Color.red.frame(width: 100, height: 100).gesture(
            TapGesture(count: 2).onEnded { log.events.append("double") }
                .exclusively(before: TapGesture().onEnded { log.events.append("single") })), width: 200, height: 200)
        host.runFrame()
        return host
    }

    @Test func aSingleTapWaitsUntilTheDoubleTapCanNoLongerHappen() async {
        let log = Log()
        let host = exclusiveTaps(log)
        host.tap(x: 100, y: 100)
        #expect(log.events == [], "the double tap may still happen")
        host.advance(seconds: 0.2)
        #expect(log.events == [])
        host.advance(seconds: 0.2)
        #expect(log.events == ["single"], "0.3 s after the tap: the single tap's action")
        #expect(!host.host.isAnimating, "no frames asked for once it is settled")
        host.tap(x: 100, y: 100)
        host.advance(seconds: 0.5)
        #expect(log.events == ["single", "single"], "a later tap is a new contest")
    }

    @Test func aDoubleTapWinsOverTheSingleTap() async {
        let log = Log()
        let host = exclusiveTaps(log)
        host.tap(x: 100, y: 100)
        host.tap(x: 102, y: 101)
        #expect(log.events == ["double"])
        host.advance(seconds: 0.5)
        #expect(log.events == ["double"], "the single taps of a double tap run nothing")
        host.tap(x: 100, y: 100)
        host.advance(seconds: 0.5)
        #expect(log.events == ["double", "single"])
    }

    @Test func aDragExclusivelyBeforeATapTakesAMovingTouch() async {
        let log = Log()
        let host = TestHost(rootView: Color.red.frame(width: 100, height: 100).gesture(
            DragGesture().onEnded { _ in log.events.append("drag") }
                .exclusively(before: TapGesture().onEnded { log.events.append("tap") })), width: 200, height: 200)
        host.runFrame()
        host.tap(x: 100, y: 100)
        #expect(log.events == ["tap"], "a touch that never moved: the drag failed when it lifted")
        host.drag(fromX: 100, fromY: 100, toX: 140, toY: 100, steps: 4)
        #expect(log.events == ["tap", "drag"])
    }

    @Test func rotateGestureValue() async {
        var values: [RotateGesture.Value] = []
        let host = TestHost(rootView: Color.red.frame(width: 100, height: 100).gesture(RotateGesture().onChanged { values.append($0) }),
                            width: 200, height: 200)
        host.runFrame()
        host.rotate(centerX: 110, centerY: 90, distance: 60, degrees: 60, steps: 3)
        guard let v = values.last else { Issue.record("no rotation"); return }
        #expect(abs(v.rotation.degrees - 60) <= 1e-6)
        #expect(v.startLocation == ScanoutUI.CGPoint(x: 60, y: 40), "the fingers' centre in the view")
        let expected = (60.0 / 3 * 2) / (2.0 / 60)  // the last 0.1 s: two frames of 20°
        #expect(abs(v.velocity.degrees - expected) <= 1, "degrees per second on the simulated clock")
    }
}
