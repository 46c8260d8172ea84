import ScanoutText

/// Transformed groups rasterized once and resampled: a group under a rotation or scale whose content is
/// unchanged (only its transform animating) is painted into a premultiplied bitmap in its own coordinates at
/// its own scale on screen (`bitmapScale`), then composited every frame with bilinear fixed-point sampling
/// (`Canvas.draw(_:transform:filter:occupancy:)`: each device pixel under the bitmap samples it through the
/// inverse transform) instead of rasterizing its paths and glyphs again. The bitmap keeps only the pixels that
/// hold something (plus a transparent border).
///
/// The key is the group's content, compared item by item (`drawsSame`), so the bitmap is rebuilt exactly when
/// the content changes. Full and incremental repaints composite the same bitmap, so they stay identical.
final class TransformedGroupCache {
    /// One cached group: its content, the bitmap, and where the bitmap sits in the group's coordinates.
    final class Entry {
        let content: [DisplayList.Item]
        let bitmap: PixelBuffer
        /// The bitmap's rectangle in the group's coordinates (points), 1 device pixel of transparent border
        /// included so the bilinear filter fades the edge to nothing instead of smearing the outer pixels.
        let frame: Rect
        /// Bitmap pixels per group unit.
        let scale: Double
        /// Where the bitmap is clear, so compositing skips its empty parts (a ring's inside) in runs.
        let occupancy: ImageOccupancy
        /// Whether sampling the bitmap costs less than drawing the group's text as outlines (see
        /// `worthSampling(pixelsNearInk:characters:)`); a group that is not keeps no bitmap under `.automatic`.
        let worthSampling: Bool
        /// False when the bitmap was dropped for not being worth sampling.
        let holdsBitmap: Bool
        init(content: [DisplayList.Item], bitmap: PixelBuffer, occupancy: ImageOccupancy, frame: Rect, scale: Double,
             worthSampling: Bool, holdsBitmap: Bool) {
            self.content = content; self.bitmap = bitmap; self.occupancy = occupancy; self.frame = frame; self.scale = scale
            self.worthSampling = worthSampling; self.holdsBitmap = holdsBitmap
        }
    }

    /// By index of the group's `pushTransform` in the list.
    private var entries: [Int: Entry] = [:]
    /// How many bitmaps were rasterized so far (for tests: animating only the transform builds once).
    private(set) var builds = 0
    /// A bitmap larger than this (device pixels) is not worth keeping: the group is drawn directly.
    private let maximumArea = 4096 * 4096

    /// Whether `t` (a group's own transform) resamples: a pure translation is drawn directly, so that
    /// translated content keeps its exact pixels.
    static func resamples(_ t: AffineTransform) -> Bool {
        t.b != 0 || t.c != 0 || t.a != 1 || t.d != 1
    }

    /// The bitmap of the group whose content is `items[range]` (balanced), pushed at `index`, with `scale`
    /// bitmap pixels per group unit; nil when it draws nothing or would be too large. With `keepingOnlyWorthy`
    /// (the `.automatic` policy) a group not worth sampling keeps its verdict but not its bitmap.
    func entry(at index: Int, items: ArraySlice<DisplayList.Item>, scale: Double, text: TextEngine,
               keepingOnlyWorthy: Bool = false) -> Entry? {
        if let e = entries[index], e.scale == scale, e.holdsBitmap || keepingOnlyWorthy, e.content.count == items.count,
           zip(e.content, items).allSatisfy({ $0.drawsSame(as: $1) }) {
            return e
        }
        guard let bounds = Self.bounds(of: items) else { entries[index] = nil; return nil }
        let x0 = (bounds.minX * scale).rounded(.down) - 1, y0 = (bounds.minY * scale).rounded(.down) - 1
        let x1 = (bounds.maxX * scale).rounded(.up) + 1, y1 = (bounds.maxY * scale).rounded(.up) + 1
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite,
              abs(x1 - x0) <= Double(maximumArea), abs(y1 - y0) <= Double(maximumArea) else { entries[index] = nil; return nil }
        let w = Int(x1 - x0), h = Int(y1 - y0)
        guard w > 0, h > 0, w * h <= maximumArea else { entries[index] = nil; return nil }
        var list = DisplayList()
        list.append(.pushTransform(AffineTransform(translationX: -x0 / scale, y: -y0 / scale)))
        for item in items { list.append(item) }
        list.append(.pop)
        let drawn = PixelBuffer(width: w, height: h)
        let painter = DisplayListRenderer(target: drawn, scale: scale, text: text)
        painter.transformedGroupCaching = .never  // nested groups are drawn into this bitmap directly
        painter.render(list, background: .clear)
        builds += 1
        var (bitmap, ink) = Self.croppedToInk(drawn)
        var occupancy = ImageOccupancy(bitmap)
        let worth = Self.worthSampling(pixelsNearInk: occupancy.pixelsNearInk, characters: Self.characters(in: items))
        let keep = worth || !keepingOnlyWorthy
        if !keep {
            bitmap = PixelBuffer(width: 1, height: 1)
            occupancy = ImageOccupancy(bitmap)
        }
        let e = Entry(content: Array(items), bitmap: bitmap, occupancy: occupancy,
                      frame: Rect(x: (x0 + Double(ink.x)) / scale, y: (y0 + Double(ink.y)) / scale,
                                  width: Double(bitmap.width) / scale, height: Double(bitmap.height) / scale), scale: scale,
                      worthSampling: worth, holdsBitmap: keep)
        entries[index] = e
        return e
    }

