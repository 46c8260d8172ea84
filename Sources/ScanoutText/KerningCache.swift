/// Kerning pairs a face was asked for, in design units (the same at every size): a text is measured at several
/// widths per layout and drawn again each time it changes, and FreeType's look-up of a pair in the 'kern' table
/// costs a few hundred instructions — a tenth of measuring a short label.
///
/// Direct-mapped: each slot holds one pair and its value packed in one word (the pair's glyph indices, 16 bits
/// each as OpenType's are, and the value): a pair whose slot another took is asked of FreeType again. 8 KB per
/// face that kerns. Pairs of indices past 16 bits (no OpenType font has them) are not cached. Like the face's
/// other caches, used by one thread at a time (band workers go through the text engine's lock).
struct KerningCache {
    private let slots: UnsafeMutablePointer<UInt64>
    private static let count = 1024
    private static let empty = UInt64.max

    init() {
        slots = .allocate(capacity: Self.count)
        slots.initialize(repeating: Self.empty, count: Self.count)
    }

    func deallocate() { slots.deallocate() }

    @inline(__always)
    private static func key(_ left: GlyphIndex, _ right: GlyphIndex) -> UInt64? {
        guard left <= 0xFFFF, right <= 0xFFFF else { return nil }
        return UInt64(left << 16 | right)
    }

    @inline(__always)
    private static func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 16) & (count - 1) }

    /// The cached value of the pair, or nil.
    @inline(__always)
    func units(_ left: GlyphIndex, _ right: GlyphIndex) -> Int? {
        guard let key = Self.key(left, right) else { return nil }
        let entry = slots[Self.slot(key)]
        guard entry != Self.empty, entry >> 32 == key else { return nil }
        return Int(Int32(bitPattern: UInt32(truncatingIfNeeded: entry)))
    }

    func store(_ units: Int, _ left: GlyphIndex, _ right: GlyphIndex) {
        guard let key = Self.key(left, right), let value = Int32(exactly: units) else { return }
        slots[Self.slot(key)] = key << 32 | UInt64(UInt32(bitPattern: value))
    }
}
