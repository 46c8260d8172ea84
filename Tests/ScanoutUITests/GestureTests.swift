import Testing
import ScanoutUI
import ScanoutTesting

/// Gestures: tap counts, long presses, drags (every sample, velocities on the simulated clock), two-finger
/// magnification and rotation.
@MainActor
struct GestureTests {
    @MainActor final class Log {
        var events: [String] = []
    }

    /// A 100x100 red square centred in a 200x200 display (it spans 50...150).
    @MainActor func square<V: View>(_ modify: (Color) -> V) -> TestHost {
        let host = TestHost(rootView: modify(Color.red).frame(width: 100, height: 100), width: 200, height: 200)
        host.runFrame()
        return host
    }

    // MARK: Tap counts

    @Test func doubleTapRunsOnTheSecondTapOnly() async {
        let log = Log()
        let host = square { $0.onTapGesture(count: 2) { log.events.append("double") } }
        host.tap(x: 100, y: 100)
        #expect(log.events == [], "a single tap does not run a double-tap action")
        host.tap(x: 104, y: 103)
        #expect(log.events == ["double"])
        host.tap(x: 100, y: 100)
        #expect(log.events == ["double"], "the count starts again after a double tap")
        host.tap(x: 100, y: 100)
        #expect(log.events == ["double", "double"])
    }

    @Test func tapsTooSlowOrTooFarApartAreNotADoubleTap() async {
        let log = Log()
        let host = square { $0.onTapGesture(count: 2) { log.events.append("double") } }
        host.tap(x: 100, y: 100)
        host.advance(seconds: 0.4)
        host.tap(x: 100, y: 100)
        #expect(log.events == [], "more than 0.3 s between the taps")
        host.tap(x: 120, y: 100)
        #expect(log.events == [], "more than 10 pt between the taps")
        host.tap(x: 121, y: 101)
        #expect(log.events == ["double"])
    }

    @Test func tripleTap() async {
        let log = Log()
        let host = square { $0.onTapGesture(count: 3) { log.events.append("triple") } }
        host.tap(x: 100, y: 100)
        host.tap(x: 100, y: 100)
        #expect(log.events == [])
        host.tap(x: 100, y: 100)
        #expect(log.events == ["triple"])
    }

    @Test func singleAndDoubleTapOnOneViewBothCount() async {
        let log = Log()
        let host = square {
            $0.onTapGesture(count: 2) { log.events.append("double") }.onTapGesture { log.events.append("single") }
        }
        host.tap(x: 100, y: 100)
        #expect(log.events == ["single"])
        host.tap(x: 100, y: 100)
        #expect(log.events == ["single", "double", "single"], "each gesture runs when its count is reached, the one applied first first")
    }

    // MARK: Long press

    @Test func longPressFiresAfterTheMinimumDurationWithTheFingerDown() async {
        let log = Log()
        let host = square {
            $0.onLongPressGesture(minimumDuration: 0.5, perform: { log.events.append("long") },
                                  onPressingChanged: { log.events.append("pressing \($0)") })
        }
        host.touchDown(x: 100, y: 100)
        host.runFrame()
        #expect(log.events == ["pressing true"])
        host.advance(seconds: 0.4)
        #expect(log.events == ["pressing true"], "not yet")
        host.touchMove(x: 105, y: 104)
        host.runFrame()
        host.advance(seconds: 0.1)
        #expect(log.events == ["pressing true", "pressing false", "long"], "fires at the deadline, finger still down")
        host.touchUp(x: 105, y: 104)
        host.runFrame()
        #expect(log.events.count == 3)
        #expect(!host.host.isAnimating, "no frames are requested once the press is over")
    }

