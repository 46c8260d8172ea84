/// Shadows and blurs of whole groups, blurred once and composited while the group stays the same: a card with
/// a shadow next to a blinking caret, or under a label that changes beside it, is not blurred again at every
/// repaint that touches it.
///
/// An entry holds the effect of the WHOLE group (its content drawn over its full bounds into a scratch buffer,
/// then blurred), not of the region being repainted, so a partial repaint composites the same pixels a full
/// one does. The key is the group's content compared item by item (`drawsSame`, as `TransformedGroupCache`),
/// the effect's colour and radius, and the device transform up to whole pixels of translation: the group is
/// drawn through the transform's linear part and the fraction of its translation, and the whole pixels only
/// place the image, so a group that moves by whole pixels keeps its image. What an entry holds depends on
/// that key alone, never on history, so a renderer made afresh paints what one kept across frames does.
/// Drawn whole, a group past the screen's edge casts its shadow as if the screen went on; blurring over the
/// repainted region (the uncached path) reads nothing past the screen, so within about three standard
/// deviations of the edge its shadow is a little lighter. Elsewhere both paint the same pixels.
///
/// Entries are found by the index of the group's push in the list; one whose push was not visited in a
/// render (the group went, or moved to another index) is dropped at its end. At most `maximumEntries`
/// entries and `maximumBytes` of images are kept (a group over the budget is blurred whole at each repaint
/// that touches it, and not kept).
final class ShadowCache {
    /// What is made of the group: a shadow of its coverage, or the group itself blurred.
    enum Effect {
        case shadow(color: RGBA, radius: Double)
        case blur(Blur)

        func isSame(as other: Effect) -> Bool {
            switch (self, other) {
            case let (.shadow(c1, r1), .shadow(c2, r2)): return c1 == c2 && same(r1, r2)
            case let (.blur(a), .blur(b)): return DisplayList.Item.pushBlur(a).drawsSame(as: .pushBlur(b))
            default: return false
            }
        }
    }

    final class Entry {
        let content: [DisplayList.Item]
        let effect: Effect
        /// The device transform's linear part and the fraction of its translation.
        let linear: (a: Double, b: Double, c: Double, d: Double, fx: Double, fy: Double)
        /// The blurred image (nil: the group draws nothing), and where it lies relative to the whole pixels of
        /// the transform's translation.
        let image: PixelBuffer?
        let rect: IntRect
        /// The render in which the entry was last looked up.
        var lastUsed: Int
        init(content: [DisplayList.Item], effect: Effect, linear: (Double, Double, Double, Double, Double, Double),
             image: PixelBuffer?, rect: IntRect, lastUsed: Int) {
            self.content = content; self.effect = effect; self.linear = linear; self.image = image; self.rect = rect
            self.lastUsed = lastUsed
        }
        var bytes: Int { image.map { $0.width * $0.height * 4 } ?? 0 }
    }

    /// The effect of a group for one repaint.
    enum Lookup {
        /// Too large, or a transform too far out, to draw whole: blur it over the repainted region instead.
        case uncacheable
        /// The group and its effect draw nothing inside the clip (or nothing at all): skip it.
        case outside
        /// The image (device pixels, not moved by a shadow's offset) and where it goes.
        case image(PixelBuffer, IntRect)
    }

    /// At most this many entries are kept.
    static let maximumEntries = 64
    /// At most this many bytes of images are kept (a kiosk runs for months: the cache must not grow with it).
    static let maximumBytes = 8 << 20
    /// A group whose scratch buffer would be larger than this (device pixels) is not drawn whole.
    static let maximumArea = 2048 * 2048

    private var entries: [Int: Entry] = [:]
    private(set) var bytes = 0
    /// How many effects were blurred from a whole group so far (for tests: an unchanged group blurs once).
    private(set) var builds = 0
    private var generation = 0

    /// (Under the lock while shared: another band's thread may be storing an entry, and the dictionary's
    /// storage read unlocked could be freed under the reader — a race the thread sanitizer found.)
    var count: Int {
        lockIfShared()
        defer { unlockIfShared() }
        return entries.count
    }

    /// Set while the renderers of a parallel repaint's bands share this cache (see `ParallelRepaint.swift`):
    /// every access is then under `sharing`, and an entry is made by one thread while the others needing it
    /// wait (`building`), rather than blurred by each.
    var isShared = false
    private let sharing = SharedStateLock()
    private var building: Set<Int> = []

