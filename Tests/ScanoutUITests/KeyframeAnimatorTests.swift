import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// Keyframes (iOS 17): tracks of linear, cubic, spring and move keyframes on a value's properties
/// (`KeyframeTimeline`), and `KeyframeAnimator`/`keyframeAnimator` looping or played by a trigger.
@MainActor
struct KeyframeAnimatorTests {
    struct Values {
        var scale = 1.0
        var angle = Angle.zero
        var offset = CGPoint.zero
    }

    private func timeline(_ start: Values = Values()) -> KeyframeTimeline<Values> {
        KeyframeTimeline(initialValue: start) {
            KeyframeTrack(\.scale) {
                LinearKeyframe(2.0, duration: 1)
                LinearKeyframe(1.0, duration: 1, timingCurve: .easeIn)
            }
            KeyframeTrack(\.offset) {
                MoveKeyframe(CGPoint(x: 10, y: 0))
                CubicKeyframe(CGPoint(x: 10, y: 50), duration: 0.5)
                CubicKeyframe(CGPoint(x: 0, y: 0), duration: 0.5)
            }
            KeyframeTrack(\.angle) {
                SpringKeyframe(.degrees(90), duration: 0.8, spring: .bouncy)
            }
        }
    }

    @Test func tracksMoveTheirPropertiesTogether() {
        let t = timeline()
        #expect(t.duration == 2, "the longest track")
        #expect(abs(t.value(time: 0.5).scale - 1.5) < 1e-9 && abs(t.value(time: 1).scale - 2) < 1e-9)
        let easedIn = t.value(time: 1.5).scale
        #expect(easedIn > 1.6 && easedIn < 1.8, "an ease-in leaves slowly: \(easedIn)")
        #expect(t.value(time: 0).offset == CGPoint(x: 10, y: 0), "moved at once")
        let mid = t.value(time: 0.5).offset, end = t.value(time: 1.0).offset
        #expect(abs(mid.x - 10) < 1e-9 && abs(mid.y - 50) < 1e-9 && abs(end.x) < 1e-9 && abs(end.y) < 1e-9, "through its keyframes")
        let between = t.value(time: 0.25).offset
        #expect(between.y > 0 && between.y < 50 && between.x > 10, "a smooth curve: it swings out past x = 10 (\(between))")
        let angles = stride(from: 0.0, to: 0.8, by: 0.02).map { t.value(time: $0).angle.degrees }
        #expect(angles.max()! > 90.5, "the bouncy spring overshoots: \(angles.max()!)")
        let after = t.value(time: 10)
        #expect(after.scale == 1 && after.offset == .zero && abs(after.angle.degrees - 90) < 1e-9, "each track's last keyframe")
        #expect(t.value(progress: 0.25).scale == t.value(time: 0.5).scale)
        // From another start: the first keyframes move from it.
        var start = Values()
        start.scale = 3
        #expect(abs(timeline(start).value(time: 0.5).scale - 2.5) < 1e-9)
    }

    /// The text's drawn left edge and width.
    private func box(_ host: TestHost) -> CGRect { host.drawnFrame(ofText: "Bell")! }

    @Test func aRepeatingAnimatorLoops() {
        let host = TestHost(rootView: Text("Bell")
            .keyframeAnimator(initialValue: 0.0) { content, x in content.offset(x: x) } keyframes: { _ in
                KeyframeTrack {
                    LinearKeyframe(100.0, duration: 1)
                    LinearKeyframe(0.0, duration: 1)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading), width: 400, height: 100)
        host.runFrame()
        let x0 = box(host).minX
        host.advance(seconds: 0.25)
        #expect(abs(box(host).minX - x0 - 25) <= 2, "\(box(host).minX - x0)")
        host.advance(seconds: 1.25)
        #expect(abs(box(host).minX - x0 - 50) <= 2, "on its way back: \(box(host).minX - x0)")
        host.advance(seconds: 0.75)
        #expect(abs(box(host).minX - x0 - 25) <= 2, "looped: \(box(host).minX - x0)")
        #expect(host.needsFrame, "a loop keeps asking for frames")
    }

    @Test func notRepeatingShowsTheInitialValue() {
        let host = TestHost(rootView: Text("Bell")
            .keyframeAnimator(initialValue: 5.0, repeating: false) { content, x in content.offset(x: x) } keyframes: { _ in
                KeyframeTrack { LinearKeyframe(100.0, duration: 1) }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading), width: 400, height: 100)
        host.runFrame()
        let x0 = box(host).minX
        host.advance(seconds: 0.5)
        #expect(box(host).minX == x0)
        #expect(x0 == 5)
    }

    @Observable final class Taps { var count = 0 }

    struct Bell: View {
        let taps: Taps
        var body: some View {
            Text("Bell")
                .keyframeAnimator(initialValue: 1.0, trigger: taps.count) { content, scale in
                    content.scaleEffect(scale)
                } keyframes: { _ in
                    KeyframeTrack {
                        LinearKeyframe(2.0, duration: 0.5)
                        LinearKeyframe(1.0, duration: 0.5)
                    }
                }
        }
    }

    @Test func aTriggerPlaysTheKeyframesOnce() {
        let taps = Taps()
        let host = TestHost(rootView: Bell(taps: taps), width: 400, height: 200)
        host.runFrame()
        let rest = box(host).width
        host.advance(seconds: 0.5)
        #expect(box(host).width == rest, "nothing plays before the trigger changes")
        #expect(!host.needsFrame)
        taps.count += 1
        host.runFrame()
        host.advance(seconds: 0.25)
        #expect(abs(box(host).width / rest - 1.5) < 0.05, "\(box(host).width / rest)")
        host.advance(seconds: 0.25)
        #expect(abs(box(host).width / rest - 2) < 0.05)
        host.advance(seconds: 0.6)
        #expect(abs(box(host).width - rest) < 0.5, "back at the last keyframe")
        host.runFrame()
        #expect(!host.needsFrame, "done: no more frames")
        taps.count += 1
        host.runFrame()
        host.advance(seconds: 0.25)
        #expect(abs(box(host).width / rest - 1.5) < 0.05, "plays again")
    }
}
