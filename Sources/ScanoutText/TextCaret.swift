/// Where a caret stands in a line of text, and which boundary a touch is nearest: by the order characters are
/// drawn in, not the order they are stored in. In "abc مرحبا" the caret after "م" (logically the fifth
/// character) is at the right end of the Arabic word's first letter, which is drawn rightmost; a text field
/// stands on this for its caret, selection and taps.
extension Font {
    /// Where carets go and where characters are drawn in `text` laid out on one line (design units from the
    /// start of the line, as drawn):
    /// - `positions`: the caret's x at each scalar boundary 0…n: on the reading side of the character after
    ///   the boundary (the left edge of a left-to-right character, the right edge of a right-to-left one), and
    ///   at the far side of the last character for n;
    /// - `extents`: each scalar's span (left, right), for selections.
    /// A boundary inside a ligature or a cluster (Arabic lam-alef, a mark on its base) is placed in proportion
    /// across it.
    package func caretLayout(in text: String, kerning: Bool = true) -> (positions: [Int], extents: [(left: Int, right: Int)]) {
        let n = text.unicodeScalars.count
        if needsShaping(text), let line = shapedLine(text, kerning: kerning) { return caretLayout(of: line, scalarCount: n) }
        var positions: [Int] = []
        positions.reserveCapacity(n + 1)
        let advance = forEachGlyph(in: text, kerning: kerning) { _, pen in positions.append(pen) }
        positions.append(advance)
        return (positions, (0..<n).map { (positions[$0], positions[$0 + 1]) })
    }

    private func caretLayout(of line: ShapedLine, scalarCount n: Int) -> (positions: [Int], extents: [(left: Int, right: Int)]) {
        guard n > 0 else { return ([0], []) }
        // Each cluster's extent (left, right) and direction, by its first scalar.
        var left = [Int](repeating: .max, count: n), right = [Int](repeating: .min, count: n)
        var rtl = [Bool](repeating: false, count: n), starts = [Bool](repeating: false, count: n)
        for i in 0..<line.count {
            let c = Int(line.clusters[i])
            guard c < n else { continue }
            starts[c] = true
            left[c] = min(left[c], Int(line.pens[i]))
            right[c] = max(right[c], Int(line.pens[i]) + Int(line.advances[i]))
            rtl[c] = line.rightToLeft[i]
        }
        var positions = [Int](repeating: 0, count: n + 1)
        var extents = [(left: Int, right: Int)](repeating: (0, 0), count: n)
        // Scalars before the first cluster (none in practice) sit at the line's start.
        var k = 0
        while k < n && !starts[k] { k += 1 }
        while k < n {
            var end = k + 1
            while end < n && !starts[end] { end += 1 }
            let l = left[k], r = right[k], span = end - k
            // Scalars no glyph names share the cluster they follow.
            for j in k..<end {
                let a = (j - k) * (r - l) / span, b = (j + 1 - k) * (r - l) / span
                positions[j] = rtl[k] ? r - a : l + a
                extents[j] = rtl[k] ? (r - b, r - a) : (l + a, l + b)
            }
            k = end
        }
        // After the last character: its far side.
        var last = n - 1
        while last > 0 && !starts[last] { last -= 1 }
        positions[n] = starts[last] ? (rtl[last] ? left[last] : right[last]) : line.advance
        return (positions, extents)
    }
}

/// Caret moves and hit tests over caret positions (any unit).
package enum TextCaret {
    /// Whether `text` holds a right-to-left letter or bidi control (else drawing order is logical order).
    package static func mayBeRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains { BidiLevels.mayBeRightToLeft($0.value) }
    }

    /// The boundary whose position is nearest `x` (the first of equals).
    package static func boundary<T: BinaryFloatingPoint>(nearest x: T, in positions: [T]) -> Int {
        var best = 0
        for i in positions.indices where abs(positions[i] - x) < abs(positions[best] - x) { best = i }
        return best
    }

    /// The boundary drawn next to the left (`toRight` false) or right of boundary `from`: the nearest position
    /// strictly on that side; `from` itself at the line's end.
    package static func boundary<T: BinaryFloatingPoint>(from: Int, toRight: Bool, in positions: [T]) -> Int {
        guard positions.indices.contains(from) else { return from }
        let x = positions[from]
        var best: Int?
        for i in positions.indices where toRight ? positions[i] > x : positions[i] < x {
            if let b = best, toRight ? positions[i] >= positions[b] : positions[i] <= positions[b] { continue }
            best = i
        }
        return best ?? from
    }
}
