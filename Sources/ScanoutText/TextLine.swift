/// Laying out one line of text left to right: scalars → glyphs (`FT_Get_Char_Index`, no shaping), pen
/// advanced by unhinted advances and, optionally, legacy 'kern' pairs.
///
/// The pen is kept in integer design units, so positions are exact sums with no rounding carried from glyph
/// to glyph; pixels are `units × size / unitsPerEm`, computed per glyph. Measuring and drawing both walk here,
/// so a label is drawn exactly as wide as it was measured.
extension Font {
    /// Calls `body` with each glyph of `text` and the pen position before it (design units, from the start of the
    /// line); returns the line's advance in design units. A scalar the font lacks gives glyph 0 (`.notdef`),
    /// which still advances.
    @inline(__always)
    func forEachGlyph(in text: String, kerning: Bool, _ body: (GlyphIndex, Int) -> Void) -> Int {
        let kern = kerning && hasKerning
        var pen = 0
        var previous: GlyphIndex = 0
        var first = true
        for scalar in text.unicodeScalars {
            let glyph = glyphIndex(for: scalar)
            if kern && !first { pen += kerningUnits(previous, glyph) }
            body(glyph, pen)
            pen += Int(advanceUnits(glyph))
            previous = glyph
            first = false
        }
        return pen
    }

    /// The advance width of `text` set on one line at `size` pixels: the sum of the glyphs' advances plus, with
    /// `kerning`, the font's kerning pairs.
    public func width(of text: String, size: Double, kerning: Bool = true) -> Double {
        guard size.isFinite, size > 0 else { return 0 }
        return Double(forEachGlyph(in: text, kerning: kerning) { _, _ in }) * scale(size)
    }
}
