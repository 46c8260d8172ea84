import Glibc

/// How a change moves from its old to its new value over time (SwiftUI's `Animation`): timing curves
/// (`linear`, `easeIn`, `easeOut`, `easeInOut`, `timingCurve`) that run for a duration, and springs (damped
/// harmonic oscillators: they overshoot, then settle), with `delay`, `speed`, `repeatCount` and `repeatForever`.
public struct Animation: Equatable, Sendable {
    enum Curve: Equatable, Sendable {
        /// A cubic Bézier from (0,0) to (1,1) with these control points, over `duration` seconds.
        case bezier(x1: Double, y1: Double, x2: Double, y2: Double, duration: Double)
        /// A spring with natural angular frequency `omega` and damping ratio `zeta`.
        case spring(omega: Double, zeta: Double)
    }

    var curve: Curve
    var delay: Double = 0
    var speed: Double = 1
    /// Total repetitions (nil: once; 0: forever).
    var repeats: Int?
    var autoreverses = false

    public static func linear(duration: Double) -> Animation { .init(curve: .bezier(x1: 0, y1: 0, x2: 1, y2: 1, duration: duration)) }
    public static func easeIn(duration: Double) -> Animation { .init(curve: .bezier(x1: 0.42, y1: 0, x2: 1, y2: 1, duration: duration)) }
    public static func easeOut(duration: Double) -> Animation { .init(curve: .bezier(x1: 0, y1: 0, x2: 0.58, y2: 1, duration: duration)) }
    public static func easeInOut(duration: Double) -> Animation { .init(curve: .bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1, duration: duration)) }
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: Double = 0.35) -> Animation {
        .init(curve: .bezier(x1: c0x, y1: c0y, x2: c1x, y2: c1y, duration: duration))
    }
    public static let linear = Animation.linear(duration: 0.35)
    public static let easeIn = Animation.easeIn(duration: 0.35)
    public static let easeOut = Animation.easeOut(duration: 0.35)
    public static let easeInOut = Animation.easeInOut(duration: 0.35)
    public static let `default` = Animation.easeInOut

    /// A spring that settles in about `response` seconds per oscillation; `dampingFraction` below 1 overshoots.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        .init(curve: .spring(omega: 2 * Double.pi / max(response, 0.001), zeta: max(0, dampingFraction)))
    }
    public static let spring = Animation.spring()
    /// A spring given by its physical constants.
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) -> Animation {
        let m = max(mass, 0.0001), k = max(stiffness, 0.0001)
        return .init(curve: .spring(omega: (k / m).squareRoot(), zeta: damping / (2 * (k * m).squareRoot())))
    }
    public static let interactiveSpring = Animation.spring(response: 0.15, dampingFraction: 0.86)

    public func delay(_ seconds: Double) -> Animation { var a = self; a.delay += seconds; return a }
    public func speed(_ factor: Double) -> Animation { var a = self; a.speed *= factor; return a }
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation {
        var a = self; a.repeats = max(1, count); a.autoreverses = autoreverses; return a
    }
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        var a = self; a.repeats = 0; a.autoreverses = autoreverses; return a
    }

    /// Springs are considered settled when the remaining displacement and velocity are this small (relative).
    static let settleThreshold = 0.001

    /// Progress of a timing curve at local time `t` (0...1), by solving the Bézier's x(s) = t for s.
    static func bezierProgress(_ t: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        func bez(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        func dbez(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var s = t
        for _ in 0..<8 {  // Newton, then bisection if the slope is too flat
            let x = bez(s, x1, x2) - t
            if abs(x) < 1e-7 { return bez(s, y1, y2) }
            let d = dbez(s, x1, x2)
            if abs(d) < 1e-6 { break }
            s -= x / d
        }
        var lo = 0.0, hi = 1.0
        s = t
        for _ in 0..<40 {
            let x = bez(s, x1, x2)
            if abs(x - t) < 1e-7 { break }
            if x < t { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return bez(s, y1, y2)
    }
}

/// One running animation of a value: the record SwiftUI keeps (from, to, the animation, the start time),
/// plus the velocity it started with, so an interruption continues smoothly.
struct Animator<Value: VectorArithmetic> {
    let from: Value
    let to: Value
    let initialVelocity: Value
    let animation: Animation
    let start: Double

    struct Sample {
        var value: Value
        var velocity: Value
        var isFinished: Bool
    }

    /// The presentation value at time `now`.
    func sample(at now: Double) -> Sample {
        var t = (now - start) * animation.speed - animation.delay * animation.speed
        if t <= 0 { return Sample(value: from, velocity: initialVelocity, isFinished: false) }
        switch animation.curve {
        case let .bezier(x1, y1, x2, y2, duration):
            let d = max(duration, 1e-9)
            var cycles = t / d
            var finished = false
            if let repeats = animation.repeats, repeats > 0, cycles >= Double(repeats) {
                cycles = Double(repeats)
                finished = true
            } else if animation.repeats == nil, cycles >= 1 {
                cycles = 1
                finished = true
            }
            var local = cycles - cycles.rounded(.down)
            let cycleIndex = Int(cycles.rounded(.down))
            if finished { local = 1 }
            var reversed = false
            if animation.autoreverses && animation.repeats != nil {
                reversed = (finished ? cycleIndex - 1 : cycleIndex) % 2 == 1
            }
            var p = Animation.bezierProgress(local, x1, y1, x2, y2)
            if reversed { p = 1 - p }
            if finished {
                // A finished repeating animation rests where its last cycle ended.
                let endsReversed = animation.autoreverses && (animation.repeats ?? 1) % 2 == 0 && animation.repeats != nil
                p = endsReversed ? 0 : 1
            }
            let value = from + (to - from).scaled(by: p)
            let dt = 1.0 / 240
            let p2 = Animation.bezierProgress(min(1, local + dt), x1, y1, x2, y2)
            let velocity = finished ? .zero : (to - from).scaled(by: (p2 - p) / (dt * d / animation.speed))
            return Sample(value: value, velocity: velocity, isFinished: finished)
        case let .spring(omega, zeta):
            // Displacement from the target: x(t) = e^(−ζωt)(A cos ωd·t + B sin ωd·t), A = from − to.
            let a = from - to
            t = t / 1  // spring time is already scaled by speed above
            let decay = exp(-zeta * omega * t)
            var x: Value, v: Value
            if zeta < 1 {
                let wd = omega * (1 - zeta * zeta).squareRoot()
                let b = (initialVelocity + a.scaled(by: zeta * omega)).scaled(by: 1 / wd)
                let c = cos(wd * t), s = sin(wd * t)
                x = (a.scaled(by: c) + b.scaled(by: s)).scaled(by: decay)
                // v = dx/dt
                let term1 = (a.scaled(by: c) + b.scaled(by: s)).scaled(by: -zeta * omega)
                let term2 = (b.scaled(by: c) - a.scaled(by: s)).scaled(by: wd)
                v = (term1 + term2).scaled(by: decay)
            } else {
                // Critically damped (and over-damped, approximated as critical): x = (A + (v0 + ωA)t) e^(−ωt).
                let b = initialVelocity + a.scaled(by: omega)
                x = (a + b.scaled(by: t)).scaled(by: decay)
                v = (b - (a + b.scaled(by: t)).scaled(by: omega)).scaled(by: decay)
            }
            let scale = max(a.magnitudeSquared.squareRoot(), 1e-9)
            let settled = x.magnitudeSquared.squareRoot() < Animation.settleThreshold * scale
                && v.magnitudeSquared.squareRoot() < Animation.settleThreshold * scale * omega
            if settled { return Sample(value: to, velocity: .zero, isFinished: true) }
            return Sample(value: to + x, velocity: v, isFinished: false)
        }
    }
}
