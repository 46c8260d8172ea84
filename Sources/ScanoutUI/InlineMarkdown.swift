/// Inline Markdown as SwiftUI reads it in a `Text` made from a key (a string literal, `LocalizedStringKey`):
/// `*emphasis*` and `_emphasis_` (italic), `**strong**` and `__strong__` (bold), `~strikethrough~` and
/// `~~strikethrough~~`, `` `code` `` (monospaced), `[links](https://…)` and `<https://…>`, and backslash
/// escapes; everything else — headings, lists, line breaks, spaces — is kept as written (Apple's inline-only
/// syntax that preserves whitespace). Delimiters pair by CommonMark's rules (flanking runs, `_` not inside a
/// word, the rule of three), so `snake_case_name`, `5 * 3` and `~5 min` stay as they are. HTML entities are not
/// decoded (`&amp;` shows as written).
///
/// Values interpolated into the key are never read as Markdown (as in SwiftUI): `StringFormat` hands them in
/// between `valueStart` and `valueEnd`, and they come out as plain text in the style around them.
enum InlineMarkdown {
    struct Style: Equatable {
        var strong = false
        var emphasis = false
        var code = false
        var strikethrough = false
        var link: String?
    }

    struct Run: Equatable {
        var text: String
        var style: Style
    }

    /// Marks around an interpolated value (private-use scalars no key holds).
    static let valueStart: Unicode.Scalar = "\u{E000}"
    static let valueEnd: Unicode.Scalar = "\u{E001}"

    /// Whether `s` holds a character a Markdown construct starts with: most keys do not, and are not parsed.
    static func mayContainMarkup(_ s: String) -> Bool {
        for b in s.utf8 where b == 0x2A || b == 0x5F || b == 0x60 || b == 0x7E || b == 0x5B || b == 0x3C || b == 0x5C {
            return true  // * _ ` ~ [ < \
        }
        return false
    }

    /// The styled runs of `source`, adjacent runs of one style joined, none empty.
    static func runs(of source: String) -> [Run] {
        var parser = Parser(Array(source.unicodeScalars))
        parser.parse()
        var runs: [Run] = []
        for node in parser.nodes {
            let text = node.delimiter.map { String(repeating: String($0.character), count: $0.count) } ?? node.text
            guard !text.isEmpty else { continue }
            if let last = runs.last, last.style == node.style {
                runs[runs.count - 1].text += text
            } else {
                runs.append(Run(text: text, style: node.style))
            }
        }
        return runs
    }

    private struct Delimiter {
        let character: Unicode.Scalar
        var count: Int
        let original: Int
        let canOpen: Bool
        let canClose: Bool
    }

    private struct Node {
        var text = ""
        var style = Style()
        var delimiter: Delimiter?
    }

    private struct Parser {
        let s: [Unicode.Scalar]
        var nodes: [Node] = []
        /// The nodes of delimiter runs that may still pair, in order.
        var delimiters: [Int] = []
        /// Open brackets: the node of each `[`, the delimiters before it, and whether it may still start a link.
        var brackets: [(node: Int, bottom: Int, active: Bool)] = []
        var pending = ""

        init(_ scalars: [Unicode.Scalar]) { s = scalars }

        mutating func flush() {
            guard !pending.isEmpty else { return }
            nodes.append(Node(text: pending))
            pending = ""
        }

        mutating func parse() {
            var i = 0
            while i < s.count {
                let c = s[i]
                switch c {
                case "\\":
                    if i + 1 < s.count, s[i + 1].isASCII, Self.isPunctuation(s[i + 1]) || s[i + 1] == "\n" {
                        pending.unicodeScalars.append(s[i + 1])
                        i += 2
                    } else {
                        pending.unicodeScalars.append(c)
                        i += 1
                    }
                case InlineMarkdown.valueStart:
                    var j = i + 1
                    while j < s.count, s[j] != InlineMarkdown.valueEnd { pending.unicodeScalars.append(s[j]); j += 1 }
                    i = j + 1
                case "`":
                    i = codeSpan(at: i)
                case "*", "_", "~":
                    i = delimiterRun(at: i)
                case "[":
                    flush()
                    nodes.append(Node(text: "["))
                    brackets.append((nodes.count - 1, delimiters.count, true))
                    i += 1
                case "]":
                    i = closeBracket(at: i)
                case "<":
                    i = autolink(at: i)
                default:
                    pending.unicodeScalars.append(c)
                    i += 1
                }
            }
            flush()
            processEmphasis(above: 0)
        }

