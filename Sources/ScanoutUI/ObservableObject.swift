import Synchronization

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
        if published.isEmpty { return OrphanPublishers.publisher(for: self) }
        if let existing = published.lazy.compactMap(\.publisher).first { return existing }
        let publisher = ObservableObjectPublisher()
        for box in published { box.publisher = publisher }
        return publisher
    }
}

/// Publishers of objects without `@Published` properties (nowhere in the object to keep one): one per living
/// object, so every `objectWillChange` of an object is the same publisher and its sends reach the views
/// subscribed to it. Entries of freed objects are dropped as the table grows (a screen rebuilt every few
/// seconds for months must not grow it).
enum OrphanPublishers {
    /// (A class, so the table can be locked: the object is only compared, never used.)
    private final class Entry: @unchecked Sendable {
        weak var object: AnyObject?
        let publisher = ObservableObjectPublisher()
        init(_ object: AnyObject) { self.object = object }
    }

    private struct Table {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// Live entries after the last pruning: the next one waits until the table has doubled.
        var prunedCount = 0
    }

    private static let table = Mutex(Table())

    static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        let id = ObjectIdentifier(object)
        let made = Entry(object)
        return table.withLock { t in
            // (A freed object's address can be reused: the weak reference tells the entries apart.)
            if let e = t.entries[id], e.object != nil, e.object === made.object { return e.publisher }
            if t.entries.count >= max(16, 2 * t.prunedCount) {
                t.entries = t.entries.filter { $0.value.object != nil }
                t.prunedCount = t.entries.count
            }
            t.entries[id] = made
            return made.publisher
        }
    }

    /// Entries in the table (for tests).
    static var count: Int { table.withLock { $0.entries.count } }
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

    public init() {}

    /// Tells subscribers the object will change.
    public func send() {
        for handler in handlers.values { handler() }
    }

    /// Subscriptions alive (views re-run by `send`); for tests.
    var subscriberCount: Int { handlers.count }

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
        node.behavior.subscribing?.subscribe(to: wrappedValue.objectWillChange, id: ObjectIdentifier(wrappedValue))
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
        node.behavior.subscribing?.subscribe(to: storage.object.objectWillChange, id: ObjectIdentifier(storage.object))
    }
}

extension StateObject: ComparableProperty {
    func isEqual(to other: Any) -> Bool { other is StateObject<ObjectType> }
}

@MainActor
protocol SubscribingBehavior: AnyObject {
    func subscribe(to publisher: ObservableObjectPublisher, id: ObjectIdentifier)
}
