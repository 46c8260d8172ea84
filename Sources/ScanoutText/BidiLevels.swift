import CFriBidi

/// The Unicode bidirectional algorithm (UAX #9, by FriBidi) over one paragraph: an embedding level per scalar
/// (even = left to right, odd = right to left), with numbers inside right-to-left text and paired brackets
/// resolved as the algorithm says.
enum BidiLevels {
    /// Whether `scalar` can make text right to left: a right-to-left letter or a bidi control. Text with none of
    /// these is all level 0 and skips the algorithm.
    @inline(__always)
    static func mayBeRightToLeft(_ v: UInt32) -> Bool {
        (v >= 0x0590 && v < 0x0900) || (v >= 0xFB1D && v < 0xFE00) || (v >= 0xFE70 && v < 0xFF00)
            || (v >= 0x10800 && v < 0x11000) || (v >= 0x1E800 && v < 0x1F000)
            || v == 0x200F || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
    }

    /// Levels of `scalars` as one paragraph, its base direction from its first strong character (UAX #9's
    /// rules P2–P3); all zero (and no FriBidi call) when nothing in it is right to left.
    static func levels(of scalars: [UInt32]) -> [Int8] {
        let n = scalars.count
        // (Without FriBidi, which is loaded here first, left to right is the readable fallback.)
        guard scalars.contains(where: mayBeRightToLeft), let fribidi = FriBidiLibrary.shared else {
            return [Int8](repeating: 0, count: n)
        }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [Int8](repeating: 0, count: n)
        var direction = scanout_fribidi_par_auto()
        let ok = scalars.withUnsafeBufferPointer { text in
            types.withUnsafeMutableBufferPointer { t in
                brackets.withUnsafeMutableBufferPointer { b in
                    levels.withUnsafeMutableBufferPointer { l in
                        fribidi.getBidiTypes(text.baseAddress, Int32(n), t.baseAddress)
                        fribidi.getBracketTypes(text.baseAddress, Int32(n), t.baseAddress, b.baseAddress)
                        return fribidi.getParEmbeddingLevels(t.baseAddress, b.baseAddress, Int32(n), &direction,
                                                             l.baseAddress) != 0
                    }
                }
            }
        }
        // FriBidi fails only when it cannot allocate: left to right is then the readable fallback.
        return ok ? levels : [Int8](repeating: 0, count: n)
    }

    /// The visual order of runs with `levels` (UAX #9 rule L2): from the highest level down to the lowest odd
    /// one, every maximal sequence of runs at that level or above is reversed.
    static func visualOrder(ofRunLevels levels: [Int8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}

/// The direction of a wrapped paragraph, for each of its lines (UAX #9 finds the base direction once per
/// paragraph; Scanout lays out and draws each line alone, which would find it again per line).
public enum ParagraphDirection {
    /// A mark to draw before `line` (a line of a paragraph in `line.base`) so that it is laid out in its
    /// paragraph's direction: RLM in a right-to-left paragraph, LRM in a left-to-right one that holds
    /// right-to-left text; nil when the line is the whole paragraph or the paragraph has nothing right to left.
    public static func mark(forLine line: Substring) -> Character? {
        let base = line.base
        var start = line.startIndex
        while start > base.startIndex {
            let before = base.index(before: start)
            if base[before] == "\n" { break }
            start = before
        }
        var end = line.endIndex
        while end < base.endIndex && base[end] != "\n" { end = base.index(after: end) }
        if start == line.startIndex && end == line.endIndex { return nil }
        let scalars = base[start..<end].unicodeScalars.map(\.value)
        guard scalars.contains(where: BidiLevels.mayBeRightToLeft) else { return nil }
        return mark(forParagraph: scalars)
    }

    /// RLM for a paragraph whose first strong character is right to left, else LRM.
    static func mark(forParagraph scalars: [UInt32]) -> Character {
        guard let fribidi = FriBidiLibrary.shared else { return "\u{200E}" }  // (left to right without FriBidi)
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        let direction = scalars.withUnsafeBufferPointer { text in
            types.withUnsafeMutableBufferPointer { t in
                fribidi.getBidiTypes(text.baseAddress, Int32(text.count), t.baseAddress)
                return fribidi.getParDirection(t.baseAddress, Int32(text.count))
            }
        }
        return direction == scanout_fribidi_par_rtl() ? "\u{200F}" : "\u{200E}"
    }
}
