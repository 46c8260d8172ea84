/// The region of a frame that changed: a few device-pixel rectangles (nearby ones merged), empty when the
/// frame shows exactly what the previous one showed.
public struct Damage: Sendable, Equatable, CustomStringConvertible {
    public private(set) var rects: [IntRect] = []
    /// More rectangles than this are merged into their bounding box (cheaper than many small passes).
    public static let maximumRects = 8

    public init() {}
    public init(_ rects: [IntRect]) { for r in rects { add(r) } }

    public var isEmpty: Bool { rects.isEmpty }
    public var bounds: IntRect { rects.reduce(IntRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) } }
    public var area: Int { rects.reduce(0) { $0 + $1.width * $1.height } }

    /// Adds a rectangle, merging it with any it overlaps or touches.
    public mutating func add(_ r: IntRect) {
        guard !r.isEmpty else { return }
        // (Within a rectangle already: nothing changes. The items of a sliding page damage hundreds of rectangles
        // a frame, nearly all within the union of the first few.)
        for o in rects where o.contains(r) { return }
        var merged = r
        var i = 0
        while i < rects.count {
            let o = rects[i]
            if o.maxX >= merged.minX && o.minX <= merged.maxX && o.maxY >= merged.minY && o.minY <= merged.maxY {
                merged = merged.union(o)
                rects.remove(at: i)
                i = 0
            } else {
                i += 1
            }
        }
        rects.append(merged)
        if rects.count > Self.maximumRects {
            rects = [bounds]
        }
    }

    public mutating func formUnion(_ other: Damage) { for r in other.rects { add(r) } }

    public func clipped(to r: IntRect) -> Damage { Damage(rects.map { $0.intersection(r) }) }

    public var description: String { rects.isEmpty ? "Damage(none)" : "Damage(\(rects.map(\.description).joined(separator: ", ")))" }
}

/// Compares a frame's display list with the previous frame's: items are matched by owner and their order
/// within the owner; an item that changed, or whose surrounding state (transform, clip, opacity) changed,
/// damages its old and new device bounds; a vanished item its old bounds; a new item its new bounds.
///
/// When the list says which ranges were recorded again since the previous one (`DisplayList.edits`), only
/// those are compared; the state and bounds of every other item are the previous frame's, shifted.
struct DamageTracker {
    /// Transform, clip and opacity in force where an item draws (the state around it).
    struct Context: Equatable {
        var transform: AffineTransform
        var clip: Rect?
        var opacity: Double
        /// Device pixels past an item's own (clipped) bounds that it paints through the shadows around it, and
        /// the clip in force outside the outermost of them (a clip inside a shadow does not clip the shadow).
        var shadowReach: Double = 0
        var shadowClip: Rect?
        /// Whether `clip` bounds a clip shape (what is drawn within it may not reach all of it).
        var clipIsShape = false
        /// The blend mode of the innermost blended group around (a changed mode changes every item's pixels).
        var blendMode = BlendMode.normal
    }

    struct Key: Hashable {
        let owner: UInt64
        let ordinal: Int
    }

    /// The previous frame's items (a copy of its own, brought up to date by the edits: holding the recorder's
    /// list would make the recorder's next in-place update copy it), and each item's context and device bounds.
    private var previous = DisplayList()
    private(set) var contexts: [Context] = []
    /// What `bounds` holds for an item that draws nothing but changes the state of those after it (a push or a
    /// pop): a negative width, so the renderer tells these from drawing items without looking at the item; a
    /// pop's height is -2 (`GroupExtents` finds the groups from the bounds alone).
    static let stateItemBounds = IntRect(x: 0, y: 0, width: -1, height: -1)
    static let popBounds = IntRect(x: 0, y: 0, width: -1, height: -2)

    /// Device bounds of the current list's items (what the renderer skips by), parallel to its items.
    private(set) var bounds: [IntRect] = []
    /// Where each push's group ends and what it draws (see `GroupExtents`), parallel to the items.
    private(set) var groups = GroupExtents()
    private var hasPrevious = false
    /// Whether the last update diffed only the edited ranges (for tests and statistics).
    private(set) var lastUpdateWasIncremental = false

