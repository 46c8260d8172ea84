import Testing
@testable import ScanoutText

/// Carets by drawing order: in bidi text the boundary before a right-to-left letter is at its right edge.
@Suite struct TextCaretTests {
    @Test func leftToRightTextHasItsPrefixWidths() throws {
        let font = try Font.default()
        let text = "AVATAR 21.5"
        let layout = font.caretLayout(in: text)
        // The pen before each character: its prefix's width, less the kerning with the character (A|V: 131 units).
        for k in 0...text.count {
            let prefix = Int(font.width(of: String(text.prefix(k)), size: Double(font.unitsPerEm)).rounded())
            #expect(abs(layout.positions[k] - prefix) <= 200, "\(k)")
        }
        #expect(layout.positions.first == 0 && layout.positions.last == font.placedGlyphs(of: text).advance)
        #expect(zip(layout.positions, layout.positions.dropFirst()).allSatisfy { $0 < $1 })
        #expect(layout.positions[1] == 1401 - 131, "kerned: A's advance less the A–V pair")
        #expect(layout.extents.count == text.count)
        #expect(zip(layout.extents, layout.positions.dropFirst()).allSatisfy { $0.right == $1 })
    }

    /// "abc אבג": the Hebrew letters are drawn reversed at the right; the caret before א (logical 4) is at
    /// the right end of the line, the one at the end of the text (after ג, drawn leftmost of them) is where
    /// the Hebrew word starts.
    @Test func rightToLeftLettersPutTheirCaretsOnTheirRightEdges() throws {
        let font = try Font.default()
        let text = "abc אבג"
        let layout = font.caretLayout(in: text)
        let advance = font.placedGlyphs(of: text).advance
        let space = Int(font.advanceUnits(font.glyphIndex(for: " ")))
        #expect(layout.positions.count == 8)
        #expect(layout.positions[4] == advance)
        #expect(layout.positions[7] == layout.positions[3] + space, "the logical end where the Hebrew word begins")
        #expect(layout.positions[4] > layout.positions[5] && layout.positions[5] > layout.positions[6] && layout.positions[6] > layout.positions[7])
        #expect(layout.extents[4].left > layout.extents[5].left && layout.extents[5].left > layout.extents[6].left)
        #expect(layout.extents[4].right == advance && layout.extents[6].left == layout.positions[7])
        // Visual order of the boundaries: 0 1 2 3 7 6 5 4.
        let visual = layout.positions.indices.sorted { layout.positions[$0] < layout.positions[$1] }
        #expect(visual == [0, 1, 2, 3, 7, 6, 5, 4])
        let xs = layout.positions.map(Double.init)
        #expect(TextCaret.boundary(from: 7, toRight: false, in: xs) == 3)
        #expect(TextCaret.boundary(from: 7, toRight: true, in: xs) == 6)
        #expect(TextCaret.boundary(from: 4, toRight: true, in: xs) == 4, "the right end stays")
        #expect(TextCaret.boundary(nearest: Double(advance) + 500, in: xs) == 4)
    }

    /// Digits inside Arabic read left to right: their carets increase with their offsets.
    @Test func numbersInsideArabicKeepTheirOrder() throws {
        let font = try Font.default()
        let text = "العدد 123 هنا"
        let layout = font.caretLayout(in: text)
        let one = text.unicodeScalars.firstIndex(of: "1").map { text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: $0) }!
        #expect(layout.positions[one] < layout.positions[one + 1] && layout.positions[one + 1] < layout.positions[one + 2])
        #expect(layout.positions[0] == font.placedGlyphs(of: text).advance, "a right-to-left paragraph starts at the right")
    }

    /// A lam-alef ligature is one glyph for two letters: the boundary between them is inside it.
    @Test func aBoundaryInsideALigatureIsInsideIt() throws {
        let font = try Font.default()
        let text = "لا"
        let layout = font.caretLayout(in: text)
        #expect(font.placedGlyphs(of: text).glyphs.count == 1)
        #expect(layout.positions[0] > layout.positions[1] && layout.positions[1] > layout.positions[2])
    }
}
