/// Band compositing: instead of repainting the damage into the private frame and copying it to the display
/// buffer afterwards, each band of the region a display buffer lacks (a few dozen rows, sized to stay in the
/// L2 cache) is composed through every layer into a small band buffer, and its finished pixels are written to
/// the target once, row after row, while they are still in cache. The target is never read (scanout memory
/// is write-combined), and the compositor keeps no full frame of its own.
///
/// With double or triple buffering, a buffer last drawn `age` frames ago is given the union of the damage of
/// those frames, composed again from the current display list.
extension FrameCompositor {
    /// Bytes a band buffer holds by default (its rows are the target's width): small enough to stay in L2.
    public static let defaultBandBytes = 256 * 1024

    /// Rows per band for a target `width` pixels wide (at least 8: each band re-runs the per-shape work).
    func bandRows(width: Int, bytesPerPixel: Int) -> Int {
        max(8, bandBytes / max(1, width * bytesPerPixel))
    }

    /// Brings `target` — a display buffer last drawn `age` frames ago (0: never, or unknown) — up to date with
    /// `list`, composing band by band. Returns this frame's damage (empty: the frame is unchanged and needs
    /// no commit when `age` is 1); `lastRepaintedArea` is the area written into `target`.
    @discardableResult
    public func render(_ list: DisplayList, background: RGBA, into target: PixelBuffer, age: Int) -> Damage {
        precondition(target.width == frame.width && target.height == frame.height,
                     "band compositing needs a target of the compositor's size")
        let damage = track(list)
        let region = repaintRegion(forBufferAge: age).clipped(to: target.bounds)
        lastRepaintedArea = region.area
        guard !region.isEmpty else { return damage }
        let bands = bandBuffer(for: target)
        let rows = bands.rows
        bandRenderer(target).beginFrame()
        for r in region.rects where !r.isEmpty {
            var y = r.minY
            while y < r.maxY {
                // Bands sit on a grid of `rows` rows, so each band's pixels keep their device coordinates.
                let top = (y / rows) * rows
                let bottom = min(r.maxY, top + rows)
                let band = IntRect(x: r.minX, y: y, width: r.width, height: bottom - y)
                let view = bands.view(at: top)
                bandRenderer(target).retarget(view)
                bandRenderer(target).render(list, background: background, in: band, tracker: tracker)
                target.copy(band, from: view)  // a row at a time: sequential writes only
                y = bottom
            }
        }
        return damage
    }

}

/// A band's memory, and views of it as a buffer of the whole frame's size whose rows `top..<top + rows` are
/// the band (the renderer then draws in device coordinates, with results identical to a whole-frame repaint;
/// it touches only the rows it is clipped to).
final class BandBuffer {
    let rows: Int
    let width: Int
    let height: Int
    let format: PixelFormat
    private let storage: PixelBuffer
    private var views: [Int: PixelBuffer] = [:]

    init(width: Int, height: Int, format: PixelFormat, rows: Int) {
        self.width = width
        self.height = height
        self.format = format
        self.rows = min(rows, max(1, height))
        storage = PixelBuffer(width: width, height: self.rows, format: format)
    }

    /// The band starting at row `top` (a multiple of `rows`).
    func view(at top: Int) -> PixelBuffer {
        if let v = views[top] { return v }
        // The base pointer lies before the band memory: only rows top..<top + rows are ever addressed.
        let v = PixelBuffer(wrapping: storage.baseAddress - top * storage.stride, width: width, height: height,
                            stride: storage.stride, format: format)
        views[top] = v
        return v
    }
}
