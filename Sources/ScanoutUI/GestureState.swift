/// State a gesture sets while it is active and that returns to its initial value when the gesture ends or is
/// cancelled (SwiftUI's `@GestureState`): `DragGesture().updating($offset) { value, state, _ in
/// state = value.translation }` moves a view with the finger and back when it lifts. Only the gesture writes it.
@propertyWrapper
public struct GestureState<Value>: DynamicProperty {
    let state: State<Value>
    let reset: (Value, inout Transaction) -> Void

    public init(wrappedValue: Value) { self.init(wrappedValue: wrappedValue, resetTransaction: Transaction()) }
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    /// The reset back to the initial value happens in `resetTransaction` (an animation there animates it).
    public init(wrappedValue: Value, resetTransaction: Transaction) {
        self.init(wrappedValue: wrappedValue, reset: { _, t in t = resetTransaction })
    }
    public init(initialValue: Value, resetTransaction: Transaction) {
        self.init(wrappedValue: initialValue, resetTransaction: resetTransaction)
    }

    /// `reset` hears the value the state had when the gesture ended and may set the reset's transaction.
    public init(wrappedValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        state = State(wrappedValue: wrappedValue)
        self.reset = reset
    }
    public init(initialValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        self.init(wrappedValue: initialValue, reset: reset)
    }

    @MainActor public var wrappedValue: Value { state.box.get() }
    public var projectedValue: GestureState<Value> { self }

    /// The gesture's write, made in `transaction`.
    @MainActor func set(_ value: Value, in transaction: Transaction) {
        withTransaction(transaction) { state.box.set(value) }
    }

    /// The gesture ended or was cancelled: back to the initial value.
    @MainActor func resetToInitial() {
        var t = Transaction()
        reset(state.box.get(), &t)
        set(state.box.initial, in: t)
    }
}

extension GestureState where Value: ExpressibleByNilLiteral {
    public init(resetTransaction: Transaction = Transaction()) {
        self.init(wrappedValue: nil, resetTransaction: resetTransaction)
    }
    public init(reset: @escaping (Value, inout Transaction) -> Void) { self.init(wrappedValue: nil, reset: reset) }
}

extension GestureState: InstallableProperty {
    @MainActor func install(on node: ViewNode, slot: Int) { state.install(on: node, slot: slot) }
}

extension Gesture {
    /// Updates `state` with `body` each time the gesture's value changes; `state` returns to its initial value
    /// when the gesture ends or is cancelled. `body` may set the transaction the change is made in.
    public func updating<State>(_ state: GestureState<State>,
                                body: @escaping (Value, inout State, inout Transaction) -> Void) -> GestureStateGesture<Self, State> {
        GestureStateGesture(base: self, state: state, body: body)
    }
}

/// A gesture that updates a `GestureState` (made by `updating(_:body:)`).
public struct GestureStateGesture<Base: Gesture, State>: Gesture {
    public typealias Value = Base.Value
    public var base: Base
    public var state: GestureState<State>
    public var body: (Value, inout State, inout Transaction) -> Void

    public init(base: Base, state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void) {
        self.base = base
        self.state = state
        self.body = body
    }
}

extension GestureStateGesture: RecognizedGesture where Base: RecognizedGesture {
    func makeRecognizer() -> GestureRecognizer { base.makeRecognizer() }
    func configure(_ recognizer: GestureRecognizer) {
        base.configure(recognizer)
        let r = recognizer as! ValueRecognizer<Value>
        let state = self.state, body = self.body
        r.changed.append { value in
            var s = state.wrappedValue
            var t = Transaction()
            body(value, &s, &t)
            state.set(s, in: t)
        }
        r.resets.append { state.resetToInitial() }
    }
}