    /// Appends the context and device bounds of `list.items[range]`, drawn starting in `context`.
    static func walk(_ list: DisplayList, _ range: Range<Int>, from context: Context, screen: IntRect,
                     contexts: inout [Context], bounds: inout [IntRect]) {
        var c = context
        var stack: [Context] = []
        let screenRect = Rect(x: Double(screen.x), y: Double(screen.y), width: Double(screen.width), height: Double(screen.height))
        // (Through a buffer pointer: each item read where it lies, not copied with its paths and runs.)
        list.items.withUnsafeBufferPointer { items in
            for i in range {
                var b = items[i].isDrawing ? IntRect(x: 0, y: 0, width: 0, height: 0)
                    : items[i].isPop ? DamageTracker.popBounds : DamageTracker.stateItemBounds
                var local = items[i].localBounds
                // A rectangle kept axis-aligned touches no pixel beyond its device rectangle (no outset for
                // anti-aliasing needed): a sliding screen's background damages no column beside it.
                if case .fill(let path, _, _) = items[i], c.transform.isAxisAligned, path.isRectangle { local = path.boundingRect }
                if let local {
                    var device = DisplayList.bounds(of: local, under: c.transform).intersection(screenRect)
                    if let clip = c.clip { device = device.intersection(clip) }
                    if c.shadowReach > 0, !device.isEmpty {
                        device = device.outset(c.shadowReach).intersection(screenRect)
                        if let outer = c.shadowClip { device = device.intersection(outer) }
                    }
                    b = device.enclosingIntRect
                }
                contexts.append(c)
                bounds.append(b)
                switch items[i] {
                case .pushTransform(let t):
                    stack.append(c)
                    let full = t.concatenating(c.transform)
                    c.transform = OpaquePanel.isFractional(full)
                        ? OpaquePanel.placement(ofGroupAt: i, in: list.items, full: full)?.transform ?? full : full
                case .pushClip(let r):
                    stack.append(c)
                    let device = DisplayList.bounds(of: r, under: c.transform)
                    c.clip = c.clip.map { $0.intersection(device) } ?? device
                case .pushClipShape(let path, _):
                    stack.append(c)
                    let device = DisplayList.bounds(of: path.boundingRect, under: c.transform)
                    c.clip = c.clip.map { $0.intersection(device) } ?? device
                    c.clipIsShape = true
                case .pushOpacity(let o):
                    stack.append(c)
                    c.opacity *= o
                case .pushShadow(let s):
                    stack.append(c)
                    if c.shadowReach == 0 { c.shadowClip = c.clip }
                    c.shadowReach += s.reach(scale: c.transform.maxAxisScale)
                case .pushBlur(let blur):
                    stack.append(c)
                    if c.shadowReach == 0 { c.shadowClip = c.clip }
                    c.shadowReach += blur.reach(scale: c.transform.maxAxisScale)
                case .pushBlend(let mode):
                    // A blended group's drawing mixes with what is under it: like drawing within a clip shape, it
                    // covers nothing.
                    stack.append(c)
                    c.clipIsShape = true
                    c.blendMode = mode
                case .pushMaskedGroup, .pushMask:
                    // A masked group's drawing shows only where its mask does, and the mask's is not shown: like
                    // drawing within a clip shape, neither covers what is under it.
                    stack.append(c)
                    c.clipIsShape = true
                case .pop:
                    if let saved = stack.popLast() { c = saved }
                default:
                    break
                }
            }
        }
    }

