import ScanoutRaster
import ScanoutText

/// Bitmaps of sliding panels (see `OpaquePanel`): while a panel's translation changes from frame to frame and
/// its content does not — a pushed screen sliding in, a sheet rising — its interior is drawn once into a bitmap
/// of the target's format and copied, row by row, to wherever it is now (whole pixels: a copy, not a
/// re-rasterization). A panel at rest keeps no bitmap (it is drawn directly; its content may change every
/// frame), so memory is spent only during a slide, and the runner lets it go when nothing moves. Copying equals
/// drawing: the panel's interior is opaque, whatever lies under it is hidden, and the bitmap is drawn by the same
/// renderer code shifted by whole pixels — except that a slanted edge crossing the side of the screen or of the
/// bitmap may differ by one level along it (the rasterizer cuts a segment where it leaves its target, at a
/// rounded point, and the bitmap is not the screen; CoverAndPanelPropertyTests bound it).
final class PanelCache {
    final class Entry {
        var content: [DisplayList.Item] = []
        var scale = (a: 0.0, d: 0.0)
        /// The translation in the current frame and in the frame before the one it was last seen in.
        var translation = (x: 0.0, y: 0.0)
        var previous: (x: Double, y: Double)?
        var frame = -1
        /// The frame whose content was compared with the list's (once a frame).
        var comparedFrame = -1
        var bitmap: PixelBuffer?
        var isMoving: Bool { previous.map { $0 != translation } ?? false }
    }

    /// By index of the panel's push in the list.
    private var entries: [Int: Entry] = [:]
    private(set) var frame = 0
    /// How many bitmaps were drawn so far (for tests: a slide draws its panel once).
    private(set) var builds = 0
    /// How many copies from a bitmap were made so far, and of how many pixels in all (for tests).
    private(set) var copies = 0
    private(set) var copiedPixels = 0

    /// A new frame: translations seen from now on are this frame's; panels not seen in the last frame are forgotten.
    func beginFrame() {
        frame += 1
        entries = entries.filter { $0.value.frame >= frame - 2 }
    }

    /// Lets go of every bitmap (a panel that slides on is drawn into one again).
    func releaseBitmaps() { for e in entries.values { e.bitmap = nil } }

    /// Bytes held in bitmaps now (for tests).
    var bytes: Int { entries.values.reduce(0) { $0 + ($1.bitmap.map { $0.stride * $0.height } ?? 0) } }

    /// The bitmap of the panel pushed at `index` (content `items[(index + 1)..<end]`, placed at `placement`) when
    /// it is sliding — drawn now if its content changed or it has none — or nil when it is at rest (draw it
    /// directly) or the bitmap is not `wanted` now (the region being repainted is not within the interior).
    /// `draw` paints the content into a bitmap through a transform.
    func bitmap(at index: Int, end: Int, items: [DisplayList.Item], placement: OpaquePanel.Placement, format: PixelFormat,
                maximumArea: Int, wanted: Bool, draw: (DisplayList, PixelBuffer, AffineTransform) -> Void) -> PixelBuffer? {
        let e = entries[index] ?? Entry()
        entries[index] = e
        let t = placement.transform
        if e.frame != frame {
            e.previous = e.frame < 0 ? nil : e.translation
            e.translation = (t.tx, t.ty)
            e.frame = frame
        }
        if e.comparedFrame != frame {
            e.comparedFrame = frame
            let content = items[(index + 1)..<end]
            if e.scale != (t.a, t.d) || e.content.count != content.count
                || !e.content.indices.allSatisfy({ DisplayList.Item.drawSame(e.content, $0, items, index + 1 + $0) }) {
                e.content = Array(content)
                e.scale = (t.a, t.d)
                e.bitmap = nil
            }
        }
        guard e.isMoving else {
            e.bitmap = nil
            return nil
        }
        guard wanted else { return nil }
        let interior = placement.interior
        if let b = e.bitmap, b.width == interior.width, b.height == interior.height, b.format == format { return b }
        // (In doubles: an interior can be up to 2^40 pixels a side, and its area would overflow an Int.)
        guard Double(interior.width) * Double(interior.height) <= Double(maximumArea) else { return nil }
        let bitmap = PixelBuffer(width: interior.width, height: interior.height, format: format)
        var list = DisplayList()
        for item in e.content { list.append(item) }
        draw(list, bitmap, t.concatenating(AffineTransform(translationX: Double(-interior.minX), y: Double(-interior.minY))))
        builds += 1
        e.bitmap = bitmap
        return bitmap
    }

    /// Copies `rect` (device pixels within the panel's `interior`) of `bitmap` into `target`.
    func copy(_ rect: IntRect, of bitmap: PixelBuffer, interior: IntRect, into target: PixelBuffer) {
        target.copy(rect, from: bitmap, offsetX: -interior.minX, offsetY: -interior.minY)
        countCopy(rect)
    }

    /// Counts a copy of `rect`, made or left for later (see `DeferredPanelCopies`).
    func countCopy(_ rect: IntRect) {
        copies += 1
        copiedPixels += rect.width * rect.height
    }
}
