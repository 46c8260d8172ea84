/// Keeps a private, always up-to-date copy of the frame and repaints only what changed; then brings a
/// display buffer up to date by copying, never reading it (scanout memory is write-combined: reads from it are
/// an order of magnitude slower).
///
/// Buffer age: with double or triple buffering, a buffer last drawn `age` frames ago lacks the damage of
/// those `age` frames; `present(into:age:)` copies exactly their union (age 0: unknown, everything).
///
/// A sliding panel's pixels stay in its bitmap until presented (see `DeferredPanelCopies`), as do those of the
/// picture under a fading scrim (see `DimmedBackdrop`): `present` and `sources(of:)` take them from there, and
/// `composition` copies them in before handing the frame out.
@MainActor
public final class FrameCompositor {
    /// The private frame, complete (`render(_:background:)` keeps it up to date; band compositing does not use it).
    public var composition: PixelBuffer {
        renderer.deferredCopies.materializeAll(into: frame)
        return frame
    }
    /// The private frame as rendered: where copies are deferred, its pixels are stale.
    let frame: PixelBuffer
    public let scale: Double
    let renderer: DisplayListRenderer
    let text: TextEngine
    var tracker = DamageTracker()
    /// The revision of the list last rendered (its successor's edits apply to it).
    private var lastRevision: DisplayList.Revision?
    /// Whether the last `render` compared only the ranges its list said were recorded again.
    public var lastDamageWasIncremental: Bool { tracker.lastUpdateWasIncremental }
    /// Damage of recent frames, newest last (for buffer age).
    /// Damage of recent presented (non-empty) frames, newest last (for buffer age).
    private var history: [Damage] = []
    public static let historyLength = 4
    /// The last frame found nothing to repaint (the current frame adds no damage of its own).
    private var lastRenderWasUnchanged = false
    /// Pixels repainted by the last `render` (for tests and statistics).
    public internal(set) var lastRepaintedArea = 0
    /// Band compositing: the bytes of its band buffer (set before the first banded frame).
    public var bandBytes = FrameCompositor.defaultBandBytes
    /// Which transformed groups are composited from cached bitmaps (see `DisplayListRenderer`).
    public var transformedGroupCaching: DisplayListRenderer.TransformedGroupCaching {
        get { renderer.transformedGroupCaching }
        set {
            renderer.transformedGroupCaching = newValue
            bandPainter?.transformedGroupCaching = newValue
            for h in helpers { h.transformedGroupCaching = newValue }
        }
    }
    /// Whether shadows and blurs are blurred once per group and kept (see `DisplayListRenderer.cachesShadows`).
    public var cachesShadows: Bool {
        get { renderer.cachesShadows }
        set {
            renderer.cachesShadows = newValue
            bandPainter?.cachesShadows = newValue
            for h in helpers { h.cachesShadows = newValue }
        }
    }
    /// Whether sliding opaque panels are copied from bitmaps (see `DisplayListRenderer.cachesSlidingPanels`).
    public var cachesSlidingPanels: Bool {
        get { renderer.cachesSlidingPanels }
        set { renderer.cachesSlidingPanels = newValue; bandPainter?.cachesSlidingPanels = newValue }
    }
    /// Lets go of the bitmaps kept of sliding panels (the runner calls it when nothing is moving).
    public func releaseSlidingPanelBitmaps() {
        helpersDrewSlidingPanels = false
        renderer.deferredCopies.materializeAll(into: frame)
        renderer.releaseSlidingPanelBitmaps()
        bandPainter?.releaseSlidingPanelBitmaps()
    }
    /// The private frame's renderer, and band compositing's once it is made (for tests and statistics: their
    /// caches' counters).
    public var privateFrameRenderer: DisplayListRenderer { renderer }
    public var bandFrameRenderer: DisplayListRenderer? { bandPainter }
    /// How many shadows and blurs the private frame's renderer blurred from a whole group so far.
    public var shadowBuilds: Int { renderer.shadowBuilds }
    /// Told when an item is dropped or simplified because of its geometry, with its index in the display list
    /// (see `DisplayListRenderer.geometryWarning`: once per index and reason, bounded).
    public var geometryWarning: ((GeometryIssue, _ itemIndex: Int) -> Void)? {
        didSet { renderer.geometryWarning = geometryWarning; bandPainter?.geometryWarning = geometryWarning }
    }
    /// Renderers of the threads that help with a parallel repaint (see `ParallelRepaint.swift`), made on first use.
    var helpers: [DisplayListRenderer] = []
    /// Geometry warnings the helpers met during a parallel repaint, told on the main thread after it.
    var helperWarnings: [WarningLog] = []
    /// Threads a large repaint is split across (see `ParallelRepaint.swift`); 1: the calling thread alone.
    public var renderThreads = RenderWorkers.defaultThreadCount
    /// Repaints of at least this many device pixels are painted in parallel bands.
    public var parallelArea = FrameCompositor.defaultParallelArea
    /// The threads that paint the bands.
    public var workers = RenderWorkers.shared
    /// How many repaints were painted in parallel bands so far (for tests and statistics).
    public internal(set) var parallelRepaints = 0
    /// A large repaint is painted in bands only when one thread would take at least this long (ms), judged by
    /// the last large repaint (see `paintsInBands`).
    public var parallelMinimumTime = FrameCompositor.defaultParallelMinimumTime
    /// How long the last repaint of at least `parallelArea` pixels took, and whether it was painted in bands.
    var lastLargeRepaint: (milliseconds: Double, inBands: Bool)?
    /// Whether a helper of a parallel repaint drew a sliding panel since the panels' bitmaps were last let go:
    /// repaints stay on the main renderer then, which copies sliding panels from bitmaps (see `paintsInBands`).
    var helpersDrewSlidingPanels = false

