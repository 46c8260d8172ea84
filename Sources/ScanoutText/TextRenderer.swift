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
    ///
    /// With `placing`, glyphs are not blended: each is handed to it with where it goes, to be blended later
    /// (outside a lock shared with other threads: see `GlyphToBlend`).
    @discardableResult
    public func draw(_ text: String, font: Font, size: Double, at baseline: Point, color: RGBA,
                     kerning: Bool = true, tracking: Int = 0, on canvas: Canvas,
                     placing: ((GlyphToBlend) -> Void)? = nil) -> Double {
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
                guard let image = g.image else { return }
                let at = (x: ix + (qx >= 2 ? 1 : 0) + g.originX, y: gy + (gqy >= 2 ? 1 : 0) + g.originY)
                if let placing { placing(.image(image, x: at.x, y: at.y)) } else { canvas.draw(image, at: at.x, at.y) }
                return
            }
            guard let placing else {
                let mask = cache.mask(font: face, glyph: glyph, size64: size64, subpixelX: qx, subpixelY: gqy)
                if mask.width > 0 { canvas.draw(mask, at: ix + mask.originX, gy + mask.originY, color: color) }
                return
            }
            let key = GlyphCache.Key(fontID: face.id, glyph: glyph, size64: size64, subpixelX: qx, subpixelY: gqy)
            if let mask = cache.cachedMask(key) {
                if mask.width > 0 { placing(.mask(mask, x: ix + mask.originX, y: gy + mask.originY)) }
            } else {
                placing(.outline(cache.outline(font: face, key: key), key, x: ix, y: gy))
            }
        }
        return Double(advance) * s
    }

    /// Blends glyphs placed by `draw(…placing:)` in `color`, rasterizing the missing masks with `rasterizer`
    /// (this thread's); returns those masks, for the cache (`GlyphCache.insert`, under the lock again).
    public static func blend(_ glyphs: [GlyphToBlend], color: RGBA, on canvas: Canvas,
                             rasterizer: MaskRasterizer) -> [(GlyphCache.Key, AlphaMask)] {
        var made: [(GlyphCache.Key, AlphaMask)] = []
        for g in glyphs {
            switch g {
            case let .mask(mask, x, y):
                canvas.draw(mask, at: x, y, color: color)
            case let .image(image, x, y):
                canvas.draw(image, at: x, y)
            case let .outline(outline, key, x, y):
                let mask = GlyphCache.rasterize(outline, with: rasterizer)
                if mask.width > 0 { canvas.draw(mask, at: x + mask.originX, y + mask.originY, color: color) }
                made.append((key, mask))
            }
        }
        return made
    }

    /// The advance width of `text` (see `Font.width(of:size:kerning:)`).
    public func width(of text: String, font: Font, size: Double, kerning: Bool = true) -> Double {
        font.width(of: text, size: size, kerning: kerning)
    }

    /// Baselines farther than this from the origin draw nothing (beyond any display; keeps pixel maths in Int).
    static let coordinateLimit: Double = 1_073_741_824
}

/// A glyph ready to blend: its coverage mask, or a colour glyph's image, and the device pixel of its top-left
/// corner; or the outline of a mask not made yet. The mask or image is a value (its storage counted), so it
/// stays valid after the cache that made it evicts it: threads painting bands of one frame place glyphs under
/// the text engine's lock, then rasterize what was missing and blend, each on its own.
public enum GlyphToBlend {
    case mask(AlphaMask, x: Int, y: Int)
    case image(PixelBuffer, x: Int, y: Int)
    /// A mask the cache lacks: its outline, to be rasterized outside the lock (its top-left corner is the mask's
    /// origin from the pen's pixel `x`, `y`), then kept under `key`.
    case outline(GlyphOutline, GlyphCache.Key, x: Int, y: Int)
}
