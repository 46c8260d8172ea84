import ScanoutRaster

/// Copies of sliding panels (see `PanelCache`) left in their bitmaps instead of made into the private frame:
/// while a screen slides, the private frame's pixels under it would be copied from the bitmap and then copied
/// again into the display buffer; deferred, they are copied once, from the bitmap straight into the display
/// buffer (`FrameCompositor.present`), and the private frame is brought up to date only where something is
/// drawn over them, or when someone reads it (`materializeAll`).
///
/// Each copy is a rectangle of the frame whose true pixels are its bitmap's — or, for the picture under a
/// fading scrim (see `DimmedBackdrop`), its bitmap's with the scrim over them; the rectangles never overlap (a
/// later copy over an earlier one replaces it there). Bitmaps are never drawn into again once made (a panel
/// whose content changes gets a new one), so holding one keeps its pixels.
struct DeferredPanelCopies {
    struct Copy {
        var rect: IntRect
        let bitmap: PixelBuffer
        /// Where the bitmap's top-left pixel lies in the frame.
        let originX: Int, originY: Int
        /// The scrim blended over the bitmap's pixels as they are copied (nil: copied as they are).
        let dimming: Dimming?
    }

    private(set) var copies: [Copy] = []
    /// More rectangles than this (each repaint over part of one splits it) and they are all copied.
    static let maximumCount = 32

    var isEmpty: Bool { copies.isEmpty }

    /// Leaves `rect` of `bitmap` (whose top-left pixel lies at `originX`, `originY` in the frame), dimmed by
    /// `dimming` if given, to be copied later: it now hides whatever was deferred there before.
    mutating func add(_ rect: IntRect, of bitmap: PixelBuffer, originX: Int, originY: Int, dimming: Dimming? = nil,
                      frame: PixelBuffer) {
        guard !rect.isEmpty else { return }
        remove(rect)
        copies.append(Copy(rect: rect, bitmap: bitmap, originX: originX, originY: originY, dimming: dimming))
        if copies.count > Self.maximumCount { materializeAll(into: frame) }
    }

    /// Forgets what was deferred within `rect` (it is being repainted whole).
    mutating func remove(_ rect: IntRect) {
        guard copies.contains(where: { $0.rect.intersects(rect) }) else { return }
        copies = copies.flatMap { c -> [Copy] in
            guard c.rect.intersects(rect) else { return [c] }
            return c.rect.subtracting(rect).map {
                Copy(rect: $0, bitmap: c.bitmap, originX: c.originX, originY: c.originY, dimming: c.dimming)
            }
        }
    }

    /// Copies into `frame` what was deferred within `rect` (something is about to be drawn over it there).
    mutating func materialize(_ rect: IntRect, into frame: PixelBuffer) {
        guard copies.contains(where: { $0.rect.intersects(rect) }) else { return }
        for c in copies where c.rect.intersects(rect) {
            frame.copy(c.rect.intersection(rect), from: c.bitmap, offsetX: -c.originX, offsetY: -c.originY, dimmedBy: c.dimming)
        }
        remove(rect)
    }

    /// Copies everything deferred into `frame`.
    mutating func materializeAll(into frame: PixelBuffer) {
        for c in copies { frame.copy(c.rect, from: c.bitmap, offsetX: -c.originX, offsetY: -c.originY, dimmedBy: c.dimming) }
        copies.removeAll()
    }

    /// Where the pixels of `rect` of the frame are: `body` is given each piece with the buffer holding it, the
    /// offset from frame to buffer coordinates and the scrim to blend over it as it is copied (`frame` itself,
    /// offset 0, no scrim, for what was not deferred).
    func sources<E: Error>(of rect: IntRect, frame: PixelBuffer,
                           _ body: (IntRect, PixelBuffer, _ offsetX: Int, _ offsetY: Int, Dimming?) throws(E) -> Void) throws(E) {
        var rest = [rect]
        for c in copies where c.rect.intersects(rect) {
            try body(c.rect.intersection(rect), c.bitmap, -c.originX, -c.originY, c.dimming)
            rest = rest.flatMap { $0.subtracting(c.rect) }
        }
        for r in rest where !r.isEmpty { try body(r, frame, 0, 0, nil) }
    }
}