    /// Band compositing's buffer and renderer (made on first use).
    private var bands: BandBuffer?
    private var bandPainter: DisplayListRenderer?

    func bandBuffer(for target: PixelBuffer) -> BandBuffer {
        if let b = bands, b.format == target.format { return b }
        let b = BandBuffer(width: target.width, height: target.height, format: target.format,
                           rows: bandRows(width: target.width, bytesPerPixel: target.format.bytesPerPixel))
        bands = b
        bandPainter = nil
        return b
    }

    func bandRenderer(_ target: PixelBuffer) -> DisplayListRenderer {
        if let p = bandPainter { return p }
        let p = DisplayListRenderer(target: bandBuffer(for: target).view(at: 0), scale: scale, text: text)
        p.transformedGroupCaching = renderer.transformedGroupCaching
        p.cachesShadows = renderer.cachesShadows
        p.cachesSlidingPanels = renderer.cachesSlidingPanels
        p.geometryWarning = geometryWarning
        bandPainter = p
        return p
    }

    private var lastBackground: RGBA?

    public init(width: Int, height: Int, scale: Double = 1, format: PixelFormat = .xrgb8888, text: TextEngine = .shared) {
        frame = PixelBuffer(width: width, height: height, format: format)
        self.scale = scale
        renderer = DisplayListRenderer(target: frame, scale: scale, text: text)
        renderer.defersPanelCopies = true
        self.text = text
        workers.prepare(threads: renderThreads)
    }