    /// Damages what differs between `old` items `oldRange` (contexts and bounds from the previous frame) and
    /// `new` items `newRange` (from this one), matching items by owner and order within the owner; items
    /// whose order among the others changed count as changed.
    /// (`newContexts` and `newBounds` hold `newRange` from index `newBase` on.)
    private static func diff(old: DisplayList, _ oldRange: Range<Int>, _ oldContexts: [Context], _ oldBounds: [IntRect],
                             new: DisplayList, _ newRange: Range<Int>, _ newContexts: [Context], _ newBounds: [IntRect],
                             newBase: Int = 0, into damage: inout Damage) {
        /// Damages both places of old item `j` matched with new item `i` when it draws otherwise there (or moved
        /// among the others). (The contexts first: every item of a sliding page has a new one, and comparing two
        /// items copies both.)
        @inline(__always) func compare(_ j: Int, _ i: Int, reordered: Bool = false) {
            if reordered || !(oldContexts[j] == newContexts[i - newBase] && DisplayList.Item.drawSame(old.items, j, new.items, i)) {
                damage.add(oldBounds[j])
                damage.add(newBounds[i - newBase])
            }
        }
        // The common case of an animation frame: the same items by the same owners, some values changed. Then
        // each item matches the one at its place (same owner, same ordinal), none reordered or left over: no
        // dictionaries needed.
        if oldRange.count == newRange.count,
           old.owners[oldRange].elementsEqual(new.owners[newRange]) {
            for (j, i) in zip(oldRange, newRange) { compare(j, i) }
            return
        }
        var ordinals: [UInt64: Int] = [:]
        var unmatched: [Key: Int] = [:]
        unmatched.reserveCapacity(oldRange.count)
        for i in oldRange {
            let owner = old.owners[i]
            let n = ordinals[owner, default: 0]
            ordinals[owner] = n + 1
            unmatched[Key(owner: owner, ordinal: n)] = i
        }
        ordinals.removeAll(keepingCapacity: true)
        // Items that changed places (a `zIndex`, siblings reordered) draw in a new order where they overlap:
        // an item matched after one that came later before damages its bounds (for every pair that swapped,
        // one of the two is such an item, and the overlap lies within it).
        var latestMatched = -1
        for i in newRange {
            let owner = new.owners[i]
            let n = ordinals[owner, default: 0]
            ordinals[owner] = n + 1
            if let j = unmatched.removeValue(forKey: Key(owner: owner, ordinal: n)) {
                compare(j, i, reordered: j < latestMatched)
                latestMatched = max(latestMatched, j)
            } else {
                damage.add(newBounds[i - newBase])
            }
        }
        for (_, j) in unmatched { damage.add(oldBounds[j]) }
    }

    /// The damage between the previous frame and `list`; remembers `list` (and its items' bounds, `bounds`).
    mutating func update(_ list: DisplayList, scale: Double, screen: IntRect, previousRevision: DisplayList.Revision?) -> Damage {
        let root = Context(transform: AffineTransform(scaleX: scale, y: scale), clip: nil, opacity: 1)
        var damage = Damage()
        lastUpdateWasIncremental = false
        if hasPrevious, let edits = list.edits, let r = list.revision, let p = previousRevision,
           r.source == p.source, r.number == p.number + 1, Self.fit(edits, old: previous.count, new: list.count) {
            incrementalUpdate(list, edits, root: root, screen: screen, damage: &damage)
            lastUpdateWasIncremental = true
            for e in edits.reversed() { previous.replaceSubrange(e.old, with: list, e.new) }
        } else {
            var newContexts: [Context] = [], newBounds: [IntRect] = []
            newContexts.reserveCapacity(list.count)
            newBounds.reserveCapacity(list.count)
            Self.walk(list, 0..<list.count, from: root, screen: screen, contexts: &newContexts, bounds: &newBounds)
            if hasPrevious {
                Self.diff(old: previous, 0..<previous.count, contexts, bounds, new: list, 0..<list.count, newContexts, newBounds, into: &damage)
            } else {
                damage.add(screen)
            }
            previous = list.separateCopy()
            contexts = newContexts
            bounds = newBounds
        }
        hasPrevious = true
        groups.find(bounds: bounds)
        return damage.clipped(to: screen)
    }

