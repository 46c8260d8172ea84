/// A property a view uses to read and move keyboard focus (SwiftUI's `@FocusState`): `Bool` for one field
/// (`.focused($isFocused)`), or an optional `Hashable` naming which of several fields has it
/// (`.focused($field, equals: .name)`). Setting it focuses the field (and brings up the on-screen keyboard);
/// the runtime writes it when the focus moves (a tap, Tab, submit).
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    // Stored as state of the view that declares it: the runtime connects it like `@State`.
    let state: State<Value>

    public init() where Value == Bool { state = State(wrappedValue: false) }
    public init<T: Hashable>() where Value == T? { state = State(wrappedValue: nil) }

    @MainActor
    public var wrappedValue: Value {
        get { state.wrappedValue }
        nonmutating set { state.wrappedValue = newValue }
    }

    @MainActor
    public var projectedValue: Binding { Binding(base: state.projectedValue) }

    /// The focus state as `.focused(_:)` takes it (SwiftUI's `FocusState.Binding`).
    @propertyWrapper
    public struct Binding {
        let base: ScanoutUI.Binding<Value>

        @MainActor
        public var wrappedValue: Value {
            get { base.wrappedValue }
            nonmutating set { base.wrappedValue = newValue }
        }

        public var projectedValue: Binding { self }
    }
}

extension View {
    /// Binds this view's focus to `condition`: true while a field in it is focused; setting it true focuses
    /// the first focusable view inside, false takes the focus away.
    public func focused(_ condition: FocusState<Bool>.Binding) -> some View {
        let base = condition.base
        return modifier(FocusedModifier(current: base.wrappedValue, binding: base, value: true, empty: false))
    }

    /// Binds this view's focus to `binding` equalling `value`: set to `value` while a field in it is focused;
    /// setting the binding to `value` focuses it, to anything else (nil) takes the focus away.
    public func focused<Value: Hashable>(_ binding: FocusState<Value?>.Binding, equals value: Value) -> some View {
        let base = binding.base
        return modifier(FocusedModifier(current: base.wrappedValue, binding: base, value: value, empty: nil))
    }
}

/// `.focused`: `current` is the bound value when the body that made it ran (the body reads it, so a new
/// value comes here when the focus state changes).
struct FocusedModifier<Value: Hashable>: PrimitiveModifier {
    let current: Value
    let binding: Binding<Value>
    /// The bound value meaning "focused here".
    let value: Value
    /// The bound value meaning "focus elsewhere or nowhere" (false, nil).
    let empty: Value
    func makeBehavior() -> ModifierBehavior { FocusedBehavior<Value>() }
}

/// What the host asks of every `.focused` modifier when the focus moves.
@MainActor
protocol FocusObserving: AnyObject {
    /// The focus entered (true) or left (false) this modifier's content.
    func focusChanged(isInside: Bool)
}

final class FocusedBehavior<Value: Hashable>: ModifierBehavior, FocusObserving {
    var m: FocusedModifier<Value>!

    override func updateModifier(_ modifier: any ViewModifier) {
        m = modifier.known(as: FocusedModifier<Value>.self)
        let wantsFocus = m.current == m.value
        let inside = node.host.focusedNode.map { node.isAncestor(of: $0) } ?? false
        guard wantsFocus != inside else { return }
        // After this pass's bodies, so that the content (and the field in it) exists.
        node.host.enqueue(from: node) { [weak self] in self?.apply(wantsFocus: wantsFocus) }
    }

    private func apply(wantsFocus: Bool) {
        guard let node, node.isAlive else { return }
        let host = node.host
        let inside = host.focusedNode.map { node.isAncestor(of: $0) } ?? false
        if wantsFocus, !inside {
            if let target = node.firstFocusableDescendant() { host.focusedNode = target }
        } else if !wantsFocus, inside, m.binding.wrappedValue != m.value {
            host.focusedNode = nil
        }
    }

    func focusChanged(isInside: Bool) {
        if isInside {
            if m.binding.wrappedValue != m.value { m.binding.wrappedValue = m.value }
        } else if m.binding.wrappedValue == m.value {
            m.binding.wrappedValue = m.empty
        }
    }
}

extension ViewNode {
    /// Whether `other` is this node or inside it.
    func isAncestor(of other: ViewNode) -> Bool {
        var n: ViewNode? = other
        while let x = n {
            if x === self { return true }
            n = x.parent
        }
        return false
    }

    /// The first node in this subtree (depth first, in layout order) that Tab could focus.
    func firstFocusableDescendant() -> ViewNode? {
        if isAlive, behavior.isFocusable { return self }
        for child in children {
            if let f = child.firstFocusableDescendant() { return f }
        }
        return nil
    }
}

extension ViewHost {
    /// The focus moved from `old` to `new` (either nil): `.focused` modifiers around one and not the other
    /// write their bindings, and the on-screen keyboard follows.
    func focusMoved(from old: ViewNode?, to new: ViewNode?) {
        var leaving: [FocusObserving] = []
        var n = old
        while let x = n {
            if let o = x.behavior as? FocusObserving, !(new.map { x.isAncestor(of: $0) } ?? false) { leaving.append(o) }
            n = x.parent
        }
        var entering: [FocusObserving] = []
        n = new
        while let x = n {
            if let o = x.behavior as? FocusObserving, !(old.map { x.isAncestor(of: $0) } ?? false) { entering.append(o) }
            n = x.parent
        }
        for o in leaving { o.focusChanged(isInside: false) }
        for o in entering { o.focusChanged(isInside: true) }
        (old?.behavior as? TextInputBehavior)?.focusChanged()
        (new?.behavior as? TextInputBehavior)?.focusChanged()
        keyboardHost(around: new ?? old)?.focusChanged(to: new?.behavior as? any TextInputTarget)
        requestFrame()
    }
}
