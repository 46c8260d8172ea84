import ScanoutRaster

/// Opaque panels: a group pushed under an axis-aligned transform whose first drawing is an opaque rectangle or
/// rounded rectangle of at least `minimumArea` device pixels — a navigation screen on its background, a page, a
/// sheet's card. Such a group is drawn at its translation rounded to whole device pixels (the damage tracker
/// assumes the same), so that while it slides with its content unchanged its pixels can be copied from a bitmap
/// of it (`PanelCache`) instead of rasterized again, and the copy equals drawing it. Layout puts views on whole
/// pixels already: only a sliding panel's in-between frames move, by less than half a pixel.
enum OpaquePanel {
    /// Smaller opaque groups (a button's background) keep their exact position: copying them gains little.
    static let minimumArea = 256 * 256
    static let minimumSide = 64

    /// Where a panel is drawn: its full transform with the translation rounded, and its interior — the device
    /// pixels its cover paints opaque (nothing drawn before the group shows there).
    struct Placement {
        var transform: AffineTransform
        var interior: IntRect
    }

    /// The placement of the group pushed at `index` whose full transform (its own concatenated with its
    /// parent's) is `m`; nil when the group is not a panel.
    static func placement(ofGroupAt index: Int, in items: [DisplayList.Item], full m: AffineTransform) -> Placement? {
        guard m.isAxisAligned, m.a > 0, m.d > 0, abs(m.tx) < 1e9, abs(m.ty) < 1e9,
              let cover = cover(ofGroupAt: index, in: items) else { return nil }
        var snapped = m
        snapped.tx = m.tx.rounded()
        snapped.ty = m.ty.rounded()
        let interior = DisplayList.bounds(of: cover.interior, under: cover.nested.concatenating(snapped)).innerIntRect
        guard interior.width >= minimumSide, interior.height >= minimumSide,
              Double(interior.width) * Double(interior.height) >= Double(minimumArea) else { return nil }
        return Placement(transform: snapped, interior: interior)
    }

    /// Whether a translation is not on whole pixels (only then can rounding it change anything).
    static func isFractional(_ m: AffineTransform) -> Bool {
        // (Through Int64 rather than `rounded()`, a libm call on baseline x86-64, for every group drawn.)
        guard abs(m.tx) < 1e15, abs(m.ty) < 1e15 else { return false }
        return m.tx != Double(Int64(m.tx)) || m.ty != Double(Int64(m.ty))
    }

    /// The group's first drawing when it is an opaque fill with a known interior (in the coordinates of the
    /// transforms pushed between the group and it, `nested`, which must keep axes).
    private static func cover(ofGroupAt index: Int, in items: [DisplayList.Item]) -> (interior: Rect, nested: AffineTransform)? {
        var nested = AffineTransform.identity
        var i = index + 1
        while i < items.count {
            let item = items[i]
            guard case .pushTransform(let u) = item else { return item.opaqueInterior.map { ($0, nested) } }
            guard u.isAxisAligned else { return nil }
            nested = u.concatenating(nested)
            i += 1
        }
        return nil
    }
}

extension IntRect {
    /// Whether `other` lies within this rectangle.
    func contains(_ other: IntRect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// This rectangle without `hole`: up to four rectangles (the bands above and below it, then the pieces
    /// left and right of it).
    func subtracting(_ hole: IntRect) -> [IntRect] {
        let h = hole.intersection(self)
        guard !h.isEmpty else { return [self] }
        var parts: [IntRect] = []
        if h.minY > minY { parts.append(IntRect(x: x, y: y, width: width, height: h.minY - minY)) }
        if h.maxY < maxY { parts.append(IntRect(x: x, y: h.maxY, width: width, height: maxY - h.maxY)) }
        if h.minX > minX { parts.append(IntRect(x: x, y: h.minY, width: h.minX - minX, height: h.height)) }
        if h.maxX < maxX { parts.append(IntRect(x: h.maxX, y: h.minY, width: maxX - h.maxX, height: h.height)) }
        return parts
    }
}
