/// The graph: owns its attributes' bookkeeping (the evaluation stack, the change clock, cycle reports).
/// Not thread-safe: a graph lives on one thread (the UI's graph on the main actor). (So the bookkeeping read on
/// every pull skips the run-time exclusivity checks, here and in `AttributeNode`: each access is closed before
/// the next is opened, and the checks were a twentieth of a large tree's first update.)
public final class AttributeGraph {
    /// Increases whenever any attribute's value changes; attributes remember the tick of their last change
    /// and of their last verification.
    @exclusivity(unchecked) var clock: UInt64 = 1
    /// Rules being evaluated, innermost last: a read made while one runs becomes an edge into it.
    @exclusivity(unchecked) var evaluating: [AttributeNode] = []
    /// Reads are not recorded while this is above zero (see `untracked`).
    @exclusivity(unchecked) var untrackedDepth = 0
    /// Called when a rule reads (directly or indirectly) itself. The default records the cycle in `cycles`.
    public var cycleHandler: ((_ path: [String]) -> Void)?
    /// Every cycle detected so far, as the names of the attributes on it (outermost first).
    public private(set) var cycles: [[String]] = []
    /// Rule evaluations so far (for tests and benchmarks: the cost of an update).
    public private(set) var evaluations = 0
    /// Attributes marked dirty so far by propagation.
    public private(set) var invalidations = 0

    public init() {}

    /// A source attribute: a value set from outside (state, inputs). Equal values (for `Equatable` types, or
    /// with `isEqual`) do not count as a change.
    /// (`name` is made only if it is asked for: see `AttributeNode.name`.)
    public func source<Value>(_ name: @autoclosure @escaping () -> String = "source", _ value: Value,
                              isEqual: ((Value, Value) -> Bool)? = nil) -> Attribute<Value> {
        Attribute(SourceNode(graph: self, name: name, value: value, isEqual: isEqual))
    }

    /// A rule attribute: `rule` computes the value, and whatever attributes it reads become its inputs.
    /// `initial` is the value before the first evaluation (and what a cycle returns).
    public func rule<Value>(_ name: @autoclosure @escaping () -> String = "rule", initial: Value, isEqual: ((Value, Value) -> Bool)? = nil,
                            _ rule: @escaping () -> Value) -> Attribute<Value> {
        Attribute(RuleNode(graph: self, name: name, initial: initial, isEqual: isEqual, rule: rule))
    }

    /// Runs `body` without recording the attributes it reads as inputs of the rule being evaluated.
    public func untracked<T>(_ body: () throws -> T) rethrows -> T {
        untrackedDepth += 1
        defer { untrackedDepth -= 1 }
        return try body()
    }

    /// The name of the rule being evaluated, if any.
    public var currentRuleName: String? { evaluating.last?.name }

    func recordRead(of node: AttributeNode) {
        guard untrackedDepth == 0, let reader = evaluating.last, reader !== node else { return }
        reader.addInput(node)
    }

    func countEvaluation() { evaluations += 1 }
    func countInvalidation() { invalidations += 1 }

    func reportCycle(at node: AttributeNode) {
        var path = evaluating.map(\.name)
        if let start = evaluating.firstIndex(where: { $0 === node }) { path = Array(path[start...]) }
        path.append(node.name)
        cycles.append(path)
        cycleHandler?(path)
    }
}

/// Equality for values of any type: `==` when the type is `Equatable`, otherwise nil (every new value counts
/// as a change).
public enum Equality {
    public static func function<T>(for type: T.Type) -> ((T, T) -> Bool)? {
        guard let e = T.self as? any Equatable.Type else { return nil }
        return makeFunction(e, T.self)
    }

    private static func makeFunction<E: Equatable, T>(_ e: E.Type, _ t: T.Type) -> (T, T) -> Bool {
        // E is T (opened from T's own metatype): reinterpreting costs nothing, a cast asks the runtime.
        precondition(E.self == T.self)
        return { a, b in unsafeBitCast(a, to: E.self) == unsafeBitCast(b, to: E.self) }
    }

    /// `a == b` when both are the same `Equatable` type; nil when they cannot be compared.
    public static func areEqual(_ a: Any, _ b: Any) -> Bool? {
        guard let ea = a as? any Equatable else { return nil }
        return ea.isEqual(to: b)
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool? {
        guard let o = other as? Self else { return false }
        return self == o
    }
}
