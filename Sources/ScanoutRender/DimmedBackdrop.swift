import ScanoutRaster

/// The picture under a fading dimming scrim (a sheet's or an alert's) that cannot be drawn in dimmed colours
/// (images, gradients, shadows: see `Dimming`): while the scrim's opacity changes from frame to frame and what
/// it covers does not, that picture is drawn once, undimmed, into a bitmap of the scrim's pixels, and each
/// frame's pixels there are the bitmap with the scrim blended over them as it is copied — into the display
/// buffer at present when copies are deferred (`DeferredPanelCopies`) — instead of the picture drawn and the
/// scrim blended over the screen at every frame of the fade. The pixels are those, to the bit. (A picture that
/// can take dimmed colours is drawn in them: measured on a sheet over a list at 1080p, that costs no more
/// than the dimmed copy.) A scrim at rest keeps no bitmap (the picture under it may change every frame); the
/// runner lets it go with the sliding panels' bitmaps when nothing moves.
final class DimmedBackdrop {
    /// The items before the scrim's group, the background they are drawn on, the transform of the list's
    /// points to device pixels, and the device pixels the scrim covers wholly (the bitmap's).
    private var content: [DisplayList.Item] = []
    private var background = RGBA.clear
    private var root = AffineTransform.identity
    private var rect = IntRect(x: 0, y: 0, width: 0, height: 0)
    /// The scrim's dimming in the frame it was last seen in, and in the frame before that one.
    private var dimming: Dimming?
    private var previous: Dimming?
    /// The frame the scrim was last seen in (its dimming and picture are compared once a frame).
    private var frame = -1
    /// Whether the picture seen in that frame was the same as the one before.
    private var unchanged = false
    private var bitmap: PixelBuffer?
    private var current = 0
    /// How many bitmaps were drawn so far (for tests: a fade draws its picture once).
    private(set) var builds = 0

    /// A new frame: the dimming seen from now on is this frame's.
    func beginFrame() { current += 1 }

    /// Lets go of the bitmap (a scrim that fades on draws it again).
    func release() { bitmap = nil }

    var bytes: Int { bitmap.map { $0.stride * $0.height } ?? 0 }

    /// The bitmap of the picture under the scrim opened at `start` (the items before it, drawn on `background`
    /// through `root`, over `rect`), when the scrim's dimming changed since the last frame and that picture did
    /// not — drawn now if missing; nil: draw the picture and blend the scrim as usual. `format`: the target's, a
    /// 32-bit one (the copy blends 32-bit pixels). `draw` paints a list into a bitmap through a transform on a
    /// background.
    func bitmap(_ items: [DisplayList.Item], scrimAt start: Int, dimming d: Dimming, rect r: IntRect, background bg: RGBA,
                root t: AffineTransform, format: PixelFormat,
                draw: (DisplayList, PixelBuffer, AffineTransform, RGBA) -> Void) -> PixelBuffer? {
        if frame != current {
            previous = frame == current - 1 ? dimming : nil
            dimming = d
            frame = current
            let picture = items[..<start]
            unchanged = bg == background && t == root && r == rect && content.count == picture.count
                && zip(content, picture).allSatisfy { $0.drawsSame(as: $1) }
            if !unchanged {
                content = Array(picture)
                (background, root, rect) = (bg, t, r)
                bitmap = nil
            }
        }
        // Fading (the dimming changed since the frame before) over an unchanged picture.
        guard unchanged, let previous, previous != d else {
            if previous == d { bitmap = nil }
            return nil
        }
        if let b = bitmap, b.format == format { return b }
        let b = PixelBuffer(width: rect.width, height: rect.height, format: format)
        var list = DisplayList()
        for item in content { list.append(item) }
        // Groups still open where the scrim's opens (around it, doing nothing: its context is plain) are closed.
        var depth = 0
        for item in content {
            if item.isPop { depth -= 1 } else if !item.isDrawing { depth += 1 }
        }
        for _ in 0..<max(0, depth) { list.append(.pop) }
        draw(list, b, t.concatenating(AffineTransform(translationX: Double(-rect.minX), y: Double(-rect.minY))), background)
        builds += 1
        bitmap = b
        return b
    }
}
