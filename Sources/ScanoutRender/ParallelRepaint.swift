/// Parallel repaints: a large repaint (the first frame, a rotation, a theme switch, a transition bringing new
/// content) is cut into bands of rows that the threads of `RenderWorkers` paint at once into the private
/// frame, each band through its own renderer. A renderer's result does not depend on the region it repaints
/// (what damage repaints already rely on), so the frame is the one a single thread paints, pixel for pixel.
///
/// What the helpers share is read only while they run (the display list, the damage tracker's bounds and
/// contexts) or used under a lock: the text engine (glyphs are looked up under it, rasterized where missing and
/// blended outside it) and the main renderer's shadow cache (its shadows and blurs are blurred first, one job
/// each, so no band waits for another to blur what both cross; they stay for the damage frames that follow).
/// Otherwise each helper has its own renderer, with its own outlines, layers and caches, let go after each
/// parallel repaint (the main renderer keeps its own for the damage frames). Afterwards, on the calling
/// thread, the helpers' geometry warnings are told.
extension FrameCompositor {
    /// Repaints of at least this many device pixels are split into bands painted in parallel; smaller ones
    /// (a damage frame) stay on one thread, where they are faster: waking a helper and waiting for it costs
    /// 35–55 µs here, and the bench's dashboard repaints its 384 Ki pixels at 800x480 in ~0.5 ms on one thread
    /// (1.2x faster on two), so below about a third of that the helpers would cost what they save.
    public static let defaultParallelArea = 128 * 1024

    /// A large repaint goes to bands only when one thread would take at least this long: a warm whole repaint
    /// of the bench's dashboard (0.5 ms at 800x480, 0.9 ms at 1080p on one thread here) was 1.2–1.6x faster on
    /// two threads on a quiet machine and 0.8–0.9x in a CI run, where waking a helper took 63 µs; a first
    /// frame (glyphs to rasterize, shadows to blur: 7 ms for twelve shadowed cards) was 1.6–1.8x faster in both.
    public static let defaultParallelMinimumTime = 2.0

    /// Whether the next large repaint is painted in bands: with helpers to paint them, no sliding panel's
    /// bitmap to copy (the main renderer keeps those: helpers would draw the panel instead, 8x slower for a
    /// screen of cards), and one thread likely to take `parallelMinimumTime` or more — the first large repaint
    /// (a first frame, after a rotation or a theme switch: glyphs, outlines and shadows to make), or one after
    /// a large repaint that took that long on one thread, or half of it in bands.
    var paintsInBands: Bool {
        // (A helper that drew a sliding panel makes the next repaints the main renderer's: whichever bands its
        // thread happens to take, it then sees the panel slide and copies it from a bitmap.)
        guard renderThreads > 1, renderer.panelCacheBytes == 0, !helpersDrewSlidingPanels else { return false }
        guard let last = lastLargeRepaint else { return true }
        return last.milliseconds >= (last.inBands ? parallelMinimumTime / 2 : parallelMinimumTime)
    }

    /// Bands per thread: more than one, so a thread whose bands hold little waits less for the others.
    public static let bandsPerThread = 3
    /// The fewest rows a band has (each band does the per-shape work of the shapes crossing it again).
    static let minimumBandRows = 32

    /// The bands of `damage`: each of its rectangles cut into strips of rows, in proportion to its area.
    static func bands(of damage: Damage, count wanted: Int) -> [IntRect] {
        let total = max(1, damage.area)
        var bands: [IntRect] = []
        bands.reserveCapacity(wanted + damage.rects.count)
        for r in damage.rects where !r.isEmpty {
            let share = (r.width * r.height * wanted + total - 1) / total
            let n = max(1, min(share, r.height / minimumBandRows))
            for k in 0..<n {
                let top = r.minY + r.height * k / n, bottom = r.minY + r.height * (k + 1) / n
                bands.append(IntRect(x: r.minX, y: top, width: r.width, height: bottom - top))
            }
        }
        return bands
    }

