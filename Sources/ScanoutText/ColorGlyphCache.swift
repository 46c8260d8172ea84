import ScanoutRaster

/// Colour glyphs (emoji from a colour bitmap face such as Noto Color Emoji) scaled to the sizes text is drawn
/// at. A face like that holds one strike (109 px per em for Noto); each glyph is scaled from it once per size,
/// by averaging the strike pixels that fall in each output pixel (premultiplied, so edges do not darken), and
/// kept as an image drawn 1:1 at whole pixels. Bounded by entries and bytes, like `GlyphCache`.
/// Not thread-safe, like `Canvas`.
public final class ColorGlyphCache {
    struct Key: Hashable {
        var fontID: UInt64
        var glyph: GlyphIndex
        var size64: Int32
    }

    /// A scaled glyph: its pixels and where their top-left pixel sits relative to the pen (device pixels, y down).
    struct Glyph {
        var image: PixelBuffer?
        var originX: Int
        var originY: Int
    }

    public let capacity: Int
    public let byteLimit: Int
    private var glyphs: [Key: Glyph] = [:]
    private var bytes = 0

    public init(capacity: Int = 256, byteLimit: Int = 4 << 20) {
        self.capacity = max(1, capacity)
        self.byteLimit = max(0, byteLimit)
    }

    public var count: Int { glyphs.count }

    /// `glyph` of the colour face `font` at the em size `size64` / 64 px: from the cache or scaled now.
    func glyph(font: Font, glyph: GlyphIndex, size64: Int32) -> Glyph {
        let key = Key(fontID: font.id, glyph: glyph, size64: size64)
        if let known = glyphs[key] { return known }
        let made = scale(font: font, glyph: glyph, size: Double(size64) / 64)
        let cost = made.image.map { $0.stride * $0.height } ?? 0
        if glyphs.count >= capacity || bytes + cost > byteLimit {
            // Emoji on a panel are few and repeat: starting over is simpler than an LRU and rarely happens.
            glyphs.removeAll(keepingCapacity: true)
            bytes = 0
        }
        if cost <= byteLimit / 4 {
            glyphs[key] = made
            bytes += cost
        }
        return made
    }

    private func scale(font: Font, glyph: GlyphIndex, size: Double) -> Glyph {
        let f = size / font.colorStrikePPEM
        let empty = Glyph(image: nil, originX: 0, originY: 0)
        guard f.isFinite, f > 0 else { return empty }
        return font.withColorBitmap(glyph) { src, width, height, pitch, left, top -> Glyph in
            let ox = Int((Double(left) * f).rounded(.down)), oy = -Int((Double(top) * f).rounded())
            let w = max(1, Int((Double(width) * f).rounded())), h = max(1, Int((Double(height) * f).rounded()))
            guard w <= 4096, h <= 4096 else { return empty }
            let image = PixelBuffer(width: w, height: h, format: .argb8888)
            // Output pixel (x, y) averages the strike pixels [x / f, (x + 1) / f) × [y / f, (y + 1) / f) — at
            // least one, so enlarging repeats pixels.
            let sx = Double(width) / Double(w), sy = Double(height) / Double(h)
            for y in 0..<h {
                let y0 = min(height - 1, Int(Double(y) * sy)), y1 = max(y0 + 1, min(height, Int(Double(y + 1) * sy)))
                let out = image.row(y).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w {
                    let x0 = min(width - 1, Int(Double(x) * sx)), x1 = max(x0 + 1, min(width, Int(Double(x + 1) * sx)))
                    var sum = SIMD4<UInt32>(repeating: 0)
                    for row in y0..<y1 {
                        let line = src + row * pitch
                        for col in x0..<x1 {
                            let p = line.load(fromByteOffset: col * 4, as: UInt32.self)
                            sum &+= SIMD4(p & 0xFF, (p >> 8) & 0xFF, (p >> 16) & 0xFF, p >> 24)
                        }
                    }
                    let n = UInt32((y1 - y0) * (x1 - x0))
                    let avg = (sum &+ SIMD4(repeating: n / 2)) / SIMD4(repeating: n)
                    out[x] = avg[0] | avg[1] << 8 | avg[2] << 16 | avg[3] << 24
                }
            }
            return Glyph(image: image, originX: ox, originY: oy)
        } ?? empty
    }
}