        /// A code span: a run of backticks up to the next run of as many; none: the backticks as written.
        mutating func codeSpan(at start: Int) -> Int {
            var n = 0
            while start + n < s.count, s[start + n] == "`" { n += 1 }
            var j = start + n
            while j < s.count {
                guard s[j] == "`" else { j += 1; continue }
                var m = 0
                while j + m < s.count, s[j + m] == "`" { m += 1 }
                if m == n {
                    var content = s[(start + n)..<j].map { $0 == "\n" ? " " : $0 }
                    if content.count >= 2, content.first == " ", content.last == " ", content.contains(where: { $0 != " " }) {
                        content = Array(content.dropFirst().dropLast())
                    }
                    flush()
                    var node = Node()
                    node.text.unicodeScalars.append(contentsOf: content)
                    node.style.code = true
                    nodes.append(node)
                    return j + m
                }
                j += m
            }
            for _ in 0..<n { pending.unicodeScalars.append("`") }
            return start + n
        }

        /// A run of `*`, `_` or `~`, as a delimiter that may open or close emphasis by what is around it.
        mutating func delimiterRun(at start: Int) -> Int {
            let c = s[start]
            var n = 0
            while start + n < s.count, s[start + n] == c { n += 1 }
            let before: Unicode.Scalar = start > 0 ? s[start - 1] : " "
            let after: Unicode.Scalar = start + n < s.count ? s[start + n] : " "
            let beforeSpace = Self.isSpace(before), afterSpace = Self.isSpace(after)
            let beforePunct = Self.isPunctuation(before), afterPunct = Self.isPunctuation(after)
            let left = !afterSpace && (!afterPunct || beforeSpace || beforePunct)
            let right = !beforeSpace && (!beforePunct || afterSpace || afterPunct)
            let canOpen = c == "_" ? left && (!right || beforePunct) : left
            let canClose = c == "_" ? right && (!left || afterPunct) : right
            guard c != "~" || n <= 2 else {
                for _ in 0..<n { pending.unicodeScalars.append(c) }
                return start + n
            }
            flush()
            nodes.append(Node(delimiter: Delimiter(character: c, count: n, original: n, canOpen: canOpen, canClose: canClose)))
            delimiters.append(nodes.count - 1)
            return start + n
        }

        /// `]`: a link when an open bracket may start one and `(destination "title")` follows; otherwise itself.
        mutating func closeBracket(at start: Int) -> Int {
            guard let opener = brackets.popLast() else {
                pending.unicodeScalars.append("]")
                return start + 1
            }
            guard opener.active, let (destination, end) = linkDestination(at: start + 1) else {
                pending.unicodeScalars.append("]")
                return start + 1
            }
            flush()
            processEmphasis(above: opener.bottom)
            nodes[opener.node].text = ""
            for k in (opener.node + 1)..<nodes.count { nodes[k].style.link = destination }
            // No link inside a link.
            for k in brackets.indices { brackets[k].active = false }
            return end
        }

        /// `(destination)` or `(destination "title")` at `start`: the destination and the index after `)`.
        func linkDestination(at start: Int) -> (String, Int)? {
            guard start < s.count, s[start] == "(" else { return nil }
            var j = start + 1
            while j < s.count, s[j] == " " { j += 1 }
            var destination = ""
            if j < s.count, s[j] == "<" {
                j += 1
                while j < s.count, s[j] != ">", s[j] != "\n" { destination.unicodeScalars.append(s[j]); j += 1 }
                guard j < s.count, s[j] == ">" else { return nil }
                j += 1
            } else {
                var depth = 0
                while j < s.count, !Self.isSpace(s[j]) {
                    if s[j] == "(" { depth += 1 }
                    if s[j] == ")" { if depth == 0 { break }; depth -= 1 }
                    if s[j] == "\\", j + 1 < s.count, Self.isPunctuation(s[j + 1]) { j += 1 }
                    destination.unicodeScalars.append(s[j])
                    j += 1
                }
            }
            while j < s.count, s[j] == " " { j += 1 }
            if j < s.count, s[j] == "\"" || s[j] == "'" {  // a title: read past, not shown
                let quote = s[j]
                j += 1
                while j < s.count, s[j] != quote { j += 1 }
                guard j < s.count else { return nil }
                j += 1
                while j < s.count, s[j] == " " { j += 1 }
            }
            guard j < s.count, s[j] == ")" else { return nil }
            return (destination, j + 1)
        }

