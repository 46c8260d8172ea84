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
}
