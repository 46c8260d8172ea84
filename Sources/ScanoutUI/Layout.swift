import ScanoutRender

/// A container's layout algorithm (SwiftUI's `Layout`): size the container for a proposal, then place the
/// subviews. Use one as a view: `MyLayout { ... }`.
@MainActor @preconcurrency
public protocol Layout {
    associatedtype Cache = Void
    typealias Subviews = LayoutSubviews
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
    func makeCache(subviews: Subviews) -> Cache
    func updateCache(_ cache: inout Cache, subviews: Subviews)
}

extension Layout where Cache == Void {
    public func makeCache(subviews: Subviews) -> Cache { () }
}

extension Layout {
    public func updateCache(_ cache: inout Cache, subviews: Subviews) { cache = makeCache(subviews: subviews) }

    /// Lays out `content` with this layout.
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View {
        LayoutContainer(layout: self, content: content())
    }
}

/// A subview as a layout sees it (SwiftUI's `LayoutSubview`).
@MainActor
public struct LayoutSubview {
    let unit: LayoutUnit

    /// The subview's size for a proposal.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { unit.sizeThatFits(proposal) }

    /// The subview's size and alignment guides for a proposal.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        let size = unit.sizeThatFits(proposal)
        // Without `alignmentGuide` modifiers every guide is the default: no closure (one made here is isolated
        // to the main actor, and entering it checks the executor — for every subview of every stack).
        guard unit.mayHaveExplicitGuides else { return ViewDimensions(size: size, baselines: unit) }
        let unit = self.unit
        return ViewDimensions(size: size) { key in unit.alignmentGuide(key, in: size) }
    }

    /// Places the subview with its `anchor` at `position`, sized for `proposal`.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        let size = unit.sizeThatFits(proposal)
        let origin = CGPoint(x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height)
        if let recorder = Self.recorder {
            recorder.placed.append((unit, CGRect(origin: origin, size: size)))
            return
        }
        unit.place(in: CGRect(origin: origin, size: size), proposal: proposal)
    }

    /// Where a layout would place its subviews, without placing them (a container's text baseline is its
    /// subviews' baselines where they would go).
    final class PlacementRecorder {
        var placed: [(unit: LayoutUnit, frame: CGRect)] = []
    }
    private static var recorder: PlacementRecorder?

    static func recordingPlacements(_ body: () -> Void) -> [(unit: LayoutUnit, frame: CGRect)] {
        let saved = recorder
        let r = PlacementRecorder()
        recorder = r
        body()
        recorder = saved
        return r.placed
    }

    /// Layout priority (`layoutPriority`): higher is offered space first by stacks.
    public var priority: Double { unit.priority }
}

/// The subviews of a layout container (SwiftUI's `LayoutSubviews`).
public struct LayoutSubviews: RandomAccessCollection {
    let elements: [LayoutSubview]
    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(i: Int) -> LayoutSubview { elements[i] }

    /// Whether no subview's size depends on the proposed height (see `ViewNode.sizeIgnoresProposedHeight`).
    @MainActor var allIgnoreProposedHeight: Bool {
        for s in elements where !s.unit.sizeIgnoresProposedHeight { return false }
        return true
    }
}

/// One or more nodes laid out as one unit: a single node is itself; several are stacked vertically
/// (what SwiftUI does with a body or modifier content of several views), or along `axis`.
@MainActor
struct LayoutUnit {
    /// The node, or the nodes (one reference either way: stacks copy their subviews at every measurement, and
    /// a node and an empty array were two retains and releases per copy).
    private enum Nodes {
        case single(ViewNode)
        case several([ViewNode])
    }
    private let storage: Nodes
    var axis = Axis.vertical
    init(_ nodes: [ViewNode]) { storage = nodes.count == 1 ? .single(nodes[0]) : .several(nodes) }
    init(_ nodes: [ViewNode], axis: Axis) { self.init(nodes); self.axis = axis }
    init(node: ViewNode) { storage = .single(node) }

    /// The node when there is one (most units: no array to allocate).
    private var single: ViewNode? {
        if case .single(let node) = storage { return node }
        return nil
    }

    /// The nodes of a unit of several (none for a single node).
    private var several: [ViewNode] {
        if case .several(let nodes) = storage { return nodes }
        return []
    }

    var nodes: [ViewNode] {
        switch storage {
        case .single(let node): return [node]
        case .several(let nodes): return nodes
        }
    }

    /// Whether the unit is a single spacer (no array made for it).
    var isSpacer: Bool {
        switch storage {
        case .single(let node): return node.isSpacer
        case .several(let nodes): return nodes.count == 1 && nodes[0].isSpacer
        }
    }

    var priority: Double { single?.layoutPriority ?? 0 }

    /// Whether the unit's size cannot depend on the proposed height (never known for a unit of several).
    var sizeIgnoresProposedHeight: Bool { single?.sizeIgnoresProposedHeight ?? false }

