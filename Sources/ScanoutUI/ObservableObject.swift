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
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    public typealias Output = Void
    public typealias Failure = Never

    /// A view's subscription: dropping it unsubscribes.
    final class Handle {
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

    /// Subscriptions alive (views re-run by `send`, `sink`s); for tests.
    var subscriberCount: Int { handlers.count }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        let link = Link()
        link.handle = subscribe { [weak link] in link?.deliver(subscriber) }
        subscriber.receive(subscription: link)
    }

    /// A `sink`'s or `onReceive`'s subscription; cancelling it drops the handler.
    private final class Link: Subscription {
        var handle: Handle?
        private var demand = Subscribers.Demand.none
        func request(_ demand: Subscribers.Demand) { self.demand += demand }
        func cancel() { handle = nil }
        func deliver<S: Subscriber>(_ subscriber: S) where S.Input == Void {
            guard handle != nil, demand > 0 else { return }
            demand -= 1
            demand += subscriber.receive(())
        }
    }

    func subscribe(_ handler: @escaping () -> Void) -> Handle {
        nextID += 1
        handlers[nextID] = handler
        return Handle(publisher: self, id: nextID)
    }
}

class PublishedBox: @unchecked Sendable {
    var publisher: ObservableObjectPublisher?
}

/// A `@Published` property's value, with the subject of its `$value` publisher once one is asked for.
final class PublishedStorage<Value>: PublishedBox, @unchecked Sendable {
    var value: Value
    private var subject: CurrentValueSubject<Value, Never>?
    /// `assign(to: &$value)`'s subscription: it lives as long as the property.
    var assignment: AnyCancellable?

    init(_ value: Value) { self.value = value }

    /// The object will change, `$value`'s subscribers get the new value (before it is stored: Combine's
    /// `willSet` order), then it is stored.
    func set(_ newValue: Value, announcing publisher: ObservableObjectPublisher?) {
        publisher?.send()
        subject?.send(newValue)
        value = newValue
    }

    var valueSubject: CurrentValueSubject<Value, Never> {
        if let subject { return subject }
        let made = CurrentValueSubject<Value, Never>(value)
        subject = made
        return made
    }
}

protocol PublishedProperty {
    var box: PublishedBox { get }
}

/// A property of an `ObservableObject` that announces its changes (SwiftUI's `@Published`).
@propertyWrapper
public struct Published<Value>: PublishedProperty {
    let storage: PublishedStorage<Value>
    var box: PublishedBox { storage }

    public init(wrappedValue: Value) { storage = PublishedStorage(wrappedValue) }
    public init(initialValue: Value) { storage = PublishedStorage(initialValue) }

    /// `$value`: the value now, then each new value as it is set (before it is stored, as in Combine).
    public var projectedValue: Publisher {
        get { Publisher(storage: storage) }
        set {}  // (`assign(to: &$value)` only needs it settable: it writes through the publisher's storage)
    }

    /// The publisher of a `@Published` property (Combine's `Published.Publisher`).
    public struct Publisher: ScanoutUI.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        let storage: PublishedStorage<Value>

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            storage.valueSubject.receive(subscriber: subscriber)
        }
    }

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
        get { object[keyPath: storageKeyPath].storage.value }
        set {
            let storage = object[keyPath: storageKeyPath].storage
            storage.set(newValue, announcing: storage.publisher ?? object.objectWillChange)
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
