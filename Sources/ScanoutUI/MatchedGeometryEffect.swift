/// `@Namespace` and `matchedGeometryEffect(id:in:properties:anchor:isSource:)`: views that share an id in a
/// namespace share a frame. A view inserted in the same update that removed a view with its id (an
/// `if expanded { Big } else { Small }`, a selection indicator drawn under the selected tab) starts at the
/// removed view's frame and moves to its own with the update's animation — one view seen moving, as in
/// SwiftUI (without a `transition`, the removed view goes at once; with one, it runs its transition where
/// it was). A view that is not the source (`isSource: false`) takes the frame of the source with its id
/// (position and size, or one of them with `properties`), and moves with the update's animation when its
/// id changes. The content is laid out at the shown frame, so it is drawn at every size on the way, not
/// scaled; the parent's layout keeps the view's own size, as in SwiftUI.

/// A namespace for matched geometry ids (SwiftUI's `@Namespace`): one identity per view that declares it, for
/// as long as the view lives.
@propertyWrapper
public struct Namespace: DynamicProperty {
    @State private var box = NamespaceBox()
    public init() {}

    @MainActor public var wrappedValue: Namespace.ID { ID(box: box) }

    /// A namespace's identity.
    public struct ID: Hashable, Sendable {
        let box: NamespaceBox
        public static func == (a: ID, b: ID) -> Bool { a.box === b.box }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(box)) }
    }
}

/// What a namespace's identity is (an object: no two namespaces alive share one).
final class NamespaceBox: Sendable {}

/// Which parts of the source's frame a matched view takes (SwiftUI's `MatchedGeometryProperties`).
public struct MatchedGeometryProperties: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let position = MatchedGeometryProperties(rawValue: 1)
    public static let size = MatchedGeometryProperties(rawValue: 2)
    public static let frame: MatchedGeometryProperties = [.position, .size]
}

/// The frames of the matched views of one host, by namespace and id.
@MainActor
final class MatchedGeometryRegistry {
    struct Key: Hashable {
        let namespace: Namespace.ID
        let id: AnyHashable
    }

    final class Entry {
        weak var source: MatchedGeometryBehavior?
        /// The source's frame as last shown.
        var frame = CGRect.zero
        /// The update in which the source went (destroyed, or its removal began), if it did.
        var departed: Int?
        var followers: [WeakBehavior] = []
    }

    struct WeakBehavior { weak var behavior: MatchedGeometryBehavior? }

    private var entries: [Key: Entry] = [:]

    /// The frame of the source of `key` that is on screen (not being removed), if any.
    func sourceFrame(_ key: Key, follower: MatchedGeometryBehavior) -> CGRect? {
        let entry = self.entry(key)
        if !entry.followers.contains(where: { $0.behavior === follower }) {
            entry.followers.removeAll { $0.behavior == nil }
            entry.followers.append(WeakBehavior(behavior: follower))
        }
        guard let source = entry.source, source.node.isAlive, !source.node.isRemoving else { return nil }
        return entry.frame
    }

    /// The frame of the source of `key` that went in update `generation` (or is being removed), if any.
    func departedFrame(_ key: Key, generation: Int, excluding behavior: MatchedGeometryBehavior) -> CGRect? {
        guard let entry = entries[key], entry.source !== behavior else { return nil }
        if let source = entry.source, source.node.isAlive, source.node.isRemoving { return entry.frame }
        return entry.departed == generation ? entry.frame : nil
    }

    /// The source of `key` shows at `frame`: the views following it are placed again when it moved.
    func record(_ key: Key, source: MatchedGeometryBehavior, frame: CGRect) {
        let entry = self.entry(key)
        let moved = entry.source !== source || entry.frame != frame
        entry.source = source
        entry.frame = frame
        entry.departed = nil
        guard moved else { return }
        for f in entry.followers { f.behavior?.node.setNeedsPlacement() }
    }

    /// The source of `key` went in update `generation`.
    func depart(_ key: Key, source: MatchedGeometryBehavior, generation: Int) {
        guard let entry = entries[key], entry.source === source || entry.source == nil else { return }
        entry.departed = generation
        // Entries of ids no view uses any more go (kept one update for a view inserted in it).
        entries = entries.filter { _, e in e.source != nil || e.departed == generation || e.followers.contains { $0.behavior != nil } }
    }

    private func entry(_ key: Key) -> Entry {
        if let e = entries[key] { return e }
        let e = Entry()
        entries[key] = e
        return e
    }

    /// How many ids are kept (for tests).
    var count: Int { entries.count }
}