    @Test func longPressIsCancelledByLiftingEarlyOrMovingAway() async {
        let log = Log()
        let host = square {
            $0.onLongPressGesture(perform: { log.events.append("long") }, onPressingChanged: { log.events.append("pressing \($0)") })
        }
        host.touchDown(x: 100, y: 100)
        host.runFrame()
        host.advance(seconds: 0.3)
        host.touchUp(x: 100, y: 100)
        host.runFrame()
        host.advance(seconds: 1)
        #expect(log.events == ["pressing true", "pressing false"], "lifted early")

        log.events = []
        host.touchDown(x: 100, y: 100)
        host.runFrame()
        host.touchMove(x: 100, y: 111)
        host.runFrame()
        host.advance(seconds: 1)
        #expect(log.events == ["pressing true", "pressing false"], "moved more than 10 pt")
        host.touchUp(x: 100, y: 111)
        host.runFrame()
        #expect(!host.host.isAnimating)
        let frames = host.committedFrames
        host.advance(seconds: 0.5)
        #expect(host.committedFrames == frames)
    }

    @Test func aScrollViewTakingTheTouchEndsTheLongPress() async {
        let log = Log()
        let root = ScrollView {
            Color.red.frame(height: 1000).onLongPressGesture(perform: { log.events.append("long") },
                                                               onPressingChanged: { log.events.append("pressing \($0)") })
        }
        let host = TestHost(rootView: root, width: 200, height: 200)
        host.runFrame()
        host.touchDown(x: 100, y: 100)
        host.runFrame()
        host.touchMove(x: 100, y: 91)
        host.runFrame()
        #expect(log.events == ["pressing true", "pressing false"], "the scroll view took the touch after 8 pt")
        host.advance(seconds: 1)
        #expect(log.events.count == 2)
        host.touchUp(x: 100, y: 91)
        host.runFrame()
    }

    // MARK: Drag

    @MainActor final class Drags {
        var changed: [DragGesture.Value] = []
        var ended: [DragGesture.Value] = []
    }

    @Test func dragGestureGetsEverySampleOfAFrameWithVelocityOnTheSimulatedClock() async {
        let drags = Drags()
        let host = square { $0.gesture(DragGesture().onChanged { drags.changed.append($0) }.onEnded { drags.ended.append($0) }) }
        host.touchDown(x: 100, y: 100)
        host.runFrame()
        let downTime = host.time
        host.touchMove(x: 105, y: 100)
        host.runFrame()
        #expect(drags.changed == [], "not recognized before moving the minimum distance (10)")
        // Three samples in one frame, 1/180 s apart.
        host.touchMove(x: 115, y: 100)
        host.touchMove(x: 125, y: 100)
        host.touchMove(x: 135, y: 100)
        host.runFrame()
        #expect(drags.changed.map(\.translation.width) == [15, 25, 35])
        let locations: [ScanoutUI.CGPoint] = [.init(x: 65, y: 50), .init(x: 75, y: 50), .init(x: 85, y: 50)]
        #expect(drags.changed.map(\.location) == locations, "local coordinates: the square's origin is (50, 50)")
        #expect(drags.changed.first?.startLocation == ScanoutUI.CGPoint(x: 50, y: 50))
        #expect(drags.changed.last?.translation.height == 0)
        let frame = 1.0 / 60
        let firstTime = downTime + frame + frame / 3
        let thirdTime = downTime + 2 * frame
        #expect(abs(drags.changed[0].time - firstTime) <= 1e-9)
        #expect(abs(drags.changed[2].time - thirdTime) <= 1e-9)
        // The samples of the last 0.1 s: 35 pt in 2 frames.
        let sampledVelocity = 35 / (2 * frame)
        #expect(abs(drags.changed[2].velocity.width - sampledVelocity) <= 1e-6)
        #expect(drags.changed[2].velocity.height == 0)
        #expect(drags.ended == [])

        host.touchUp(x: 135, y: 100)
        host.runFrame()
        #expect(drags.ended.count == 1)
        let end = drags.ended[0]
        #expect(end.translation == ScanoutUI.CGSize(width: 35, height: 0))
        let endVelocity = 35 / (3 * frame)
        #expect(abs(end.velocity.width - endVelocity) <= 1e-6, "the finger paused for a frame before lifting")
        let predictedWidth = 35 + end.velocity.width * 0.4995
        #expect(abs(end.predictedEndTranslation.width - predictedWidth) <= 0.5)
        let predictedX = end.location.x + end.predictedEndTranslation.width - 35
        #expect(abs(end.predictedEndLocation.x - predictedX) <= 1e-9)
    }

