import ScanoutGraph
import ScanoutRender

/// A reference to a node for what may outlive it (a `@State`'s storage, held by bindings and tasks): nil once
/// the node is destroyed or freed. Not `weak`: a weak reference gives the node a side table, which puts every
/// retain and release of it on the runtime's slow path.
final class NodeLink: @unchecked Sendable {
    nonisolated(unsafe) unowned(unsafe) var node: ViewNode?
    init(_ node: ViewNode) { self.node = node }
}

/// A node of the persistent render tree: one per view identity (type + position, `ForEach` id or `.id`).
/// View values come and go; the node keeps state, environment, lifecycle and layout.
@MainActor
final class ViewNode {
    /// The host, which owns the tree and destroys it before it goes (`unowned(unsafe)`: a checked unowned
    /// reference is an atomic retain and release at every use, and layout uses it for every measurement).
    unowned(unsafe) let host: ViewHost
    /// The parent (nil for the root and once destroyed). Not `weak`: a weak reference gives its target a side
    /// table, which puts every retain and release of every container node on the runtime's slow path (~10% of
    /// a damage frame). Instead it is cleared when this node is destroyed and by the parent's deinit, so it
    /// never outlives the parent.
    nonisolated(unsafe) unowned(unsafe) private(set) var parent: ViewNode?
    /// The slot's key it was made for (see `ChildKey`).
    let childKey: ChildKey
    var intKey: Int? { childKey.int }
    var key: AnyHashable { childKey.anyHashable }
    let viewType: ObjectIdentifier
    private(set) var view: any View
    let behavior: NodeBehavior
    /// Tells whether a new view value leaves this node's own output as it was (nil: it never does).
    private let ownInputsEqual: OwnInputsEquality?
    /// (Unchecked exclusivity: read for every node of every pass on the main thread; nothing holds an access
    /// to it open while changing it.)
    @exclusivity(unchecked) var children: [ViewNode] = []
    let depth: Int
    /// Unique for the host's lifetime (display items are matched across frames by it).
    let id: UInt64
    /// The environment this node sees (its parent's unless an environment modifier made a new one).
    var environment: EnvironmentNode
    /// Handed to what may outlive this node (see `NodeLink`); made on first use.
    nonisolated(unsafe) private var linkStorage: NodeLink?
    var link: NodeLink {
        if let linkStorage { return linkStorage }
        let made = NodeLink(self)
        linkStorage = made
        return made
    }
    /// Persistent storage of `@State`/`@StateObject` properties, by property position.
    var stateSlots = StateSlots()
    var isAlive = true
    /// Removed from its parent's view but kept, drawn at its last frame, while its removal transition runs
    /// (see `beginRemovalTransition`): not matched by reconcile, laid out or hit.
    var isRemoving = false
    var hasAppeared = false
    var isScheduled = false
    /// Frame in root coordinates, from the last layout.
    var frame = CGRect.zero
    /// Sizes by proposal, valid for one layout pass (`host.layoutGeneration`). (Unchecked exclusivity: read
    /// and written by layout on the main thread only, never while another access is open; the run-time
    /// checks were a tenth of a big list's layout.)
    @exclusivity(unchecked) var sizeCache = LayoutCache<ProposedViewSize, CGSize>()
    /// `sizeIgnoresProposedHeight` and the layout version it was worked out at.
    @exclusivity(unchecked) var heightIndependence: (version: UInt64, value: Bool) = (.max, false)
    /// Explicit alignment guides by guide and size, cleared with `sizeCache`.
    @exclusivity(unchecked) var guideCache = LayoutCache<GuideCacheKey, CGFloat?>()
    /// Changes whenever `sizeCache` and `guideCache` are cleared: a container that keeps its children's
    /// measurements (a ZStack's) re-measures only the children whose version moved.
    private(set) var layoutVersion: UInt64 = 0
    /// `host.layoutCacheWrites` when this node's layout was last invalidated (see `invalidateLayout`).
    private var invalidatedAtWrite = UInt64.max
    /// `layoutSubviews`, kept until the children below change (layout asks for it many times per pass).
    private var cachedLayoutSubviews: [ViewNode]?
    /// Changes whenever `layoutSubviews` may have (containers cache what they build from it).
    private(set) var layoutSubviewsVersion = 0
    /// The node (or something below it) must be placed again in the next layout.
    var needsPlacement = true
    /// The retained drawing (see DisplayRecording.swift). (Unchecked exclusivity, as `sizeCache`: recorded on
    /// the main thread only, each access closed before the next; the checks were a fifteenth of a first display
    /// list.)
    @exclusivity(unchecked) var recording = NodeRecording()
    /// The node's own drawing may have changed (its view value, frame, state, environment, animation).
    /// (Kept out of `recording`: read for every child when an ancestor splices, and plain stored flags cost
    /// no exclusivity check.)
    var needsDisplay = true
    /// Some node below must be recorded again.
    var descendantNeedsDisplay = false