    /// Changes whenever the unit's sizes or guides may have (nil: unknown, for a unit of several nodes).
    var layoutVersion: UInt64? { single?.layoutVersion }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        if let single { return single.cachedSize(proposal) }
        switch several.count {
        case 0: return .zero
        default:
            var cache: Void = ()
            return StackLayout(axis: axis, alignment: .center, spacing: nil)
                .sizeThatFits(proposal: proposal, subviews: severalSubviews, cache: &cache)
        }
    }

    func place(in rect: CGRect, proposal: ProposedViewSize) {
        if let single { single.place(in: rect); return }
        switch several.count {
        case 0: return
        default:
            var cache: Void = ()
            StackLayout(axis: axis, alignment: .center, spacing: nil)
                .placeSubviews(in: rect, proposal: proposal, subviews: severalSubviews, cache: &cache)
        }
    }

    func alignmentGuide(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        single?.alignmentGuide(key, in: size)
    }

    /// Whether `alignmentGuide` can answer anything but nil.
    var mayHaveExplicitGuides: Bool {
        guard let single else { return false }
        return single.host.hasExplicitAlignmentGuides
    }

    /// The nodes of a unit of several, each a subview of its own.
    private var severalSubviews: LayoutSubviews {
        var elements = [LayoutSubview]()
        elements.reserveCapacity(several.count)
        for node in several { elements.append(LayoutSubview(unit: LayoutUnit(node: node))) }
        return LayoutSubviews(elements: elements)
    }
}

struct GuideCacheKey: Hashable {
    let key: AlignmentKey
    let size: CGSize
}

extension ViewNode {
    /// Sizes are cached per proposal until the node is invalidated (stacks ask several times per pass, and a
    /// later layout reuses what did not change).
    func cachedSize(_ proposal: ProposedViewSize) -> CGSize {
        if let s = sizeCache[proposal] { return s }
        // A node whose size cannot depend on the proposed height answers every height from one measurement
        // (a stack probes each child at several heights: a row of texts measures once, not four times).
        let key = proposal.height != nil && sizeIgnoresProposedHeight ? ProposedViewSize(width: proposal.width, height: nil) : proposal
        if key != proposal, let s = sizeCache[key] { return s }
        let s = sizeThatFits(key)
        sizeCache[key] = s
        host.layoutCacheWrites &+= 1
        return s
    }

    /// Whether the node's size cannot depend on the proposed height: a text without a minimum scale factor,
    /// and stacks, paddings and views' bodies made only of such nodes (see `NodeBehavior.sizeIgnoresProposedHeight`).
    /// Worked out once per layout version.
    var sizeIgnoresProposedHeight: Bool {
        // (Keyed by both versions: a node's subviews can change without its sizes being cleared yet.)
        let version = layoutVersion ^ (UInt64(truncatingIfNeeded: layoutSubviewsVersion) &* 0x9E37_79B9_7F4A_7C15)
        if heightIndependence.version == version { return heightIndependence.value }
        let value = behavior.role == .transparent ? subviewsIgnoreProposedHeight : behavior.sizeIgnoresProposedHeight()
        heightIndependence = (version, value)
        return value
    }

    /// Whether the node has layout subviews and none's size can depend on the proposed height (what a body, a
    /// padding or a stack of them needs to ignore it too).
    var subviewsIgnoreProposedHeight: Bool {
        let subviews = layoutSubviews
        // (A loop: an `allSatisfy` closure made here is main-actor isolated and checks the executor per subview.)
        for s in subviews where !s.sizeIgnoresProposedHeight { return false }
        return !subviews.isEmpty
    }

    var layoutPriority: Double {
        behavior.role == .transparent ? (layoutSubviews.count == 1 ? layoutSubviews[0].layoutPriority : 0) : behavior.layoutPriority
    }

    /// Explicit alignment guides, cached with the sizes (a stack asks every child on every pass, and
    /// modifiers forward the question down their chain).
    func alignmentGuide(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        // Explicit guides come only from `alignmentGuide` modifiers (without any, every guide is the default),
        // and text baselines from the texts inside.
        guard host.hasExplicitAlignmentGuides || key.isTextBaseline else { return nil }
        let cacheKey = GuideCacheKey(key: key, size: size)
        if let cached = guideCache[cacheKey] { return cached }
        let value: CGFloat?
        if behavior.role == .transparent {
            let subs = layoutSubviews
            value = subs.count == 1 ? subs[0].alignmentGuide(key, in: size) : nil
        } else {
            value = behavior.alignmentGuide(key, in: size)
        }
        guideCache[cacheKey] = .some(value)
        host.layoutCacheWrites &+= 1
        return value
    }
}

/// Runs a `Layout` over its content's subviews.
struct LayoutContainer<L: Layout, Content: View>: View, PrimitiveView {
    let layout: L
    let content: Content
    func makeBehavior() -> NodeBehavior { LayoutBehavior(self) }
}

/// A view that lays its content out with a `Layout` (stacks, `Layout` values called as views).
@MainActor
protocol LayoutContainerView: View {
    associatedtype ContainerLayout: Layout
    var containerLayout: ContainerLayout { get }
    var anyContent: any View { get }
}

extension LayoutContainer: LayoutContainerView {
    var containerLayout: L { layout }
    var anyContent: any View { content }
}

