/// Reads a fuzzer's bytes as the values a harness needs. Past the end every read is 0, so any input is a
/// complete program.
public struct FuzzInput {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    }

    public var isAtEnd: Bool { position >= bytes.count }
    public var remaining: Int { max(0, bytes.count - position) }

    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    public mutating func int(below n: Int) -> Int { n <= 0 ? 0 : Int(byte()) % n }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A Double that is usually a plain small number and sometimes anything at all: one of the special values
    /// (NaN, infinities, ±0, the smallest denormal, the extremes), a raw bit pattern, or a scaled small value,
    /// so both drawn geometry and the edge cases are reached.
    public mutating func double() -> Double {
        let kind = byte()
        switch kind % 16 {
        case 0: return [Double.nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
                        -.greatestFiniteMagnitude, 1e19, -1e19, 1e100, 1e-300, 1e37, 4_194_304, 1e9, 0x1p-52][Int(kind >> 4)]
        case 1:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
            return Double(bitPattern: bits)
        case 2:
            // A small value scaled by a power of ten from 1e-40 to 1e40.
            let v = Double(Int8(bitPattern: byte()))
            let e = Int(byte() % 81) - 40
            var scale = 1.0
            for _ in 0..<abs(e) { scale *= 10 }
            return e < 0 ? v / scale : v * scale
        default:
            // -64 ... 64 in steps of 1/4 (what most geometry on a small surface looks like).
            return Double(Int16(bitPattern: UInt16(byte()) << 8 | UInt16(byte())) % 512) / 4
        }
    }

    /// The rest of the bytes.
    public mutating func rest() -> [UInt8] {
        guard position < bytes.count else { return [] }
        defer { position = bytes.count }
        return Array(bytes[position...])
    }
}
