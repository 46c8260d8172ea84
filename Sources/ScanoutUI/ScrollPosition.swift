/// `scrollPosition(id:anchor:)` (iOS 17): a binding to the view of a scroll view's `scrollTargetLayout()`
/// container that is scrolled to. As the content moves (a finger, momentum, `scrollTo`), the binding becomes
/// the id of the first of those views reaching past the viewport's anchor line (its top or leading edge by
/// default); when the app sets the binding, the scroll view scrolls that view to the anchor (animated inside
/// `withAnimation`). Without a `scrollTargetLayout()` inside, the binding is not changed by scrolling.
struct ScrollPositionModifier<ID: Hashable>: ViewModifier {
    @Binding var id: ID?
    let anchor: UnitPoint?
    @State private var reporter = BindingScrollPositionReporter<ID>()

    func body(content: Content) -> some View {
        let reporter = self.reporter
        reporter.anchor = anchor
        reporter.binding = $id
        var key: AnyHashable?
        if let id { key = AnyHashable(id) }
        return content
            .environment(\.scrollPositionReporter, reporter)
            .modifier(ScrollPositionRequest(id: key, reporter: reporter))
    }
}

/// What a scroll view inside a `scrollPosition` tells the binding, and the scroll the binding asked for.
@MainActor
class ScrollPositionReporter {
    var anchor: UnitPoint?
    /// Sets the binding to the id a scroll view reports.
    func update(_ id: AnyHashable) {}
    /// The id last reported, or last scrolled to.
    var reported: AnyHashable?
    /// The node whose scroll request is moving the scroll view to the binding's id (nothing is reported
    /// meanwhile: the rows passed on the way are not the position asked for).
    weak var requester: ViewNode?

    var isScrollingToTarget: Bool {
        guard let requester, requester.isAlive else { return false }
        return requester.host.scrollRequests.contains { $0.reader === requester }
    }
}

final class BindingScrollPositionReporter<ID: Hashable>: ScrollPositionReporter {
    var binding: Binding<ID?>?
    override func update(_ id: AnyHashable) { binding?.wrappedValue = id.base as? ID }
}

/// Scrolls to the binding's id when the app changes it (not when the scroll view reported it), with the
/// animation of the change.
struct ScrollPositionRequest: PrimitiveModifier {
    let id: AnyHashable?
    let reporter: ScrollPositionReporter
    func makeBehavior() -> ModifierBehavior { ScrollPositionRequestBehavior() }
}

final class ScrollPositionRequestBehavior: ModifierBehavior {
    override func updateModifier(_ modifier: any ViewModifier) {
        let request = modifier.known(as: ScrollPositionRequest.self)
        let reporter = request.reporter
        guard let id = request.id, id != reporter.reported else { return }
        reporter.reported = id
        reporter.requester = node
        let animation = node.host.currentTransaction.flatMap { $0.disablesAnimations ? nil : $0.animation }
        node.host.requestScroll(ScrollRequest(reader: node, id: id, anchor: reporter.anchor ?? .topLeading, animation: animation))
    }
}

struct ScrollPositionReporterKey: EnvironmentKey {
    static let defaultValue: ScrollPositionReporter? = nil
}

extension EnvironmentValues {
    var scrollPositionReporter: ScrollPositionReporter? {
        get { self[ScrollPositionReporterKey.self] }
        set { self[ScrollPositionReporterKey.self] = newValue }
    }
}

extension ScrollViewBehavior {
    /// After the content is placed: the first target view reaching past the anchor line, reported when it
    /// changed.
    func reportScrollPosition() {
        guard let reporter = node.environment.current.scrollPositionReporter, !reporter.isScrollingToTarget else { return }
        let views = scrollTargetViews()
        guard !views.isEmpty else { return }
        let f = node.frame, a = reporter.anchor ?? .topLeading
        let line = CGPoint(x: f.minX + a.x * f.width, y: f.minY + a.y * f.height)
        let horizontal = axes == .horizontal
        guard let first = views.first(where: { horizontal ? $0.frame.maxX > line.x + 0.5 : $0.frame.maxY > line.y + 0.5 }) ?? views.last
        else { return }
        let id = first.key
        guard id != reporter.reported else { return }
        reporter.reported = id
        node.host.enqueue(from: node) { reporter.update(id) }
    }
}