    var name: String { String(describing: type(of: view)) }

    init(host: ViewHost, parent: ViewNode?, slot: ChildSlot, environment: EnvironmentNode) {
        let view = slot.view
        self.host = host
        self.parent = parent
        self.childKey = slot.childKey
        self.view = view
        self.viewType = ObjectIdentifier(type(of: view))
        self.depth = (parent?.depth ?? -1) + 1
        self.id = host.makeNodeID()
        self.environment = environment
        let recipe = NodeRecipe.recipe(for: view, type: viewType)
        behavior = recipe.makeBehavior(view)
        ownInputsEqual = behavior.viewValueAffectsOwnOutput ? recipe.ownInputsEquality : nil
        behavior.node = self
        host.nodeCreated(self)
        if let slots = behavior.update(view) { reconcile(slots) }
    }

    /// A new view value from the parent.
    func setView(_ newView: any View) {
        let keepsOwnOutput = !behavior.viewValueAffectsOwnOutput || ownInputsEqual?(view, newView) == true
        view = newView
        if let child = behavior.updateOnlyChild(newView) {
            if !keepsOwnOutput { ownOutputChanged() }
            // The usual case: the same child again, updated in place.
            if children.count == 1, children[0].intKey == 0, children[0].takes(child) {
                children[0].setView(child)
            } else {
                reconcile([ChildSlot(key: 0, view: child)])
            }
            return
        }
        let slots = behavior.update(newView)
        if !keepsOwnOutput { ownOutputChanged() }
        if let slots { reconcile(slots) }
    }

    /// A new view value changed what this node lays out or draws itself.
    private func ownOutputChanged() {
        if !behavior.measuresAsBefore(sizeCache) { invalidateLayout() }
        setNeedsDisplay()
    }

    /// Brings a scheduled node (a user view whose body is dirty) up to date.
    func refresh() {
        isScheduled = false
        guard isAlive else { return }
        if let slots = behavior.refresh() { reconcile(slots) }
    }

    /// Matches new children to existing nodes by key and type: same identity → updated in place (state kept);
    /// otherwise the old node is destroyed and a new one created.
    func reconcile(_ slots: [ChildSlot]) {
        // The usual case: the same keys and types in the same order (a body ran again with new values). Each
        // child is updated in place and marks what it changes itself; this node's layout subviews, caches and
        // recording stay (a child whose size changes invalidates its ancestors' layout).
        if sameChildren(as: slots) {
            for i in slots.indices { children[i].setView(slots[i].view) }
            return
        }
        host.structureChanged = true
        invalidateLayout()
        setNeedsDisplay()
        if children.isEmpty {  // (and `slots` is not: both empty are the same children)
            // (A loop: `map(makeChild)` entered a main-actor isolated closure per child, and Swift 6 checks the
            // executor at each entry.)
            var made: [ViewNode] = []
            made.reserveCapacity(slots.count)
            for slot in slots { made.append(makeChild(slot)) }
            children = made
            invalidateLayoutSubviews()
            return
        }
        var old: [AnyHashable: ViewNode] = [:]
        old.reserveCapacity(children.count)
        for c in children where !c.isRemoving { old[c.key] = c }
        var next: [ViewNode] = []
        next.reserveCapacity(slots.count)
        for slot in slots {
            if let existing = old.removeValue(forKey: slot.key), existing.viewType == ObjectIdentifier(type(of: slot.view)) {
                existing.setView(slot.view)
                next.append(existing)
            } else {
                if let replaced = old.removeValue(forKey: slot.key), !replaced.beginRemovalTransition() { replaced.destroy() }
                next.append(makeChild(slot))
            }
        }
        for (_, gone) in old where !gone.beginRemovalTransition() { gone.destroy() }
        // A child that starts its removal transition stays in `children` but leaves the layout subviews.
        children = keepingRemovingChildren(next)
        invalidateLayoutSubviews()
    }

