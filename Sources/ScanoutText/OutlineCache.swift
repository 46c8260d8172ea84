/// Glyph outlines in design units (scale 1, y down, pen at the origin), for text drawn through a rotation,
/// shear or mirror: such a glyph is filled as a path through the transform instead of through a mask, and
/// one unscaled outline serves every size and angle (a mask cache keyed by angle would never hit while a
/// label turns).
///
/// Bounded by entry count (a kiosk runs for months); when full it is emptied: transformed text is rare, and an
/// outline costs one `FT_Load_Glyph` to load again. Not thread-safe, like `Canvas`.
public final class OutlineCache {
    struct Key: Hashable {
        var fontID: UInt64
        var glyph: GlyphIndex
    }

    /// Most outlines kept at once.
    public let capacity: Int
    private var outlines: [Key: GlyphOutline] = [:]

    /// Lookups answered from the cache, and lookups that loaded an outline.
    public private(set) var hits = 0
    public private(set) var misses = 0

    public init(capacity: Int = 512) {
        self.capacity = max(1, capacity)
    }

    /// Outlines held now.
    public var count: Int { outlines.count }

    public func removeAll() { outlines.removeAll(keepingCapacity: true) }

    /// The outline of `glyph` in `font`'s design units: `.empty` for a glyph without one (a space).
    public func outline(of glyph: GlyphIndex, font: Font) -> GlyphOutline {
        let key = Key(fontID: font.id, glyph: glyph)
        if let o = outlines[key] {
            hits += 1
            return o
        }
        misses += 1
        let o = font.outline(of: glyph, size: Double(font.unitsPerEm))
        if outlines.count >= capacity { outlines.removeAll(keepingCapacity: true) }
        outlines[key] = o
        return o
    }
}
