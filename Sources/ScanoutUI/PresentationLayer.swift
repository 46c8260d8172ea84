import ScanoutRender

/// The layer above the app's root view where presentations that must cover the whole screen are shown
/// (menus, context menus, alerts, dialogs, sheets, covers; SwiftUI's cover the window whichever view presents
/// them): the host's root node is a `PresentationRoot` whose first child is the app's view
/// and whose other children are the presented layers, laid out over the whole screen (safe area included),
/// drawn after the app and hit-tested before it. A presentation is registered by the view that presents it
/// (`PresentationAnchorModifier`), shown with that view's environment, and told where that view is
/// (`PresentationAnchor`) so it can place itself beside it. A local overlay would be drawn under the
/// presenter's later siblings, clipped by its scroll view, and lose touches to them.
struct PresentationRoot<Content: View>: View, PrimitiveView {
    let content: Content
    func makeBehavior() -> NodeBehavior { PresentationRootBehavior<Content>() }
}

/// Where the presenting view is (root coordinates, as last placed).
@MainActor
final class PresentationAnchor {
    var frame = CGRect.zero
}

/// The key of a presented layer among the root's children (apart from the app's view's key 0).
struct PresentationKey: Hashable {
    let presenter: ObjectIdentifier
}

/// One shown presentation.
struct Presentation {
    let key: PresentationKey
    var view: any View
}

final class PresentationRootBehavior<Content: View>: NodeBehavior {
    private var content: Content!

    override func update(_ view: any View) -> [ChildSlot]? {
        content = (view as! PresentationRoot<Content>).content
        return slots
    }

    /// The presentations changed (see `ViewHost.present`).
    override func refresh() -> [ChildSlot]? { slots }

    private var slots: [ChildSlot] {
        var out = [ChildSlot(key: 0, view: content as any View)]
        for p in node.host.presentations { out.append(ChildSlot(key: p.key, view: PresentationSlot(key: p.key))) }
        return out
    }

    private func unit(_ child: ViewNode) -> LayoutUnit {
        LayoutUnit(child.behavior.role == .transparent ? child.layoutSubviews : [child])
    }

    /// The app's view alone decides the root's size.
    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        guard let app = node.children.first else { return .zero }
        return unit(app).sizeThatFits(proposal)
    }

    /// The app's view in the root's bounds; the layers over the whole screen above the on-screen keyboard,
    /// after it (a layer places itself beside its presenter, whose frame is known by then; the keyboard's
    /// height is known once the app's view is placed).
    override func place(in bounds: CGRect) {
        guard let app = node.children.first else { return }
        unit(app).place(in: bounds, proposal: ProposedViewSize(bounds.size))
        guard node.children.count > 1 else { return }
        let size = node.host.size
        let screen = CGRect(x: 0, y: 0, width: size.width, height: max(0, size.height - node.host.keyboardOverlap))
        for layer in node.children.dropFirst() where !layer.isRemoving {
            unit(layer).place(in: screen, proposal: ProposedViewSize(screen.size))
        }
    }

    override func handlesTouch(at point: CGPoint) -> Bool { false }
}

/// One presented layer among the root's children: shows what `ViewHost.presentations` holds for its key, and
/// takes a new view from there when its presenter presents again — refreshed alone, so that a presenter inside
/// another layer (an alert on a sheet's button) does not make the root, and with it that layer, update again.
struct PresentationSlot: View, PrimitiveView {
    let key: PresentationKey
    func makeBehavior() -> NodeBehavior { PresentationSlotBehavior() }
}

final class PresentationSlotBehavior: NodeBehavior {
    private var key: PresentationKey?
    override var role: LayoutRole { .transparent }

    /// Made: the presentation's view; after that it changes only through `refresh` (a slot's value is its key).
    override func update(_ view: any View) -> [ChildSlot]? {
        guard key == nil else { return nil }
        key = (view as! PresentationSlot).key
        return slots
    }

    override func refresh() -> [ChildSlot]? { slots }

    private var slots: [ChildSlot] {
        guard let p = node.host.presentations.first(where: { $0.key == key }) else { return [] }
        return [ChildSlot(key: 0, view: p.view)]
    }
}

extension ViewHost {
    /// The app's own root view's node (under the presentation layer).
    var appRoot: ViewNode? { root.children.first }

    /// Shows `view` for `presenter`, or replaces what it shows; `raise` puts it above the other layers (a
    /// presentation shown again after it closed, whose layer stayed for its closing animation).
    func present(_ view: any View, for presenter: ObjectIdentifier, raise: Bool = false) {
        let key = PresentationKey(presenter: presenter)
        if let i = presentations.firstIndex(where: { $0.key == key }) {
            presentations[i].view = view
            if raise, i != presentations.count - 1 {
                presentations.append(presentations.remove(at: i))
                schedule(root)
            }
            if let slot = layerNode(for: key) { schedule(slot) } else { schedule(root) }
        } else {
            presentations.append(Presentation(key: key, view: view))
            schedule(root)
        }
    }

    private func layerNode(for key: PresentationKey) -> ViewNode? {
        root.children.dropFirst().first { $0.key == AnyHashable(key) && !$0.isRemoving }
    }

    /// Stops showing what `presenter` showed (nothing when it showed nothing).
    func dismissPresentation(for presenter: ObjectIdentifier) {
        let key = PresentationKey(presenter: presenter)
        guard let i = presentations.firstIndex(where: { $0.key == key }) else { return }
        presentations.remove(at: i)
        schedule(root)
    }

    /// The presenter moved: its layer is placed again.
    func presentationAnchorMoved(for presenter: ObjectIdentifier) {
        // (The slot is transparent: the root places its content.)
        layerNode(for: PresentationKey(presenter: presenter))?.children.forEach { $0.setNeedsPlacement() }
    }
}

/// Shows `content` in the presentation layer while it is not nil, with this view's environment and frame.
/// `isActive` false: what is shown is only closing (it goes under a presentation shown later, and comes back
/// on top when active again).
struct PresentationAnchorModifier: PrimitiveModifier {
    let content: ((PresentationAnchor) -> any View)?
    var isActive = true
    func makeBehavior() -> ModifierBehavior { PresentationAnchorBehavior() }
}

final class PresentationAnchorBehavior: ModifierBehavior {
    private let anchor = PresentationAnchor()
    private var isPresenting = false
    private var wasActive = false

    override func updateModifier(_ modifier: any ViewModifier) {
        let m = modifier.known(as: PresentationAnchorModifier.self)
        let id = ObjectIdentifier(self)
        guard let content = m.content else {
            if isPresenting { node.host.dismissPresentation(for: id) }
            isPresenting = false
            wasActive = false
            return
        }
        isPresenting = true
        let raise = m.isActive && !wasActive
        wasActive = m.isActive
        let environment = node.environment.current
        node.host.present(content(anchor).withEnvironment(environment), for: id, raise: raise)
    }

    override func place(in bounds: CGRect) {
        super.place(in: bounds)
        // (The laid-out frame: a geometry effect above the presenter does not move what it presents.)
        guard anchor.frame != bounds else { return }
        anchor.frame = bounds
        if isPresenting { node.host.presentationAnchorMoved(for: ObjectIdentifier(self)) }
    }

    override func destroyed() {
        if isPresenting { node.host.dismissPresentation(for: ObjectIdentifier(self)) }
        isPresenting = false
    }
}

extension View {
    /// The view with the whole environment replaced by `values` (a presenter's, for what it presents).
    fileprivate func withEnvironment(_ values: EnvironmentValues) -> any View {
        modifier(EnvironmentWriter(keyPath: \EnvironmentValues.self, value: values))
    }
}