    @inline(__always) private func lockIfShared() { if isShared { sharing.lock() } }
    @inline(__always) private func unlockIfShared() { if isShared { sharing.unlock() } }

    /// Starts a render: entries not looked up before `endRender` are dropped then. While shared, the bands'
    /// renders are one render: the compositor begins and ends it around them.
    func beginRender() {
        guard !isShared else { return }
        generation &+= 1
    }

    /// Drops the entries of groups not visited since `beginRender`.
    func endRender() {
        guard !isShared else { return }
        guard entries.values.contains(where: { $0.lastUsed != generation }) else { return }
        let stale = entries.filter { $0.value.lastUsed != generation }
        for (index, entry) in stale {
            bytes -= entry.bytes
            entries[index] = nil
        }
    }

    /// Keeps the entries of the shadows and blurs pushed within `range` of `items` (a group skipped whole
    /// holds them, unvisited).
    func keep(_ range: ClosedRange<Int>, of items: [DisplayList.Item]) {
        lockIfShared()
        defer { unlockIfShared() }
        for (index, entry) in entries where range.contains(index) {
            switch items[index] {
            case .pushShadow, .pushBlur: entry.lastUsed = generation
            default: break
            }
        }
    }

    /// The effect of the group pushed at `index` with content `items`, under the device transform `t`, for a
    /// repaint clipped to `clip`. `reach` is how far the effect spreads past the group's pixels (device pixels,
    /// the offset included); `shift` moves the image before it is compared with the clip (a shadow's offset;
    /// the group's own pixels count unmoved). `draw` paints the group's items into a scratch buffer through
    /// a transform.
    func lookup(at index: Int, items: ArraySlice<DisplayList.Item>, effect: Effect, transform t: AffineTransform,
                sigma: Double, reach: Double, shift: (x: Int, y: Int), clip: IntRect,
                draw: (DisplayList, PixelBuffer, AffineTransform) -> Void) -> Lookup {
        let limit = Double(1 << 30)
        guard sigma.isFinite, reach.isFinite, t.tx.isFinite, t.ty.isFinite, abs(t.tx) < limit, abs(t.ty) < limit else {
            return .uncacheable
        }
        let wholeX = t.tx.rounded(.down), wholeY = t.ty.rounded(.down)
        let ix = Int(wholeX), iy = Int(wholeY)
        let linear = (t.a, t.b, t.c, t.d, t.tx - wholeX, t.ty - wholeY)
        lockIfShared()
        var found = matching(index, items: items, effect: effect, linear: linear)
        while found == nil, isShared, building.contains(index) {
            sharing.wait()  // another band's thread is making it
            found = matching(index, items: items, effect: effect, linear: linear)
        }
        let entry: Entry
        if let found {
            found.lastUsed = generation
            entry = found
            unlockIfShared()
        } else {
            if isShared { building.insert(index) }
            let current = generation
            unlockIfShared()
            let made = make(items: items, effect: effect, linear: linear, sigma: sigma, reach: reach, at: (ix, iy),
                            clip: clip, generation: current, draw: draw)
            lockIfShared()
            if isShared { building.remove(index); sharing.wakeAll() }
            var built: Entry?
            switch made {
            case .uncacheable, .outside:
                break
            case .drawsNothing(let e):
                store(e, at: index)
            case .built(let e):
                builds += 1
                e.lastUsed = generation
                store(e, at: index)
                built = e
            }
            unlockIfShared()
            guard let built else {
                if case .uncacheable = made { return .uncacheable }
                return .outside
            }
            entry = built
        }
        guard let image = entry.image else { return .outside }
        let at = IntRect(x: entry.rect.x + ix, y: entry.rect.y + iy, width: entry.rect.width, height: entry.rect.height)
        let moved = IntRect(x: at.x + shift.x, y: at.y + shift.y, width: at.width, height: at.height)
        guard at.intersects(clip) || moved.intersects(clip) else { return .outside }
        return .image(image, at)
    }

    /// The entry at `index` if it was made of this group under this transform.
    private func matching(_ index: Int, items: ArraySlice<DisplayList.Item>, effect: Effect,
                          linear: (Double, Double, Double, Double, Double, Double)) -> Entry? {
        guard let e = entries[index], e.effect.isSame(as: effect), same(e.linear.a, linear.0), same(e.linear.b, linear.1),
              same(e.linear.c, linear.2), same(e.linear.d, linear.3), same(e.linear.fx, linear.4), same(e.linear.fy, linear.5),
              e.content.count == items.count, zip(e.content, items).allSatisfy({ $0.drawsSame(as: $1) }) else { return nil }
        return e
    }

