import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// iOS 17's springs: `Spring` from duration and bounce (or response and damping ratio, or mass, stiffness and
/// damping), its value and velocity, and the animations `.smooth`, `.snappy`, `.bouncy`, `spring(duration:bounce:)`.
@MainActor
struct SpringTests {
    @Test func parametersConvert() {
        let s = Spring(duration: 0.5, bounce: 0.3)
        #expect(s.response == 0.5 && abs(s.dampingRatio - 0.7) < 1e-12 && abs(s.bounce - 0.3) < 1e-12)
        let physical = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(physical.response - 2 * Double.pi / 10) < 1e-12 && abs(physical.dampingRatio - 0.5) < 1e-12)
        #expect(abs(physical.stiffness - 100) < 1e-9 && abs(physical.damping - 10) < 1e-9)
        #expect(Spring.smooth.bounce == 0 && Spring.snappy.bounce > 0 && Spring.bouncy.bounce > Spring.snappy.bounce)
        #expect(abs(Spring.bouncy(extraBounce: 0.1).bounce - 0.4) < 1e-12)
        #expect(Spring(duration: 0.5, bounce: -0.5).dampingRatio == 2, "over-damped")
    }

    @Test func valueAndVelocityMoveToTheTarget() {
        let smooth = Spring.smooth, bouncy = Spring.bouncy
        #expect(smooth.value(target: 10.0, time: 0) == 0)
        let smoothPath = stride(from: 0.0, through: 2, by: 0.01).map { smooth.value(target: 10.0, time: $0) }
        let bouncyPath = stride(from: 0.0, through: 2, by: 0.01).map { bouncy.value(target: 10.0, time: $0) }
        #expect(zip(smoothPath, smoothPath.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 } && smoothPath.max()! <= 10 + 1e-9,
                "no bounce: rises to the target and stays")
        #expect(bouncyPath.max()! > 10.2, "a bounce overshoots: \(bouncyPath.max()!)")
        #expect(abs(smoothPath.last! - 10) < 0.01 && abs(bouncyPath.last! - 10) < 0.01)
        #expect(smooth.velocity(target: 10.0, time: 0.05) > 0 && abs(smooth.velocity(target: 10.0, time: 3)) < 1e-6)
        let settle = smooth.settlingDuration
        #expect(settle > 0.3 && settle < 2, "\(settle)")
        #expect(abs(smooth.value(target: 1.0, time: settle) - 1) <= 0.002)
        #expect(abs(smooth.value(fromValue: 5.0, toValue: 15.0, time: 0.2) - (5 + smooth.value(target: 10.0, time: 0.2))) < 1e-12)
    }

    @Observable final class Flag { var on = false }

    struct Mover: View {
        let flag: Flag
        let animation: Animation
        var body: some View {
            Text("Box").offset(x: flag.on ? 100 : 0).animation(animation, value: flag.on)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    /// The text's left edge over the frames of a move of 100 points.
    private func path(_ animation: Animation) -> [Double] {
        let flag = Flag()
        let host = TestHost(rootView: Mover(flag: flag, animation: animation), width: 400, height: 100)
        host.runFrame()
        let start = host.drawnFrame(ofText: "Box")!.minX
        flag.on = true
        var xs: [Double] = []
        for _ in 0..<120 {
            host.advance(seconds: 1.0 / 60)
            xs.append(host.drawnFrame(ofText: "Box")!.minX - start)
        }
        return xs
    }

    @Test func theAnimationsMoveAsTheirSprings() {
        let smooth = path(.smooth), snappy = path(.snappy), bouncy = path(.bouncy)
        #expect(smooth.max()! <= 100.5 && abs(smooth.last! - 100) < 0.5, "smooth: \(smooth.max()!)")
        #expect(snappy.max()! > 100.5 && bouncy.max()! > snappy.max()!, "snappy \(snappy.max()!) < bouncy \(bouncy.max()!)")
        #expect(abs(bouncy.last! - 100) < 0.5)
        // spring(duration:bounce:) is the same spring as .spring(Spring(...)); a longer duration is slower.
        #expect(path(.spring(duration: 0.5, bounce: 0.3)) == bouncy)
        let slow = path(.smooth(duration: 1.0))
        #expect(slow[10] < smooth[10])
        #expect(path(.bouncy(duration: 0.5, extraBounce: 0.2)).max()! > bouncy.max()!)
    }
}
