import ScanoutRaster
import ScanoutRender

/// The layout of a text made of parts with their own styles (`Text("Speed ") + Text("820").bold()`), or
/// drawn with decorations or slant: the parts are cut into words (a word with the spaces after it), each
/// measured in its part's font, and placed greedily on lines no wider than the proposal; a line is as tall as
/// its tallest part and the parts share its baseline. A word wider than a line gets a line of its own (it is
/// not cut between characters, unlike a plain text's). The line limit keeps the first lines and ends the last
/// with "…".
struct RichTextLayout {
    /// A stretch of one part on one line.
    struct Piece {
        var part: Int
        var text: String
        var x: Double
        var width: Double
    }

    struct Line {
        var pieces: [Piece] = []
        var width: Double = 0
        var ascender: Double = 0
        var height: Double = 0
        /// The paragraph (of `paragraphs`) the line is part of: its text gives the line's base direction.
        var paragraph = 0
    }

    let parts: [Text]
    let fonts: [FontDescriptor]
    private(set) var lines: [Line] = []
    /// The text of each paragraph (the parts between line breaks), for the bidi algorithm's base direction.
    private(set) var paragraphs: [String] = [""]
    private(set) var size = CGSize.zero
    let lineSpacing: Double

    /// The slant of `italic()`: x moves left by this much per point above the baseline (about 11°).
    static let slant = 0.2

    /// Appends `run`, slanted about its baseline when `slanted` (an italic without an italic face: the upright
    /// face sheared, as renderers do).
    static func append(_ run: TextRun, slanted: Bool, into list: inout DisplayList) {
        guard slanted else {
            list.append(.text(run))
            return
        }
        // x' = x - slant * (y - baseline): the baseline stays, the tops lean right.
        list.append(.pushTransform(AffineTransform(a: 1, b: 0, c: -slant, d: 1, tx: slant * run.origin.y, ty: 0)))
        list.append(.text(run))
        list.append(.pop)
    }

    @MainActor
    init(parts: [Text], strings: [String], environment: EnvironmentValues, maxWidth: Double?) {
        self.parts = parts
        fonts = parts.map { part in
            var d = part.resolvedFont(in: environment)
            d.tracking = Double(part.tracking ?? environment.tracking)
            if part.isItalic { d.italic = true }
            return d
        }
        lineSpacing = environment.lineSpacing
        let engine = TextEngine.shared
        let metrics = fonts.map { engine.metrics($0) }

        var line = Line()
        var pendingSpaces: [(part: Int, text: String, width: Double)] = []
        func finishLine() {
            if line.pieces.isEmpty {
                // An empty line (a paragraph break, an empty text) is as tall as the first part's font.
                let m = metrics.first ?? (ascender: 0, descender: 0, lineHeight: 0)
                line.ascender = m.ascender
                line.height = m.lineHeight
            }
            line.paragraph = paragraphs.count - 1
            lines.append(line)
            line = Line()
            pendingSpaces.removeAll()
        }
        func place(_ part: Int, _ text: String, width: Double) {
            let m = metrics[part]
            // A raised part reaches higher (and a lowered one lower) than its font: the line grows by the
            // offset to hold it (its own box keeps its font's height, as a label's does).
            let raise = Double(parts[part].baselineOffset)
            let ascender = m.ascender + Swift.max(0, raise), descent = m.lineHeight - m.ascender + Swift.max(0, -raise)
            let lineDescent = Swift.max(line.height - line.ascender, descent)
            line.ascender = Swift.max(line.ascender, ascender)
            line.height = line.ascender + lineDescent
            if let last = line.pieces.last, last.part == part {
                line.pieces[line.pieces.count - 1].text += text
                line.pieces[line.pieces.count - 1].width += width
            } else {
                line.pieces.append(Piece(part: part, text: text, x: line.width, width: width))
            }
            line.width += width
        }

        for index in parts.indices {
            let shown = environment.textCase?.apply(strings[index]) ?? strings[index]
            for token in Self.tokens(shown) {
                switch token {
                case .newline:
                    finishLine()
                    paragraphs.append("")
                case .spaces(let s):
                    paragraphs[paragraphs.count - 1] += s
                    pendingSpaces.append((index, s, engine.width(of: s, font: fonts[index])))
                case .word(let w):
                    paragraphs[paragraphs.count - 1] += w
                    let width = engine.width(of: w, font: fonts[index])
                    let spaces = pendingSpaces.reduce(0) { $0 + $1.width }
                    if let maxWidth, !line.pieces.isEmpty, line.width + spaces + width > maxWidth + 0.5 {
                        finishLine()
                    } else {
                        for s in pendingSpaces { place(s.part, s.text, width: s.width) }
                    }
                    pendingSpaces.removeAll()
                    place(index, w, width: width)
                }
            }
        }
        finishLine()

        if let limit = environment.lineLimit, lines.count > limit {
            lines.removeLast(lines.count - limit)
            endWithEllipsis(maxWidth: maxWidth)
        }
        let count = Swift.max(lines.count, environment.reservedLines)
        var height = lines.reduce(0) { $0 + $1.height } + Double(Swift.max(0, count - 1)) * lineSpacing
        if count > lines.count, let h = lines.last?.height { height += Double(count - lines.count) * h }
        size = CGSize(width: (lines.map(\.width).max() ?? 0).rounded(.up), height: height.rounded(.up))
    }

