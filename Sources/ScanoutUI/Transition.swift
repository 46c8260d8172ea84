import ScanoutRender

/// How a view enters and leaves the hierarchy when it is inserted or removed under an animation (SwiftUI's
/// `AnyTransition`). Each side is a list of effects, each of which describes the view's "removed" state; the
/// view animates between that state and its identity (as laid out).
public struct AnyTransition: Sendable {
    enum Effect: Sendable, Equatable {
        /// Fully transparent.
        case opacity
        /// Scaled by the factor around the anchor (a unit point of the view's frame).
        case scale(CGFloat, UnitPoint)
        /// Moved by a fixed offset.
        case offset(CGSize)
        /// Moved by the view's own size toward the edge (just outside where it was).
        case move(Edge)
    }

    var insertion: [Effect]
    var removal: [Effect]

    init(insertion: [Effect], removal: [Effect]) {
        self.insertion = insertion
        self.removal = removal
    }

    init(_ effect: Effect) { self.init(insertion: [effect], removal: [effect]) }

    /// No effect: the view appears and disappears at once.
    public static let identity = AnyTransition(insertion: [], removal: [])
    /// Fades in and out.
    public static let opacity = AnyTransition(.opacity)
    /// Scales up from nothing and down to nothing, around the centre.
    public static let scale = AnyTransition(.scale(0, .center))
    /// Scales from (and to) `scale` around `anchor`.
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition(.scale(scale, anchor))
    }
    /// Moves in from and out to `edge`.
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(.move(edge)) }
    /// Moves in from the leading edge, out to the trailing one.
    public static let slide = AnyTransition.asymmetric(insertion: .move(edge: .leading), removal: .move(edge: .trailing))
    /// Moves in from and out to `offset` away.
    public static func offset(_ offset: CGSize) -> AnyTransition { AnyTransition(.offset(offset)) }
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition { .offset(CGSize(width: x, height: y)) }
    /// `insertion`'s insertion and `removal`'s removal.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion.insertion, removal: removal.removal)
    }
    /// Both transitions' effects at once, on both sides.
    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion + other.insertion, removal: removal + other.removal)
    }
}

extension View {
    /// How this view is inserted and removed when that happens under an animation (`withAnimation`, or an
    /// `.animation(_:value:)` above whose value changed). Without an animation it appears and goes at once.
    public func transition(_ t: AnyTransition) -> some View { modifier(TransitionModifier(transition: t)) }
}

struct TransitionModifier: PrimitiveModifier {
    let transition: AnyTransition
    func makeBehavior() -> ModifierBehavior { TransitionBehavior() }
}

/// Draws its content between the transition's removed state (progress 0) and its identity (progress 1); the
/// progress animates on insertion (from 0) and removal (to 0). Layout is unaffected.
final class TransitionBehavior: ModifierBehavior, AnimationTicking {
    private var transition = AnyTransition.identity
    private var progress: AnimatedValue<Double>?
    /// The effects of the side running now (insertion, then removal once removed).
    private var effects: [AnyTransition.Effect] = []
    /// Set while the node is kept only to play its removal.
    private var removal: RemovalTransition?

    override func updateModifier(_ modifier: any ViewModifier) {
        transition = modifier.known(as: TransitionModifier.self).transition
        guard progress == nil else { return }
        let value = AnimatedValue(1.0)
        progress = value
        guard !transition.insertion.isEmpty, node.isTransitionRoot, let animation = node.animationForChange() else { return }
        effects = transition.insertion
        value.set(0, animation: nil, now: node.host.time)
        if value.set(1, animation: animation, now: node.host.time) { node.host.startAnimating(self) }
    }

    /// Starts animating to the removed state; false when this side has no effect.
    func beginRemoval(animation: Animation, group: RemovalTransition) -> Bool {
        guard !transition.removal.isEmpty, let progress else { return false }
        effects = transition.removal
        removal = group
        if progress.set(0, animation: animation, now: node.host.time) {
            node.host.startAnimating(self)
        } else {
            group.finished()
        }
        return true
    }

    func tick(_ now: Double) -> Bool {
        let active = progress?.tick(now) ?? false
        if !active, let r = removal {
            removal = nil
            r.finished()
        }
        return active
    }

