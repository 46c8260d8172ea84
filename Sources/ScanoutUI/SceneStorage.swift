/// A value kept by the scene under `key` (SwiftUI's `@SceneStorage`): views that use the key share it, and it
/// lives as long as the scene. A kiosk's one scene lives as long as the app, so the value outlives the views
/// that show it (a tab's selection survives a screen's being pushed and popped) but not a restart of the app:
/// SwiftUI restores scene storage when the system relaunches a scene; a panel keeps what must survive a
/// restart in `@AppStorage`. Bool, Int, Double, String, enums with Int or String raw values, and optionals of
/// these, as `@AppStorage`.
@propertyWrapper
public struct SceneStorage<Value>: DynamicProperty {
    let storage: AppStorage<Value>
    let box = AppStorageBox()

    /// Before the property is installed (a value made outside a view's body) it reads and writes a store of its
    /// own, in memory.
    @MainActor private var store: AppStorageStore { box.store ?? SceneStorageDetached.store }

    @MainActor
    public var wrappedValue: Value {
        get { store.value(forKey: storage.key).flatMap(storage.decode) ?? storage.defaultValue }
        nonmutating set { store.set(storage.encode(newValue), forKey: storage.key) }
    }

    @MainActor
    public var projectedValue: Binding<Value> {
        let store = self.store, key = storage.key, decode = storage.decode, encode = storage.encode, defaultValue = storage.defaultValue
        return Binding(location: store, path: [\AppStorageStore.[key: key]],
                       get: { store.value(forKey: key).flatMap(decode) ?? defaultValue },
                       set: { store.set(encode($0), forKey: key) })
    }
}

@MainActor
enum SceneStorageDetached {
    static let store = AppStorageStore(directory: nil)
}

extension SceneStorage: InstallableProperty {
    /// The scene's store: the host's, in memory.
    @MainActor func install(on node: ViewNode, slot: Int) { box.store = node.host.sceneStorage }
}

extension SceneStorage {
    public init(wrappedValue: Value, _ key: String) where Value == Bool { storage = AppStorage(wrappedValue: wrappedValue, key) }
    public init(wrappedValue: Value, _ key: String) where Value == Int { storage = AppStorage(wrappedValue: wrappedValue, key) }
    public init(wrappedValue: Value, _ key: String) where Value == Double { storage = AppStorage(wrappedValue: wrappedValue, key) }
    public init(wrappedValue: Value, _ key: String) where Value == String { storage = AppStorage(wrappedValue: wrappedValue, key) }
    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == Int {
        storage = AppStorage(wrappedValue: wrappedValue, key)
    }
    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == String {
        storage = AppStorage(wrappedValue: wrappedValue, key)
    }
}

extension SceneStorage where Value: ExpressibleByNilLiteral {
    public init(_ key: String) where Value == Bool? { storage = AppStorage(key) }
    public init(_ key: String) where Value == Int? { storage = AppStorage(key) }
    public init(_ key: String) where Value == Double? { storage = AppStorage(key) }
    public init(_ key: String) where Value == String? { storage = AppStorage(key) }
}
