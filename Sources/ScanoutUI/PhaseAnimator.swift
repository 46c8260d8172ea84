/// A view that animates its content through a sequence of phases (SwiftUI's `PhaseAnimator`): each phase's
/// animation (`animation(phase)`, `.default` unless given; nil: at once) runs to its end, then the next
/// phase starts. Without a trigger it cycles for as long as it is shown (a pulsing alarm); with one, each
/// change of the trigger runs through every phase once and back to the first. Phases follow the host's clock.
public struct PhaseAnimator<Phase: Equatable, Content: View>: View {
    let phases: [Phase]
    let trigger: PhaseTrigger?
    let content: (Phase) -> Content
    let animation: (Phase) -> Animation?
    @State private var index = 0

    public init(_ phases: some Sequence<Phase>, @ViewBuilder content: @escaping (Phase) -> Content,
                animation: @escaping (Phase) -> Animation? = { _ in .default }) {
        self.phases = Array(phases)
        self.trigger = nil
        self.content = content
        self.animation = animation
    }

    public init(_ phases: some Sequence<Phase>, trigger: some Equatable, @ViewBuilder content: @escaping (Phase) -> Content,
                animation: @escaping (Phase) -> Animation? = { _ in .default }) {
        self.phases = Array(phases)
        self.trigger = PhaseTrigger(trigger)
        self.content = content
        self.animation = animation
    }

    public var body: some View {
        let count = phases.count
        let shown = count == 0 ? nil : phases[min(index, count - 1)]
        let phases = self.phases, animation = self.animation
        let index = $index
        return Group {
            if let shown { content(shown) }
        }
        .modifier(PhaseDriver(count: count, trigger: trigger, advance: { next in
            guard next < phases.count else { return nil }
            let a = animation(phases[next])
            withAnimation(a) { index.wrappedValue = next }
            return a
        }))
    }
}

/// A trigger value, compared with the last one by its own `==`.
struct PhaseTrigger: Equatable {
    let value: Any
    let equals: (Any) -> Bool
    init<T: Equatable>(_ value: T) {
        self.value = value
        equals = { ($0 as? T) == value }
    }
    static func == (a: PhaseTrigger, b: PhaseTrigger) -> Bool { a.equals(b.value) }
}

/// Advances the phases on the frames' clock: `advance(next)` sets the phase and returns its animation.
struct PhaseDriver: PrimitiveModifier {
    let count: Int
    let trigger: PhaseTrigger?
    let advance: (Int) -> Animation?
    func makeBehavior() -> ModifierBehavior { PhaseDriverBehavior() }
}

final class PhaseDriverBehavior: ModifierBehavior, AnimationTicking {
    private var driver: PhaseDriver!
    /// The phase shown, and the animation into it with its start (nil: it arrived at once).
    private var phase = 0
    private var running: Animator<Double>?
    /// Whether the phases are moving (always without a trigger; after a trigger's change until back at 0).
    private var isRunning = false
    private var lastTrigger: PhaseTrigger?

    override func updateModifier(_ modifier: any ViewModifier) {
        let new = modifier.known(as: PhaseDriver.self)
        let triggered = driver != nil && new.trigger != nil && new.trigger != lastTrigger
        driver = new
        lastTrigger = new.trigger
        if triggered, node.hasAppeared, !isRunning { start() }
    }

    override func appeared() { if driver.trigger == nil { start() } }
    override func disappeared() {
        isRunning = false
        node.host.stopAnimating(self)
    }

    private func start() {
        guard driver.count > 1 else { return }
        isRunning = true
        running = nil
        node.host.startAnimating(self)
    }

    func tick(_ now: Double) -> Bool {
        guard isRunning, node.isAlive else { return false }
        if let r = running, !r.sample(at: now).isFinished { return true }
        // The phase's animation ended (or none ran): the next phase, unless a triggered run is back at the first.
        let next = (phase + 1) % driver.count
        if driver.trigger != nil, running != nil || phase != 0, next == 1 {
            isRunning = false
            running = nil
            return false
        }
        phase = next
        let animation = driver.advance(next)
        running = animation.map { Animator(from: 0, to: 1, initialVelocity: 0, animation: $0, start: now) }
        return true
    }
}

/// The view a `phaseAnimator` modifier's content closure receives: the view it modifies.
public struct PlaceholderContentView<Value: View>: View {
    let content: Value
    public var body: some View { content }
}

extension View {
    /// Animates this view through `phases` for as long as it is shown (see `PhaseAnimator`).
    public func phaseAnimator<Phase: Equatable>(_ phases: some Sequence<Phase>,
                                               @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> some View,
                                               animation: @escaping (Phase) -> Animation? = { _ in .default }) -> some View {
        let placeholder = PlaceholderContentView(content: self)
        return PhaseAnimator(phases, content: { content(placeholder, $0) }, animation: animation)
    }

    /// Animates this view through `phases` once each time `trigger` changes (see `PhaseAnimator`).
    public func phaseAnimator<Phase: Equatable>(_ phases: some Sequence<Phase>, trigger: some Equatable,
                                               @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> some View,
                                               animation: @escaping (Phase) -> Animation? = { _ in .default }) -> some View {
        let placeholder = PlaceholderContentView(content: self)
        return PhaseAnimator(phases, trigger: trigger, content: { content(placeholder, $0) }, animation: animation)
    }
}
