/// A value children pass up to their ancestors (SwiftUI's `PreferenceKey`).
public protocol PreferenceKey {
    associatedtype Value
    static var defaultValue: Value { get }
    static func reduce(value: inout Value, nextValue: () -> Value)
}

struct PreferenceWriter<K: PreferenceKey>: PrimitiveModifier {
    let value: K.Value
    func makeBehavior() -> ModifierBehavior { PreferenceWriterBehavior<K>() }
}

final class PreferenceWriterBehavior<K: PreferenceKey>: ModifierBehavior {
    var value: K.Value!
    override func updateModifier(_ modifier: any ViewModifier) { value = modifier.known(as: PreferenceWriter<K>.self).value }
}

/// Checked after every body pass of a frame: an observer whose subtree's value changed queues its action,
/// and the update runs again before anything is drawn.
@MainActor
protocol PreferenceObserving: AnyObject {
    func checkPreferences()
}

struct PreferenceObserver<K: PreferenceKey>: PrimitiveModifier where K.Value: Equatable {
    let action: @MainActor (K.Value) -> Void
    func makeBehavior() -> ModifierBehavior { PreferenceObserverBehavior<K>() }
}

final class PreferenceObserverBehavior<K: PreferenceKey>: ModifierBehavior, PreferenceObserving where K.Value: Equatable {
    var action: (@MainActor (K.Value) -> Void)!
    private var last: K.Value?
    private var registered = false

    override func updateModifier(_ modifier: any ViewModifier) {
        action = modifier.known(as: PreferenceObserver<K>.self).action
        if !registered {
            registered = true
            node.host.preferenceObservers.append(self)
        }
    }

    func checkPreferences() {
        guard node.isAlive else { return }
        let value = node.children.reduce(into: Optional<K.Value>.none) { acc, child in
            if let v = Preferences.collect(K.self, in: child) {
                if acc == nil { acc = K.defaultValue }
                K.reduce(value: &acc!, nextValue: { v })
            }
        } ?? K.defaultValue
        if value != last {
            last = value
            let action = self.action!
            node.host.enqueue(from: node) { action(value) }
        }
    }

    override func destroyed() {
        node.host.preferenceObservers.removeAll { $0 === self }
    }
}

@MainActor
enum Preferences {
    /// The value of `K` a subtree produces, or nil if nothing in it sets one.
    static func collect<K: PreferenceKey>(_ key: K.Type, in node: ViewNode) -> K.Value? {
        if let writer = node.behavior as? PreferenceWriterBehavior<K> { return writer.value }
        var acc: K.Value?
        for child in node.children {
            if let v = collect(key, in: child) {
                if acc == nil { acc = K.defaultValue }
                K.reduce(value: &acc!, nextValue: { v })
            }
        }
        return acc
    }
}

extension View {
    /// Sets a preference value for this view (its ancestors read it).
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View {
        modifier(PreferenceWriter<K>(value: value))
    }
    /// Calls `action` with the combined value of `key` in this view's subtree whenever it changes.
    public func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self, perform action: @escaping @MainActor (K.Value) -> Void) -> some View where K.Value: Equatable {
        modifier(PreferenceObserver<K>(action: action))
    }
}
