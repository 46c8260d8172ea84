/// One attribute's bookkeeping, independent of its value type.
class AttributeNode {
    /// Strong: the graph holds no attribute (only the ones evaluating), so this makes no cycle, and an attribute
    /// kept by something that outlives its graph's owner (a task writing `@State`) stays usable.
    let graph: AttributeGraph
    /// The attribute's name, made when asked (for cycle reports and tests): building names like a view type's
    /// for every attribute made a large share of an app's first frame (demangling type names, describing key
    /// paths), though hardly any name is ever read.
    private let makeName: () -> String
    var name: String { makeName() }
    /// Attributes this one read during its last evaluation (rules only). Owned: a rule needs its inputs to
    /// verify itself.
    @exclusivity(unchecked) var inputs: [AttributeNode] = []
    /// Attributes that read this one. Not owned (each owns this one through its `inputs`; owning both ways
    /// would make every edge a reference cycle, and a dropped view graph would never be freed): a reader
    /// takes itself off this list when it stops reading or is freed.
    @exclusivity(unchecked) var outputs: [Reader] = []
    /// Possibly out of date: an input changed (or may have) since the last verification.
    var isDirty = false
    /// Forced to re-run on the next pull, whatever its inputs say (see `invalidate`).
    var isForced = false
    var isEvaluating = false
    /// Clock tick of the last real change of the value.
    var changedAt: UInt64 = 0
    /// Clock tick at which the value was last known to be up to date.
    var verifiedAt: UInt64 = 0
    /// Called when this attribute becomes dirty (the scheduler's hook).
    var onInvalidate: (() -> Void)?
    var isDestroyed = false
    /// A source (set from outside), not a rule.
    var isSource = false

    init(graph: AttributeGraph, name: @escaping () -> String) {
        self.graph = graph
        self.makeName = name
    }

    deinit {
        // Readers own this node, so none is left; the inputs must forget this reader.
        detachFromInputs()
    }

    func addInput(_ node: AttributeNode) {
        if inputs.contains(where: { $0 === node }) { return }
        inputs.append(node)
        node.outputs.append(Reader(self))
    }

    func removeInputs() {
        detachFromInputs()
        inputs.removeAll(keepingCapacity: true)
    }

    private func detachFromInputs() {
        for input in inputs {
            if let i = input.outputs.firstIndex(where: { $0.node === self }) { input.outputs.swapAt(i, input.outputs.count - 1); input.outputs.removeLast() }
        }
    }

    /// Marks everything downstream dirty (iteratively: deep graphs must not overflow the stack).
    func propagateDirty() {
        var stack = outputs.map(\.node)
        while let node = stack.popLast() {
            if node.isDirty { continue }
            node.isDirty = true
            graph.countInvalidation()
            node.onInvalidate?()
            for reader in node.outputs { stack.append(reader.node) }
        }
    }

    /// Brings the value up to date (rules re-run only when an input really changed).
    func update() {}

    func destroy() {
        removeInputs()
        for output in outputs {
            let reader = output.node
            if let i = reader.inputs.firstIndex(where: { $0 === self }) { reader.inputs.remove(at: i) }
        }
        outputs.removeAll()
        onInvalidate = nil
        isDestroyed = true
    }
}

/// An attribute that reads another, as that one knows it: not a strong reference (see `outputs`), valid
/// because a reader leaves the list before it is freed.
struct Reader {
    unowned(unsafe) let node: AttributeNode
    init(_ node: AttributeNode) { self.node = node }
}

/// A node holding a value of one type (what `Attribute<Value>` reads without a cast).
class ValueNode<Value>: AttributeNode {
    var value: Value
    /// How values compare (`.none`: not decided yet; `.some(nil)`: they cannot be). Without a comparison given,
    /// whether `Value` is `Equatable` is asked at the first comparison, not when the node is made: for a type
    /// that is not, the runtime scans every conformance in the binary (~170,000 instructions, once per type),
    /// and most nodes made at start-up are never compared.
    private var comparison: ((Value, Value) -> Bool)??

    init(graph: AttributeGraph, name: @escaping () -> String, value: Value, isEqual: ((Value, Value) -> Bool)?) {
        self.value = value
        // (Not `isEqual.map`: the generic call looked up the metadata of the optional function types at every
        // node made — a twentieth of a big list's first update.)
        if let isEqual { comparison = .some(isEqual) } else { comparison = .none }
        super.init(graph: graph, name: name)
    }

    /// Whether `newValue` equals the value (false when values of the type cannot be compared).
    final func isEqual(to newValue: Value) -> Bool {
        if case .some(let decided) = comparison { return decided?(value, newValue) ?? false }
        let decided = Equality.function(for: Value.self)
        comparison = .some(decided)
        return decided?(value, newValue) ?? false
    }
}

final class SourceNode<Value>: ValueNode<Value> {
    override init(graph: AttributeGraph, name: @escaping () -> String, value: Value, isEqual: ((Value, Value) -> Bool)?) {
        super.init(graph: graph, name: name, value: value, isEqual: isEqual)
        isSource = true
        changedAt = graph.clock
        verifiedAt = graph.clock
    }

    func set(_ newValue: Value) {
        if isEqual(to: newValue) { return }
        value = newValue
        graph.clock += 1
        changedAt = graph.clock
        verifiedAt = graph.clock
        propagateDirty()
    }
}

final class RuleNode<Value>: ValueNode<Value> {
    let rule: () -> Value
    var hasEvaluated = false

    init(graph: AttributeGraph, name: @escaping () -> String, initial: Value, isEqual: ((Value, Value) -> Bool)?, rule: @escaping () -> Value) {
        self.rule = rule
        super.init(graph: graph, name: name, value: initial, isEqual: isEqual)
        isDirty = true
    }

    override func update() {
        if isEvaluating { graph.reportCycle(at: self); return }
        guard isDirty || !hasEvaluated, !isDestroyed else { return }
        if hasEvaluated && !isForced {
            // Verify: bring the inputs up to date; re-run only if one of them changed after our last run.
            var changed = false
            for input in inputs {
                input.update()
                if input.changedAt > verifiedAt { changed = true; break }
            }
            if !changed {
                isDirty = false
                verifiedAt = graph.clock
                return
            }
        }
        evaluate()
    }

    private func evaluate() {
        removeInputs()
        isEvaluating = true
        graph.evaluating.append(self)
        graph.countEvaluation()
        // The rule's reads are its inputs even when an untracked read pulled it.
        let untrackedDepth = graph.untrackedDepth
        graph.untrackedDepth = 0
        let newValue = rule()
        graph.untrackedDepth = untrackedDepth
        graph.evaluating.removeLast()
        isEvaluating = false
        let unchanged = hasEvaluated && isEqual(to: newValue)
        value = newValue
        hasEvaluated = true
        isDirty = false
        isForced = false
        if !unchanged {
            graph.clock += 1
            changedAt = graph.clock
        }
        verifiedAt = graph.clock
    }
}