    private enum Token {
        case word(String), spaces(String), newline
    }

    /// Words, runs of spaces and line breaks, in order.
    private static func tokens(_ s: String) -> [Token] {
        var out: [Token] = []
        var current = "", inSpaces = false
        func flush() {
            guard !current.isEmpty else { return }
            out.append(inSpaces ? .spaces(current) : .word(current))
            current = ""
        }
        for c in s {
            if c == "\n" {
                flush()
                out.append(.newline)
            } else if c == " " {
                if !inSpaces { flush(); inSpaces = true }
                current.append(c)
            } else {
                if inSpaces { flush(); inSpaces = false }
                current.append(c)
            }
        }
        flush()
        return out
    }

    /// The last line kept ends with "…" (characters go until it fits the width).
    @MainActor
    private mutating func endWithEllipsis(maxWidth: Double?) {
        guard var last = lines.popLast(), !last.pieces.isEmpty else { return }
        let engine = TextEngine.shared
        var piece = last.pieces.removeLast()
        var text = piece.text
        while text.last == " " { text.removeLast() }
        var width = engine.width(of: text + TextLineLimit.ellipsis, font: fonts[piece.part])
        while let w = maxWidth, piece.x + width > w, !text.isEmpty {
            text.removeLast()
            width = engine.width(of: text + TextLineLimit.ellipsis, font: fonts[piece.part])
        }
        piece.text = text + TextLineLimit.ellipsis
        piece.width = width
        last.pieces.append(piece)
        last.width = piece.x + width
        lines.append(last)
    }

    /// Each line's box (its width and height) as drawn in `frame`, for placeholders.
    @MainActor
    func lineBoxes(in frame: CGRect, environment: EnvironmentValues) -> [CGRect] {
        var top = frame.minY
        var boxes: [CGRect] = []
        for line in lines {
            let x = frame.minX + TextLineLimit.offset(of: line.width, in: frame.width, alignment: environment.multilineTextAlignment,
                                                      direction: environment.layoutDirection)
            boxes.append(CGRect(x: x, y: top, width: line.width, height: line.height))
            top += line.height + lineSpacing
        }
        return boxes
    }

    /// A piece (or one bidi run of it) as `draw` places it: its part, text, left edge and width, its direction
    /// (nil: its line holds no right-to-left text), and its line's top.
    struct PlacedPiece {
        var part: Int
        var text: String
        var x: Double
        var width: Double
        var isRightToLeft: Bool?
        var top: Double
        var line: Line
    }

    /// Calls `body` with each piece where `draw` puts it in `frame`, line by line; `body` returns false to stop.
    /// A line holding right-to-left text is placed run by run in bidi order (the pieces are one paragraph to
    /// the algorithm).
    @MainActor
    private func forEachPlacedPiece(in frame: CGRect, environment: EnvironmentValues, _ body: (PlacedPiece) -> Bool) {
        var top = frame.minY
        for line in lines {
            let x0 = frame.minX + TextLineLimit.offset(of: line.width, in: frame.width, alignment: environment.multilineTextAlignment,
                                                       direction: environment.layoutDirection)
            if let runs = TextEngine.visualRuns(of: line.pieces.map(\.text), paragraph: paragraphs[line.paragraph]) {
                var x = x0
                for run in runs {
                    let piece = line.pieces[run.piece]
                    let text = String(piece.text[run.range])
                    let width = TextEngine.shared.width(of: text, font: fonts[piece.part])
                    guard body(PlacedPiece(part: piece.part, text: text, x: x, width: width, isRightToLeft: run.isRightToLeft,
                                           top: top, line: line)) else { return }
                    x += width
                }
            } else {
                for piece in line.pieces {
                    guard body(PlacedPiece(part: piece.part, text: piece.text, x: x0 + piece.x, width: piece.width,
                                           isRightToLeft: nil, top: top, line: line)) else { return }
                }
            }
            top += line.height + lineSpacing
        }
    }

