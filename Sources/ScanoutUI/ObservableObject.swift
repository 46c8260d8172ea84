/// SwiftUI's `ObservableObject` family, without Combine: an object announces changes through
/// `objectWillChange`; `@Published` properties announce themselves; views hold objects with `@StateObject`
/// (owned, created once per identity) or `@ObservedObject` (passed in), and re-run their body when the
/// object will change. (For per-property tracking use the Observation framework's `@Observable` instead.)
public protocol ObservableObject: AnyObject {
    var objectWillChange: ObservableObjectPublisher { get }
}

extension ObservableObject {
    /// The publisher shared by the object's `@Published` properties (found once by reflection and stored in them).
    public var objectWillChange: ObservableObjectPublisher {
        var published: [PublishedBox] = []
        for child in Mirror(reflecting: self).children {
            if let p = child.value as? any PublishedProperty { published.append(p.box) }
        }
        if let existing = published.lazy.compactMap(\.publisher).first { return existing }
        let publisher = ObservableObjectPublisher()
        for box in published { box.publisher = publisher }
        if published.isEmpty { ObservableObjectPublisher.orphans.append(publisher) }
        return publisher
    }
}

/// Announces that an object is about to change (SwiftUI's/Combine's `ObservableObjectPublisher`).
public final class ObservableObjectPublisher: @unchecked Sendable {
    final class Subscription {
        weak var publisher: ObservableObjectPublisher?
        let id: Int
        init(publisher: ObservableObjectPublisher, id: Int) { self.publisher = publisher; self.id = id }
        deinit { publisher?.handlers[id] = nil }
    }

    private var handlers: [Int: () -> Void] = [:]
    private var nextID = 0
    /// Publishers of objects without `@Published` properties are kept here so sends still reach views.
    nonisolated(unsafe) static var orphans: [ObservableObjectPublisher] = []

    public init() {}

    /// Tells subscribers the object will change.
    public func send() {
        for handler in handlers.values { handler() }
    }

    func subscribe(_ handler: @escaping () -> Void) -> Subscription {
        nextID += 1
        handlers[nextID] = handler
        return Subscription(publisher: self, id: nextID)
    }
}

final class PublishedBox: @unchecked Sendable {
    var publisher: ObservableObjectPublisher?
}

protocol PublishedProperty {
    var box: PublishedBox { get }
}

/// A property of an `ObservableObject` that announces its changes (SwiftUI's `@Published`).
@propertyWrapper
public struct Published<Value>: PublishedProperty {
    var value: Value
    let box = PublishedBox()

    public init(wrappedValue: Value) { value = wrappedValue }
    public init(initialValue: Value) { value = initialValue }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    public static subscript<Enclosing: ObservableObject>(
        _enclosingInstance object: Enclosing,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Enclosing, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Enclosing, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set {
            let publisher = object[keyPath: storageKeyPath].box.publisher ?? object.objectWillChange
            publisher.send()
            object[keyPath: storageKeyPath].value = newValue
        }
    }
}

/// An object passed into a view; the view re-runs its body when the object will change.
@propertyWrapper @dynamicMemberLookup
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    public let wrappedValue: ObjectType
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { self.wrappedValue = initialValue }

    public var projectedValue: ObservedObject<ObjectType> { self }

    @MainActor
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(location: object, path: [keyPath], get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

extension ObservedObject: InstallableProperty {
    @MainActor func install(on node: ViewNode, slot: Int) {
        (node.behavior as? SubscribingBehavior)?.subscribe(to: wrappedValue.objectWillChange, id: ObjectIdentifier(wrappedValue))
    }
}

extension ObservedObject: ComparableProperty {
    func isEqual(to other: Any) -> Bool { (other as? ObservedObject<ObjectType>)?.wrappedValue === wrappedValue }
}

/// An object a view owns: created once per view identity (the autoclosure of later view values is not
/// called), kept with the view's state.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    let box: StateObjectBox<ObjectType>

    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { box = StateObjectBox(thunk) }

    @MainActor
    public var wrappedValue: ObjectType { box.object }

    @MainActor
    public var projectedValue: ObservedObject<ObjectType> { ObservedObject(wrappedValue: box.object) }
}

final class StateObjectBox<ObjectType: ObservableObject>: @unchecked Sendable {
    let thunk: () -> ObjectType
    var storage: StateObjectStorage<ObjectType>?
    init(_ thunk: @escaping () -> ObjectType) { self.thunk = thunk }
    /// Outside a view (before installation) a fresh object is made each time, as SwiftUI warns.
    var object: ObjectType { storage?.object ?? thunk() }
}

final class StateObjectStorage<ObjectType> {
    let object: ObjectType
    init(_ object: ObjectType) { self.object = object }
}

extension StateObject: InstallableProperty {
    @MainActor func install(on node: ViewNode, slot: Int) {
        let storage: StateObjectStorage<ObjectType>
        if let existing = node.stateSlots[slot] as? StateObjectStorage<ObjectType> {
            storage = existing
        } else {
            storage = StateObjectStorage(box.thunk())
            node.stateSlots[slot] = storage
        }
        box.storage = storage
        (node.behavior as? SubscribingBehavior)?.subscribe(to: storage.object.objectWillChange, id: ObjectIdentifier(storage.object))
    }
}

extension StateObject: ComparableProperty {
    func isEqual(to other: Any) -> Bool { other is StateObject<ObjectType> }
}

@MainActor
protocol SubscribingBehavior: AnyObject {
    func subscribe(to publisher: ObservableObjectPublisher, id: ObjectIdentifier)
}
