import Testing
@testable import ScanoutRaster

/// Device coordinates to 24.8 fixed point: to the nearest 1/256 pixel, ties to even (as libm's rint, which
/// x86-64 no longer calls for it), clamped to the range the rasterizer's products fit in.
@Suite struct FixedPointTests {
    func reference(_ v: Double) -> Int32 {
        Int32((min(max(v, -FixedPoint.limit), FixedPoint.limit) * 256).rounded(.toNearestOrEven))
    }

    @Test func roundsToTheNearestStepWithTiesToEven() {
        // 0.5/256 is a tie: 0 (even); 1.5/256 → 2; −0.5/256 → 0; −1.5/256 → −2; just past a tie rounds away.
        #expect(FixedPoint.from(0.5 / 256) == 0)
        #expect(FixedPoint.from(1.5 / 256) == 2)
        #expect(FixedPoint.from(2.5 / 256) == 2)
        #expect(FixedPoint.from(-0.5 / 256) == 0)
        #expect(FixedPoint.from(-1.5 / 256) == -2)
        #expect(FixedPoint.from(0.5 / 256 + 1e-12) == 1)
        #expect(FixedPoint.from(10.25) == 2624)
        #expect(FixedPoint.from(-10.25) == -2624)
    }

    @Test func agreesWithRoundedOverTheWholeRange() {
        // A spread of magnitudes from a thousandth of a step to the clamp, both signs, ties included.
        var values: [Double] = [0, -0.0, FixedPoint.limit, -FixedPoint.limit, 1e9, -1e9, 4_194_303.998046875]
        var v = 1.0 / 256_000
        while v < FixedPoint.limit * 2 {
            for w in [v, v * 1.37, (v * 256).rounded(.down) / 256 + 0.5 / 256] { values += [w, -w] }
            v *= 1.9
        }
        for x in values { #expect(FixedPoint.from(x) == reference(x), "\(x)") }
    }

    @Test func aNaNIsZero() {
        #expect(FixedPoint.from(.nan) == 0)
    }
}
