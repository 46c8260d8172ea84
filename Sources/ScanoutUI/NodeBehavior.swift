import ScanoutRender

/// A child's identity among its siblings (a slot's, then its node's). An `Int` key (tuple positions, most
/// `ForEach` ids) is kept and compared without `AnyHashable` (a body that runs again makes a slot per child, and
/// each `AnyHashable` costs a dynamic cast); the `AnyHashable` is made only when asked for.
struct ChildKey: Equatable {
    let int: Int?
    private let other: AnyHashable?

    init<K: Hashable>(_ key: K) {
        if let i = key as? Int { (int, other) = (i, nil) } else { (int, other) = (nil, AnyHashable(key)) }
    }

    var anyHashable: AnyHashable { other ?? AnyHashable(int!) }

    static func == (a: ChildKey, b: ChildKey) -> Bool {
        if let x = a.int, let y = b.int { return x == y }
        return a.anyHashable == b.anyHashable
    }
}

/// A child a node wants, with its identity among its siblings.
struct ChildSlot {
    let childKey: ChildKey
    var view: any View
    init<K: Hashable>(key: K, view: any View) {
        childKey = ChildKey(key)
        self.view = view
    }

    var key: AnyHashable { childKey.anyHashable }

    /// Whether this slot names `node` (the same key; the caller compares types).
    @MainActor func hasKey(of node: ViewNode) -> Bool { childKey == node.childKey }
}

/// How a node takes part in layout.
enum LayoutRole {
    /// Lays out and draws as its children (structural views, user views): their subviews become its parent's.
    case transparent
    /// A view with its own size and placement (leaves, containers, modifiers).
    case opaque
}

/// What a kind of view does in the render tree. One instance per node, made by the view (`PrimitiveView`) or by
/// the runtime for user views; it receives each new view value and answers layout, drawing and hit testing.
@MainActor
class NodeBehavior {
    unowned(unsafe) var node: ViewNode!

    var role: LayoutRole { .opaque }

    /// Whether a new view value can change this node's own layout and drawing. Behaviours that only pass the
    /// value on to their children (bodies, tuples, a non-lazy `ForEach`, environment writers, which mark what
    /// they change themselves) say no: a new value leaves the node's caches and recording alone, and each
    /// child compares its own part (see `ViewNode.setView`).
    var viewValueAffectsOwnOutput: Bool { true }

    /// This behaviour as one that subscribes to `ObservableObject`s (a body's), or nil. Asked of the class, not
    /// with a cast: a cast to a protocol scans every conformance record of the binary the first time for each
    /// behaviour class (~186,000 instructions; a handler queued at start-up walked a dozen of them).
    var subscribing: SubscribingBehavior? { nil }

    /// This behaviour as a container that stacks its subviews (see `StackAxisProviding`), or nil; asked of the
    /// class for the reason `subscribing` is (each spacer asked its ancestors at its first layout).
    var stackAxisProvider: StackAxisProviding? { nil }

    /// Whether the drawing reads what placing decided beyond the node's frame (a scroll offset, a lazy stack's
    /// rows), so that placing the node again where it was must record it again. Behaviours that draw from
    /// their frame alone (or only their children) say no.
    var drawingReadsPlacement: Bool { true }

    /// After an update whose own inputs changed: whether the node still measures as recorded in `sizes` (the
    /// sizes it answered since its layout was last invalidated), so that only its drawing changed and its
    /// ancestors' layout stays (a shape's new path in the same frame). False unless a behaviour can tell cheaply.
    func measuresAsBefore(_ sizes: LayoutCache<ProposedViewSize, CGSize>) -> Bool { false }

    /// Whether the node's size cannot depend on the height proposed to it (whatever the width): it is then
    /// measured once per width (see `ViewNode.cachedSize`). False unless a behaviour knows.
    func sizeIgnoresProposedHeight() -> Bool { false }

    /// A new view value, for behaviours whose only child is at key 0 (built-in modifiers, layout containers):
    /// returns that child's new value (no one-slot array per update). Nil: not such a behaviour (`update` is
    /// called instead). Called only after `update` made the node's first children.
    func updateOnlyChild(_ view: any View) -> (any View)? { nil }

    /// A new view value (the first one at creation). Returns the children to reconcile now, or nil when they
    /// come later (user views: after their body is pulled).
    func update(_ view: any View) -> [ChildSlot]? { [] }