    @Test func dragGestureWithZeroMinimumDistanceInGlobalCoordinates() async {
        let drags = Drags()
        let host = square {
            $0.gesture(DragGesture(minimumDistance: 0, coordinateSpace: .global).onChanged { drags.changed.append($0) }.onEnded { drags.ended.append($0) })
        }
        host.touchDown(x: 100, y: 100)
        host.runFrame()
        #expect(drags.changed.map(\.location) == [ScanoutUI.CGPoint(x: 100, y: 100)], "recognized at once")
        host.drag(fromX: 60, fromY: 60, toX: 60, toY: 90, steps: 3)
        #expect(drags.changed.last?.translation == ScanoutUI.CGSize(width: 0, height: 30))
        #expect(drags.changed.last?.startLocation == ScanoutUI.CGPoint(x: 60, y: 60), "a new touch (the old one was replaced) starts again")
        #expect(drags.ended.count == 1)
        #expect(drags.ended.last?.location == ScanoutUI.CGPoint(x: 60, y: 90))
    }

    @Test func dragTakesTheTouchFromAButtonInside() async {
        let log = Log()
        let drags = Drags()
        let root = VStack { Button("Press") { log.events.append("button") } }
            .frame(width: 200, height: 200)
            .contentShape(Rectangle())
            .gesture(DragGesture().onChanged { drags.changed.append($0) })
        let host = TestHost(rootView: root, width: 200, height: 200)
        host.runFrame()
        host.tap(text: "Press")
        #expect(log.events == ["button"])
        guard let f = host.frame(ofText: "Press") else { Issue.record("no button"); return }
        host.drag(fromX: f.midX, fromY: f.midY, toX: f.midX + 40, toY: f.midY, steps: 4)
        #expect(log.events == ["button"], "the drag took the touch: the button does not run")
        #expect(drags.changed.last?.translation.width == 40)
    }

    @Test func dragInsideAScrollViewKeepsItsTouch() async {
        let drags = Drags()
        let root = ScrollView {
            VStack(spacing: 0) {
                Color.red.frame(height: 100).gesture(DragGesture().onChanged { drags.changed.append($0) }).layoutProbe("red")
                Color.blue.frame(height: 600)
            }
        }
        let host = TestHost(rootView: root, width: 200, height: 200)
        host.runFrame()
        host.drag(fromX: 100, fromY: 80, toX: 100, toY: 20, steps: 4)
        #expect(drags.changed.last?.translation.height == -60)
        #expect(host.frame(ofProbe: "red")?.minY == 0, "the scroll view did not take the touch")
    }

    // MARK: Two fingers

    @Test func pinchMagnifies() async {
        let log = Log()
        var scales: [ScanoutUI.CGFloat] = []
        let host = square {
            $0.gesture(MagnificationGesture().onChanged { scales.append($0) }.onEnded { log.events.append("ended \($0)") })
        }
        host.pinch(centerX: 100, centerY: 100, fromDistance: 40, toDistance: 80, steps: 4)
        #expect(scales.count == 8, "both fingers' samples of each frame")
        #expect(abs((scales.last ?? 0) - 2) <= 1e-9)
        #expect(abs(scales[1] - 1.25) <= 1e-9)
        #expect(log.events == ["ended 2.0"])

        scales = []
        host.pinch(centerX: 100, centerY: 100, fromDistance: 80, toDistance: 20, steps: 3)
        #expect(abs((scales.last ?? 0) - 0.25) <= 1e-9, "pinching in")
        host.tap(x: 100, y: 100)
        #expect(log.events.count == 2, "one finger does not magnify")
    }

