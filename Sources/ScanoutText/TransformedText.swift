import ScanoutRaster

/// Text under a rotation, shear, mirror or non-uniform scale: each glyph's outline is filled as a path
/// through the transform, so the glyphs turn with the text instead of staying upright at a moved pen (a colour
/// glyph's bitmap is drawn through it as an image).
///
/// Pen positions, advances and kerning come from the same walk as upright text (`forEachGlyph`), so the line
/// has the width it was measured with; outlines are unhinted, like the masks of upright text, and are flattened
/// with the glyph cache's tolerance. Pen positions are exact (no 1/4 px steps): there is no pixel grid to snap
/// to along a turned baseline. Each glyph is a separate fill, so overlapping glyphs blend as their masks do.
extension TextRenderer {
    /// Whether `transform` keeps glyphs upright and unmirrored with equal x and y scale: then masks drawn at a
    /// scaled size at the transformed pen are exact, and `draw(_:font:size:at:color:kerning:on:)` is used.
    /// Terms within a billionth of the scale count as exact, so a full turn (whose sine rounds to ~1e-16, not
    /// 0) is drawn upright again; that far off, a 4096 px line moves by a few millionths of a pixel.
    public static func drawsWithMasks(under transform: AffineTransform) -> Bool {
        let t = transform, tiny = t.a * 1e-9
        return t.a > 0 && abs(t.b) <= tiny && abs(t.c) <= tiny && abs(t.a - t.d) <= tiny
    }

    /// Draws `text` with its baseline starting at `baseline`, both in the user space that `transform` maps to
    /// device pixels; the canvas's own transform is ignored and left as it was, its clip, opacity and blend
    /// mode apply. Returns the advance width drawn, in user space (as `width(of:font:size:kerning:)`).
    ///
    /// Allocates nothing per draw once the glyphs' outlines are cached: each outline is flattened straight
    /// into the canvas's scratch contours through the glyph's transform. Glyphs wholly outside the clip are
    /// skipped before their outline is looked up. Em sizes above `maximumSize` draw nothing, as upright.
    @discardableResult
    public func draw(_ text: String, font: Font, size: Double, at baseline: Point, transform: AffineTransform,
                     color: RGBA, kerning: Bool = true, tracking: Int = 0, on canvas: Canvas) -> Double {
        guard size.isFinite, size > 0, size <= TextRenderer.maximumSize, baseline.x.isFinite, baseline.y.isFinite,
              transform.a.isFinite, transform.b.isFinite, transform.c.isFinite, transform.d.isFinite,
              transform.tx.isFinite, transform.ty.isFinite else { return 0 }
        let s = font.scale(size)
        let clip = canvas.clipBounds
        let saved = canvas.transform
        defer { canvas.transform = saved }
        // The font's overall box in glyph space (design units, y down) bounds every glyph around its pen.
        let b = font.bboxUnits
        let box = Rect(x: Double(b.xMin), y: -Double(b.yMax), width: Double(b.xMax - b.xMin), height: Double(b.yMax - b.yMin))
        let paint = Paint.solid(color)
        let visible = !clip.isEmpty
        let advance = font.forEachPlacedGlyph(in: text, kerning: kerning, tracking: tracking) { face, glyph, pen, rise in
            guard visible else { return }
            // Design units → user space (scaled, moved to the pen on the baseline) → device pixels.
            let fs = face === font ? s : face.scale(size)
            let g = AffineTransform(a: fs, b: 0, c: 0, d: fs, tx: baseline.x + Double(pen) * s,
                                    ty: baseline.y - Double(rise) * s)
                .concatenating(transform)
            guard TextRenderer.touches(clip, box, under: g) else { return }
            if face.isColorBitmap {
                drawColorGlyph(glyph, of: face, size: size, pen: Point(x: baseline.x + Double(pen) * s, y: baseline.y - Double(rise) * s),
                               transform: transform, on: canvas)
                return
            }
            let outline = outlines.outline(of: glyph, font: face)
            guard !outline.path.isEmpty else { return }
            canvas.transform = g
            canvas.fill(outline.path, with: paint, style: FillStyle(eoFill: outline.fillRule == .evenOdd),
                        tolerance: GlyphCache.tolerance)
        }
        return Double(advance) * s
    }

    /// A colour glyph (emoji) scaled once for the size it has on the device, then drawn as an image through the
    /// transform (bilinear: it turns with the text).
    private func drawColorGlyph(_ glyph: GlyphIndex, of face: Font, size: Double, pen: Point, transform: AffineTransform,
                                on canvas: Canvas) {
        let k = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
        guard k > 0, let size64 = GlyphCache.size64(size * k) else { return }
        let g = colorGlyphs.glyph(font: face, glyph: glyph, size64: size64)
        guard let image = g.image else { return }
        canvas.transform = transform
        canvas.draw(image, in: Rect(x: pen.x + Double(g.originX) / k, y: pen.y + Double(g.originY) / k,
                                    width: Double(image.width) / k, height: Double(image.height) / k))
    }

    /// Whether `box` mapped by `t`, grown by a pixel for anti-aliasing, reaches into `clip`.
    @inline(__always)
    static func touches(_ clip: IntRect, _ box: Rect, under t: AffineTransform) -> Bool {
        // Each output coordinate is a sum of independent terms in x and y: its extremes are the terms' extremes.
        let ax0 = t.a * box.minX, ax1 = t.a * box.maxX, cy0 = t.c * box.minY, cy1 = t.c * box.maxY
        let bx0 = t.b * box.minX, bx1 = t.b * box.maxX, dy0 = t.d * box.minY, dy1 = t.d * box.maxY
        let x0 = t.tx + min(ax0, ax1) + min(cy0, cy1), x1 = t.tx + max(ax0, ax1) + max(cy0, cy1)
        let y0 = t.ty + min(bx0, bx1) + min(dy0, dy1), y1 = t.ty + max(bx0, bx1) + max(dy0, dy1)
        return x1 + 1 > Double(clip.minX) && x0 - 1 < Double(clip.maxX) && y1 + 1 > Double(clip.minY) && y0 - 1 < Double(clip.maxY)
    }
}
