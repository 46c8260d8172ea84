import Observation

/// Objects placed in the environment by type: `ObservableObject`s with `.environmentObject(_:)` (read with
/// `@EnvironmentObject`) and `@Observable` objects with `.environment(_:)` (read with
/// `@Environment(Model.self)`). Equal when the same types map to the same instances, so putting the same
/// object there again re-runs nothing below.
struct EnvironmentObjects: Equatable, @unchecked Sendable {  // filled and read on the main actor
    var objects: [ObjectIdentifier: AnyObject] = [:]

    static func == (a: Self, b: Self) -> Bool {
        guard a.objects.count == b.objects.count else { return false }
        for (k, v) in a.objects { guard let w = b.objects[k], w === v else { return false } }
        return true
    }

    func object<T>(of type: T.Type) -> T? { objects[ObjectIdentifier(type)] as? T }
}

struct EnvironmentObjectsKey: EnvironmentKey { static let defaultValue = EnvironmentObjects() }

extension EnvironmentValues {
    var environmentObjects: EnvironmentObjects {
        get { self[EnvironmentObjectsKey.self] }
        set { self[EnvironmentObjectsKey.self] = newValue }
    }

    /// The `@Observable` object of `key`'s type (the key path `@Environment(Model.self)` reads).
    subscript<T: AnyObject>(observable key: ObservableObjectKey<T>) -> T {
        guard let object = environmentObjects.object(of: T.self) else {
            fatalError("No Observable object of type \(T.self) found: a View.environment(_:) with a \(T.self) is missing as an ancestor of this view")
        }
        return object
    }

    /// The `@Observable` object of `key`'s type, or nil (what `@Environment(Model?.self)` reads).
    subscript<T: AnyObject>(optionalObservable key: ObservableObjectKey<T>) -> T? { environmentObjects.object(of: T.self) }
}

/// Names an object type in a key path (metatypes are not `Hashable`).
struct ObservableObjectKey<T: AnyObject>: Hashable {}

/// Puts an object into the environment under its type.
struct EnvironmentObjectWriter: PrimitiveModifier, Equatable {
    nonisolated let type: ObjectIdentifier
    let object: AnyObject?
    /// The object's identity, for comparing (the writer holds the object, so the identity is not reused).
    nonisolated let objectID: ObjectIdentifier?

    init(type: ObjectIdentifier, object: AnyObject?) {
        self.type = type
        self.object = object
        objectID = object.map(ObjectIdentifier.init)
    }

    nonisolated static func == (a: Self, b: Self) -> Bool { a.type == b.type && a.objectID == b.objectID }

    func makeBehavior() -> ModifierBehavior {
        EnvironmentTransformBehavior<EnvironmentObjectWriter> { m, e in e.environmentObjects.objects[m.type] = m.object }
    }
}

extension View {
    /// Supplies `object` to `@EnvironmentObject` properties of this view and its descendants.
    public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        modifier(EnvironmentObjectWriter(type: ObjectIdentifier(T.self), object: object))
    }

    /// Supplies an `@Observable` object to `@Environment(T.self)` properties below (nil removes it).
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        modifier(EnvironmentObjectWriter(type: ObjectIdentifier(T.self), object: object))
    }
}

extension Environment {
    /// Reads the `@Observable` object of `objectType` that an ancestor supplied with `.environment(_:)`.
    /// A missing object stops the app with a message naming the type (as SwiftUI).
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        self.init(\EnvironmentValues.[observable: ObservableObjectKey<Value>()])
    }

    /// Reads the `@Observable` object of `objectType`, or nil when no ancestor supplied one.
    public init<T: AnyObject & Observable>(_ objectType: T?.Type) where Value == T? {
        self.init(\EnvironmentValues.[optionalObservable: ObservableObjectKey<T>()])
    }
}

/// An `ObservableObject` supplied by an ancestor with `.environmentObject(_:)` (SwiftUI's
/// `@EnvironmentObject`): the view re-runs its body when the object will change, or when an ancestor
/// supplies another one. A missing object stops the app with a message naming the type (as SwiftUI).
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    let box = EnvironmentObjectBox<ObjectType>()

    public init() {}

    @MainActor
    public var wrappedValue: ObjectType {
        guard let object = box.typedObject else {
            fatalError("No ObservableObject of type \(ObjectType.self) found: a View.environmentObject(_:) for \(ObjectType.self) is missing as an ancestor of this view")
        }
        return object
    }

    @MainActor
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// Makes bindings to the object's properties (`$model.name`).
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType
        @MainActor
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let object = self.object
            return Binding(location: object, path: [keyPath], get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }
}

final class EnvironmentObjectBox<ObjectType>: @unchecked Sendable {  // installed and read on the main actor
    /// Weak: the environment owns the object; the view value only finds it.
    weak var object: AnyObject?
    var typedObject: ObjectType? { object as? ObjectType }
}

extension EnvironmentObject: InstallableProperty {
    /// Reads the object from the environment (a dependency of the body: another object re-runs it) and
    /// subscribes the view to it.
    @MainActor func install(on node: ViewNode, slot: Int) {
        let object = node.environment.read(\.environmentObjects).object(of: ObjectType.self)
        box.object = object
        if let object {
            node.behavior.subscribing?.subscribe(to: object.objectWillChange, id: ObjectIdentifier(object))
        }
    }
}
