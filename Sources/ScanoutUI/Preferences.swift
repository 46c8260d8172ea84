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

/// A modifier that gives its subtree's value of `K`: its own (`preference`, `anchorPreference`) or its content's
/// changed (`transformPreference`, `transformAnchorPreference`).
class PreferenceSourceBehavior<K: PreferenceKey>: ModifierBehavior {
    /// The value of `K` here, given the content's (`content()`: nil when nothing in it sets one).
    func value(content: () -> K.Value?) -> K.Value? { content() }
}

/// `preference(key:value:)`: the value replaces the content's.
final class PreferenceWriterBehavior<K: PreferenceKey>: PreferenceSourceBehavior<K> {
    var value: K.Value!
    override func updateModifier(_ modifier: any ViewModifier) { value = modifier.known(as: PreferenceWriter<K>.self).value }
    override func value(content: () -> K.Value?) -> K.Value? { value }
}

struct PreferenceTransform<K: PreferenceKey>: PrimitiveModifier {
    let callback: (inout K.Value) -> Void
    func makeBehavior() -> ModifierBehavior { PreferenceTransformBehavior<K>() }
}

/// `transformPreference(_:_:)`: the content's value (or the default) changed by the callback.
final class PreferenceTransformBehavior<K: PreferenceKey>: PreferenceSourceBehavior<K> {
    var callback: ((inout K.Value) -> Void)!
    override func updateModifier(_ modifier: any ViewModifier) { callback = modifier.known(as: PreferenceTransform<K>.self).callback }
    override func value(content: () -> K.Value?) -> K.Value? {
        var v = content() ?? K.defaultValue
        callback(&v)
        return v
    }
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

/// Reads the value of `K` its content produces after every body pass (and after each layout while an anchor
/// preference is alive): registered with the host at its first update, `read` is given each value.
class PreferenceReadingBehavior<K: PreferenceKey>: ModifierBehavior, PreferenceObserving {
    private var registered = false

    /// Registers with the host (once).
    func register() {
        guard !registered else { return }
        registered = true
        node.host.preferenceObservers.append(self)
    }

    func checkPreferences() {
        guard node.isAlive else { return }
        read(Preferences.collect(children: node, K.self) ?? K.defaultValue)
    }

    /// The content's value now.
    func read(_ value: K.Value) {}

    override func destroyed() {
        node.host.preferenceObservers.removeAll { $0 === self }
    }
}

/// `onPreferenceChange`: the action is queued with each new value.
final class PreferenceObserverBehavior<K: PreferenceKey>: PreferenceReadingBehavior<K> where K.Value: Equatable {
    var action: (@MainActor (K.Value) -> Void)!
    private var last: K.Value?

    override func updateModifier(_ modifier: any ViewModifier) {
        action = modifier.known(as: PreferenceObserver<K>.self).action
        register()
    }

    override func read(_ value: K.Value) {
        guard value != last else { return }
        last = value
        let action = self.action!
        node.host.enqueue(from: node) { action(value) }
    }
}

@MainActor
enum Preferences {
    /// The value of `K` a subtree produces, or nil if nothing in it sets one.
    static func collect<K: PreferenceKey>(_ key: K.Type, in node: ViewNode) -> K.Value? {
        if let source = node.behavior as? PreferenceSourceBehavior<K> { return source.value { collect(children: node, key) } }
        return collect(children: node, key)
    }

    /// The value of `K` the children of `node` produce together, or nil if nothing in them sets one.
    static func collect<K: PreferenceKey>(children node: ViewNode, _ key: K.Type) -> K.Value? {
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
    /// Changes the value of `key` this view's content produces (SwiftUI's `transformPreference(_:_:)`): the
    /// callback gets the content's value, or the key's default when nothing in it sets one.
    public func transformPreference<K: PreferenceKey>(_ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void) -> some View {
        modifier(PreferenceTransform<K>(callback: callback))
    }
    /// Calls `action` with the combined value of `key` in this view's subtree whenever it changes.
    public func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self, perform action: @escaping @MainActor (K.Value) -> Void) -> some View where K.Value: Equatable {
        modifier(PreferenceObserver<K>(action: action))
    }
}
