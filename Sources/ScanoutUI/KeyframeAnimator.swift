/// A view that shows its content with a value its keyframes move over time (SwiftUI's `KeyframeAnimator`):
/// repeating for as long as it is shown, or played once each time a trigger changes — from the value shown
/// then, which the keyframes closure receives. The content is made again every frame while the keyframes
/// play, on the host's clock; when they end it keeps their last value and no frame is asked for.
public struct KeyframeAnimator<Value, KeyframePath: Keyframes, Content: View>: View where KeyframePath.Value == Value {
    let initialValue: Value
    let repeating: Bool
    let trigger: PhaseTrigger?
    let content: (Value) -> Content
    let keyframes: (Value) -> KeyframePath
    /// Seconds into the keyframes (nil: not started), and the value they started from (a triggered run).
    @State private var elapsed: Double?
    @State private var base: Value?

    public init(initialValue: Value, repeating: Bool = true, @ViewBuilder content: @escaping (Value) -> Content,
                @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath) {
        self.initialValue = initialValue
        self.repeating = repeating
        trigger = nil
        self.content = content
        self.keyframes = keyframes
    }

    public init(initialValue: Value, trigger: some Equatable, @ViewBuilder content: @escaping (Value) -> Content,
                @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath) {
        self.initialValue = initialValue
        repeating = false
        self.trigger = PhaseTrigger(trigger)
        self.content = content
        self.keyframes = keyframes
    }

    public var body: some View {
        let start = base ?? initialValue
        let timeline = KeyframeTimeline(initialValue: start, tracks: keyframes(start).tracks)
        let shown: Value
        if trigger == nil && !repeating {
            shown = initialValue  // not playing: the value at the start
        } else if let elapsed {
            shown = timeline.value(time: elapsed)
        } else {
            shown = start
        }
        let elapsed = $elapsed, base = $base
        return content(shown).modifier(KeyframeDriver(
            loops: trigger == nil && repeating, trigger: trigger, duration: timeline.duration,
            began: {
                base.wrappedValue = shown
                elapsed.wrappedValue = 0
            },
            moved: { elapsed.wrappedValue = $0 }))
    }
}

/// Moves a keyframe animator's time on the frames' clock.
struct KeyframeDriver: PrimitiveModifier {
    /// Plays from its appearance for as long as it is shown (no trigger); otherwise once per trigger change.
    let loops: Bool
    let trigger: PhaseTrigger?
    let duration: Double
    /// A triggered run begins (from the value shown now).
    let began: () -> Void
    /// The time into the keyframes is now this (looped when repeating).
    let moved: (Double) -> Void
    func makeBehavior() -> ModifierBehavior { KeyframeDriverBehavior() }
}

final class KeyframeDriverBehavior: ModifierBehavior, AnimationTicking {
    private var driver: KeyframeDriver!
    private var lastTrigger: PhaseTrigger?
    private var start: Double?
    private var isRunning = false

    override func updateModifier(_ modifier: any ViewModifier) {
        let new = modifier.known(as: KeyframeDriver.self)
        let triggered = driver != nil && new.trigger != nil && new.trigger != lastTrigger
        driver = new
        lastTrigger = new.trigger
        if triggered, node.hasAppeared {
            let began = new.began
            node.host.enqueue(from: node) { began() }
            run()
        }
    }

    override func appeared() { if driver.loops { run() } }
    override func disappeared() {
        isRunning = false
        node.host.stopAnimating(self)
    }

    private func run() {
        guard driver.duration > 0 else { return }
        start = nil
        isRunning = true
        node.host.startAnimating(self)
    }

    func tick(_ now: Double) -> Bool {
        guard isRunning, node.isAlive else { return false }
        let begin = start ?? now
        start = begin
        var t = now - begin
        let duration = driver.duration
        if driver.loops {
            t = t.truncatingRemainder(dividingBy: max(duration, 1e-9))
        } else if t >= duration {
            isRunning = false
            driver.moved(duration)
            return false
        }
        driver.moved(t)
        return true
    }
}

extension View {
    /// Shows this view through `content` with a value its keyframes move, looping for as long as it is shown
    /// (see `KeyframeAnimator`); `repeating: false` shows the initial value.
    public func keyframeAnimator<Value>(initialValue: Value, repeating: Bool = true,
                                        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> some View,
                                        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> some Keyframes<Value>) -> some View {
        let placeholder = PlaceholderContentView(content: self)
        return KeyframeAnimator(initialValue: initialValue, repeating: repeating, content: { content(placeholder, $0) }, keyframes: keyframes)
    }

    /// Shows this view through `content` with a value its keyframes move once each time `trigger` changes.
    public func keyframeAnimator<Value>(initialValue: Value, trigger: some Equatable,
                                        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> some View,
                                        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> some Keyframes<Value>) -> some View {
        let placeholder = PlaceholderContentView(content: self)
        return KeyframeAnimator(initialValue: initialValue, trigger: trigger, content: { content(placeholder, $0) }, keyframes: keyframes)
    }
}
