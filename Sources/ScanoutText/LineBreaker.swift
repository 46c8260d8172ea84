/// One line of a wrapped paragraph.
public struct TextLineBreak: Sendable, Equatable {
    /// The line's text, without the trailing spaces and newline that ended it.
    public var text: Substring
    /// Its advance width in pixels.
    public var width: Double

    public init(text: Substring, width: Double) {
        self.text = text
        self.width = width
    }
}

/// Greedy line breaking: hard breaks at newlines, soft breaks at spaces (the space stays at the end of the
/// line and does not count in its width) and between ideographs and kana (CJK text has no spaces; UAX #14's
/// ID class, kept from closing and opening punctuation as its rules say) and between Thai words (libthai's
/// dictionary), and inside a word only when the word alone is wider than the line.
/// Each word is measured once; a line's width is the sum of its words and the spaces between them (kerning
/// across a space is negligible and ignored). A width of zero or less gives one word per line, uncut: the
/// text's narrowest sensible size, which is what stacks ask for when they probe flexibility.
extension Font {
    /// Lines of `text` at `size` pixels no wider than `maxWidth` (nil: one line per paragraph).
    public func lines(of text: String, size: Double, maxWidth: Double?, kerning: Bool = true, tracking: Int = 0) -> [TextLineBreak] {
        lines(of: text, size: size, maxWidth: maxWidth, kerning: kerning, tracking: tracking, shortcuts: true)
    }

    /// `lines(of:…)` through the general breaker only (tests compare the shortcut with it).
    func linesWithoutShortcuts(of text: String, size: Double, maxWidth: Double?, kerning: Bool = true, tracking: Int = 0) -> [TextLineBreak] {
        lines(of: text, size: size, maxWidth: maxWidth, kerning: kerning, tracking: tracking, shortcuts: false)
    }

    private func lines(of text: String, size: Double, maxWidth: Double?, kerning: Bool, tracking: Int, shortcuts: Bool) -> [TextLineBreak] {
        var out: [TextLineBreak] = []
        // One paragraph (the usual label): no split, which costs more than the breaking of a short line.
        if !text.utf8.contains(0x0A) {
            breakParagraph(text[...], size: size, maxWidth: maxWidth, kerning: kerning, tracking: tracking, shortcuts: shortcuts, into: &out)
            return out
        }
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            breakParagraph(paragraph, size: size, maxWidth: maxWidth, kerning: kerning, tracking: tracking, shortcuts: shortcuts, into: &out)
        }
        return out
    }

    private func breakParagraph(_ p: Substring, size: Double, maxWidth: Double?, kerning: Bool, tracking: Int,
                                shortcuts: Bool, into out: inout [TextLineBreak]) {
        func measure(_ s: Substring) -> Double { width(of: String(s), size: size, kerning: kerning, tracking: tracking) }
        guard let limit = maxWidth, limit.isFinite else {
            out.append(TextLineBreak(text: p, width: measure(p)))
            return
        }
        if shortcuts, limit <= 0, tracking >= 0, breakEveryCharacter(p, size: size, kerning: kerning, tracking: tracking, into: &out) { return }
        let space = width(of: " ", size: size, kerning: false, tracking: tracking)
        var lineStart: Substring.Index? = nil
        var lineEnd = p.startIndex
        var lineWidth = 0.0
        var pendingSpaces = 0
        let thaiBreaks = ThaiWordBreaks.breaks(in: p)
        var i = p.startIndex
        func flush() {
            if let s = lineStart { out.append(TextLineBreak(text: p[s..<lineEnd], width: lineWidth)) }
            lineStart = nil
            lineWidth = 0
        }
        while i < p.endIndex {
            // A word ends at a space, or where a line may break inside it (between CJK ideographs and kana).
            var wordEnd = i
            while wordEnd < p.endIndex && p[wordEnd] != " " {
                let next = p.index(after: wordEnd)
                if next < p.endIndex, p[next] != " ",
                   LineBreakClass.mayBreak(between: p[wordEnd], and: p[next]) || thaiBreaks.contains(next) {
                    wordEnd = next
                    break
                }
                wordEnd = next
            }
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

extension Font {
    /// What `breakParagraph` gives a printable ASCII paragraph at no width, without its word and script
    /// machinery (stacks ask every text for it): one line per character but spaces, after an empty line when
    /// the paragraph starts with a space or is empty. False (nothing added) for other text, or where a
    /// character has no advance (the general breaker joins those to the next).
    fileprivate func breakEveryCharacter(_ p: Substring, size: Double, kerning: Bool, tracking: Int,
                                         into out: inout [TextLineBreak]) -> Bool {
        for b in p.utf8 where b < 0x20 || b > 0x7E { return false }
        let start = out.count
        out.reserveCapacity(start + p.utf8.count + 1)
        if p.utf8.first.map({ $0 == 0x20 }) ?? true { out.append(TextLineBreak(text: p[p.startIndex..<p.startIndex], width: 0)) }
        // One character alone has no kerning pair and no ligature: its advance and tracking, unless the face
        // shapes everything.
        let unshaped = size.isFinite && size > 0 && !latinShortcut.shapesAll
        let scale = scale(size)
        var i = p.startIndex
        while i < p.endIndex {
            let next = p.utf8.index(after: i)
            let b = p.utf8[i]
            if b != 0x20 {
                let w = unshaped ? Double(Int(advanceUnits(glyphIndex(for: Unicode.Scalar(b)))) + tracking) * scale
                    : width(of: String(p[i..<next]), size: size, kerning: kerning, tracking: tracking)
                guard w > 0 else {
                    out.removeSubrange(start...)
                    return false
                }
                out.append(TextLineBreak(text: p[i..<next], width: w))
            }
            i = next
        }
        return true
    }
}

/// The few UAX #14 line-break classes the breaker needs to break CJK text, which has no spaces.
enum LineBreakClass {
    /// Ideographs, kana, CJK symbols and fullwidth forms: a line may break before and after each (class ID).
    static func isIdeographic(_ v: UInt32) -> Bool {
        (v >= 0x2E80 && v < 0xA000) || (v >= 0xF900 && v < 0xFB00) || (v >= 0xFF00 && v < 0xFF60)
            || (v >= 0x20000 && v < 0x3FFFE)
    }

    /// Closing punctuation, small kana and iteration marks: never at the start of a line (classes CL, CP, NS).
    static func neverStartsLine(_ v: UInt32) -> Bool {
        switch v {
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF01, 0x30FC, 0x3005, 0x309D, 0x309E, 0x30FD, 0x30FE,
             0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0xFF09, 0xFF3D, 0xFF5D,
             0x0029, 0x005D, 0x007D, 0x002C, 0x002E, 0x003A, 0x003B, 0x0021, 0x003F:
            return true
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
             0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6:
            return true
        default:
            return false
        }
    }

    /// Opening punctuation: never at the end of a line (class OP).
    static func neverEndsLine(_ v: UInt32) -> Bool {
        switch v {
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0xFF08, 0xFF3B, 0xFF5B,
             0x0028, 0x005B, 0x007B:
            return true
        default:
            return false
        }
    }

    /// Whether a line may break between two characters with no space between them.
    static func mayBreak(between a: Character, and b: Character) -> Bool {
        guard let x = a.unicodeScalars.last?.value, let y = b.unicodeScalars.first?.value else { return false }
        guard isIdeographic(x) || isIdeographic(y) else { return false }
        return !neverStartsLine(y) && !neverEndsLine(x)
    }
}
