/// A small deterministic generator for randomized tests (xorshift64*), so that a failure names a seed that
/// replays it.
public struct SeededRandom {
    var state: UInt64
    public init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    public mutating func next() -> UInt64 {
        state ^= state >> 12; state ^= state << 25; state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    public mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }
    public mutating func chance(_ p: Double) -> Bool { double(0...1) < p }
}
