/// One line of a wrapped paragraph.
public struct TextLineBreak: Sendable, Equatable {
    /// The line's text, without the trailing spaces and newline that ended it.
    public var text: Substring
    /// Its advance width in pixels.
    public var width: Double
}

/// Greedy line breaking: hard breaks at newlines, soft breaks at spaces (the space stays at the end of the
/// line and does not count in its width), and inside a word only when the word alone is wider than the line.
/// Each word is measured once; a line's width is the sum of its words and the spaces between them (kerning
/// across a space is negligible and ignored). A width of zero or less gives one word per line, uncut: the
/// text's narrowest sensible size, which is what stacks ask for when they probe flexibility.
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
        let space = width(of: " ", size: size, kerning: false)
        var lineStart: Substring.Index? = nil
        var lineEnd = p.startIndex
        var lineWidth = 0.0
        var pendingSpaces = 0
        var i = p.startIndex
        func flush() {
            if let s = lineStart { out.append(TextLineBreak(text: p[s..<lineEnd], width: lineWidth)) }
            lineStart = nil
            lineWidth = 0
        }
        while i < p.endIndex {
            var wordEnd = i
            while wordEnd < p.endIndex && p[wordEnd] != " " { wordEnd = p.index(after: wordEnd) }
            var spaceEnd = wordEnd
            var spaces = 0
            while spaceEnd < p.endIndex && p[spaceEnd] == " " { spaceEnd = p.index(after: spaceEnd); spaces += 1 }
            if wordEnd > i {
                let w = measure(p[i..<wordEnd])
                if lineStart != nil && lineWidth + Double(pendingSpaces) * space + w <= limit {
                    lineWidth += Double(pendingSpaces) * space + w
                    lineEnd = wordEnd
                } else {
                    flush()
                    if w > limit {
                        // A word wider than the line on its own: cut it between characters (with no width at
                        // all, every character: text is then as narrow as its widest character, as SwiftUI's,
                        // so a stack sees how much narrower it can be than its ideal width).
                        var start = i
                        var cutWidth = 0.0
                        var j = i
                        while j < wordEnd {
                            let next = p.index(after: j)
                            let cw = measure(p[j..<next])
                            if cutWidth + cw > limit && j > start {
                                out.append(TextLineBreak(text: p[start..<j], width: cutWidth))
                                start = j
                                cutWidth = 0
                            }
                            cutWidth += cw
                            j = next
                        }
                        lineStart = start
                        lineEnd = wordEnd
                        lineWidth = cutWidth
                    } else {
                        lineStart = i
                        lineEnd = wordEnd
                        lineWidth = w
                    }
                }
            } else if lineStart == nil {
                // Leading spaces of a paragraph start the line.
                lineStart = i
                lineEnd = i
            }
            pendingSpaces = spaces
            i = spaceEnd
        }
        if lineStart == nil { lineStart = lineEnd }
        flush()
    }
}
