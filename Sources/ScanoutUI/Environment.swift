import ScanoutGraph

/// A key into the environment, as SwiftUI's `EnvironmentKey`.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// Values that flow down the view tree (SwiftUI's `EnvironmentValues`): extend it with computed properties over
/// your own keys, read them with `@Environment(\.name)`, set them with `.environment(\.name, value)`.
public struct EnvironmentValues: CustomStringConvertible {
    var storage: [ObjectIdentifier: Any] = [:]

    public init() {}

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { storage[ObjectIdentifier(key)].map { $0 as! K.Value } ?? K.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }

    public var description: String { "EnvironmentValues(\(storage.count) values)" }

    /// Equal when the same keys hold values that compare equal (values that are not `Equatable` never do).
    static func areEqual(_ a: EnvironmentValues, _ b: EnvironmentValues) -> Bool {
        guard a.storage.count == b.storage.count else { return false }
        for (k, v) in a.storage {
            guard let w = b.storage[k], Equality.areEqual(v, w) == true else { return false }
        }
        return true
    }
}

/// The environment at one point of the render tree: an attribute, plus one derived attribute per key path
/// read, so a body depends only on the values it reads (changing the font does not re-run a body that only
/// reads the colour scheme).
@MainActor
final class EnvironmentNode {
    let values: Attribute<EnvironmentValues>
    private var keyAttributes: [AnyKeyPath: Any] = [:]
    private unowned let graph: AttributeGraph
    /// The colour effects the views here are drawn through (`grayscale(_:)` and the others), innermost first.
    let colorEffects: ColorEffectChain?

    init(graph: AttributeGraph, values: Attribute<EnvironmentValues>, colorEffects: ColorEffectChain? = nil) {
        self.graph = graph
        self.values = values
        self.colorEffects = colorEffects
    }

    /// Reads one value, recording a dependency of the running body on that value only.
    func read<V>(_ keyPath: KeyPath<EnvironmentValues, V>) -> V {
        if let a = keyAttributes[keyPath] as? Attribute<V> { return a.value }
        let values = self.values
        let a = graph.rule("environment \(keyPath)", initial: graph.untracked { values.value[keyPath: keyPath] }) {
            values.value[keyPath: keyPath]
        }
        keyAttributes[keyPath] = a
        return a.value
    }

    /// The values without recording a dependency (built-in views read these at layout and drawing time).
    var current: EnvironmentValues { graph.untracked { values.value } }
}

/// Reads a value from the environment (SwiftUI's `@Environment`).
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    let keyPath: KeyPath<EnvironmentValues, Value>
    let box = EnvironmentBox()

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    @MainActor
    public var wrappedValue: Value {
        if let node = box.environment { return node.read(keyPath) }
        // The view is gone (a task or closure of it still runs): the values it last had, as in SwiftUI.
        return (box.lastValues ?? EnvironmentValues())[keyPath: keyPath]
    }
}

final class EnvironmentBox: @unchecked Sendable {
    weak var environment: EnvironmentNode?
    /// The environment when the property was installed, for reads after its view was destroyed.
    var lastValues: EnvironmentValues?
}

extension Environment: InstallableProperty {
    @MainActor func install(on node: ViewNode, slot: Int) {
        box.environment = node.environment
        box.lastValues = node.environment.current
    }
}

// MARK: - Modifiers

struct EnvironmentWriter<Value>: PrimitiveModifier {
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let value: Value
    func makeBehavior() -> ModifierBehavior {
        EnvironmentTransformBehavior<EnvironmentWriter<Value>> { m, e in e[keyPath: m.keyPath] = m.value }
    }
}

/// Compared with `==` when the value can be (a body run again hands every modifier a new value; comparing
/// members by reflection costs far more).
extension EnvironmentWriter: Equatable where Value: Equatable {
    // The graph compares on the main actor (views only change there); `==` itself cannot be isolated.
    nonisolated static func == (a: Self, b: Self) -> Bool {
        MainActor.assumeIsolated { a.keyPath == b.keyPath && a.value == b.value }
    }
}

/// A modifier that hands its content a changed environment: the modifier value is a source attribute, the
/// content's environment a rule over the parent's environment and that value.
final class EnvironmentTransformBehavior<M: ViewModifier>: ModifierBehavior {
    override var drawingReadsPlacement: Bool { false }  // draws from its frame, or only its children
    private let transform: (M, inout EnvironmentValues) -> Void
    private var value: Attribute<M>?
    private var derived: EnvironmentNode?
    /// The modifier as last updated (read by the host for root-level preferences such as the colour scheme).
    private(set) var modifier: M?

    init(_ transform: @escaping (M, inout EnvironmentValues) -> Void) { self.transform = transform }

    override var environmentForChildren: EnvironmentNode? { derived }
    // Draws and lays out as its content; a changed value marks the subtree that reads it (`updateModifier`).
    override var viewValueAffectsOwnOutput: Bool { false }

    override func updateModifier(_ modifier: any ViewModifier) {
        let m = modifier.known(as: M.self)
        self.modifier = m
        if let value {
            let before = value.changedAt
            value.setValue(m)
            // Built-in views read the environment while measuring (the font): their sizes may change.
            if value.changedAt != before { node.invalidateSubtreeLayout() }
            return
        }
        let graph = node.host.graph
        let source = graph.source("\(M.self)", m, isEqual: ViewEquality.function(for: M.self))
        let parent = node.environment.values
        let transform = self.transform
        let values = graph.rule("environment", initial: graph.untracked { parent.value }, isEqual: EnvironmentValues.areEqual) {
            var e = parent.value
            transform(source.value, &e)
            return e
        }
        value = source
        derived = EnvironmentNode(graph: graph, values: values, colorEffects: node.environment.colorEffects)
    }

    override func destroyed() {
        value?.destroy()
        derived?.values.destroy()
    }
}

extension View {
    /// Sets an environment value for this view and its descendants.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        modifier(EnvironmentWriter(keyPath: keyPath, value: value))
    }
}

/// Changes an environment value in place (`transformEnvironment`); the closure cannot be compared, so a new
/// body's modifier always counts as changed.
struct EnvironmentTransformer<Value>: PrimitiveModifier {
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let transform: (inout Value) -> Void
    func makeBehavior() -> ModifierBehavior {
        EnvironmentTransformBehavior<EnvironmentTransformer<Value>> { m, e in m.transform(&e[keyPath: m.keyPath]) }
    }
}

/// The font of the content with tabular digits (`View.monospacedDigit()`): compared by value.
struct MonospacedDigitModifier: PrimitiveModifier, Equatable {
    func makeBehavior() -> ModifierBehavior {
        EnvironmentTransformBehavior<MonospacedDigitModifier> { _, e in e.font = (e.font ?? .body).monospacedDigit() }
    }
}

extension View {
    /// Changes an environment value for this view and its descendants, from the value it has here.
    public func transformEnvironment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>,
                                        transform: @escaping (inout V) -> Void) -> some View {
        modifier(EnvironmentTransformer(keyPath: keyPath, transform: transform))
    }

    /// Digits of equal width in this view's text, so changing numbers do not jitter.
    public func monospacedDigit() -> some View { modifier(MonospacedDigitModifier()) }
}
