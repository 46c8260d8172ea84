import ScanoutRaster

/// Rasterized glyph masks, keyed by font, glyph, size (1/64 px) and sub-pixel pen offset (1/4 px in x and y).
///
/// A mask's origin is relative to the integer pixel of the pen: drawing a glyph is `floor(pen) + origin`, with
/// the fractional part of the pen already inside the mask. Masks are rasterized from outlines by ScanoutRaster's
/// exact-area rasterizer, never by FreeType.
///
/// The cache is bounded by entry count and by coverage bytes (a kiosk runs for months). When either bound is
/// reached, the least recently used half is dropped — LRU-ish at amortised O(log n) per insertion, with no
/// bookkeeping on a hit beyond a timestamp. Not thread-safe, like `Canvas`.
public final class GlyphCache {
    /// Sub-pixel positions per pixel along each axis.
    public static let subpixelSteps = 4
    /// Flattening tolerance for glyph curves, in pixels: tighter than general fills because a 0.1 px chord error
    /// is visible on the bowl of a 12 px "o".
    static let tolerance = 0.05

    /// A mask's key (a glyph placed for blending later carries it: see `GlyphToBlend.outline`).
    public struct Key: Hashable, Sendable {
        var fontID: UInt64
        var glyph: GlyphIndex
        var size64: Int32
        var subpixelX: UInt8
        var subpixelY: UInt8
    }

    private struct Entry {
        var key: Key
        var mask: AlphaMask
        var lastUse: UInt64
    }

    /// Most masks kept at once.
    public let capacity: Int
    /// Most coverage bytes kept at once; a single mask larger than a quarter of this is rasterized but not kept.
    public let byteLimit: Int

    // (`@exclusivity(unchecked)`: one thread at a time uses the cache — the text engine's lock — and a lookup,
    // made for every glyph drawn, opens no access that outlives it; the run-time checks cost more than it.)
    @exclusivity(unchecked) private var index: [Key: Int] = [:]
    @exclusivity(unchecked) private var entries: [Entry] = []
    private var bytes = 0
    @exclusivity(unchecked) private var clock: UInt64 = 0
    private let rasterizer = MaskRasterizer()

    /// Lookups answered from the cache, and lookups that rasterized a mask.
    @exclusivity(unchecked) public private(set) var hits = 0
    @exclusivity(unchecked) public private(set) var misses = 0

    public init(capacity: Int = 4096, byteLimit: Int = 8 << 20) {
        self.capacity = max(1, capacity)
        self.byteLimit = max(1, byteLimit)
    }

    /// Masks held now.
    public var count: Int { entries.count }
    /// Coverage bytes held now.
    public var byteCount: Int { bytes }

    public func removeAll() {
        index.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        bytes = 0
    }

    /// The mask of `glyph` at `size` with the pen at `penOffset` from an integer pixel (normally the pen's
    /// fraction, 0..<1 on each axis). The offset is quantized to 1/4 px; the mask's origin is relative to that
    /// integer pixel, so a fraction that rounds up to a whole pixel shows in the origin, not in the coverage.
    public func mask(for glyph: GlyphIndex, font: Font, size: Double, penOffset: Point) -> AlphaMask {
        guard let size64 = GlyphCache.size64(size),
              abs(penOffset.x) < TextRenderer.coordinateLimit, abs(penOffset.y) < TextRenderer.coordinateLimit
        else { return AlphaMask(width: 0, height: 0) }
        let x = GlyphCache.quantize(penOffset.x), y = GlyphCache.quantize(penOffset.y)
        var mask = mask(font: font, glyph: glyph, size64: size64, subpixelX: x.step, subpixelY: y.step)
        mask.originX += x.pixel
        mask.originY += y.pixel
        return mask
    }

    /// The size key: 1/64 px, the precision FreeType's 26.6 sizes have; nil for sizes that draw nothing.
    static func size64(_ size: Double) -> Int32? {
        guard size.isFinite, size > 0, size <= TextRenderer.maximumSize else { return nil }
        let s = Int32((size * 64).rounded())
        return s > 0 ? s : nil
    }

    /// Splits a coordinate into an integer pixel and a sub-pixel step (0..<4); a fraction that rounds up to a
    /// whole pixel moves to the next pixel with step 0. The caller keeps `v` within Int range.
    @inline(__always)
    static func quantize(_ v: Double) -> (pixel: Int, step: UInt8) {
        let floor = v.rounded(.down)
        var pixel = Int(floor)
        var step = Int(((v - floor) * Double(subpixelSteps)).rounded())
        if step == subpixelSteps { pixel += 1; step = 0 }
        return (pixel, UInt8(step))
    }

    @inline(__always)
    func mask(font: Font, glyph: GlyphIndex, size64: Int32, subpixelX: UInt8, subpixelY: UInt8) -> AlphaMask {
        let key = Key(fontID: font.id, glyph: glyph, size64: size64, subpixelX: subpixelX, subpixelY: subpixelY)
        if let mask = cachedMask(key) { return mask }
        let mask = Self.rasterize(outline(font: font, key: key), with: rasterizer)
        insert(mask, for: key)
        return mask
    }

    /// The mask kept for `key`, or nil (a miss: counted).
    @inline(__always)
    func cachedMask(_ key: Key) -> AlphaMask? {
        clock &+= 1
        if let i = index[key] {
            hits += 1
            entries[i].lastUse = clock
            return entries[i].mask
        }
        misses += 1
        return nil
    }

    /// The outline a missing mask is rasterized from (the font's: not thread-safe).
    func outline(font: Font, key: Key) -> GlyphOutline {
        let step = 1 / Double(GlyphCache.subpixelSteps)
        return font.outline(of: key.glyph, size: Double(key.size64) / 64,
                            offset: Point(x: Double(key.subpixelX) * step, y: Double(key.subpixelY) * step))
    }

    /// A glyph's mask from its outline, by `rasterizer` (any thread with a rasterizer of its own).
    public static func rasterize(_ outline: GlyphOutline, with rasterizer: MaskRasterizer) -> AlphaMask {
        outline.path.isEmpty ? AlphaMask(width: 0, height: 0)
            : rasterizer.mask(for: outline.path, fillRule: outline.fillRule, tolerance: GlyphCache.tolerance)
    }

    /// Keeps `mask` for `key` within the bounds (unless kept already: another thread rasterized it too).
    public func insert(_ mask: AlphaMask, for key: Key) {
        let size = mask.width * mask.height
        guard size <= byteLimit / 4, index[key] == nil else { return }
        while !entries.isEmpty && (entries.count >= capacity || bytes + size > byteLimit) { evictLeastRecentlyUsedHalf() }
        index[key] = entries.count
        entries.append(Entry(key: key, mask: mask, lastUse: clock))
        bytes += size
    }

    private func evictLeastRecentlyUsedHalf() {
        // Stamps are unique (one clock tick per lookup), so this drops exactly the older ceil(n/2) entries.
        var stamps = entries.map(\.lastUse)
        stamps.sort()
        let dropped = (stamps.count + 1) / 2
        if dropped < stamps.count {
            let threshold = stamps[dropped]
            entries.removeAll { $0.lastUse < threshold }
        } else {
            entries.removeAll(keepingCapacity: true)
        }
        index.removeAll(keepingCapacity: true)
        bytes = 0
        for (i, e) in entries.enumerated() {
            index[e.key] = i
            bytes += e.mask.width * e.mask.height
        }
    }
}
