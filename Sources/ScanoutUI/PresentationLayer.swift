import ScanoutRender

/// The layer above the app's root view where presentations that must cover the whole screen are shown
/// (menus, context menus): the host's root node is a `PresentationRoot` whose first child is the app's view
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
        for p in node.host.presentations { out.append(ChildSlot(key: p.key, view: p.view)) }
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

    /// The app's view in the root's bounds; the layers over the whole screen, after it (a layer places
    /// itself beside its presenter, whose frame is known by then).
    override func place(in bounds: CGRect) {
        guard let app = node.children.first else { return }
        unit(app).place(in: bounds, proposal: ProposedViewSize(bounds.size))
        let screen = CGRect(origin: .zero, size: node.host.size)
        for layer in node.children.dropFirst() where !layer.isRemoving {
            unit(layer).place(in: screen, proposal: ProposedViewSize(screen.size))
        }
    }

    override func handlesTouch(at point: CGPoint) -> Bool { false }
}

extension ViewHost {
    /// The app's own root view's node (under the presentation layer).
    var appRoot: ViewNode? { root.children.first }

    /// Shows `view` for `presenter`, or replaces what it shows.
    func present(_ view: any View, for presenter: ObjectIdentifier) {
        let key = PresentationKey(presenter: presenter)
        if let i = presentations.firstIndex(where: { $0.key == key }) {
            presentations[i].view = view
        } else {
            presentations.append(Presentation(key: key, view: view))
        }
        schedule(root)
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
        let key = PresentationKey(presenter: presenter)
        for layer in root.children.dropFirst() where layer.key == AnyHashable(key) { layer.setNeedsPlacement() }
    }
}

/// Shows `content` in the presentation layer while it is not nil, with this view's environment and frame.
struct PresentationAnchorModifier: PrimitiveModifier {
    let content: ((PresentationAnchor) -> any View)?
    func makeBehavior() -> ModifierBehavior { PresentationAnchorBehavior() }
}

final class PresentationAnchorBehavior: ModifierBehavior {
    private let anchor = PresentationAnchor()
    private var isPresenting = false

    override func updateModifier(_ modifier: any ViewModifier) {
        let m = modifier.known(as: PresentationAnchorModifier.self)
        let id = ObjectIdentifier(self)
        guard let content = m.content else {
            if isPresenting { node.host.dismissPresentation(for: id) }
            isPresenting = false
            return
        }
        isPresenting = true
        let environment = node.environment.current
        node.host.present(content(anchor).withEnvironment(environment), for: id)
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
