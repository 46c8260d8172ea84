/// A value kept in the app's `AppStorageStore` under `key` (SwiftUI's `@AppStorage`): it survives a restart
/// of the app; views that read it re-run when it changes, wherever it is changed from. Bool, Int, Double,
/// String, enums with Int or String raw values, and optionals of these, as SwiftUI.
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    let key: String
    let defaultValue: Value
    let explicitStore: AppStorageStore?
    let encode: (Value) -> StoredValue?
    let decode: (StoredValue) -> Value?
    let box = AppStorageBox()

    init(key: String, defaultValue: Value, store: AppStorageStore?,
         encode: @escaping (Value) -> StoredValue?, decode: @escaping (StoredValue) -> Value?) {
        self.key = key
        self.defaultValue = defaultValue
        self.explicitStore = store
        self.encode = encode
        self.decode = decode
    }

    @MainActor
    var store: AppStorageStore { explicitStore ?? box.store ?? .standard }

    @MainActor
    public var wrappedValue: Value {
        get { store.value(forKey: key).flatMap(decode) ?? defaultValue }
        nonmutating set { store.set(encode(newValue), forKey: key) }
    }

    @MainActor
    public var projectedValue: Binding<Value> {
        let store = self.store, key = self.key, decode = self.decode, encode = self.encode, defaultValue = self.defaultValue
        return Binding(location: store, path: [\AppStorageStore.[key: key]],
                       get: { store.value(forKey: key).flatMap(decode) ?? defaultValue },
                       set: { store.set(encode($0), forKey: key) })
    }
}

final class AppStorageBox: @unchecked Sendable {  // installed and read on the main actor
    weak var store: AppStorageStore?
}

extension AppStorage: InstallableProperty {
    /// Finds the environment's store (`.defaultAppStorage`), a dependency of the body.
    @MainActor func install(on node: ViewNode, slot: Int) {
        box.store = node.environment.read(\.defaultAppStorage)
    }
}

extension AppStorage {
    public init(wrappedValue: Value, _ key: String, store: AppStorageStore? = nil) where Value == Bool {
        self.init(key: key, defaultValue: wrappedValue, store: store, encode: { .bool($0) }) { if case .bool(let v) = $0 { v } else { nil } }
    }
    public init(wrappedValue: Value, _ key: String, store: AppStorageStore? = nil) where Value == Int {
        self.init(key: key, defaultValue: wrappedValue, store: store, encode: { .int($0) }) { if case .int(let v) = $0 { v } else { nil } }
    }
    public init(wrappedValue: Value, _ key: String, store: AppStorageStore? = nil) where Value == Double {
        self.init(key: key, defaultValue: wrappedValue, store: store, encode: { .double($0) }) { if case .double(let v) = $0 { v } else { nil } }
    }
    public init(wrappedValue: Value, _ key: String, store: AppStorageStore? = nil) where Value == String {
        self.init(key: key, defaultValue: wrappedValue, store: store, encode: { .string($0) }) { if case .string(let v) = $0 { v } else { nil } }
    }
    public init(wrappedValue: Value, _ key: String, store: AppStorageStore? = nil) where Value: RawRepresentable, Value.RawValue == Int {
        self.init(key: key, defaultValue: wrappedValue, store: store, encode: { .int($0.rawValue) }) {
            if case .int(let v) = $0 { Value(rawValue: v) } else { nil }
        }
    }
    public init(wrappedValue: Value, _ key: String, store: AppStorageStore? = nil) where Value: RawRepresentable, Value.RawValue == String {
        self.init(key: key, defaultValue: wrappedValue, store: store, encode: { .string($0.rawValue) }) {
            if case .string(let v) = $0 { Value(rawValue: v) } else { nil }
        }
    }
}

extension AppStorage where Value: ExpressibleByNilLiteral {
    public init(_ key: String, store: AppStorageStore? = nil) where Value == Bool? {
        self.init(key: key, defaultValue: nil, store: store, encode: { $0.map { .bool($0) } }) { if case .bool(let v) = $0 { v } else { nil } }
    }
    public init(_ key: String, store: AppStorageStore? = nil) where Value == Int? {
        self.init(key: key, defaultValue: nil, store: store, encode: { $0.map { .int($0) } }) { if case .int(let v) = $0 { v } else { nil } }
    }
    public init(_ key: String, store: AppStorageStore? = nil) where Value == Double? {
        self.init(key: key, defaultValue: nil, store: store, encode: { $0.map { .double($0) } }) { if case .double(let v) = $0 { v } else { nil } }
    }
    public init(_ key: String, store: AppStorageStore? = nil) where Value == String? {
        self.init(key: key, defaultValue: nil, store: store, encode: { $0.map { .string($0) } }) { if case .string(let v) = $0 { v } else { nil } }
    }
}

struct DefaultAppStorageKey: EnvironmentKey { static let defaultValue: AppStorageStore? = nil }

extension EnvironmentValues {
    /// The store `@AppStorage` uses below (nil: `AppStorageStore.standard`).
    var defaultAppStorage: AppStorageStore? {
        get { self[DefaultAppStorageKey.self] }
        set { self[DefaultAppStorageKey.self] = newValue }
    }
}

extension View {
    /// The store of `@AppStorage` properties in this view and below that name none (SwiftUI's
    /// `defaultAppStorage(_:)`, which takes a `UserDefaults`).
    public func defaultAppStorage(_ store: AppStorageStore) -> some View { environment(\.defaultAppStorage, store) }
}
