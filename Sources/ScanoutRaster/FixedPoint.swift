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
        let c = max(-limit, min(limit, v))
        return Int32((c * 256).rounded(.toNearestOrEven))
    }

    @inline(__always)
    static func toDouble(_ f: Int32) -> Double { Double(f) / 256 }
}
