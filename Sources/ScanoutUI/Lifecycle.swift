import ScanoutGraph

/// `onAppear`/`onDisappear`: actions queued when the node joins or leaves the laid-out tree, run after the
/// frame's bodies and before anything is drawn.
struct AppearanceModifier: PrimitiveModifier {
    let appear: (() -> Void)?
    let disappear: (() -> Void)?
    func makeBehavior() -> ModifierBehavior { AppearanceBehavior() }
}

final class AppearanceBehavior: ModifierBehavior {
    var m: AppearanceModifier!
    override func updateModifier(_ modifier: any ViewModifier) { m = modifier.known(as: AppearanceModifier.self) }
    override func appeared() {
        if let a = m.appear { node.host.enqueue(from: node, a) }
    }
    override func disappeared() {
        if let d = m.disappear { node.host.enqueueDisappearance(from: node, d) }
    }
}

/// `task` and `task(id:)`: a main-actor task started when the view appears, cancelled when it disappears or
/// when the id changes (then restarted).
struct TaskModifier<ID: Equatable>: PrimitiveModifier {
    let id: ID
    let action: @MainActor @Sendable () async -> Void
    func makeBehavior() -> ModifierBehavior { TaskBehavior<ID>() }
}

final class TaskBehavior<ID: Equatable>: ModifierBehavior {
    var m: TaskModifier<ID>!
    var task: Task<Void, Never>?

    override func updateModifier(_ modifier: any ViewModifier) {
        let new = modifier.known(as: TaskModifier<ID>.self)
        let restart = m != nil && m.id != new.id && node.hasAppeared
        m = new
        if restart {
            task?.cancel()
            start()
        }
    }

    private func start() {
        let action = m.action
        node.host.enqueue(from: node) { [weak self] in
            guard let self, self.node.isAlive else { return }
            self.task = Task { @MainActor in await action() }
        }
    }

    override func appeared() { start() }
    override func disappeared() { task?.cancel(); task = nil }
    override func destroyed() { task?.cancel(); task = nil }
    // A host dropped without destroying its tree (a screen replaced) frees the node: its task must not run on.
    deinit { task?.cancel() }
}

/// `onChange(of:initial:_:)`: compares the value on every update; a change queues the action with the old
/// and new values.
struct ChangeModifier<V: Equatable>: PrimitiveModifier {
    let value: V
    let initial: Bool
    let action: (V, V) -> Void
    func makeBehavior() -> ModifierBehavior { ChangeBehavior<V>() }
}

final class ChangeBehavior<V: Equatable>: ModifierBehavior {
    var m: ChangeModifier<V>!

    override func updateModifier(_ modifier: any ViewModifier) {
        let new = modifier.known(as: ChangeModifier<V>.self)
        if let old = m, old.value != new.value {
            let action = new.action, before = old.value, after = new.value
            node.host.enqueue(from: node) { action(before, after) }
        }
        m = new
    }

    override func appeared() {
        if m.initial {
            let action = m.action, v = m.value
            node.host.enqueue(from: node) { action(v, v) }
        }
    }
}

extension View {
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        modifier(AppearanceModifier(appear: action, disappear: nil))
    }
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        modifier(AppearanceModifier(appear: nil, disappear: action))
    }
    /// Runs `action` on the main actor when the view appears; cancels it when the view disappears.
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor @Sendable () async -> Void) -> some View {
        modifier(TaskModifier(id: 0, action: action))
    }
    /// As `task`, and restarts it (cancelling the running one) whenever `id` changes.
    public func task<T: Equatable>(id: T, priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor @Sendable () async -> Void) -> some View {
        modifier(TaskModifier(id: id, action: action))
    }
    /// Calls `action(old, new)` when `value` changes (and once on appear with `initial`).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View {
        modifier(ChangeModifier(value: value, initial: initial, action: action))
    }
    /// Calls `action()` when `value` changes.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        modifier(ChangeModifier(value: value, initial: initial) { _, _ in action() })
    }
}

/// Whether the content counts as shown for its lifecycle (`onAppear`, `onDisappear`, `task`): an unselected
/// tab or a navigation screen covered by a pushed one keeps its views and their state but has disappeared,
/// and appears again when it is shown, as in SwiftUI.
struct AppearanceGate: PrimitiveModifier {
    let isShown: Bool
    func makeBehavior() -> ModifierBehavior { AppearanceGateBehavior() }
}

final class AppearanceGateBehavior: ModifierBehavior {
    private var isShown = true

    override func updateModifier(_ modifier: any ViewModifier) {
        let shown = modifier.known(as: AppearanceGate.self).isShown
        guard shown != isShown else { return }
        isShown = shown
        // Children made from now on follow `childrenAppearWithParent`; those already there change now.
        if node.hasAppeared { for child in node.children { child.setVisible(shown) } }
    }

    override var childrenAppearWithParent: Bool { isShown }
}

extension View {
    /// Shown (true) or kept but disappeared (false); see `AppearanceGate`.
    func appearanceGate(isShown: Bool) -> some View { modifier(AppearanceGate(isShown: isShown)) }
}