    /// Whether `slots` name the current children, in order, with their types (and none is being removed).
    private func sameChildren(as slots: [ChildSlot]) -> Bool {
        guard children.count == slots.count else { return false }  // (both empty: a leaf's update)
        for i in slots.indices where !(children[i].takes(slots[i].view) && slots[i].hasKey(of: children[i])) { return false }
        return true
    }

    /// Whether `view` can be this node's new value (the same view type, and the node is not being removed);
    /// the caller compares keys.
    private func takes(_ view: any View) -> Bool {
        !isRemoving && viewType == ObjectIdentifier(type(of: view))
    }

    /// Adds one child at `index` and leaves the others alone (lazy containers create rows one at a time).
    func insertChild(_ slot: ChildSlot, at index: Int) -> ViewNode {
        host.structureChanged = true
        let child = makeChild(slot)
        children.insert(child, at: index)
        invalidateLayout()
        invalidateLayoutSubviews()
        setNeedsDisplay()
        return child
    }

    private func makeChild(_ slot: ChildSlot) -> ViewNode {
        ViewNode(host: host, parent: self, slot: slot, environment: childEnvironment)
    }

    /// The environment children inherit (an environment modifier overrides this).
    var childEnvironment: EnvironmentNode {
        if let own = behavior.environmentForChildren { return own }
        return environment
    }

    /// Removes the node and its subtree: disappear actions, cancelled tasks, released state.
    func destroy() {
        guard isAlive else { return }
        for c in children { c.destroy() }
        disappearIfNeeded()
        if let parent, parent.isAlive { parent.setNeedsDisplay() }
        isAlive = false
        // An animating behaviour must not be ticked once its node is gone (the node may be freed before the
        // next frame, and the behaviour reaches it unowned).
        host.stopAnimating(behavior)
        behavior.destroyed()
        stateSlots.removeAll()
        children.removeAll()
        parent = nil
        linkStorage?.node = nil
    }

    deinit {
        for child in children { child.parent = nil }
        linkStorage?.node = nil
    }

    /// Marks this node appeared (after a frame's updates; its children follow in the same appear pass).
    func appearIfNeeded() {
        guard isAlive, !hasAppeared else { return }
        hasAppeared = true
        parent?.setNeedsDisplay()  // a lazy ForEach draws only the rows that appeared
        behavior.appeared()
    }

    /// Marks this node disappeared (callers take its children first).
    private func disappearIfNeeded() {
        guard hasAppeared else { return }
        hasAppeared = false
        parent?.setNeedsDisplay()
        // A field in a tab switched away from, or on a screen covered by a push, gives up the focus (and the
        // on-screen keyboard goes away), as in SwiftUI.
        if host.focusedNode === self { host.focusedNode = nil }
        behavior.disappeared()
    }

    /// A lazy container's row joins (true) or leaves (false) the laid-out tree: the row's subtree appears or
    /// disappears as a whole, running its lifecycle modifiers; the nodes and their state stay. Rows of a lazy
    /// container nested inside are left to that container when the row appears.
    func setVisible(_ visible: Bool) {
        guard isAlive else { return }
        if visible {
            appearIfNeeded()
            if behavior.childrenAppearWithParent { for c in children { c.setVisible(true) } }
        } else if hasAppeared {
            for c in children { c.setVisible(false) }
            disappearIfNeeded()
        }
    }

    /// Runs the pending bodies of this subtree now, parents first, instead of in the next update phase (views
    /// made during layout, which must be measured in the same pass).
    func updateSubtreeNow() {
        if isScheduled { refresh() }
        for c in children { c.updateSubtreeNow() }
    }

    // MARK: Layout

    /// Children as layout sees them: transparent nodes replaced by their own subviews.
    var layoutSubviews: [ViewNode] {
        if let cached = cachedLayoutSubviews { return cached }
        var out: [ViewNode] = []
        for c in children where !c.isRemoving {
            if c.behavior.role == .transparent { out.append(contentsOf: c.layoutSubviews) } else { out.append(c) }
        }
        cachedLayoutSubviews = out
        return out
    }

