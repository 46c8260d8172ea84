/// Drawing commands in the order they paint, with geometry in points (the renderer applies the scale).
public struct DisplayList {
    public enum Item {
        case fill(Path, Paint, FillStyle)
        case stroke(Path, Paint, StrokeStyle)
        case text(TextRun)
        case image(ImageContent, Rect, ImageFilter)
        /// Clips what follows, until the matching `pop`, to a rectangle (current coordinates).
        case pushClip(Rect)
        /// Clips what follows to a shape (current coordinates).
        case pushClipShape(Path, FillRule = .nonZero)
        /// Composites what follows, as one group, with this opacity.
        case pushOpacity(Double)
        /// Transforms what follows (applied before the enclosing transforms).
        case pushTransform(AffineTransform)
        /// Composites what follows, as one group, over its blurred and offset shadow.
        case pushShadow(Shadow)
        /// Composites what follows, as one group, blurred (a Gaussian of standard deviation radius / 2).
        case pushBlur(Blur)
        /// Composites what follows, as one group, with a blend mode (SwiftUI's `blendMode(_:)`).
        case pushBlend(BlendMode)
        /// Composites what follows, as one group, through the alpha of its mask: the `pushMask` group that
        /// ends it (SwiftUI's `mask(alignment:_:)`).
        case pushMaskedGroup
        /// The mask of the enclosing masked group, its last part: what follows, until the matching pop, is
        /// drawn only for its alpha.
        case pushMask
        case pop
    }

    public private(set) var items: [Item] = []
    /// Who recorded each item (a view node's id; 0 when unknown): damage tracking matches items across
    /// frames by owner and order.
    public private(set) var owners: [UInt64] = []
    /// The owner given to items appended from now on.
    public var currentOwner: UInt64 = 0

    public init() {}

    public mutating func append(_ item: Item) {
        items.append(item)
        owners.append(currentOwner)
    }