    /// The part drawn at `point` in `frame` (as `draw` places the pieces), if any.
    @MainActor
    func part(at point: CGPoint, in frame: CGRect, environment: EnvironmentValues) -> Int? {
        var found: Int?
        forEachPlacedPiece(in: frame, environment: environment) { p in
            guard point.y >= p.top, point.y < p.top + p.line.height + lineSpacing, point.x >= p.x, point.x < p.x + p.width else { return true }
            found = p.part
            return false
        }
        return found
    }

    /// Text runs for each piece on its line's baseline, then the underlines and strikethroughs; slanted parts
    /// are drawn through a shear about their baseline. A run of a line holding right-to-left text is drawn in
    /// its own direction.
    @MainActor
    func draw(in frame: CGRect, environment: EnvironmentValues, into list: inout DisplayList) {
        forEachPlacedPiece(in: frame, environment: environment) { p in
            // The run's own direction, so that a run of digits or spaces is not laid out again by its own first
            // strong character.
            let mark: Character? = p.isRightToLeft.map { $0 ? "\u{200F}" : "\u{200E}" }
            drawPiece(p.part, p.text, mark: mark, x: p.x, width: p.width, trailingSpaceOnLeft: p.isRightToLeft ?? false,
                      baseline: p.top + p.line.ascender - Double(parts[p.part].baselineOffset), environment: environment, into: &list)
            return true
        }
    }

    /// One piece (or one bidi run of it) at `x` on `baseline`, with its part's decorations under its ink (its
    /// trailing spaces left out: on the left of a right-to-left run).
    @MainActor
    private func drawPiece(_ index: Int, _ text: String, mark: Character?, x: Double, width: Double, trailingSpaceOnLeft: Bool,
                           baseline: Double, environment: EnvironmentValues, into list: inout DisplayList) {
        let part = parts[index], font = fonts[index]
        let scheme = environment.colorScheme
        let m = TextEngine.shared.metrics(font)
        let color = part.resolvedColor(in: environment)
        let run = TextRun(string: mark.map { String($0) + text } ?? text, font: font, origin: Point(x: x, y: baseline), color: color,
                          frame: Rect(x: x, y: baseline - m.ascender, width: width, height: m.lineHeight))
        Self.append(run, slanted: font.italic && !TextEngine.shared.hasItalicFace(font), into: &list)
        guard part.underline != nil || part.strikethrough != nil else { return }
        let thickness = Swift.max(1, (font.size / 14).rounded())
        let space = text.hasSuffix(" ") ? TextEngine.shared.width(of: " ", font: font) : 0
        let visible = width - space, left = trailingSpaceOnLeft ? x + space : x
        if let u = part.underline {
            Self.line(u, x: left, y: (baseline + font.size * 0.12).rounded(), width: visible, thickness: thickness,
                      color: (u.color?.resolved(in: scheme)) ?? color, into: &list)
        }
        if let s = part.strikethrough {
            Self.line(s, x: left, y: (baseline - font.size * 0.3).rounded(), width: visible, thickness: thickness,
                      color: (s.color?.resolved(in: scheme)) ?? color, into: &list)
        }
    }

    /// An underline or strikethrough from `x`, `width` long, in its pattern: dashes and dots as lengths of the
    /// line's thickness (a dot its thickness, a dash three, the gaps two), one path of rectangles.
    static func line(_ decoration: TextDecoration, x: Double, y: Double, width: Double, thickness: Double, color: RGBA,
                     into list: inout DisplayList) {
        guard width > 0 else { return }
        let marks: [Double]  // lengths of the marks in turn, in thicknesses
        switch decoration.pattern {
        case .solid:
            list.append(.fill(ScanoutRaster.Path(Rect(x: x, y: y, width: width, height: thickness)), .solid(color), FillStyle()))
            return
        case .dot: marks = [1]
        case .dash: marks = [3]
        case .dashDot: marks = [3, 1]
        case .dashDotDot: marks = [3, 1, 1]
        }
        var path = ScanoutRaster.Path()
        var position = x, i = 0
        while position < x + width {
            let length = min(marks[i % marks.count] * thickness, x + width - position)
            path.addRect(Rect(x: position, y: y, width: length, height: thickness))
            position += length + 2 * thickness
            i += 1
        }
        list.append(.fill(path, .solid(color), FillStyle()))
    }
}
