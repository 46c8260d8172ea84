/// Laying out one line of text left to right: for text that needs no shaping, scalars → glyphs
/// (`FT_Get_Char_Index`), pen advanced by unhinted advances and, optionally, legacy 'kern' pairs; other text is
/// shaped by HarfBuzz (`ShapedLine.swift`).
///
/// The pen is kept in integer design units, so positions are exact sums with no rounding carried from glyph
/// to glyph; pixels are `units × size / unitsPerEm`, computed per glyph. Measuring and drawing both walk here,
/// so a label is drawn exactly as wide as it was measured.
extension Font {
    /// Calls `body` with each glyph of `text` and the pen position before it (design units, from the start of the
    /// line); returns the line's advance in design units. A scalar the font lacks gives glyph 0 (`.notdef`),
    /// which still advances.
    /// `tracking`: design units added after every glyph (SwiftUI's `tracking`/`kerning`).
    @inline(__always)
    func forEachGlyph(in text: String, kerning: Bool, tracking: Int = 0, _ body: (GlyphIndex, Int) -> Void) -> Int {
        let kern = kerning && hasKerning
        var pen = 0
        var previous: GlyphIndex = 0
        var first = true
        for scalar in text.unicodeScalars {
            let glyph = glyphIndex(for: scalar)
            if kern && !first { pen += kerningUnits(previous, glyph) }
            body(glyph, pen)
            pen += Int(advanceUnits(glyph)) + tracking
            previous = glyph
            first = false
        }
        return pen
    }

    /// Calls `body` with each glyph of `text` in drawing order: the face it comes from (this font, or a fallback
    /// face for characters it lacks), its index, and its origin (x from the start of the line, y up from the
    /// baseline, in this font's design units); returns the line's advance in design units. Text that needs
    /// shaping (see `ShapedLine.swift`) is shaped by HarfBuzz, in visual order; the rest is walked as
    /// `forEachGlyph` does, untouched. `tracking` (design units after each glyph) applies to text drawn
    /// unshaped only: spacing out joined or shaped scripts would break them apart.
    @inline(__always)
    func forEachPlacedGlyph(in text: String, kerning: Bool, tracking: Int = 0, _ body: (Font, GlyphIndex, Int, Int) -> Void) -> Int {
        if needsShaping(text), let line = shapedLine(text, kerning: kerning) {
            for i in 0..<line.count {
                let face = line.faces[i] == 0 ? self : fallbacks[Int(line.faces[i]) - 1]
                body(face, line.glyphs[i], Int(line.x[i]), Int(line.y[i]))
            }
            return line.advance
        }
        return forEachGlyph(in: text, kerning: kerning, tracking: tracking) { glyph, pen in body(self, glyph, pen, 0) }
    }

    /// The advance width of `text` set on one line at `size` pixels: the sum of the glyphs' advances plus, with
    /// `kerning`, the font's kerning pairs (text that needs shaping: HarfBuzz's advances, GPOS kerning).
    public func width(of text: String, size: Double, kerning: Bool = true, tracking: Int = 0) -> Double {
        guard size.isFinite, size > 0 else { return 0 }
        if needsShaping(text), let line = shapedLine(text, kerning: kerning) { return Double(line.advance) * scale(size) }
        return Double(forEachGlyph(in: text, kerning: kerning, tracking: tracking) { _, _ in }) * scale(size)
    }

    /// `points` of tracking at a `size`-point font in this font's design units (the same at every scale).
    public func trackingUnits(_ points: Double, size: Double) -> Int {
        guard points != 0, points.isFinite, size.isFinite, size > 0 else { return 0 }
        let units = points / scale(size)
        return abs(units) < 1e6 ? Int(units.rounded()) : 0
    }
}