    public mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        owners.removeAll(keepingCapacity: true)
    }

    /// (Inlinable: asked of every node's drawing as the tree's is assembled; a call copied the list — a retain
    /// and release of each of its arrays — to read a count.)
    @inlinable public var count: Int { items.count }

    /// Makes room for `count` items (a list assembled from known parts grows once).
    public mutating func reserveCapacity(_ count: Int) {
        items.reserveCapacity(count)
        owners.reserveCapacity(count)
    }

    /// Appends the items of `range` of `other` with their owners (a retained recording spliced into the frame's).
    public mutating func append(contentsOf other: DisplayList, range: Range<Int>) {
        items.append(contentsOf: other.items[range])
        owners.append(contentsOf: other.owners[range])
    }

    /// Replaces the items of `range` by `other`'s (a subtree's drawing recorded again).
    public mutating func replaceSubrange(_ range: Range<Int>, with other: DisplayList) {
        items.replaceSubrange(range, with: other.items)
        owners.replaceSubrange(range, with: other.owners)
    }

    /// Replaces the items of `range` by the items `source` of `other`.
    public mutating func replaceSubrange(_ range: Range<Int>, with other: DisplayList, _ source: Range<Int>) {
        items.replaceSubrange(range, with: other.items[source])
        owners.replaceSubrange(range, with: other.owners[source])
    }

    /// Changes the items of `range` in place (only those `owner` recorded, when given): a colour effect's
    /// drawing of the items a view recorded.
    public mutating func updateItems(in range: Range<Int>, owner: UInt64? = nil, _ update: (inout Item) -> Void) {
        for i in range where owner.map({ owners[i] == $0 }) ?? true { update(&items[i]) }
    }

    /// A copy with storage of its own (updating it in place never copies the recorder's storage, and the
    /// recorder's updates never copy it).
    public func separateCopy() -> DisplayList {
        var c = DisplayList()
        c.items.reserveCapacity(items.count)
        c.owners.reserveCapacity(owners.count)
        c.items.append(contentsOf: items[...])
        c.owners.append(contentsOf: owners[...])
        c.currentOwner = currentOwner
        return c
    }

    /// Whether both lists draw the same items with the same owners.
    public func drawsSame(as other: DisplayList) -> Bool {
        guard items.count == other.items.count, owners == other.owners else { return false }
        for i in items.indices where !items[i].drawsSame(as: other.items[i]) { return false }
        return true
    }

    // MARK: Incremental updates

    /// Identifies a list among the lists one recorder made, in order: `number` grows by one per list.
    public struct Revision: Equatable, Sendable {
        public var source: UInt64
        public var number: Int
        public init(source: UInt64, number: Int) { self.source = source; self.number = number }
    }

    /// A part of the list that was recorded again: the items of `old` in the previous revision became the
    /// items of `new` here; everything outside the edits is the previous revision's items, shifted. Each
    /// range holds balanced pushes and pops (a view's whole recording), so the state around it is unchanged.
    public struct Edit: Equatable, Sendable {
        public var old: Range<Int>
        public var new: Range<Int>
        public init(old: Range<Int>, new: Range<Int>) { self.old = old; self.new = new }
    }

    /// Set by a recorder that retains its recordings (the view host): this list's revision.
    public var revision: Revision?
    /// With `revision`: what changed since the revision before it, in order (empty: nothing). Damage tracking
    /// diffs only these ranges when it saw that revision; otherwise (nil, or a revision it missed) it diffs
    /// the whole list.
    public var edits: [Edit]?

    /// Layers the list composes: the root, plus one per group that needs a layer-level property (opacity
    /// below 1, a transform, a clip). Everything else is coalesced into its enclosing layer's drawing.
    public var layerCount: Int {
        1 + items.reduce(0) { n, item in
            switch item {
            case .pushOpacity, .pushTransform, .pushClip, .pushClipShape, .pushShadow, .pushBlur, .pushMaskedGroup, .pushMask, .pushBlend: return n + 1
            default: return n
            }
        }
    }

    /// Every text run, with its bounds in root coordinates (for tests and hit testing by text).
    public var textRuns: [(run: TextRun, frame: Rect)] {
        var out: [(TextRun, Rect)] = []
        Self.forEachDrawing(in: items) { item, transform in
            if case .text(let run) = item { out.append((run, Self.bounds(of: run.frame, under: transform))) }
        }
        return out
    }

    /// Calls `body` with each drawing item of `items` (not the pushes and pops around them) and the transform
    /// it is drawn under.
    static func forEachDrawing<C: Collection>(in items: C, _ body: (Item, AffineTransform) -> Void) where C.Element == Item {
        var transforms: [AffineTransform] = [.identity]
        var kinds: [Bool] = []  // whether each push was a transform
        for item in items {
            switch item {
            case .pushTransform(let t):
                transforms.append(t.concatenating(transforms.last!)); kinds.append(true)
            case .pushClip, .pushClipShape, .pushOpacity, .pushShadow, .pushBlur, .pushMaskedGroup, .pushMask, .pushBlend:
                kinds.append(false)
            case .pop:
                if kinds.popLast() == true { transforms.removeLast() }
            default:
                body(item, transforms.last!)
            }
        }
    }

    package static func bounds(of r: Rect, under t: AffineTransform) -> Rect {
        // The four corners, without arrays (damage tracking calls this for every item it walks). The minimum and
        // maximum are taken in the corners' order, as `min()` and `max()` of an array would (NaN included).
        let p0 = t.apply(Point(x: r.minX, y: r.minY)), p1 = t.apply(Point(x: r.maxX, y: r.minY))
        let p2 = t.apply(Point(x: r.minX, y: r.maxY)), p3 = t.apply(Point(x: r.maxX, y: r.maxY))
        let x0 = extreme(p0.x, p1.x, p2.x, p3.x, by: <), x1 = extreme(p0.x, p1.x, p2.x, p3.x, by: >)
        let y0 = extreme(p0.y, p1.y, p2.y, p3.y, by: <), y1 = extreme(p0.y, p1.y, p2.y, p3.y, by: >)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The first of `a, b, c, d` that no later one `beats` (`<`: the minimum, `>`: the maximum, as an array's).
    @inline(__always) private static func extreme(_ a: Double, _ b: Double, _ c: Double, _ d: Double,
                                                  by beats: (Double, Double) -> Bool) -> Double {
        var m = a
        if beats(b, m) { m = b }
        if beats(c, m) { m = c }
        if beats(d, m) { m = d }
        return m
    }
}

/// A bitmap shown by the display list. A class so that display lists share it instead of copying pixels.
public final class ImageContent: @unchecked Sendable {
    /// Never mutated after creation (that is what makes sharing across display lists safe).
    public let pixels: PixelBuffer
    public init(_ pixels: PixelBuffer) { self.pixels = pixels }
    public var width: Int { pixels.width }
    public var height: Int { pixels.height }
}

/// A single line of text placed at a baseline.
public struct TextRun: Sendable, Equatable {
    public var string: String
    public var font: FontDescriptor
    /// Left end of the baseline.
    public var origin: Point
    public var color: RGBA
    /// Line box (ascender to descender, advance width), for hit testing.
    public var frame: Rect

    public init(string: String, font: FontDescriptor, origin: Point, color: RGBA, frame: Rect) {
        self.string = string; self.font = font; self.origin = origin; self.color = color; self.frame = frame
    }
}

/// A blurred group (SwiftUI's `blur(radius:opaque:)`): a Gaussian of standard deviation `radius / 2`, as three
/// box blurs. With `opaqueFrame` (points, in the group's coordinates: the view's frame) the blur is opaque: it
/// reads pixels past the frame's edges as the nearest edge pixel (no transparency comes in at the edges) and
/// draws only inside the frame; without, the group's edges fade into what is around it.
public struct Blur: Hashable, Sendable {
    public var radius: Double
    public var opaqueFrame: Rect?

    public init(radius: Double, opaqueFrame: Rect? = nil) {
        self.radius = radius.isFinite ? max(0, min(radius, 256)) : 0
        self.opaqueFrame = opaqueFrame
    }

    /// How far past the group's pixels the blur reaches, in device pixels at `scale`.
    func reach(scale: Double) -> Double { Shadow.reach(radius: radius, scale: scale) }
}

/// A drop shadow under a group (SwiftUI's `shadow(color:radius:x:y:)`): the group's coverage blurred by about
/// `radius` (a Gaussian of standard deviation `radius / 2`, as three box blurs), in `color`, moved by `offset`
/// (points, in the group's coordinates).
public struct Shadow: Hashable, Sendable {
    public var color: RGBA
    public var radius: Double
    public var offset: Point

    public init(color: RGBA, radius: Double, offset: Point) {
        self.color = color
        self.radius = radius.isFinite ? max(0, min(radius, 256)) : 0
        self.offset = offset.x.isFinite && offset.y.isFinite ? offset : Point(x: 0, y: 0)
    }

    /// How far past the group's pixels the shadow reaches, in device pixels at `scale` (three standard
    /// deviations of blur plus the offset).
    func reach(scale: Double) -> Double { Self.reach(radius: radius, offset: offset, scale: scale) }

    /// The same for a blur of `radius` moved by `offset` (a blurred group's: no offset).
    static func reach(radius: Double, offset: Point = Point(x: 0, y: 0), scale: Double) -> Double {
        (1.5 * radius + max(abs(offset.x), abs(offset.y))) * scale + 2
    }
}
