import XCTest
@testable import ScanoutUI

/// The animation math: timing curves, springs, delays, repeats and interruptions.
final class AnimationCurveTests: XCTestCase {
    func animator(_ a: Animation, from: Double = 0, to: Double = 100, velocity: Double = 0, start: Double = 0) -> Animator<Double> {
        Animator(from: from, to: to, initialVelocity: velocity, animation: a, start: start)
    }

    func testLinearIsHalfwayAtHalfTimeAndExactAtTheEnd() {
        let a = animator(.linear(duration: 1))
        XCTAssertEqual(a.sample(at: 0.5).value, 50, accuracy: 1e-6)
        XCTAssertFalse(a.sample(at: 0.5).isFinished)
        XCTAssertEqual(a.sample(at: 1).value, 100)
        XCTAssertTrue(a.sample(at: 1).isFinished)
        XCTAssertEqual(a.sample(at: 7).value, 100)
        XCTAssertEqual(a.sample(at: 0.5).velocity, 100, accuracy: 0.5)
    }

    func testEaseCurvesHaveTheirShape() {
        let inOut = animator(.easeInOut(duration: 1)), easeIn = animator(.easeIn(duration: 1)), easeOut = animator(.easeOut(duration: 1))
        XCTAssertEqual(inOut.sample(at: 0.5).value, 50, accuracy: 1e-3, "symmetric")
        XCTAssertLessThan(easeIn.sample(at: 0.25).value, 25, "starts slow")
        XCTAssertGreaterThan(easeOut.sample(at: 0.25).value, 25, "starts fast")
        var last = -1.0
        for i in 0...20 {
            let v = inOut.sample(at: Double(i) / 20).value
            XCTAssertGreaterThanOrEqual(v, last)
            last = v
        }
    }

    func testSpringOvershootsThenSettles() {
        let a = animator(.spring(response: 0.5, dampingFraction: 0.5))
        var peak = 0.0
        var settledAt: Double?
        var t = 0.0
        while t < 5 {
            let s = a.sample(at: t)
            peak = max(peak, s.value)
            if s.isFinished && settledAt == nil { settledAt = t }
            t += 1.0 / 60
        }
        XCTAssertGreaterThan(peak, 110, "an underdamped spring overshoots")
        XCTAssertNotNil(settledAt, "and settles")
        XCTAssertLessThan(settledAt ?? 99, 3)
        XCTAssertEqual(a.sample(at: 5).value, 100)
        // Critically damped: no overshoot.
        let critical = animator(.spring(response: 0.5, dampingFraction: 1))
        var maxCritical = 0.0
        for i in 0..<300 { maxCritical = max(maxCritical, critical.sample(at: Double(i) / 60).value) }
        XCTAssertLessThanOrEqual(maxCritical, 100.0001)
    }

    func testInterruptionContinuesFromThePresentationAndVelocity() {
        let first = animator(.spring(response: 0.6, dampingFraction: 0.7))
        let at = 0.2
        let s = first.sample(at: at)
        let second = animator(.spring(response: 0.6, dampingFraction: 0.7), from: s.value, to: -50, velocity: s.velocity, start: at)
        XCTAssertEqual(second.sample(at: at).value, s.value, accuracy: 1e-9, "no jump in value")
        let dt = 1e-4
        let slope = (second.sample(at: at + dt).value - second.sample(at: at).value) / dt
        XCTAssertEqual(slope, s.velocity, accuracy: abs(s.velocity) * 0.01 + 1, "no jump in velocity")
    }

    func testDelaySpeedAndRepeats() {
        let delayed = animator(Animation.linear(duration: 1).delay(0.5))
        XCTAssertEqual(delayed.sample(at: 0.4).value, 0)
        XCTAssertEqual(delayed.sample(at: 1).value, 50, accuracy: 1e-6)
        let fast = animator(Animation.linear(duration: 1).speed(2))
        XCTAssertEqual(fast.sample(at: 0.25).value, 50, accuracy: 1e-6)
        XCTAssertTrue(fast.sample(at: 0.5).isFinished)
        let thrice = animator(Animation.linear(duration: 1).repeatCount(3, autoreverses: true))
        XCTAssertEqual(thrice.sample(at: 1.5).value, 50, accuracy: 1e-6, "second cycle runs back")
        XCTAssertEqual(thrice.sample(at: 1.25).value, 75, accuracy: 1e-6)
        XCTAssertTrue(thrice.sample(at: 3).isFinished)
        XCTAssertEqual(thrice.sample(at: 3).value, 100)
        let forever = animator(Animation.linear(duration: 1).repeatForever(autoreverses: false))
        XCTAssertFalse(forever.sample(at: 1000.5).isFinished)
        XCTAssertEqual(forever.sample(at: 1000.5).value, 50, accuracy: 1e-3)
    }

    func testVectorValuesInterpolateComponentwise() {
        let a = Animator(from: AnimatablePair(0.0, 10.0), to: AnimatablePair(100.0, 20.0), initialVelocity: .zero,
                         animation: .linear(duration: 1), start: 0)
        let mid = a.sample(at: 0.5).value
        XCTAssertEqual(mid.first, 50, accuracy: 1e-6)
        XCTAssertEqual(mid.second, 15, accuracy: 1e-6)
    }
}