final class LayoutBehavior<L: Layout>: NodeBehavior {
    override var drawingReadsPlacement: Bool { false }  // draws from its frame, or only its children
    override var stackAxisProvider: StackAxisProviding? { self }  // (StackAxisProviding: see Separators)
    /// (Not optional: in this generic class each use of an `L?` looked up that type's metadata. This and the
    /// caches below skip the run-time exclusivity checks: main actor only, each access closed before the next —
    /// the cache is worked on out of `caches` while the layout runs.)
    @exclusivity(unchecked) var layout: L
    /// The layout's cache once made: none or one. (An array, not an optional: in this generic class every use of
    /// an `L.Cache?` looked up that optional type's metadata, ~500 instructions — a twentieth of a big list's
    /// layout.)
    @exclusivity(unchecked) private var caches: [L.Cache] = []
    /// Takes a new value of the container's type apart (typed: no runtime cast per update).
    private let split: @MainActor (any View) -> (L, any View)

    init<V: LayoutContainerView>(_ view: V) where V.ContainerLayout == L {
        layout = view.containerLayout
        split = { view in
            let v = view.known(as: V.self)
            return (v.containerLayout, v.anyContent)
        }
    }

    override func update(_ view: any View) -> [ChildSlot]? { [ChildSlot(key: 0, view: updateOnlyChild(view)!)] }

    /// A stack of subviews that ignore the height ignores it too (their sizes, and so its own, are the same
    /// whatever share of the height each is offered).
    override func sizeIgnoresProposedHeight() -> Bool {
        L.self == StackLayout.self && node.subviewsIgnoreProposedHeight
    }

    override func updateOnlyChild(_ view: any View) -> (any View)? {
        let (layout, content) = split(view)
        self.layout = layout
        caches.removeAll(keepingCapacity: true)
        return content
    }

    @exclusivity(unchecked) private var cachedSubviews: (version: Int, subviews: LayoutSubviews)?

    /// Kept until the node's `layoutSubviews` change (a pass asks for them for sizing and placing).
    private var subviews: LayoutSubviews {
        if let c = cachedSubviews, c.version == node.layoutSubviewsVersion { return c.subviews }
        var elements: [LayoutSubview] = []  // (a loop, not `map`: see `subviewsIgnoreProposedHeight`)
        let nodes = node.layoutSubviews
        elements.reserveCapacity(nodes.count)
        for n in nodes { elements.append(LayoutSubview(unit: LayoutUnit(node: n))) }
        let s = LayoutSubviews(elements: elements)
        cachedSubviews = (node.layoutSubviewsVersion, s)
        // As SwiftUI: a layout's cache is brought up to date when its subviews change.
        if !caches.isEmpty {
            var c = caches[0]
            layout.updateCache(&c, subviews: s)
            caches[0] = c
        }
        return s
    }

    // Stacks are most containers: their calls skip the generic code's metadata look-ups (`L.Cache?` each call).
    @_specialize(where L == StackLayout)
    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let s = subviews
        var c = cache(for: s)
        let size = layout.sizeThatFits(proposal: proposal, subviews: s, cache: &c)
        keep(c)
        return size
    }

    @_specialize(where L == StackLayout)
    override func place(in bounds: CGRect) {
        let s = subviews
        var c = cache(for: s)
        layout.placeSubviews(in: bounds, proposal: ProposedViewSize(bounds.size), subviews: s, cache: &c)
        keep(c)
    }

    /// The cache, made for `s` if there is none yet. (Worked on out of `caches` and kept again after: the layout
    /// measures the subviews while it holds it.)
    @inline(__always)
    private func cache(for s: LayoutSubviews) -> L.Cache {
        caches.isEmpty ? layout.makeCache(subviews: s) : caches[0]
    }

    @inline(__always)
    private func keep(_ c: L.Cache) {
        if caches.isEmpty { caches.append(c) } else { caches[0] = c }
    }

    /// A container's text baselines are its subviews' where the layout would place them: the first baseline
    /// the topmost of theirs, the last the lowest (a VStack's first is its first text's, an HStack aligned on
    /// baselines has its texts' common one). Other guides are explicit only through `alignmentGuide`.
    override func alignmentGuide(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        guard key.isTextBaseline else { return nil }
        let s = subviews
        var c = cache(for: s)
        let layout = self.layout
        let placed = LayoutSubview.recordingPlacements {
            layout.placeSubviews(in: CGRect(origin: .zero, size: size), proposal: ProposedViewSize(size), subviews: s, cache: &c)
        }
        var best: CGFloat?
        for p in placed {
            guard let g = p.unit.alignmentGuide(key, in: p.frame.size) else { continue }
            let v = p.frame.minY + g
            best = best.map { key.isFirstTextBaseline ? min($0, v) : max($0, v) } ?? v
        }
        return best
    }

    /// Which way this container stacks (spacers and dividers inside ask).
    var axis: Axis? { (layout as? StackAxisLayout)?.stackAxis }
}

public enum Axis: Sendable, Hashable { case horizontal, vertical }