struct MatchedGeometryModifier: PrimitiveModifier {
    let key: MatchedGeometryRegistry.Key
    let properties: MatchedGeometryProperties
    let anchor: UnitPoint
    let isSource: Bool
    func makeBehavior() -> ModifierBehavior { MatchedGeometryBehavior() }
}

/// Places the content at the matched frame (see the top of this file).
final class MatchedGeometryBehavior: ModifierBehavior, AnimationTicking {
    private var key: MatchedGeometryRegistry.Key?
    private var properties = MatchedGeometryProperties.frame
    private var anchor = UnitPoint.center
    private var isSource = true
    /// The animation of the update that made the view (the first placement starts from a departed view).
    private var insertion: Animation?
    /// The animation of the update that changed the id (the next placement moves from where it is).
    private var change: Animation?
    private var placedOnce = false
    private var from: CGRect?
    private var progress: AnimatedValue<Double>?
    /// The frame shown at the last placement.
    private var shown: CGRect?

    override func updateModifier(_ modifier: any ViewModifier) {
        let m = modifier.known(as: MatchedGeometryModifier.self)
        if key == nil {
            insertion = node.animationForChange()
        } else if m.key != key || m.isSource != isSource || m.properties != properties {
            change = node.animationForChange()
            node.setNeedsPlacement()
        }
        key = m.key
        properties = m.properties
        anchor = m.anchor
        isSource = m.isSource
    }

    override func place(in bounds: CGRect) {
        guard let key else { node.contentUnit.place(in: bounds, proposal: ProposedViewSize(bounds.size)); return }
        let registry = node.host.matchedGeometry
        var target = bounds
        if !isSource, let source = registry.sourceFrame(key, follower: self) { target = matched(bounds, to: source) }
        if !placedOnce {
            placedOnce = true
            if let animation = insertion,
               let start = registry.departedFrame(key, generation: node.host.updateGeneration, excluding: self) {
                animate(from: start, animation)
            }
            insertion = nil
        } else if let animation = change, let shown, shown != target {
            animate(from: shown, animation)
        }
        change = nil
        var rect = target
        if let from, let progress {
            if progress.isAnimating {
                let t = progress.presentation
                rect = CGRect(x: from.minX + (target.minX - from.minX) * t, y: from.minY + (target.minY - from.minY) * t,
                              width: from.width + (target.width - from.width) * t, height: from.height + (target.height - from.height) * t)
            } else {
                self.from = nil
            }
        }
        shown = rect
        if isSource { registry.record(key, source: self, frame: rect) }
        node.contentUnit.place(in: rect, proposal: ProposedViewSize(rect.size))
    }

    /// `bounds` taking the source's position, size or both, by `properties` (positions meet at `anchor`).
    private func matched(_ bounds: CGRect, to source: CGRect) -> CGRect {
        let size = properties.contains(.size) ? source.size : bounds.size
        let point = properties.contains(.position)
            ? CGPoint(x: source.minX + source.width * anchor.x, y: source.minY + source.height * anchor.y)
            : CGPoint(x: bounds.minX + bounds.width * anchor.x, y: bounds.minY + bounds.height * anchor.y)
        return CGRect(x: point.x - size.width * anchor.x, y: point.y - size.height * anchor.y, width: size.width, height: size.height)
    }

    private func animate(from start: CGRect, _ animation: Animation) {
        from = start
        let p = AnimatedValue(0.0)
        if p.set(1, animation: animation, now: node.host.time) {
            progress = p
            node.host.startAnimating(self)
        } else {
            from = nil
        }
    }

    func tick(_ now: Double) -> Bool {
        let going = progress?.tick(now) ?? false
        node.setNeedsPlacement()
        return going
    }

    override func destroyed() {
        if isSource, let key { node.host.matchedGeometry.depart(key, source: self, generation: node.host.updateGeneration) }
        super.destroyed()
    }
}

extension View {
    /// Shares a frame with the other views that have `id` in `namespace` (SwiftUI's
    /// `matchedGeometryEffect(id:in:properties:anchor:isSource:)`; see `MatchedGeometryEffect.swift`).
    public func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID,
                                                    properties: MatchedGeometryProperties = .frame,
                                                    anchor: UnitPoint = .center, isSource: Bool = true) -> some View {
        modifier(MatchedGeometryModifier(key: MatchedGeometryRegistry.Key(namespace: namespace, id: AnyHashable(id)),
                                         properties: properties, anchor: anchor, isSource: isSource))
    }
}