    override func draw(into list: inout DisplayList) {
        let p = progress?.presentation ?? 1
        if p >= 1 || effects.isEmpty { super.draw(into: &list); return }
        let q = 1 - p
        let f = node.frame
        var alpha = 1.0
        var t = AffineTransform.identity
        for e in effects {
            switch e {
            case .opacity:
                alpha *= p
            case .scale(let s, let anchor):
                let k = Double(s + (1 - s) * p)
                let ax = Double(f.minX + anchor.x * f.width), ay = Double(f.minY + anchor.y * f.height)
                t = t.concatenating(AffineTransform(translationX: -ax, y: -ay))
                    .concatenating(AffineTransform(scaleX: k, y: k))
                    .concatenating(AffineTransform(translationX: ax, y: ay))
            case .offset(let o):
                t = t.concatenating(AffineTransform(translationX: Double(o.width * q), y: Double(o.height * q)))
            case .move(let edge):
                let w = Double(f.width * q), h = Double(f.height * q)
                switch edge {
                case .leading: t = t.concatenating(AffineTransform(translationX: -w, y: 0))
                case .trailing: t = t.concatenating(AffineTransform(translationX: w, y: 0))
                case .top: t = t.concatenating(AffineTransform(translationX: 0, y: -h))
                case .bottom: t = t.concatenating(AffineTransform(translationX: 0, y: h))
                }
            }
        }
        // Nothing shows when fully transparent or collapsed to nothing.
        if alpha <= 0 || abs(t.a * t.d - t.b * t.c) < 1e-9 { return }
        if alpha < 1 { list.append(.pushOpacity(alpha)) }
        if !t.isIdentity { list.append(.pushTransform(t)) }
        super.draw(into: &list)
        if !t.isIdentity { list.append(.pop) }
        if alpha < 1 { list.append(.pop) }
    }
}

/// A removed node kept (drawn at its last frame, out of layout and hit testing) until the removal transitions
/// in it have finished; then it is taken out of its parent and destroyed.
@MainActor
final class RemovalTransition {
    /// Weak: the transitions in the node's subtree hold this group, and the parent's children hold the node
    /// (a host dropped during a removal must free both).
    private weak var root: ViewNode?
    private var pending = 0
    init(root: ViewNode) { self.root = root }

    func started() { pending += 1 }

    func finished() {
        pending -= 1
        guard pending <= 0, let root, root.isAlive, let parent = root.parent else { return }
        parent.children.removeAll { $0 === root }
        parent.invalidateLayout()
        parent.invalidateLayoutSubviews()
        root.host.structureChanged = true
        root.destroy()
        root.host.setNeedsFrame()
    }
}

extension ViewNode {
    /// Whether a transition on this node applies when it is inserted now: the nodes between it and the
    /// existing (appeared) parent it is inserted into are all new and only wrap it (structural views, user
    /// views, single-content modifiers) — a view inside an inserted container does not transition by itself.
    var isTransitionRoot: Bool {
        var p = parent
        while let n = p {
            if n.hasAppeared { return !isLazyStackContent }
            if n.behavior is TransitionBehavior { return false }
            guard n.behavior.role == .transparent || n.behavior is ModifierBehavior else { return false }
            p = n.parent
        }
        return false
    }

    /// A child that is no longer in its parent's view: under an animation, starts the removal transitions of
    /// the transitions found on it (through what wraps it) and marks it removing. Returns false when nothing
    /// transitions: the caller destroys it now.
    func beginRemovalTransition() -> Bool {
        guard hasAppeared, !isLazyStackContent, let animation = animationForChange() else { return false }
        var found: [TransitionBehavior] = []
        func collect(_ n: ViewNode) {
            if let t = n.behavior as? TransitionBehavior { found.append(t); return }
            guard n.behavior.role == .transparent || n.behavior is ModifierBehavior else { return }
            for c in n.children where !c.isRemoving { collect(c) }
        }
        collect(self)
        guard !found.isEmpty else { return false }
        let group = RemovalTransition(root: self)
        group.started()  // held until every transition has started (one may finish at once)
        var any = false
        for t in found {
            group.started()
            if t.beginRemoval(animation: animation, group: group) { any = true } else { group.finished() }
        }
        guard any else { return false }
        isRemoving = true
        group.finished()
        return true
    }

    /// `next` with the children being removed kept near their old positions (they are drawn in order).
    func keepingRemovingChildren(_ next: [ViewNode]) -> [ViewNode] {
        guard children.contains(where: { $0.isRemoving && $0.isAlive }) else { return next }
        var out = next
        for (i, c) in children.enumerated() where c.isRemoving && c.isAlive { out.insert(c, at: min(i, out.count)) }
        return out
    }
}