    /// Pixels near ink a bitmap may have per character of text before drawing the group directly (its
    /// glyphs filled as outlines through the transform) is cheaper than sampling it. Measured with
    /// scanout-view-bench's turning cases (instructions a frame, callgrind): eight 16 pt labels, ~100 such
    /// pixels per character, cost 2.6 M sampled against 3.4 M drawn directly; four dials (a ring, a needle and a
    /// four-character label each), ~1,860 per character, 4.5 M sampled against 3.9 M directly. Break-even lies
    /// between; 400 sits near the middle (geometrically).
    static let pixelsNearInkPerCharacter = 400

    /// Whether a bitmap with `pixelsNearInk` pixels near ink (what compositing it samples) is cheaper to
    /// composite than drawing the `characters` characters of text it holds (and its other content) directly.
    static func worthSampling(pixelsNearInk: Int, characters: Int) -> Bool {
        pixelsNearInk <= pixelsNearInkPerCharacter * characters
    }

    /// The characters of text, spaces excepted, drawn by `items`.
    static func characters(in items: ArraySlice<DisplayList.Item>) -> Int {
        var n = 0
        for item in items {
            if case .text(let run) = item {
                for scalar in run.string.unicodeScalars where !scalar.properties.isWhitespace { n += 1 }
            }
        }
        return n
    }

    /// `drawn` cut down to the pixels that hold something plus a transparent pixel all round (a label's line
    /// box is about twice its glyphs' height: the rest would be sampled every frame for nothing), and where
    /// that copy starts in `drawn` (it may be −1: the border is added). A group that draws nothing visible
    /// keeps a single transparent pixel, so it is not drawn again every frame.
    static func croppedToInk(_ drawn: PixelBuffer) -> (PixelBuffer, origin: (x: Int, y: Int)) {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<drawn.height {
            let row = drawn.row(y).assumingMemoryBound(to: UInt32.self)
            var first = -1, last = -1
            for x in 0..<drawn.width where row[x] != 0 {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            minY = min(minY, y); maxY = y
            minX = min(minX, first); maxX = max(maxX, last)
        }
        guard maxY >= 0 else { return (PixelBuffer(width: 1, height: 1), (0, 0)) }
        let w = maxX - minX + 3, h = maxY - minY + 3
        let bitmap = PixelBuffer(width: w, height: h)  // starts transparent
        bitmap.copy(IntRect(x: 1, y: 1, width: maxX - minX + 1, height: maxY - minY + 1), from: drawn,
                    offsetX: minX - 1, offsetY: minY - 1)
        return (bitmap, (minX - 1, minY - 1))
    }

    /// Forgets every group (their bitmaps go).
    func removeAll() { entries.removeAll() }

    /// Forgets the bitmaps of groups no longer in `items` (the list got shorter, or the item at an entry's
    /// index is no longer a transform push), so a label that turned once and went does not keep its bitmap.
    func forgetGroups(notIn items: [DisplayList.Item]) {
        guard !entries.isEmpty else { return }
        let stale = entries.keys.filter { index in
            guard index < items.count, case .pushTransform = items[index] else { return true }
            return false
        }
        for index in stale { entries[index] = nil }
    }

    /// How many groups have an entry: a bitmap, or (under `.automatic`) the verdict that drawing them
    /// directly is cheaper (for tests).
    var count: Int { entries.count }

    /// Paints `entry` on `canvas` under its current transform (the group's, device scale included): sampled
    /// pixel by pixel through the inverse transform, its transparent border fading the edge.
    static func composite(_ entry: Entry, on canvas: Canvas) {
        let f = entry.frame, scale = entry.scale
        let toGroup = AffineTransform(scaleX: 1 / scale, y: 1 / scale)
            .concatenating(AffineTransform(translationX: f.x, y: f.y))
        canvas.draw(entry.bitmap, transform: toGroup, filter: .bilinear, occupancy: entry.occupancy)
    }

    /// The union of the items' bounds in the group's coordinates (nested transforms applied; clips ignored,
    /// which only makes it larger); nil when nothing draws.
    static func bounds(of items: ArraySlice<DisplayList.Item>) -> Rect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        DisplayList.forEachDrawing(in: items) { item, transform in
            guard let local = item.localBounds else { return }
            let b = DisplayList.bounds(of: local, under: transform)
            x0 = min(x0, b.minX); y0 = min(y0, b.minY); x1 = max(x1, b.maxX); y1 = max(y1, b.maxY)
        }
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `items[range]` (a group pushed with `t`) holds text that `t` turns, mirrors or stretches (text
    /// that would be filled as outlines instead of drawn with glyph masks).
    static func holdsTurnedText(_ items: [DisplayList.Item], _ range: Range<Int>, under t: AffineTransform) -> Bool {
        if TextRenderer.drawsWithMasks(under: t) { return false }
        for i in range { if case .text = items[i] { return true } }
        return false
    }

    /// Bitmap pixels per group unit for a group drawn with `transform` (group units to device pixels): its
    /// largest axis scale, rounded up to a quarter (a group that only turns keeps its bitmap; one that grows
    /// gets a sharper one every quarter step instead of every frame), at most 4× the device scale.
    static func bitmapScale(for transform: AffineTransform, deviceScale: Double) -> Double {
        let s = transform.maxAxisScale
        guard s.isFinite, s > 0 else { return deviceScale }
        return min((s * 4).rounded(.up) / 4, deviceScale * 4)
    }

    /// The index of the `pop` that closes the push at `index`, or nil when the list is unbalanced.
    static func matchingPop(of index: Int, in items: [DisplayList.Item]) -> Int? {
        var depth = 0
        var i = index + 1
        while i < items.count {
            switch items[i] {
            case .pushClip, .pushClipShape, .pushOpacity, .pushTransform, .pushShadow, .pushBlur, .pushMaskedGroup, .pushMask, .pushBlend: depth += 1
            case .pop:
                if depth == 0 { return i }
                depth -= 1
            default: break
            }
            i += 1
        }
        return nil
    }
}
