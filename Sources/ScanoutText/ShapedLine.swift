import CHarfBuzz

/// A line shaped by HarfBuzz: the path for text beyond the scripts that need no shaping (see `needsShaping`).
///
/// The line is split into runs of one bidi level, one script and one face (the font, or a fallback face for
/// characters it lacks); each run is shaped with its direction and script, with the whole line as context, and
/// the runs are laid out in visual order. Glyphs are kept in drawing order (left to right) with positions in
/// the line's font's design units, so measuring and drawing walk the same glyphs, as for unshaped text.
/// Shaped lines are cached per font (text and kerning → glyphs): a label redrawn every frame is shaped once.
struct ShapedLine {
    struct Key: Hashable {
        var text: String
        var kerning: Bool
    }

    /// Glyph indices in drawing order, in the face `faces[i]` names (0: the line's font; k: its fallback k − 1).
    var glyphs: [GlyphIndex] = []
    var faces: [UInt8] = []
    /// Each glyph's origin: x from the start of the line, y up from the baseline (design units of the line's font).
    var x: [Int32] = []
    var y: [Int32] = []
    /// The scalar offset in the text of the character each glyph comes from (for carets and hit testing).
    var clusters: [UInt32] = []
    /// Each glyph's pen position before its offset, its advance (design units), and whether its run reads
    /// right to left: where a caret goes (see `TextCaret.swift`).
    var pens: [Int32] = []
    var advances: [Int32] = []
    var rightToLeft: [Bool] = []
    /// The line's advance width (design units of the line's font).
    var advance = 0

    var count: Int { glyphs.count }
}

extension Font {
    /// Bounds the shaped-line cache (a panel shows free text in many scripts for months).
    static let shapedLinesLimit = 1024

    /// Whether `scalar` is drawn right with one glyph per scalar and the font's pair kerning: Latin, Greek and
    /// Cyrillic letters, general punctuation, currency and symbols, private-use icons. Everything else
    /// (combining marks, right-to-left and Indic scripts, Thai, CJK, emoji, joiners and bidi controls) is shaped.
    @inline(__always)
    static func drawsUnshaped(_ v: UInt32) -> Bool {
        if v < 0x0300 { return true }
        if v < 0x0370 { return false }
        if v < 0x0483 { return true }
        if v < 0x048A { return false }
        if v < 0x0530 { return true }
        if v >= 0x1E00 && v < 0x2000 { return true }
        if v >= 0x2000 && v < 0x200B { return true }
        if v >= 0x2010 && v < 0x2028 { return true }
        if v >= 0x202F && v < 0x2060 { return true }
        if v >= 0x2070 && v < 0x20D0 { return true }
        if v >= 0x2100 && v < 0x2C00 { return true }
        return v >= 0xE000 && v < 0xF900
    }

    /// Whether `text` takes the shaping path: scripts that need it, and Latin text the face would lay out
    /// otherwise than one glyph per scalar with 'kern' pairs (ligatures, GPOS-only kerning: see
    /// `LatinShortcut`). Text that does not keeps its glyphs and positions exactly.
    @inline(__always)
    func needsShaping(_ text: String) -> Bool {
        let latin = latinShortcut
        if latin.shapesAll { return !text.isEmpty }
        for b in text.utf8 where b >= 0xCC {
            // U+0300 is the first scalar whose UTF-8 lead byte is 0xCC; only then is the scalar walk needed.
            if text.unicodeScalars.contains(where: { !Font.drawsUnshaped($0.value) }) { return true }
            break
        }
        return latin.hasLigature(in: text)
    }

    /// Made on first use, from the face's layout tables.
    var latinShortcut: LatinShortcut {
        if let known = latinShortcutStorage { return known }
        let made = harfBuzzFont()?.latinShortcut(hasKernTable: hasKerning) ?? .none
        latinShortcutStorage = made
        return made
    }

    /// `text` shaped on one line, from the cache or shaped now; nil when HarfBuzz cannot read this font's file.
    func shapedLine(_ text: String, kerning: Bool) -> ShapedLine? {
        let key = ShapedLine.Key(text: text, kerning: kerning)
        if let line = shapedLines[key] { return line }
        guard let hb = harfBuzzFont() else { return nil }
        let line = shape(text, kerning: kerning, with: hb)
        if shapedLines.count >= Font.shapedLinesLimit { shapedLines.removeAll(keepingCapacity: true) }
        shapedLines[key] = line
        return line
    }

    /// This font's HarfBuzz face, made on first use (also asked of fallback faces by the font that shapes).
    func harfBuzzFont() -> HarfBuzzFont? {
        if case .some(let made) = harfBuzz { return made }
        let made = HarfBuzzFont(path: path, faceIndex: faceIndex, staticBytes: staticBytes ?? mappedBytes)
        harfBuzz = .some(made)
        return made
    }

