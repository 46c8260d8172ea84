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
struct DamageTracker {
    struct Entry {
        let item: DisplayList.Item
        /// Transform, clip and opacity in force (identity of the surrounding state).
        let transform: AffineTransform
        let clip: Rect?
        let opacity: Double
        let bounds: IntRect
    }

    struct Key: Hashable {
        let owner: UInt64
        let ordinal: Int
    }

    private var previous: [Key: Entry] = [:]
    private var hasPrevious = false

    /// The entries of `list` with their device bounds (scale applied).
    static func entries(of list: DisplayList, scale: Double, screen: IntRect) -> [(Key, Entry)] {
        var out: [(Key, Entry)] = []
        out.reserveCapacity(list.items.count)
        var ordinals: [UInt64: Int] = [:]
        var transform = AffineTransform(scaleX: scale, y: scale)
        var clip: Rect? = nil
        var opacity = 1.0
        enum Saved { case transform(AffineTransform), clip(Rect?), opacity(Double) }
        var stack: [Saved] = []
        let screenRect = Rect(x: Double(screen.x), y: Double(screen.y), width: Double(screen.width), height: Double(screen.height))
        for (i, item) in list.items.enumerated() {
            let owner = list.owners[i]
            let ordinal = ordinals[owner, default: 0]
            ordinals[owner] = ordinal + 1
            var bounds = IntRect(x: 0, y: 0, width: 0, height: 0)
            if let local = item.localBounds {
                var device = DisplayList.bounds(of: local, under: transform).intersection(screenRect)
                if let clip { device = device.intersection(clip) }
                bounds = device.enclosingIntRect
            }
            out.append((Key(owner: owner, ordinal: ordinal), Entry(item: item, transform: transform, clip: clip, opacity: opacity, bounds: bounds)))
            switch item {
            case .pushTransform(let t):
                stack.append(.transform(transform))
                transform = t.concatenating(transform)
            case .pushClip(let r):
                stack.append(.clip(clip))
                let device = DisplayList.bounds(of: r, under: transform)
                clip = clip.map { $0.intersection(device) } ?? device
            case .pushClipShape(let path):
                stack.append(.clip(clip))
                let device = DisplayList.bounds(of: path.boundingRect, under: transform)
                clip = clip.map { $0.intersection(device) } ?? device
            case .pushOpacity(let o):
                stack.append(.opacity(opacity))
                opacity *= o
            case .pop:
                switch stack.popLast() {
                case .transform(let t)?: transform = t
                case .clip(let c)?: clip = c
                case .opacity(let o)?: opacity = o
                case nil: break
                }
            default:
                break
            }
        }
        return out
    }

    /// The damage between the previous frame and this one (`current`: this frame's `entries`); remembers this one.
    mutating func update(_ current: [(Key, Entry)], screen: IntRect) -> Damage {
        var damage = Damage()
        if !hasPrevious {
            damage.add(screen)
        } else {
            var unmatched = previous
            for (key, entry) in current {
                if let old = unmatched.removeValue(forKey: key) {
                    let same = old.item.drawsSame(as: entry.item) && old.transform == entry.transform
                        && old.clip == entry.clip && old.opacity == entry.opacity
                    if !same {
                        damage.add(old.bounds)
                        damage.add(entry.bounds)
                    }
                } else {
                    damage.add(entry.bounds)
                }
            }
            for (_, gone) in unmatched { damage.add(gone.bounds) }
        }
        previous = Dictionary(current, uniquingKeysWith: { a, _ in a })
        hasPrevious = true
        return damage.clipped(to: screen)
    }

    mutating func reset() {
        previous.removeAll()
        hasPrevious = false
    }
}
