import ScanoutGraph

/// State owned by a view and kept by the render tree for as long as the view's identity lives
/// (SwiftUI's `@State`). Writing it invalidates only the bodies that read it; an equal value changes nothing.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    @usableFromInline let box: StateBox<Value>

    // (Inlinable: specialized in the app's module, making a view value's box looks up no generic type at run
    // time — a `@State` in a row of a list is made with every value of the row.)
    @inlinable public init(wrappedValue value: Value) { box = StateBox(value) }
    @inlinable public init(initialValue value: Value) { box = StateBox(value) }

    @MainActor
    public var wrappedValue: Value {
        get { box.get() }
        nonmutating set { box.set(newValue) }
    }

    @MainActor
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(location: box, get: { box.get() }, set: { box.set($0) })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
}

/// The box a `State` value carries. The first view value of a node creates the persistent storage; every
/// later view value's box is pointed at that storage before the body runs.
@usableFromInline
final class StateBox<Value>: @unchecked Sendable {
    let initial: Value
    var storage: StateStorage<Value>?
    /// Where writes go before the property is installed (the value is then only local, as in SwiftUI).
    var detached: Value

    @usableFromInline
    init(_ initial: Value) {
        self.initial = initial
        self.detached = initial
    }

    @MainActor func get() -> Value {
        // (Not `storage?.attribute.value ?? detached`: the `Value?` it makes looked up that type's metadata at
        // every read.)
        if let storage { return storage.attribute.value }
        return detached
    }

    @MainActor func set(_ v: Value) {
        if let storage { storage.set(v) } else { detached = v }
    }
}

@MainActor
final class StateStorage<Value> {
    let attribute: Attribute<Value>
    /// The view the state belongs to, through a link cleared when the view goes (a binding or a task can
    /// outlive it).
    private let ownerLink: NodeLink
    var owner: ViewNode? { ownerLink.node }

    init(_ attribute: Attribute<Value>, owner: ViewNode) {
        self.attribute = attribute
        ownerLink = owner.link
    }

    /// A write. One made while a body is being evaluated ("modifying state during view update") would be
    /// lost to the bodies that already read the old value in this evaluation: the host warns and shows it in
    /// the next frame.
    func set(_ v: Value) {
        let changedAt = attribute.changedAt
        attribute.setValue(v)
        guard attribute.changedAt != changedAt else { return }
        if let t = TransactionContext.current { owner?.host.noteTransaction(t) }
        guard let owner, let rule = owner.host.graph.currentRuleName else { return }
        let attribute = self.attribute
        owner.host.stateChangedDuringUpdate(of: owner, in: rule) { attribute.invalidate() }
    }
}

extension State: InstallableProperty {
    @MainActor func install(on node: ViewNode, slot: Int) {
        if let existing = node.stateSlots[slot] as? StateStorage<Value> {
            box.storage = existing
        } else {
            let viewType = type(of: node.view)  // (the name holds the type, not the node)
            let storage = StateStorage(node.host.graph.source("\(viewType) @State", box.initial), owner: node)
            node.stateSlots[slot] = storage
            box.storage = storage
        }
    }
}

/// A reference to a value owned elsewhere, read and written through closures (SwiftUI's `Binding`).
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    let get: @MainActor () -> Value
    let set: @MainActor (Value) -> Void
    /// The storage this binding reads and the path into it: bindings with the same location compare equal.
    let location: AnyObject?
    let path: [AnyKeyPath]

    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        self.get = get
        self.set = set
        self.location = nil
        self.path = []
    }

    init(location: AnyObject?, path: [AnyKeyPath] = [], get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        self.get = get
        self.set = set
        self.location = location
        self.path = path
    }

    /// Same storage and path (closure-made bindings have no location and never compare equal).
    func hasSameLocation(as other: Binding<Value>) -> Bool {
        guard let a = location, let b = other.location else { return false }
        return a === b && path == other.path
    }

    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding to a constant: writes are ignored.
    public static func constant(_ value: Value) -> Binding<Value> {
        let box = ConstantBox(value)  // the value is only ever read, on the main actor
        return Binding(get: { box.value }, set: { _ in })
    }

    @MainActor
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the bound value.
    @MainActor
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let get = self.get, set = self.set
        return Binding<Subject>(location: location, path: path + [keyPath], get: { get()[keyPath: keyPath] }, set: { v in
            var whole = get()
            whole[keyPath: keyPath] = v
            set(whole)
        })
    }
}

extension Binding: DynamicProperty {}

final class ConstantBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