    private struct Run {
        var range: Range<Int>
        var level: Int8
        var script: hb_script_t
        var face: UInt8
    }

    private func shape(_ text: String, kerning: Bool, with hb: HarfBuzzFont) -> ShapedLine {
        let scalars = text.unicodeScalars.map(\.value)
        var line = ShapedLine()
        guard !scalars.isEmpty else { return line }
        let levels = BidiLevels.levels(of: scalars)
        let runs = itemize(scalars, levels: levels)
        var pen = 0
        scalars.withUnsafeBufferPointer { text in
            for r in BidiLevels.visualOrder(ofRunLevels: runs.map(\.level)) {
                let run = runs[r]
                let face = run.face == 0 ? self : fallbacks[Int(run.face) - 1]
                let faceHB = run.face == 0 ? hb : face.harfBuzzFont()
                guard let faceHB else { continue }
                // A fallback face's units are scaled to this font's (exact when both have the same em).
                let num = unitsPerEm, den = face.unitsPerEm
                @inline(__always) func units(_ v: Int32) -> Int { num == den ? Int(v) : Int(v) * num / den }
                faceHB.shape(text, run: run.range, rightToLeft: run.level & 1 == 1, script: run.script,
                             kerning: kerning) { glyph, cluster, dx, dy, advance in
                    line.glyphs.append(glyph)
                    line.faces.append(run.face)
                    line.x.append(Int32(clamping: pen + units(dx)))
                    line.y.append(Int32(clamping: units(dy)))
                    line.clusters.append(cluster)
                    line.pens.append(Int32(clamping: pen))
                    line.advances.append(Int32(clamping: units(advance)))
                    line.rightToLeft.append(run.level & 1 == 1)
                    pen += units(advance)
                }
            }
        }
        line.advance = pen
        return line
    }

    /// Runs of one level, one script and one face, in logical order. Characters of no script of their own
    /// (spaces, digits, punctuation: Common; combining marks: Inherited) join the run around them, so a mark
    /// stays with its base and a space does not split a word run.
    private func itemize(_ scalars: [UInt32], levels: [Int8]) -> [Run] {
        var runs: [Run] = []
        for (i, v) in scalars.enumerated() {
            let script = HarfBuzzFont.script(of: v)
            let neutral = HarfBuzzFont.isNeutral(script)
            let next = i + 1 < scalars.count ? scalars[i + 1] : 0
            var face = faceIndex(for: v, emoji: next == 0xFE0F || (next != 0xFE0E && FontFallback.hasEmojiPresentation(v)))
            // Marks, joiners, selectors and tags stay in the face of what they follow: an emoji sequence (a family
            // joined by U+200D, a skin tone, a flag's tags) is one ligature of one face.
            if script == HB_SCRIPT_INHERITED || FontFallback.isInvisible(v), let last = runs.last { face = last.face }
            if var last = runs.last, last.level == levels[i], last.face == face,
               neutral || last.script == script || last.script == HB_SCRIPT_COMMON {
                if !neutral { last.script = script }
                last.range = last.range.lowerBound..<(i + 1)
                runs[runs.count - 1] = last
            } else {
                runs.append(Run(range: i..<(i + 1), level: levels[i], script: script, face: face))
            }
        }
        return runs
    }
}

/// One glyph of a laid-out line, as measuring and drawing place it (tests and caret placement read these).
package struct PlacedGlyph: Equatable, Sendable {
    /// The file and face the glyph is from (the line's font, or a fallback face).
    package var fontPath: String
    package var faceIndex: Int
    package var glyph: GlyphIndex
    /// Origin in the line's font's design units: x from the start of the line, y up from the baseline.
    package var x: Int
    package var y: Int
}

extension Font {
    /// The glyphs of `text` on one line, in drawing order, and the line's advance in design units.
    package func placedGlyphs(of text: String, kerning: Bool = true) -> (glyphs: [PlacedGlyph], advance: Int) {
        var out: [PlacedGlyph] = []
        let advance = forEachPlacedGlyph(in: text, kerning: kerning) { face, glyph, x, y in
            out.append(PlacedGlyph(fontPath: face.path, faceIndex: face.faceIndex, glyph: glyph, x: x, y: y))
        }
        return (out, advance)
    }
}

extension Font {
    /// Forgets the shaped lines (benchmarks measure shaping from scratch with warm glyph masks).
    package func removeShapedLines() { shapedLines.removeAll(keepingCapacity: true) }
}