    /// The shadows and blurs of `list` a repaint may blur whole first, one per job: those under a transform
    /// that keeps axes and a uniform scale (a group under a rotation may be drawn through a bitmap, by a
    /// renderer of its own) and not inside another shadow or blur (drawn with it, uncached).
    func effectsToBlur(_ list: DisplayList, in damage: Damage) -> [Int] {
        guard renderer.cachesShadows, !damage.isEmpty, tracker.contexts.count == list.items.count else { return [] }
        var found: [Int] = []
        for (index, item) in list.items.enumerated() {
            switch item {
            case .pushShadow, .pushBlur:
                let c = tracker.contexts[index], t = c.transform
                if c.shadowReach == 0, t.isAxisAligned, t.a == t.d, t.a > 0 { found.append(index) }
            default:
                break
            }
        }
        return found
    }

    /// `bands` (top to bottom) in the order the pool hands them out: the threads start at evenly spaced
    /// bands and each goes on down from there (top, middle, second, middle + 1… for two), so two threads
    /// rarely need the same shadow at once, when one would wait for the other to blur it.
    static func interleaved(_ bands: [IntRect], threads: Int) -> [IntRect] {
        let per = (bands.count + threads - 1) / max(1, threads)
        var order: [IntRect] = []
        order.reserveCapacity(bands.count)
        for step in 0..<per {
            for t in 0..<threads where t * per + step < bands.count { order.append(bands[t * per + step]) }
        }
        return order
    }

    func renderInBands(_ list: DisplayList, background: RGBA, damage: Damage) {
        let threads = min(renderThreads, RenderWorkers.maximumThreads)
        makeHelpers(threads - 1)
        let bands = Self.interleaved(Self.bands(of: damage, count: threads * Self.bandsPerThread), threads: threads)
        let renderers = [renderer] + helpers
        for h in helpers { h.beginFrame() }
        let tracker = self.tracker
        parallelRepaints += 1
        for r in renderers { r.paintsBandInParallel = true }
        // The bands' renders are one render of the shadow cache (entries no band visits are dropped after).
        renderer.shadowCache.beginRender()
        renderer.shadowCache.isShared = true
        let effects = effectsToBlur(list, in: damage)
        if effects.count > 1 {
            let box = damage.rects.dropFirst().reduce(damage.rects[0]) { $0.union($1) }
            workers.run(jobs: effects.count, threads: threads) { job, worker in
                renderers[worker].prepareEffect(at: effects[job], of: list, transform: tracker.contexts[effects[job]].transform, clip: box)
            }
        }
        workers.run(jobs: bands.count, threads: threads) { job, worker in
            renderers[worker].render(list, background: background, in: bands[job], tracker: tracker)
        }
        renderer.shadowCache.isShared = false
        renderer.shadowCache.endRender()
        for r in renderers { r.paintsBandInParallel = false }
        for h in helpers where h.drewPanelsDirectly {
            helpersDrewSlidingPanels = true
            h.drewPanelsDirectly = false
        }
        for h in helpers { h.releaseScratch() }
        for log in helperWarnings {
            for (issue, item) in log.entries { renderer.report(issue, item: item) }
            log.entries.removeAll()
        }
    }

    /// For benchmarks: the whole frame of `list` repainted on this thread as `count` bands, one after
    /// another; each band's time by `clock` (the per-band costs behind an estimate for more cores than the
    /// machine has).
    package func timeBands(of list: DisplayList, background: RGBA, count: Int, clock: () -> Double) -> [Double] {
        invalidateAll()
        let damage = track(list)
        renderer.beginFrame()
        return Self.bands(of: damage, count: count).map { band in
            let start = clock()
            renderer.render(list, background: background, in: band, tracker: tracker)
            return clock() - start
        }
    }

    private func makeHelpers(_ count: Int) {
        while helpers.count < count {
            let h = DisplayListRenderer(target: frame, scale: scale, text: text)
            h.transformedGroupCaching = renderer.transformedGroupCaching
            h.cachesShadows = renderer.cachesShadows
            h.shareShadows(of: renderer)
            // A sliding panel paints the same pixels from its bitmap or drawn (see `OpaquePanel`): helpers draw.
            h.cachesSlidingPanels = false
            // Collected on the helper's thread, in its own log, and told after the repaint, on this thread.
            let log = WarningLog()
            h.geometryWarning = { issue, item in log.entries.append((issue, item)) }
            helperWarnings.append(log)
            helpers.append(h)
        }
    }
}

/// A helper's geometry warnings during a parallel repaint.
final class WarningLog {
    var entries: [(GeometryIssue, Int)] = []
}