    /// The opaque cover to start repainting `region` of `list` (the list of the last `update`) from: an item that
    /// fills an opaque rectangle (or rounded rectangle) at full opacity, keeping axes, with no shadow or clip
    /// shape around it — the topmost one whose interior holds at least an eighth of `region` (the rest is
    /// repainted apart); with that interior in device pixels. Nothing drawn before a cover shows within its
    /// interior. (An eighth, not a half: a sheet rising or a screen pushed in covers little of the screen in its
    /// first frames, and until its panel is a cover there it is drawn whole, not copied from its bitmap — on a
    /// sheet's rise at 1080p that was two to three screens of fills a frame for a third of the frames.)
    func cover(of region: IntRect, in list: DisplayList) -> (index: Int, interior: IntRect)? {
        guard bounds.count == list.count, contexts.count == list.count else { return nil }
        let items = list.items
        let share = (region.width * region.height + 7) / 8
        var j = items.count - 1
        while j >= 0 {
            defer { j -= 1 }
            let b = bounds[j]
            guard b.width >= 0, b.intersects(region), let interior = coverInterior(at: j, of: items) else { continue }
            let inside = interior.intersection(region)
            if !inside.isEmpty, inside.width * inside.height >= share { return (j, interior) }
        }
        return nil
    }

    /// The index of the first item drawn in `region` when it covers all of it (see `cover(of:in:)`): nothing
    /// before it shows there, and the region need not be cleared — an opaque background under a small damage,
    /// where searching from the top is not worth it.
    func bottomCover(of region: IntRect, in list: DisplayList) -> Int? {
        guard bounds.count == list.count, contexts.count == list.count else { return nil }
        let items = list.items
        for j in bounds.indices {
            let b = bounds[j]
            guard b.width >= 0, b.intersects(region) else { continue }
            guard let interior = coverInterior(at: j, of: items, gradients: true), interior.contains(region) else { return nil }
            return j
        }
        return nil
    }

    /// The device pixels item `j` paints opaque when it is a cover — an opaque rectangle (or rounded rectangle)
    /// at full opacity, keeping axes, with no shadow or clip shape around it; of a solid colour, or (`gradients`)
    /// of an opaque linear gradient too — or nil.
    private func coverInterior(at j: Int, of items: [DisplayList.Item], gradients: Bool = false) -> IntRect? {
        guard let local = gradients ? items[j].opaqueFillInterior : items[j].opaqueInterior else { return nil }
        let c = contexts[j]
        guard c.opacity == 1, c.shadowReach == 0, !c.clipIsShape, c.transform.isAxisAligned else { return nil }
        var interior = DisplayList.bounds(of: local, under: c.transform).innerIntRect
        if let clip = c.clip { interior = interior.intersection(clip.innerIntRect) }
        return interior
    }

    /// Whether `edits` (ascending, disjoint) turn a list of `old` items into one of `new`.
    private static func fit(_ edits: [DisplayList.Edit], old: Int, new: Int) -> Bool {
        var oldPos = 0, newPos = 0
        for e in edits {
            guard e.old.lowerBound >= oldPos, e.old.upperBound <= old, e.new.upperBound <= new,
                  e.new.lowerBound - newPos == e.old.lowerBound - oldPos else { return false }
            oldPos = e.old.upperBound
            newPos = e.new.upperBound
        }
        return old - oldPos == new - newPos
    }

    /// Diffs only the edited ranges (which `fit`), updating the contexts and bounds in place, back to front so
    /// that the ranges still to do keep their indices; the rest keeps the previous frame's (a frame that changes
    /// a label copies nothing of the other items').
    private mutating func incrementalUpdate(_ list: DisplayList, _ edits: [DisplayList.Edit], root: Context, screen: IntRect,
                                            damage: inout Damage) {
        var walkedContexts: [Context] = [], walkedBounds: [IntRect] = []
        let longest = edits.reduce(0) { max($0, $1.new.count) }
        walkedContexts.reserveCapacity(longest)
        walkedBounds.reserveCapacity(longest)
        for e in edits.reversed() {
            walkedContexts.removeAll(keepingCapacity: true)
            walkedBounds.removeAll(keepingCapacity: true)
            // The state where the range starts: that of the old item there (the next one when nothing was
            // there: a sibling after it or the pop closing its group see the same state).
            let start = e.old.lowerBound < contexts.count ? contexts[e.old.lowerBound] : root
            Self.walk(list, e.new, from: start, screen: screen, contexts: &walkedContexts, bounds: &walkedBounds)
            Self.diff(old: previous, e.old, contexts, bounds, new: list, e.new, walkedContexts, walkedBounds,
                      newBase: e.new.lowerBound, into: &damage)
            contexts.replaceSubrange(e.old, with: walkedContexts)
            bounds.replaceSubrange(e.old, with: walkedBounds)
        }
    }

