/// Sine and cosine computed with basic IEEE operations only, so that geometry (arcs, rotations, round
/// joins) is bit-identical on x86_64 and aarch64, whose libm implementations may differ in the last bit.
public enum Trig {
    public static func sin(_ x: Double) -> Double { sinCos(x).sin }
    public static func cos(_ x: Double) -> Double { sinCos(x).cos }

    public static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite else { return (.nan, .nan) }
        // Reduce by pi/2 with a two-part constant (Cody-Waite), then evaluate on [-pi/4, pi/4].
        let q = (x * (2 / Double.pi)).rounded(.toNearestOrEven)
        let r = (x - q * 1.5707963267341256) - q * 6.077100506506192e-11
        let r2 = r * r
        // Taylor series to degree 17/16: error below 1e-17 on the reduced interval.
        let s = r * (1 + r2 * (-1.0 / 6 + r2 * (1.0 / 120 + r2 * (-1.0 / 5040 + r2 * (1.0 / 362_880
            + r2 * (-1.0 / 39_916_800 + r2 * (1.0 / 6_227_020_800 + r2 * (-1.0 / 1_307_674_368_000
            + r2 * (1.0 / 355_687_428_096_000)))))))))
        let c = 1 + r2 * (-0.5 + r2 * (1.0 / 24 + r2 * (-1.0 / 720 + r2 * (1.0 / 40320 + r2 * (-1.0 / 3_628_800
            + r2 * (1.0 / 479_001_600 + r2 * (-1.0 / 87_178_291_200 + r2 * (1.0 / 20_922_789_888_000))))))))
        let quadrant = Int(q.truncatingRemainder(dividingBy: 4)) & 3
        switch quadrant {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// The angle of (x, y) in (−π, π], from basic IEEE operations (the same bits on every architecture).
    /// Error below 1e-5 radian: a conic gradient's table step is 2π/256.
    @inline(__always)
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        guard !x.isNaN, !y.isNaN else { return .nan }
        let ax = abs(x), ay = abs(y)
        let big = max(ax, ay)
        // The origin (and infinities, which no gradient reaches): along the axis the signs give.
        guard big > 0, big.isFinite else { return x < 0 ? (y < 0 ? -Double.pi : Double.pi) : (y < 0 ? -0.0 : 0) }
        // atan on [0, 1] of the smaller over the larger (a minimax polynomial in z²), then the octant.
        let z = min(ax, ay) / big, z2 = z * z
        var a = z * (0.99997726 + z2 * (-0.33262347 + z2 * (0.19354346 + z2 * (-0.11643287
            + z2 * (0.05265332 + z2 * -0.01172120)))))
        if ay > ax { a = Double.pi / 2 - a }
        if x < 0 { a = Double.pi - a }
        return y < 0 ? -a : a
    }
}
