/// One line of a wrapped paragraph.
public struct TextLineBreak: Sendable, Equatable {
    /// The line's text, without the trailing spaces and newline that ended it.
    public var text: Substring
    /// Its advance width in pixels.
    public var width: Double
}

/// Greedy line breaking: hard breaks at newlines, soft breaks at spaces (the space stays at the end of the
/// line and does not count in its width), and inside a word only when the word alone is wider than the line.
extension Font {
    /// Lines of `text` at `size` pixels no wider than `maxWidth` (nil: one line per paragraph).
    public func lines(of text: String, size: Double, maxWidth: Double?, kerning: Bool = true) -> [TextLineBreak] {
        var out: [TextLineBreak] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            breakParagraph(paragraph, size: size, maxWidth: maxWidth, kerning: kerning, into: &out)
        }
        return out
    }

    private func breakParagraph(_ p: Substring, size: Double, maxWidth: Double?, kerning: Bool, into out: inout [TextLineBreak]) {
        func measure(_ s: Substring) -> Double { width(of: String(s), size: size, kerning: kerning) }
        guard let limit = maxWidth, limit.isFinite else {
            out.append(TextLineBreak(text: p, width: measure(p)))
            return
        }
        // Words with the spaces that follow them.
        var lineStart = p.startIndex
        var lineEnd = p.startIndex       // end of the last whole word on the line
        var lineWidth = 0.0              // width up to lineEnd
        var i = p.startIndex
        var emitted = false
        while i < p.endIndex {
            var wordEnd = i
            while wordEnd < p.endIndex && p[wordEnd] != " " { wordEnd = p.index(after: wordEnd) }
            var spaceEnd = wordEnd
            while spaceEnd < p.endIndex && p[spaceEnd] == " " { spaceEnd = p.index(after: spaceEnd) }
            let candidate = measure(p[lineStart..<wordEnd])
            if candidate <= limit || lineEnd == lineStart {
                if candidate > limit {
                    // A word wider than the line on its own: cut it between characters.
                    var start = lineStart
                    var cut = start
                    var cutWidth = 0.0
                    var j = start
                    while j < wordEnd {
                        let next = p.index(after: j)
                        let w = measure(p[start..<next])
                        if w > limit && cut > start {
                            out.append(TextLineBreak(text: p[start..<cut], width: cutWidth))
                            emitted = true
                            start = cut
                            continue
                        }
                        cut = next; cutWidth = w; j = next
                    }
                    lineStart = start
                    lineEnd = wordEnd
                    lineWidth = measure(p[start..<wordEnd])
                } else {
                    lineEnd = wordEnd
                    lineWidth = candidate
                }
                i = spaceEnd
            } else {
                out.append(TextLineBreak(text: p[lineStart..<lineEnd], width: lineWidth))
                emitted = true
                lineStart = i
                lineEnd = i
                lineWidth = 0
            }
        }
        if lineEnd > lineStart || !emitted { out.append(TextLineBreak(text: p[lineStart..<lineEnd], width: lineWidth)) }
    }
}
