import ScanoutRaster

/// Draws single lines of text into a `Canvas` through cached glyph masks (upright text; text under a
/// rotation, mirror, shear or unequal scale is filled from its outlines, see `TransformedText.swift`).
///
/// Per glyph: the pen position (a `Double` from exact design-unit sums) splits into an integer pixel and a
/// 1/4-pixel step; the cached mask for that step is blended at the integer pixel. After the first frame a
/// repeated label allocates nothing: scalars are read straight from the string, glyph indices and advances
/// come from per-font tables, masks from the `GlyphCache`.
///
/// Grayscale anti-aliasing, no hinting. Latin, Greek and Cyrillic are drawn one glyph per scalar with pair
/// kerning; other scripts are shaped by HarfBuzz, in bidi visual order, with fallback faces for characters the
/// font lacks (`ShapedLine.swift`). Not thread-safe, like `Canvas`.
public final class TextRenderer {
    /// Larger em sizes draw nothing: a glyph mask grows with the square of the size (4096 px is ~20 MB).
    public static let maximumSize: Double = 4096

    public let cache: GlyphCache
    /// Unscaled outlines for text drawn through a transform that turns, shears or mirrors glyphs.
    public let outlines: OutlineCache
    /// Emoji and other colour glyphs, scaled per size (they ignore the text's colour, as in SwiftUI).
    public let colorGlyphs: ColorGlyphCache

    public init(cache: GlyphCache = GlyphCache(), outlines: OutlineCache = OutlineCache(),
                colorGlyphs: ColorGlyphCache = ColorGlyphCache()) {
        self.cache = cache
        self.outlines = outlines
        self.colorGlyphs = colorGlyphs
    }

    /// Draws `text` with its baseline starting at `baseline`, in **device pixels**: the canvas transform is not
    /// applied to text (glyphs are rasterized for the device grid), but its clip, opacity and blend mode are.
    /// Returns the advance width drawn (equal to `width(of:font:size:kerning:)`).
    ///
    /// Masks are rasterized at the size rounded to 1/64 px and the pen's fraction rounded to 1/4 px; advances use
    /// the exact size. Glyphs wholly outside the clip are skipped without touching the cache.
    @discardableResult
    public func draw(_ text: String, font: Font, size: Double, at baseline: Point, color: RGBA,
                     kerning: Bool = true, tracking: Int = 0, on canvas: Canvas) -> Double {
        guard let size64 = GlyphCache.size64(size), baseline.x.isFinite, baseline.y.isFinite,
              abs(baseline.y) < TextRenderer.coordinateLimit else { return 0 }
        let s = font.scale(size)
        let (iy, qy) = GlyphCache.quantize(baseline.y)
        let clip = canvas.clipBounds
        // The font's overall box (plus a pixel for anti-aliasing) bounds every glyph around its pen position.
        let box = font.bboxUnits
        let top = baseline.y - Double(box.yMax) * s - 1, bottom = baseline.y - Double(box.yMin) * s + 1
        let rowsVisible = !clip.isEmpty && bottom > Double(clip.minY) && top < Double(clip.maxY)
        let left = Double(box.xMin) * s - 1, right = Double(box.xMax) * s + 1
        let clipMinX = Double(clip.minX), clipMaxX = Double(clip.maxX)
        // A fallback face's glyph or a shaped mark is bounded by the font's box too: DejaVu's box is generous
        // (over an em left and right, above and below), and culling here only saves work, the clip stays exact.
        let advance = font.forEachPlacedGlyph(in: text, kerning: kerning, tracking: tracking) { face, glyph, pen, rise in
            guard rowsVisible else { return }
            let x = baseline.x + Double(pen) * s
            // Also keeps `x` in Int range for `quantize`.
            guard x + right > clipMinX, x + left < clipMaxX else { return }
            let (ix, qx) = GlyphCache.quantize(x)
            var (gy, gqy) = (iy, qy)
            if rise != 0 { (gy, gqy) = GlyphCache.quantize(baseline.y - Double(rise) * s) }
            if face.isColorBitmap {
                let g = colorGlyphs.glyph(font: face, glyph: glyph, size64: size64)
                // At the nearest whole pixel: a bitmap scaled once per size, not per quarter pixel.
                if let image = g.image { canvas.draw(image, at: ix + (qx >= 2 ? 1 : 0) + g.originX, gy + (gqy >= 2 ? 1 : 0) + g.originY) }
                return
            }
            let mask = cache.mask(font: face, glyph: glyph, size64: size64, subpixelX: qx, subpixelY: gqy)
            guard mask.width > 0 else { return }
            canvas.draw(mask, at: ix + mask.originX, gy + mask.originY, color: color)
        }
        return Double(advance) * s
    }

    /// The advance width of `text` (see `Font.width(of:size:kerning:)`).
    public func width(of text: String, font: Font, size: Double, kerning: Bool = true) -> Double {
        font.width(of: text, size: size, kerning: kerning)
    }

    /// Baselines farther than this from the origin draw nothing (beyond any display; keeps pixel maths in Int).
    static let coordinateLimit: Double = 1_073_741_824
}
