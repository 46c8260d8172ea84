import ScanoutRender

/// A view whose content can scroll the scroll views inside it to a view by identity (SwiftUI's
/// `ScrollViewReader`). It is layout-neutral: its content is laid out as if it stood in its place.
public struct ScrollViewReader<Content: View>: View, PrimitiveView {
    public var content: (ScrollViewProxy) -> Content

    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {
        self.content = content
    }

    func makeBehavior() -> NodeBehavior { ScrollViewReaderBehavior<Content>() }
}

/// Scrolls the scroll views of its `ScrollViewReader` (SwiftUI's `ScrollViewProxy`).
public struct ScrollViewProxy {
    weak var reader: ViewNode?

    /// Scrolls every scroll view that contains the view identified by `id` (found inside the reader) (an `.id(_:)` or
    /// a `ForEach` element's id — also a row of a lazy stack or list that was not made yet) so that the view's
    /// `anchor` point meets the viewport's `anchor` point; with no anchor, by the least distance that shows
    /// the whole view. Inside `withAnimation` the scroll animates. It happens at the next layout (a view
    /// inserted in the same action can be scrolled to); an id nothing in the reader has does nothing.
    @MainActor
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        guard let reader, reader.isAlive else { return }
        let animation = TransactionContext.current.flatMap { $0.disablesAnimations ? nil : $0.animation }
        reader.host.requestScroll(ScrollRequest(reader: reader, id: AnyHashable(id), anchor: anchor, animation: animation))
    }
}

final class ScrollViewReaderBehavior<Content: View>: NodeBehavior {
    override var role: LayoutRole { .transparent }
    override var viewValueAffectsOwnOutput: Bool { false }
    override func update(_ view: any View) -> [ChildSlot]? {
        let reader = view as! ScrollViewReader<Content>
        return [ChildSlot(key: 0, view: reader.content(ScrollViewProxy(reader: node)))]
    }
}

/// A `scrollTo` waiting to be carried out. It is tried after every layout pass until the target was found
/// laid out and every scroll view around it already shows it as asked (a row not made yet is first scrolled
/// to where its container estimates it, which makes it; measured, it is scrolled to exactly), or until it
/// has been tried `ScrollRequest.maximumAttempts` times without an animation running.
@MainActor
struct ScrollRequest {
    weak var reader: ViewNode?
    let id: AnyHashable
    let anchor: UnitPoint?
    let animation: Animation?
    var attempts = 0
    /// The scroll views this request moved (a touch on one of them cancels it).
    var scrolled: [ObjectIdentifier] = []

    static let maximumAttempts = 12

    /// Where the target is: a laid-out node, or a lazy row's frame as its container places or estimates it.
    private struct Target {
        var frame: CGRect
        /// The node from which enclosing scroll views are looked for.
        var node: ViewNode
        /// Whether the frame is the row's measured, placed one.
        var isExact: Bool
    }

    /// Scrolls towards the target; returns whether the request is finished (done, or nothing to do).
    mutating func attempt(now: Double) -> Bool {
        guard let reader, reader.isAlive else { return true }
        attempts += 1
        guard let target = Self.find(id, in: reader) else { return true }
        var moved = false, animating = false
        var n: ViewNode? = target.node.parent
        // Up to the root: a reader inside a scroll view (`ScrollView { ScrollViewReader { … } }`) scrolls it too.
        while let a = n {
            if let scroll = a.behavior as? ScrollViewBehavior {
                let offset = scroll.offset(showing: target.frame, anchor: anchor)
                if scroll.scrollTarget != offset {
                    scroll.scroll(toward: offset, animation: animation, now: now)
                    moved = true
                    if !scrolled.contains(ObjectIdentifier(scroll)) { scrolled.append(ObjectIdentifier(scroll)) }
                }
                if scroll.isAnimatingScroll { animating = true }
            }
            n = a.parent
        }
        if !moved && !animating && target.isExact { return true }
        return !animating && attempts >= Self.maximumAttempts
    }

    /// The first view, in order, identified by `id` under `root`.
    private static func find(_ id: AnyHashable, in root: ViewNode) -> Target? {
        for child in root.children where !child.isRemoving {
            if root.behavior is ExplicitlyIdentifiedChildren, child.key == id {
                return Target(frame: child.frame, node: child, isExact: true)
            }
            if let rows = child.behavior as? LazyRowProvider, let index = rows.rowIndex(of: id) {
                guard let container = Self.container(of: child), let frame = container.frame(ofRow: index, in: rows) else { return nil }
                let row = rows.existingRow(at: index)
                let placed = row.map { $0.hasAppeared && $0.frame.size != .zero } ?? false
                return Target(frame: frame, node: child, isExact: placed)
            }
            if let found = find(id, in: child) { return found }
        }
        return nil
    }

    private static func container(of rows: ViewNode) -> LazyRowLocating? {
        var n = rows.parent
        while let a = n {
            if let c = a.behavior as? LazyRowLocating { return c }
            n = a.parent
        }
        return nil
    }
}

/// A behaviour whose children are keyed by ids the app gave (`.id(_:)`, an eager `ForEach`): what `scrollTo`
/// looks for.
@MainActor
protocol ExplicitlyIdentifiedChildren: AnyObject {}

/// A lazy container that can say where one of its rows is (placed) or would be (estimated), in root
/// coordinates, without making it.
@MainActor
protocol LazyRowLocating: AnyObject {
    func frame(ofRow index: Int, in rows: LazyRowProvider) -> CGRect?
}

extension ViewHost {
    /// Queues a `scrollTo` for the next layout.
    func requestScroll(_ request: ScrollRequest) {
        // A newer request for the same reader replaces an older one (SwiftUI scrolls to the last asked).
        scrollRequests.removeAll { $0.reader === request.reader }
        scrollRequests.append(request)
        setNeedsLayout()
    }

    /// After a layout pass: moves scroll views towards their pending targets (a move lays the tree out again).
    func attemptScrollRequests() {
        var i = 0
        while i < scrollRequests.count {
            if scrollRequests[i].attempt(now: time) { scrollRequests.remove(at: i) } else { i += 1 }
        }
    }

    /// A finger on a scroll view takes it over: requests that were moving it stop.
    func cancelScrollRequests(moving scroll: ScrollViewBehavior) {
        scrollRequests.removeAll { $0.scrolled.contains(ObjectIdentifier(scroll)) }
    }
}
