/// A model value and the presentation value drawn for it: the model jumps to its target at once; with an
/// animation, the presentation follows from wherever it is now (keeping its velocity when interrupted).
@MainActor
final class AnimatedValue<Value: VectorArithmetic> {
    private(set) var model: Value
    private(set) var presentation: Value
    private var animator: Animator<Value>?
    /// How fast the presentation moves (per second), as of the last tick.
    private(set) var velocity: Value = .zero

    init(_ value: Value) {
        model = value
        presentation = value
    }

    var isAnimating: Bool { animator != nil }

    /// Sets the model value. With `animation` the presentation animates from its current value (and
    /// velocity); without, it jumps. Returns whether an animation started.
    @discardableResult
    func set(_ value: Value, animation: Animation?, now: Double) -> Bool {
        guard value != model else { return false }
        guard let animation else {
            jump(to: value)
            return false
        }
        return set(value, from: presentation, velocity: velocity, animation: animation, now: now)
    }

    /// Sets the model value and animates to it from the presentation and velocity given, instead of the
    /// current ones: for a value whose parts changed meaning (a frame bound that appears starts at its target;
    /// what it changes on screen is carried by another value). Returns whether an animation started.
    @discardableResult
    func set(_ value: Value, from start: Value, velocity startVelocity: Value, animation: Animation, now: Double) -> Bool {
        guard start != value || startVelocity != .zero else {
            jump(to: value)
            return false
        }
        model = value
        presentation = start
        velocity = startVelocity
        animator = Animator(from: start, to: value, initialVelocity: startVelocity, animation: animation, start: now)
        return true
    }

    /// The model and presentation are `value` at once; an animation under way stops.
    func jump(to value: Value) {
        model = value
        presentation = value
        animator = nil
        velocity = .zero
    }

    /// Moves the presentation to time `now`; returns whether it is still animating.
    func tick(_ now: Double) -> Bool {
        guard let a = animator else { return false }
        let s = a.sample(at: now)
        presentation = s.value
        velocity = s.velocity
        if s.isFinished {
            animator = nil
            velocity = .zero
            presentation = model
        }
        return animator != nil
    }
}

/// Behaviours with presentation values the host advances every frame while they animate.
@MainActor
protocol AnimationTicking: AnyObject {
    /// Advances to `now`; returns whether anything is still animating.
    func tick(_ now: Double) -> Bool
}

extension ViewNode {
    /// The animation for a change this node's modifier value is making now: the transaction's (from
    /// `withAnimation`), else that of the nearest `.animation(_:value:)` above whose value changed this update.
    func animationForChange() -> Animation? {
        if let t = host.currentTransaction {
            return t.disablesAnimations ? nil : t.animation
        }
        var p: ViewNode? = self
        while let n = p {
            if let implicit = n.behavior as? ImplicitAnimationBehavior, implicit.changedInUpdate == host.updateGeneration {
                return implicit.animation
            }
            p = n.parent
        }
        return nil
    }
}

/// `.animation(_:value:)`: changes below this view animate with `animation` when `value` changed.
struct ImplicitAnimationModifier<V: Equatable>: PrimitiveModifier {
    let animation: Animation?
    let value: V
    func makeBehavior() -> ModifierBehavior { ImplicitAnimationBehavior(ValueBox<V>.self) }
}

final class ValueBox<V: Equatable> {}

final class ImplicitAnimationBehavior: ModifierBehavior {
    private(set) var animation: Animation?
    private var value: Any?
    private let isEqual: (Any, Any) -> Bool
    /// The host's update generation in which the value last changed.
    private(set) var changedInUpdate = -1

    init<V: Equatable>(_ type: ValueBox<V>.Type) {
        isEqual = { ($0 as! V) == ($1 as! V) }
    }

    override func updateModifier(_ modifier: any ViewModifier) {
        let m = modifier as! any ImplicitAnimationValue
        animation = m.anyAnimation
        if let old = value, !isEqual(old, m.anyValue) { changedInUpdate = node.host.updateGeneration }
        value = m.anyValue
    }
}

@MainActor
protocol ImplicitAnimationValue {
    var anyAnimation: Animation? { get }
    var anyValue: Any { get }
}

extension ImplicitAnimationModifier: ImplicitAnimationValue {
    var anyAnimation: Animation? { animation }
    var anyValue: Any { value }
}

extension View {
    /// Animates changes in this view's subtree with `animation` whenever `value` changes.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        modifier(ImplicitAnimationModifier(animation: animation, value: value))
    }
}
