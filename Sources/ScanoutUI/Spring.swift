/// A damped spring (SwiftUI's `Spring`): made from a perceptual duration and bounce (iOS 17's way), from a
/// response and damping ratio, or from mass, stiffness and damping; `Animation.spring(_:)` animates with it,
/// and `value`/`velocity` say where it is. It moves as Scanout's spring animations move (an over-damped
/// spring, bounce below 0, is approximated as critically damped there and here alike).
public struct Spring: Hashable, Sendable {
    /// Seconds of one oscillation of the undamped spring (SwiftUI's `response`).
    public let response: Double
    /// How damped it is: 1 critically (no overshoot), below 1 it overshoots.
    public let dampingRatio: Double
    public let mass: Double

    /// A spring with a perceptual `duration` (its response) and a `bounce`: 0 settles without overshoot, 0.3 is
    /// noticeably bouncy, up to 1 (undamped); negative values are over-damped.
    public init(duration: Double = 0.5, bounce: Double = 0.0) {
        response = max(duration, 0.0001)
        dampingRatio = bounce >= 0 ? 1 - min(bounce, 1) : 1 / (1 + max(bounce, -0.9999))
        mass = 1
    }

    public init(response: Double, dampingRatio: Double) {
        self.response = max(response, 0.0001)
        self.dampingRatio = max(0, dampingRatio)
        mass = 1
    }

    public init(mass: Double = 1.0, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let m = max(mass, 0.0001), k = max(stiffness, 0.0001)
        self.mass = m
        response = 2 * Double.pi / (k / m).squareRoot()
        let ratio = max(0, damping) / (2 * (k * m).squareRoot())
        dampingRatio = allowOverDamping ? ratio : min(ratio, 1)
    }

    /// The perceptual duration (the response).
    public var duration: Double { response }
    /// How much it overshoots: 0 for a critically damped spring, negative when over-damped.
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }
    public var stiffness: Double { mass * angularFrequency * angularFrequency }
    public var damping: Double { 2 * dampingRatio * (stiffness * mass).squareRoot() }

    var angularFrequency: Double { 2 * Double.pi / response }

    /// The animation curve of this spring.
    var curve: Animation.Curve { .spring(omega: angularFrequency, zeta: dampingRatio) }

    /// Seconds until a move comes to rest (within a thousandth of its size).
    public var settlingDuration: Double {
        let step = 1.0 / 240
        var t = step
        while t < 120 {
            if sample(target: 1.0, initialVelocity: 0.0, time: t).isFinished { return t }
            t += step
        }
        return t
    }

    private func sample<V: VectorArithmetic>(target: V, initialVelocity: V, time: Double) -> Animator<V>.Sample {
        Animator(from: .zero, to: target, initialVelocity: initialVelocity, animation: Animation(curve: curve), start: 0)
            .sample(at: time)
    }

    /// Where a spring moving from zero to `target`, with `initialVelocity`, is after `time` seconds.
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        sample(target: target, initialVelocity: initialVelocity, time: time).value
    }

    /// How fast that spring moves after `time` seconds.
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        sample(target: target, initialVelocity: initialVelocity, time: time).velocity
    }

    /// Where a spring moving from `fromValue` to `toValue` is after `time` seconds.
    public func value<V: VectorArithmetic>(fromValue: V, toValue: V, initialVelocity: V = .zero, time: Double) -> V {
        fromValue + value(target: toValue - fromValue, initialVelocity: initialVelocity, time: time)
    }

    /// No bounce (iOS 17's default spring).
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// A small bounce.
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// A visible bounce.
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}

extension Animation {
    /// A spring animation of `spring` (SwiftUI's `spring(_:blendDuration:)`).
    public static func spring(_ spring: Spring, blendDuration: Double = 0) -> Animation { Animation(curve: spring.curve) }

    /// A spring with a perceptual `duration` and `bounce` (iOS 17's `spring(duration:bounce:blendDuration:)`).
    /// (Disfavoured: `.spring()` with no argument stays `spring(response:dampingFraction:blendDuration:)`.)
    @_disfavoredOverload
    public static func spring(duration: Double = 0.5, bounce: Double = 0.0, blendDuration: Double = 0) -> Animation {
        .spring(Spring(duration: duration, bounce: bounce))
    }

    /// `spring(duration:bounce:)` as an interpolating spring (SwiftUI's `interpolatingSpring(duration:bounce:
    /// initialVelocity:)`; the velocity a change already has carries over in Scanout's springs alike).
    @_disfavoredOverload
    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0.0, initialVelocity: Double = 0.0) -> Animation {
        .spring(Spring(duration: duration, bounce: bounce))
    }

    /// A spring that settles without overshoot (iOS 17's `smooth`).
    public static let smooth = Animation.spring(.smooth)
    /// A spring with a small bounce (iOS 17's `snappy`).
    public static let snappy = Animation.spring(.snappy)
    /// A spring with a visible bounce (iOS 17's `bouncy`).
    public static let bouncy = Animation.spring(.bouncy)

    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0.0) -> Animation {
        .spring(.smooth(duration: duration, extraBounce: extraBounce))
    }
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0.0) -> Animation {
        .spring(.snappy(duration: duration, extraBounce: extraBounce))
    }
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0.0) -> Animation {
        .spring(.bouncy(duration: duration, extraBounce: extraBounce))
    }
}
