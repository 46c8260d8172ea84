/// Receives the rasterizer's output one horizontal span at a time, in device pixels. Spans of a row
/// arrive left to right; rows top to bottom.
protocol CoverageSink {
    /// `count` pixels from (x, y) all covered by `alpha` (1...255).
    mutating func blendRun(x: Int, y: Int, count: Int, alpha: UInt8)
    /// `count` pixels from (x, y), each covered by its own value (0...255) in `coverage`.
    mutating func blendSpan(x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt8>)
}

/// How overlapping contours combine into coverage.
public enum FillRule: Sendable, Hashable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