    mutating func reset() {
        previous = DisplayList()
        contexts.removeAll()
        bounds.removeAll()
        groups = GroupExtents()
        hasPrevious = false
    }
}

/// For each push of a list: the index of the pop closing its group and the union of the device bounds of the
/// items drawn in it (shadows' reach included, as `DamageTracker.bounds` has them). A repaint whose clip misses
/// that union skips the group whole — a dashboard of many offset views otherwise applies and undoes each one's
/// transform, copying its push and pop, in every damage rectangle.
struct GroupExtents {
    /// The pop's index at a push's index; -1 elsewhere, and at a push whose group is never closed.
    private(set) var ends: [Int32] = []
    /// The union of what a push's group draws, at the push's index (empty: it draws nothing).
    private(set) var drawn: [IntRect] = []
    /// Room for the groups open at an item while finding them (kept for its storage).
    private var open: [Int] = []

    /// The pop's index and what the group draws, for a push at `index` whose group is closed; nil elsewhere.
    @inline(__always) func group(at index: Int) -> (end: Int, drawn: IntRect)? {
        guard index < ends.count else { return nil }
        let end = Int(ends[index])
        return end > index ? (end, drawn[index]) : nil
    }

    /// The group pushed at `index` and its pop's index, when it draws nothing within `clip`.
    @inline(__always) func skippable(at index: Int, within clip: IntRect) -> Int? {
        guard let group = group(at: index), !group.drawn.intersects(clip) else { return nil }
        return group.end
    }

    /// Finds the groups of a list from its items' `bounds` (as `DamageTracker` has them: a push's and a pop's
    /// tell them apart).
    mutating func find(bounds: [IntRect]) {
        let count = bounds.count
        guard count <= Int(Int32.max) else {
            ends.removeAll()
            return
        }
        // (Sized again only when the count changed: the loop sets every entry it reads.)
        if ends.count != count { ends = Array(repeating: -1, count: count) }
        if drawn.count != count { drawn = Array(repeating: IntRect(x: 0, y: 0, width: 0, height: 0), count: count) }
        if open.count != count { open = Array(repeating: 0, count: count) }
        // (Through buffer pointers: arrays indexed per item check their uniqueness and bounds at every store.)
        bounds.withUnsafeBufferPointer { bounds in
            ends.withUnsafeMutableBufferPointer { ends in
                drawn.withUnsafeMutableBufferPointer { drawn in
                    open.withUnsafeMutableBufferPointer { open in Self.find(bounds, ends: ends, drawn: drawn, open: open) }
                }
            }
        }
    }

    /// `find`'s loop: `open` has room for every item (the groups open at an item, innermost last); `drawn` is set
    /// at pushes only.
    private static func find(_ bounds: UnsafeBufferPointer<IntRect>, ends: UnsafeMutableBufferPointer<Int32>,
                             drawn: UnsafeMutableBufferPointer<IntRect>, open: UnsafeMutableBufferPointer<Int>) {
        let pop = DamageTracker.popBounds.height
        var depth = 0
        for i in 0..<bounds.count {
            let b = bounds[i]
            ends[i] = -1
            if b.width >= 0 {
                if depth > 0 { drawn[open[depth - 1]] = drawn[open[depth - 1]].union(b) }
            } else if b.height != pop {
                drawn[i] = IntRect(x: 0, y: 0, width: 0, height: 0)
                open[depth] = i
                depth += 1
            } else if depth > 0 {
                depth -= 1
                let group = open[depth]
                ends[group] = Int32(truncatingIfNeeded: i)
                if depth > 0 { drawn[open[depth - 1]] = drawn[open[depth - 1]].union(drawn[group]) }
            }
        }
    }
}