    /// Brings the composition up to date with `list`, repainting only the damage. Returns the damage
    /// (empty when the frame is unchanged: nothing needs presenting).
    @discardableResult
    public func render(_ list: DisplayList, background: RGBA) -> Damage {
        // A new background (the colour scheme changed) shows wherever no view draws: repaint everything.
        if background != lastBackground {
            if lastBackground != nil { invalidateAll() }
            lastBackground = background
        }
        let damage = track(list)
        lastRepaintedArea = damage.area
        guard !damage.isEmpty else { return damage }
        renderer.beginFrame()
        // A large repaint goes to bands when that is likely faster (see `paintsInBands`), and is timed for the next.
        let large = damage.area >= parallelArea
        let start = large ? RenderClock.milliseconds() : 0
        let inBands = large && paintsInBands
        if inBands {
            renderInBands(list, background: background, damage: damage)
        } else {
            for r in damage.rects { renderer.render(list, background: background, in: r, tracker: tracker) }
        }
        if large { lastLargeRepaint = (RenderClock.milliseconds() - start, inBands) }
        return damage
    }

    /// This frame's damage against the previous list, remembered for buffer age.
    func track(_ list: DisplayList) -> Damage {
        let damage = tracker.update(list, scale: scale, screen: frame.bounds, previousRevision: lastRevision)
        // Every damage rectangle (they never overlap) is repainted whole, cleared or from an opaque cover on:
        // what was deferred there is gone. (Forgotten here, not by each band's renderer: the parallel bands'
        // helpers do not see the deferred copies.)
        for r in damage.rects { renderer.deferredCopies.remove(r) }
        lastRevision = list.revision
        lastRenderWasUnchanged = damage.isEmpty
        // An unchanged frame is not presented, so it ages no buffer: recording its empty damage would push a
        // real frame's damage out of `suffix(age)`, and a buffer shown again would keep stale pixels (seen in
        // the QEMU guest: a button's pressed look came back when the list below it scrolled).
        guard !damage.isEmpty else { return damage }
        history.append(damage)
        if history.count > Self.historyLength { history.removeFirst() }
        return damage
    }

    /// Forgets the previous frame: the next `render` repaints everything (after a mode change, say).
    public func invalidateAll() {
        tracker.reset()
        lastRevision = nil
        history.removeAll()
        lastRenderWasUnchanged = false
    }

    /// The region a buffer last drawn `age` frames ago must be given (0 or beyond the history: all of it).
    public func repaintRegion(forBufferAge age: Int) -> Damage {
        // The history ends with the current frame's damage unless the last frame changed nothing.
        let frames = lastRenderWasUnchanged ? age - 1 : age
        guard age > 0, frames <= history.count else { return Damage([frame.bounds]) }
        var d = Damage()
        for damage in history.suffix(frames) { d.formUnion(damage) }
        return d
    }

    /// Copies into `target` (a display buffer of the same size) the region it lacks; returns that region.
    @discardableResult
    public func present(into target: PixelBuffer, age: Int) -> Damage {
        let region = repaintRegion(forBufferAge: age).clipped(to: target.bounds.intersection(frame.bounds))
        let streamed = target.streams(presentOf: region.area)
        for r in region.rects {
            sources(of: r) { piece, source, dx, dy, dimming in
                if streamed {
                    target.stream(piece, from: source, offsetX: dx, offsetY: dy, dimmedBy: dimming)
                } else {
                    target.copy(piece, from: source, offsetX: dx, offsetY: dy, dimmedBy: dimming)
                }
            }
        }
        return region
    }

    /// Where the pixels of `rect` of the frame are now: `body` is given each piece of it with the buffer that
    /// holds it, the offset from frame to buffer coordinates and the scrim to blend over it — the private frame
    /// (offset 0, no scrim), a sliding panel's bitmap whose copy is deferred, or the bitmap of the picture under a
    /// fading scrim with that scrim (see `DimmedBackdrop`). A display buffer is brought up to date by copying
    /// each piece, with its scrim over it (`PixelBuffer.copy(_:from:offsetX:offsetY:dimmedBy:)`).
    public func sources<E: Error>(of rect: IntRect,
                                  _ body: (IntRect, PixelBuffer, _ offsetX: Int, _ offsetY: Int, Dimming?) throws(E) -> Void) throws(E) {
        try renderer.deferredCopies.sources(of: rect.intersection(frame.bounds), frame: frame, body)
    }
}