    /// The content as one layout unit: the single subview, or several stacked vertically (SwiftUI's default
    /// for a body or modifier content of several views).
    var contentUnit: LayoutUnit { LayoutUnit(layoutSubviews) }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        behavior.role == .transparent ? contentUnit.sizeThatFits(proposal) : behavior.sizeThatFits(proposal)
    }

    /// Places the node at `rect` as its container laid it out left to right (mirrored in the container first
    /// when the node lays out right to left: see `LayoutMirroring`).
    @inline(__always)
    func place(in rect: CGRect) {
        // The mirrored path is a separate call at the end, so the common path stays as small as before and
        // inlines into the containers' placing loops without extra retains.
        if _slowPath(layoutMirroringUsed) { placeMirrored(rect) } else { placeAsGiven(rect) }
    }

    @inline(never)
    private func placeMirrored(_ rect: CGRect) { placeAsGiven(LayoutMirroring.mirrored(rect, for: self)) }

    /// Places the node. A node whose sizes are still valid, placed where it already is, has nothing below it
    /// that moved: its subtree is skipped (layout after a change costs the changed path, not the tree).
    private func placeAsGiven(_ rect: CGRect) {
        let moved = rect != frame
        if !needsPlacement && !moved { return }
        frame = rect
        needsPlacement = false
        host.layoutCacheWrites &+= 1
        // Drawing reads the frame and, for some behaviours, what placing decides (a lazy stack's rows, a scroll
        // offset); when the recording comes out the same, nothing is damaged for it.
        if moved || behavior.drawingReadsPlacement { setNeedsDisplay() }
        behavior.place(in: rect)
    }

    /// Sizes cached for this node (and, through them, its ancestors') may be wrong: a view value, the children
    /// or a value layout reads changed. Ancestors' caches go too, up to the root (transparent nodes are never
    /// measured or placed themselves, so their caches cannot tell where an earlier invalidation stopped; the
    /// count of cache writes can).
    func invalidateLayout() {
        // A node invalidated with no layout cache written anywhere since has every ancestor still invalid
        // (its own walk cleared them, and nothing was measured or placed again): the walk stops there (a body
        // that ran again sets a dozen nodes, each of which would otherwise walk to the root).
        let writes = host.layoutCacheWrites
        var n: ViewNode? = self
        while let x = n {
            if x.invalidatedAtWrite == writes { return }
            x.invalidatedAtWrite = writes
            x.sizeCache.removeAll()
            x.guideCache.removeAll()
            x.layoutVersion &+= 1
            x.needsPlacement = true
            n = x.parent
        }
    }

    /// The children changed (or one started its removal): this node's `layoutSubviews` are made again, and so
    /// are those of the ancestors it is transparent to (a transparent node's subviews are its parent's).
    func invalidateLayoutSubviews() {
        var n: ViewNode? = self
        while let x = n {
            x.cachedLayoutSubviews = nil
            x.layoutSubviewsVersion &+= 1
            guard x.behavior.role == .transparent else { return }
            n = x.parent
        }
    }

    /// Like `invalidateLayout`, for a whole subtree (an environment value layout reads, such as the font, changed).
    func invalidateSubtreeLayout() {
        func clear(_ n: ViewNode) {
            n.sizeCache.removeAll()
            n.guideCache.removeAll()
            n.layoutVersion &+= 1
            n.cachedLayoutSubviews = nil
            n.layoutSubviewsVersion &+= 1
            n.needsPlacement = true
            n.setNeedsDisplay()  // built-in views read the environment when drawing (colours, isEnabled)
            for c in n.children { clear(c) }
        }
        clear(self)
        parent?.invalidateLayout()
    }

    /// Something below moved without changing any size (a scroll offset, an animated offset).
    func setNeedsPlacement() {
        var n: ViewNode? = self
        while let x = n {
            x.needsPlacement = true
            n = x.parent
        }
        host.setNeedsLayout()
    }

    /// Records the node's drawing into `list`: the items carry the node's id so damage tracking can match them
    /// across frames. Called by the parent's behaviour while it records: the child's retained recording is
    /// spliced in at this point (see `NodeRecording`).
    func draw(into list: inout DisplayList) {
        if host.recordsFresh {
            let saved = list.currentOwner
            list.currentOwner = id
            let start = list.count
            behavior.draw(into: &list)
            // (The children's items in the range went through their own recording's effects.)
            if let effects = environment.colorEffects { effects.apply(to: &list, in: start..<list.count, owner: id) }
            list.currentOwner = saved
            return
        }
        host.childSplices.append(Splice(at: list.count, child: self))
    }
}