    /// Pulls what is out of date (user views: the body). Returns new children when they changed.
    func refresh() -> [ChildSlot]? { nil }

    /// The view's size for a proposal.
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        node.contentUnit.sizeThatFits(proposal)
    }

    /// Places the children inside `bounds` (already the node's frame).
    func place(in bounds: CGRect) {
        node.contentUnit.place(in: bounds, proposal: ProposedViewSize(bounds.size))
    }

    /// Whether this view runs an action for the keyboard shortcut `press` (buttons: `keyboardShortcut`).
    func performsShortcut(_ press: KeyPress) -> Bool { false }
    /// Runs that action.
    func performShortcut() {}

    /// Records the node's drawing (by default: its children's).
    func draw(into list: inout DisplayList) {
        for child in node.childrenInDrawingOrder { child.draw(into: &list) }
    }

    /// The node appeared (is part of the laid-out tree): lifecycle modifiers queue their actions.
    func appeared() {}
    /// The node disappeared (removed, or scrolled out of a lazy container).
    func disappeared() {}
    /// The node is gone for good: release attributes, cancel tasks.
    func destroyed() {}

    /// The explicit alignment guides this node defines for its frame (see `alignmentGuide`), if any.
    /// Whether the children are drawn last first (a background under its content): hit testing follows.
    var drawsChildrenInReverse: Bool { false }
    /// Whether the first child is the view this one wraps and the others are added around it (a background,
    /// a keyboard beside the app): a preference of the root view is looked for through it.
    var firstChildIsContent: Bool { false }
    func alignmentGuide(_ key: AlignmentKey, in size: CGSize) -> CGFloat? { nil }

    /// Layout priority (see `layoutPriority`).
    var layoutPriority: Double { 0 }

    /// Whether children appear as soon as they exist (a `ForEach` in a lazy stack says no: the stack decides
    /// per row, through `ViewNode.setVisible`).
    var childrenAppearWithParent: Bool { true }

    /// The environment this node's children see, when it differs from the node's own (environment modifiers).
    var environmentForChildren: EnvironmentNode? { nil }

    /// User views: the body must be evaluated again (an input the graph cannot see changed).
    func invalidateBody() {}

    /// Whether a touch at `point` (root coordinates) is handled here (taps, buttons, drags).
    func handlesTouch(at point: CGPoint) -> Bool { false }
    func touchBegan(at point: CGPoint) {}
    func touchMoved(to point: CGPoint, from start: CGPoint) {}
    func touchEnded(at point: CGPoint, from start: CGPoint) {}
    func touchCancelled() {}
    /// Whether children may take a touch at `point` (a scroll view's children: only inside its viewport).
    func childrenHandleTouches(at point: CGPoint) -> Bool { true }
    /// Whether this node takes a touch that has moved from `start` to `point`: asked of the node that has the
    /// touch, then (when it says no) of its ancestors, nearest first, which take the touch from it (a scroll
    /// view once the finger moved far enough along its axis; the node that had it gets `touchCancelled`).
    func claimsTouch(movedTo point: CGPoint, from start: CGPoint) -> Bool { false }
    /// Multi-touch: whether this node, which has a finger down, also takes another one going down at `point`
    /// (two-finger gestures). The extra fingers come through the `additionalTouch` calls, by id.
    func acceptsAdditionalTouch(at point: CGPoint) -> Bool { false }
    func additionalTouchBegan(id: Int, at point: CGPoint) {}
    func additionalTouchMoved(id: Int, to point: CGPoint) {}
    func additionalTouchEnded(id: Int, at point: CGPoint, cancelled: Bool) {}

    /// Keyboard: whether Tab may move the focus here (see `ViewHost.keyPressed`).
    var isFocusable: Bool { false }
    /// A key press for this node (it is focused, or the focused node is inside it, or nothing is focused).
    func keyPress(_ press: KeyPress) -> KeyPress.Result { .ignored }
}

/// Structural views (tuples, conditionals, `Group`, `AnyView`): children only, transparent to layout.
final class StructuralBehavior: NodeBehavior {
    let slots: (any View) -> [ChildSlot]
    init(_ slots: @escaping (any View) -> [ChildSlot]) { self.slots = slots }
    override var role: LayoutRole { .transparent }
    override var viewValueAffectsOwnOutput: Bool { false }
    override func update(_ view: any View) -> [ChildSlot]? { slots(view) }
}
