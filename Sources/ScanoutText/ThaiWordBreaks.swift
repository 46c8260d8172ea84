import CThai

/// Where Thai text may break: between words, which Thai writes without spaces, found by libthai's dictionary
/// (Debian's libthai-data). Without the dictionary (or libthai itself, loaded at the first Thai text), Thai breaks
/// only at spaces.
enum ThaiWordBreaks {
    /// libthai's breaker, made once (it loads the dictionary); nil when it cannot be made. Behind a lock: the
    /// breaker is not documented as safe to share between threads.
    private static let breaker = LockedValue<OpaquePointer??>(.none)

    @inline(__always)
    static func isThai(_ v: UInt32) -> Bool { v >= 0x0E01 && v <= 0x0E5B }

    /// The positions in `text` before which a line may break inside Thai runs (empty for text without Thai).
    static func breaks(in text: Substring) -> Set<Substring.Index> {
        guard text.unicodeScalars.contains(where: { isThai($0.value) }), let thai = ThaiLibrary.shared else { return [] }
        let scalars = Array(text.unicodeScalars)
        var wide = scalars.map { wchar_t(truncatingIfNeeded: $0.value) }  // signed on x86_64, unsigned on aarch64
        wide.append(0)
        var positions = [Int32](repeating: 0, count: scalars.count + 1)
        let found: Int = breaker.withLock { made in
            if case .none = made { made = .some(thai.breakerNew(nil)) }
            guard case .some(.some(let brk)) = made else { return 0 }
            return Int(thai.findBreaks(brk, wide, &positions, positions.count))
        }
        guard found > 0 else { return [] }
        // Scalar offsets → indices of `text`; a break inside a grapheme (never from a word list) is dropped.
        var offsets = Set(positions.prefix(found).map(Int.init))
        let characterStarts = Set(text.indices)
        var out = Set<Substring.Index>()
        var offset = 0
        var i = text.unicodeScalars.startIndex
        while i < text.unicodeScalars.endIndex, !offsets.isEmpty {
            if offsets.remove(offset) != nil, characterStarts.contains(i) { out.insert(i) }
            text.unicodeScalars.formIndex(after: &i)
            offset += 1
        }
        return out
    }
}