    @Test func magnifyGestureValue() async {
        var values: [MagnifyGesture.Value] = []
        let host = square { $0.gesture(MagnifyGesture().onChanged { values.append($0) }) }
        host.pinch(centerX: 110, centerY: 90, fromDistance: 40, toDistance: 60, steps: 2)
        guard let v = values.last else { Issue.record("no magnification"); return }
        #expect(abs(v.magnification - 1.5) <= 1e-9)
        #expect(v.startLocation == ScanoutUI.CGPoint(x: 60, y: 40), "the fingers' centre in the view")
        let expectedVelocity = 0.5 / (2.0 / 60)
        let lastFrameTime = host.time - 1.0 / 60
        #expect(abs(v.velocity - expectedVelocity) <= 0.5, "per second, over the simulated frames")
        #expect(abs(v.time - lastFrameTime) <= 1e-9)
    }

    @Test func rotation() async {
        let log = Log()
        var angles: [Angle] = []
        let host = square {
            $0.gesture(RotationGesture().onChanged { angles.append($0) }.onEnded { log.events.append("ended \(Int($0.degrees.rounded()))") })
        }
        host.rotate(centerX: 100, centerY: 100, distance: 60, degrees: 90, steps: 6)
        #expect(abs((angles.last?.degrees ?? 0) - 90) <= 1e-6)
        #expect(log.events == ["ended 90"])

        angles = []
        host.rotate(centerX: 100, centerY: 100, distance: 60, degrees: -270, steps: 9)
        #expect(abs((angles.last?.degrees ?? 0) - (-270)) <= 1e-6, "followed past 180°")
    }

    @Test func pinchInsideAScrollViewDoesNotScroll() async {
        var scales: [ScanoutUI.CGFloat] = []
        let root = ScrollView {
            VStack(spacing: 0) {
                Color.red.frame(height: 150).gesture(MagnificationGesture().onChanged { scales.append($0) }).layoutProbe("red")
                Color.blue.frame(height: 600)
            }
        }
        let host = TestHost(rootView: root, width: 200, height: 200)
        host.runFrame()
        host.pinch(centerX: 100, centerY: 75, fromDistance: 20, toDistance: 100, steps: 4)
        #expect(abs((scales.last ?? 0) - 5) <= 1e-9)
        #expect(host.frame(ofProbe: "red")?.minY == 0)
    }

    @Test func aSecondFingerOnAScrollViewBeingDraggedIsIgnored() async {
        let root = ScrollView { Color.blue.frame(height: 2000).layoutProbe("content") }
        let host = TestHost(rootView: root, width: 200, height: 200)
        host.runFrame()
        host.touchDown(id: 0, x: 100, y: 150)
        host.runFrame()
        host.touchMove(id: 0, x: 100, y: 120)
        host.runFrame()
        host.touchDown(id: 1, x: 50, y: 50)
        host.touchMove(id: 1, x: 50, y: 10)
        host.touchMove(id: 0, x: 100, y: 100)
        host.runFrame()
        #expect(host.frame(ofProbe: "content")?.minY == -50, "the first finger drives the scroll view")
        host.touchUp(id: 1, x: 50, y: 10)
        host.runFrame()
        host.touchMove(id: 0, x: 100, y: 90)
        host.runFrame()
        #expect(host.frame(ofProbe: "content")?.minY == -60)
    }

    @Test func twoFingersPressTwoButtons() async {
        let log = Log()
        let root = HStack {
            Button("A") { log.events.append("A") }
            Button("B") { log.events.append("B") }
        }
        let host = TestHost(rootView: root, width: 200, height: 200)
        host.runFrame()
        guard let a = host.frame(ofText: "A"), let b = host.frame(ofText: "B") else { Issue.record("no buttons"); return }
        host.touchDown(id: 0, x: a.midX, y: a.midY)
        host.touchDown(id: 1, x: b.midX, y: b.midY)
        host.runFrame()
        host.touchUp(id: 1, x: b.midX, y: b.midY)
        host.runFrame()
        host.touchUp(id: 0, x: a.midX, y: a.midY)
        host.runFrame()
        #expect(log.events == ["B", "A"])
    }
}
