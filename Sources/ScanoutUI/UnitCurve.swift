/// A curve from (0, 0) to (1, 1) that maps progress to the fraction of a change made (SwiftUI's `UnitCurve`):
/// the timing of a `LinearKeyframe`.
public struct UnitCurve: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case bezier(x1: Double, y1: Double, x2: Double, y2: Double)
        case circularIn, circularOut, circularInOut
    }
    let kind: Kind
    /// The curve mirrored (x and y swapped), as `inverse` makes it.
    var inverted = false

    public static let linear = bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))
    public static let easeIn = bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))
    public static let easeOut = bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
    public static let easeInOut = bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
    public static let circularEaseIn = UnitCurve(kind: .circularIn)
    public static let circularEaseOut = UnitCurve(kind: .circularOut)
    public static let circularEaseInOut = UnitCurve(kind: .circularInOut)

    /// A cubic Bézier from (0, 0) to (1, 1) through these control points.
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(kind: .bezier(x1: startControlPoint.x, y1: startControlPoint.y, x2: endControlPoint.x, y2: endControlPoint.y))
    }

    /// The curve with its axes swapped: the progress that makes a given fraction.
    public var inverse: UnitCurve { var c = self; c.inverted.toggle(); return c }

    /// The fraction made at `progress` (0...1).
    public func value(at progress: Double) -> Double {
        let x = min(max(progress, 0), 1)
        guard inverted else { return forward(x) }
        // Solved by bisection: every curve here rises from 0 to 1.
        var lo = 0.0, hi = 1.0
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if forward(mid) < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// How fast the fraction changes at `progress` (its slope).
    public func velocity(at progress: Double) -> Double {
        let h = 1e-5
        let a = max(0, progress - h), b = min(1, progress + h)
        return (value(at: b) - value(at: a)) / (b - a)
    }

    private func forward(_ x: Double) -> Double {
        switch kind {
        case let .bezier(x1, y1, x2, y2): return Animation.bezierProgress(x, x1, y1, x2, y2)
        case .circularIn: return 1 - (1 - x * x).squareRoot()
        case .circularOut: return (1 - (1 - x) * (1 - x)).squareRoot()
        case .circularInOut:
            return x < 0.5 ? (1 - (1 - 4 * x * x).squareRoot()) / 2 : ((1 - (2 * x - 2) * (2 * x - 2)).squareRoot() + 1) / 2
        }
    }
}
