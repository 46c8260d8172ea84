import ScanoutGraph
import ScanoutRender

/// A node of the persistent render tree: one per view identity (type + position, `ForEach` id or `.id`).
/// View values come and go; the node keeps state, environment, lifecycle and layout.
@MainActor
final class ViewNode {
    unowned let host: ViewHost
    weak var parent: ViewNode?
    let key: AnyHashable
    let viewType: ObjectIdentifier
    private(set) var view: any View
    let behavior: NodeBehavior
    var children: [ViewNode] = []
    let depth: Int
    /// The environment this node sees (its parent's unless an environment modifier made a new one).
    var environment: EnvironmentNode
    /// Persistent storage of `@State`/`@StateObject` properties, by property position.
    var stateSlots: [Int: AnyObject] = [:]
    var isAlive = true
    var hasAppeared = false
    var isScheduled = false
    /// Frame in root coordinates, from the last layout.
    var frame = CGRect.zero
    /// Sizes by proposal, valid for one layout pass (`host.layoutGeneration`).
    var sizeCache: [ProposedViewSize: CGSize] = [:]
    var sizeCacheGeneration = 0

    var name: String { String(describing: type(of: view)) }

    init(host: ViewHost, parent: ViewNode?, key: AnyHashable, view: any View, environment: EnvironmentNode) {
        self.host = host
        self.parent = parent
        self.key = key
        self.view = view
        self.viewType = ObjectIdentifier(type(of: view))
        self.depth = (parent?.depth ?? -1) + 1
        self.environment = environment
        if let primitive = view as? any PrimitiveView {
            behavior = primitive.makeBehavior()
        } else if let shape = view as? any Shape {
            behavior = ShapeBehavior(shape: shape, style: ForegroundStyle())
        } else {
            behavior = makeCompositeBehavior(for: view)
        }
        behavior.node = self
        host.nodeCreated(self)
        if let slots = behavior.update(view) { reconcile(slots) }
    }

    /// A new view value from the parent.
    func setView(_ newView: any View) {
        view = newView
        if let slots = behavior.update(newView) { reconcile(slots) }
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
        host.structureChanged = true
        if children.isEmpty {
            children = slots.map { ViewNode(host: host, parent: self, key: $0.key, view: $0.view, environment: childEnvironment) }
            return
        }
        var old: [AnyHashable: ViewNode] = [:]
        old.reserveCapacity(children.count)
        for c in children { old[c.key] = c }
        var next: [ViewNode] = []
        next.reserveCapacity(slots.count)
        for slot in slots {
            if let existing = old.removeValue(forKey: slot.key), existing.viewType == ObjectIdentifier(type(of: slot.view)) {
                existing.setView(slot.view)
                next.append(existing)
            } else {
                if let replaced = old.removeValue(forKey: slot.key) { replaced.destroy() }
                next.append(ViewNode(host: host, parent: self, key: slot.key, view: slot.view, environment: childEnvironment))
            }
        }
        for (_, gone) in old { gone.destroy() }
        children = next
    }

    /// The environment children inherit (an environment modifier overrides this).
    var childEnvironment: EnvironmentNode { behavior.environmentForChildren ?? environment }

    /// Removes the node and its subtree: disappear actions, cancelled tasks, released state.
    func destroy() {
        guard isAlive else { return }
        for c in children { c.destroy() }
        if hasAppeared {
            hasAppeared = false
            behavior.disappeared()
        }
        isAlive = false
        behavior.destroyed()
        stateSlots.removeAll()
        children.removeAll()
    }

    /// Marks this node and its subtree appeared (after a frame's updates).
    func appearIfNeeded() {
        guard isAlive, !hasAppeared else { return }
        hasAppeared = true
        behavior.appeared()
    }

    // MARK: Layout

    /// Children as layout sees them: transparent nodes replaced by their own subviews.
    var layoutSubviews: [ViewNode] {
        var out: [ViewNode] = []
        for c in children {
            if c.behavior.role == .transparent { out.append(contentsOf: c.layoutSubviews) } else { out.append(c) }
        }
        return out
    }

    /// The content as one layout unit: the single subview, or several stacked vertically (SwiftUI's default
    /// for a body or modifier content of several views).
    var contentUnit: LayoutUnit { LayoutUnit(layoutSubviews) }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        behavior.role == .transparent ? contentUnit.sizeThatFits(proposal) : behavior.sizeThatFits(proposal)
    }

    func place(in rect: CGRect) {
        frame = rect
        behavior.place(in: rect)
    }

    func draw(into list: inout DisplayList) {
        behavior.draw(into: &list)
    }
}
