/// 24.8 fixed-point coordinates: what the rasterizer sees. 8 fractional bits give 1/256-pixel positions;
/// 24 integer bits cover ±8 million pixels, far beyond any display.
enum FixedPoint {
    static let shift: Int32 = 8
    static let one: Int32 = 256
    /// Coordinates are clamped to ±2^22 pixels so that products in the rasterizer fit in 64 bits easily.
    static let limit: Double = 4_194_304

    @inline(__always)
    static func from(_ v: Double) -> Int32 {
        guard v == v else { return 0 }  // NaN
        let c = max(-limit, min(limit, v)) * 256
        #if arch(x86_64)
        // Baseline x86-64 has no rounding instruction (roundsd is SSE4.1), so `rounded` is a call into libm's
        // rint, twice per segment. Adding and subtracting 1.5 · 2^52 leaves the nearest integer, ties to even,
        // exactly as rint does: |c| ≤ 2^30 is far inside the range where the sum has no fractional bits.
        let magic = 6_755_399_441_055_744.0
        return Int32((c + magic) - magic)
        #else
        return Int32(c.rounded(.toNearestOrEven))
        #endif
    }

    @inline(__always)
    static func toDouble(_ f: Int32) -> Double { Double(f) / 256 }
}
