import ScanoutUI

/// Keyframe animations as iOS 17 code writes them.
struct AlarmValues {
    var scale = 1.0
    var verticalStretch = 1.0
    var translation = 0.0
    var angle = Angle.zero
}

struct RingingBell: View {
    @State private var rings = 0
    var body: some View {
        VStack {
            Image(systemName: "bell.fill")
                .keyframeAnimator(initialValue: AlarmValues(), trigger: rings) { content, value in
                    content
                        .rotationEffect(value.angle)
                        .scaleEffect(value.scale)
                        .scaleEffect(y: value.verticalStretch)
                        .offset(y: value.translation)
                } keyframes: { _ in
                    KeyframeTrack(\.scale) {
                        LinearKeyframe(1.0, duration: 0.36)
                        SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
                        SpringKeyframe(1.0, spring: .bouncy)
                    }
                    KeyframeTrack(\.verticalStretch) {
                        CubicKeyframe(1.0, duration: 0.1)
                        CubicKeyframe(0.6, duration: 0.15)
                        CubicKeyframe(1.0, duration: 0.1)
                    }
                    KeyframeTrack(\.translation) {
                        LinearKeyframe(0.0, duration: 0.1)
                        SpringKeyframe(20.0, duration: 0.15, spring: .bouncy)
                        MoveKeyframe(0.0)
                    }
                    KeyframeTrack(\.angle) {
                        CubicKeyframe(.zero, duration: 0.58)
                        CubicKeyframe(.degrees(16), duration: 0.125)
                        CubicKeyframe(.degrees(-16), duration: 0.125, startVelocity: .degrees(10))
                        LinearKeyframe(.zero, duration: 0.1, timingCurve: .easeOut)
                    }
                }
            KeyframeAnimator(initialValue: 0.0, repeating: true) { value in
                Circle().opacity(value)
            } keyframes: { _ in
                KeyframeTrack {
                    LinearKeyframe(1.0, duration: 0.5, timingCurve: .circularEaseInOut)
                    LinearKeyframe(0.2, duration: 0.5, timingCurve: .bezier(startControlPoint: .topLeading, endControlPoint: .bottomTrailing))
                }
            }
            Button("Ring") { rings += 1 }
            Text("\(KeyframeTimeline(initialValue: 0.0) { KeyframeTrack { LinearKeyframe(1.0, duration: 2) } }.duration)")
        }
    }
}