    private enum Made {
        case uncacheable, outside
        case drawsNothing(Entry)
        case built(Entry)
    }

    /// Draws the group whole and blurs it (touches nothing of the cache: runs outside its lock).
    private func make(items: ArraySlice<DisplayList.Item>, effect: Effect,
                      linear: (Double, Double, Double, Double, Double, Double), sigma: Double, reach: Double,
                      at whole: (x: Int, y: Int), clip: IntRect, generation: Int,
                      draw: (DisplayList, PixelBuffer, AffineTransform) -> Void) -> Made {
        let local = AffineTransform(a: linear.0, b: linear.1, c: linear.2, d: linear.3, tx: linear.4, ty: linear.5)
        // The region to draw the group over, relative to (ix, iy): the frame of an opaque blur (nothing
        // past it is read), otherwise the content's bounds grown by the blur's spread (all it reaches).
        let area: IntRect
        var opaque = false
        if case .blur(let blur) = effect, let frame = blur.opaqueFrame {
            area = DisplayList.bounds(of: frame, under: local).nearestIntRect
            opaque = true
        } else {
            guard let bounds = TransformedGroupCache.bounds(of: items) else {
                return .drawsNothing(Entry(content: Array(items), effect: effect, linear: linear, image: nil,
                                           rect: IntRect(x: 0, y: 0, width: 0, height: 0), lastUsed: generation))
            }
            let spread = (3 * sigma).rounded(.up) + 2
            guard spread < 4096 else { return .uncacheable }
            area = DisplayList.bounds(of: bounds, under: local).outset(spread).enclosingIntRect
        }
        guard area.width > 0, area.height > 0, area.width <= Self.maximumArea / area.height else {
            return area.isEmpty ? .outside : .uncacheable
        }
        // A group not cached yet that reaches nothing in the clip is skipped without drawing it: most of a
        // damage repaint's groups lie elsewhere.
        let device = IntRect(x: area.x + whole.x, y: area.y + whole.y, width: area.width, height: area.height)
        let grown = Int(min(4096, reach).rounded(.up))
        let reached = opaque ? clip : IntRect(x: clip.x - grown, y: clip.y - grown, width: clip.width + 2 * grown,
                                              height: clip.height + 2 * grown)
        if !device.intersects(reached) { return .outside }
        let scratch = PixelBuffer(width: area.width, height: area.height)
        var list = DisplayList()
        for item in items { list.append(item) }
        draw(list, scratch, AffineTransform(a: linear.0, b: linear.1, c: linear.2, d: linear.3,
                                            tx: linear.4 - Double(area.x), ty: linear.5 - Double(area.y)))
        let made: (PixelBuffer, IntRect)?
        switch effect {
        case .shadow(let color, _):
            made = ShadowBlur.image(of: scratch, in: scratch.bounds, sigma: sigma, color: color)
        case .blur:
            made = ShadowBlur.blurred(scratch, in: scratch.bounds, sigma: sigma, opaque: opaque)
        }
        return .built(Entry(content: Array(items), effect: effect, linear: linear, image: made?.0,
                            rect: made.map { IntRect(x: $0.1.x + area.x, y: $0.1.y + area.y, width: $0.1.width, height: $0.1.height) }
                                ?? IntRect(x: 0, y: 0, width: 0, height: 0),
                            lastUsed: generation))
    }

    /// Keeps `entry` at `index` when the budget allows (it replaces the entry there).
    private func store(_ entry: Entry, at index: Int) {
        if let old = entries.removeValue(forKey: index) { bytes -= old.bytes }
        if entries.count >= Self.maximumEntries || bytes + entry.bytes > Self.maximumBytes {
            // Entries before `index` not looked up in this render are of groups that went (pushes are visited
            // in order): make room from them now rather than at the render's end.
            for (i, e) in entries where i < index && e.lastUsed != generation {
                bytes -= e.bytes
                entries[i] = nil
            }
        }
        if entries.count < Self.maximumEntries, bytes + entry.bytes <= Self.maximumBytes {
            entries[index] = entry
            bytes += entry.bytes
        }
    }
}