        /// `<scheme:…>`: a link showing its address; otherwise `<` as written.
        mutating func autolink(at start: Int) -> Int {
            var j = start + 1
            var scheme = 0
            while j < s.count, s[j].isASCII, Self.isLetterOrDigit(s[j]) || (scheme > 0 && "+.-".unicodeScalars.contains(s[j])) {
                scheme += 1
                j += 1
            }
            guard (2...32).contains(scheme), Self.isLetterOrDigit(s[start + 1]), !("0"..."9").contains(s[start + 1]),
                  j < s.count, s[j] == ":" else {
                pending.unicodeScalars.append("<")
                return start + 1
            }
            while j < s.count, s[j] != ">", s[j] != "<", !Self.isSpace(s[j]) { j += 1 }
            guard j < s.count, s[j] == ">" else {
                pending.unicodeScalars.append("<")
                return start + 1
            }
            flush()
            var node = Node()
            node.text.unicodeScalars.append(contentsOf: s[(start + 1)..<j])
            node.style.link = node.text
            nodes.append(node)
            return j + 1
        }

        /// Pairs the delimiters from index `bottom` of `delimiters` on (CommonMark's "process emphasis"): each
        /// closer with the nearest opener of its character before it, styling the nodes between; those left
        /// unpaired are plain text.
        mutating func processEmphasis(above bottom: Int) {
            var ci = bottom
            while ci < delimiters.count {
                let closerNode = delimiters[ci]
                guard let closer = nodes[closerNode].delimiter, closer.canClose else { ci += 1; continue }
                var found: Int?
                var oi = ci - 1
                while oi >= bottom {
                    if let o = nodes[delimiters[oi]].delimiter, o.character == closer.character, o.canOpen {
                        if closer.character == "~" {
                            if o.count == closer.count { found = oi; break }
                        } else if !((o.canClose || closer.canOpen) && (o.original + closer.original) % 3 == 0
                                    && !(o.original % 3 == 0 && closer.original % 3 == 0)) {
                            found = oi
                            break
                        }
                    }
                    oi -= 1
                }
                guard let oi = found else {
                    if closer.canOpen { ci += 1 } else { delimiters.remove(at: ci) }
                    continue
                }
                let openerNode = delimiters[oi]
                let opener = nodes[openerNode].delimiter!
                let use = closer.character == "~" ? closer.count : (opener.count >= 2 && closer.count >= 2 ? 2 : 1)
                for k in (openerNode + 1)..<closerNode {
                    if closer.character == "~" {
                        nodes[k].style.strikethrough = true
                    } else if use == 2 {
                        nodes[k].style.strong = true
                    } else {
                        nodes[k].style.emphasis = true
                    }
                }
                nodes[openerNode].delimiter!.count -= use
                nodes[closerNode].delimiter!.count -= use
                delimiters.removeSubrange((oi + 1)..<ci)
                ci = oi + 1
                if nodes[openerNode].delimiter!.count == 0 {
                    delimiters.remove(at: oi)
                    ci -= 1
                }
                if nodes[closerNode].delimiter!.count == 0 { delimiters.remove(at: ci) }
            }
            delimiters.removeSubrange(min(bottom, delimiters.count)...)
        }

        static func isSpace(_ c: Unicode.Scalar) -> Bool { c.properties.isWhitespace }

        static func isLetterOrDigit(_ c: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
        }

        /// ASCII punctuation and Unicode's punctuation and symbol categories (CommonMark's "punctuation").
        static func isPunctuation(_ c: Unicode.Scalar) -> Bool {
            if c == InlineMarkdown.valueStart || c == InlineMarkdown.valueEnd { return false }  // a value: as a letter
            if c.isASCII { return c.value > 0x20 && c.value < 0x7F && !isLetterOrDigit(c) }
            switch c.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                 .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
                return true
            default:
                return false
            }
        }
    }
}
