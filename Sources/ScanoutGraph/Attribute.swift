/// A handle to an attribute of the graph. Reading `value` inside a rule records an edge from this attribute
/// to that rule; reading outside any rule just brings the value up to date.
public struct Attribute<Value> {
    let node: AttributeNode

    init(_ node: AttributeNode) { self.node = node }

    public var name: String { node.name }

    /// The up-to-date value (pulling: re-runs rules upstream only where an input changed).
    public var value: Value {
        node.graph.recordRead(of: node)
        node.update()
        return typed.value
    }

    /// The node as what it is (made by `AttributeGraph.source` or `rule` for `Value`): no cast per read.
    private var typed: ValueNode<Value> { unsafeDowncast(node, to: ValueNode<Value>.self) }

    /// Sets a source attribute's value. An equal value changes nothing; a new one dirties the cone.
    /// Setting a rule attribute is a programming error and is ignored with a report.
    public func setValue(_ newValue: Value) {
        guard node.isSource else {
            assertionFailure("attribute \(node.name) is computed by a rule and cannot be set")
            return
        }
        unsafeDowncast(node, to: SourceNode<Value>.self).set(newValue)
    }

    /// Whether the value may be out of date (an input changed since it was last pulled).
    public var isDirty: Bool { node.isDirty || ((node as? RuleNode<Value>).map { !$0.hasEvaluated } ?? false) }

    /// The clock tick of the last real change (compare two reads to learn whether the value changed between).
    public var changedAt: UInt64 { node.changedAt }

    /// Brings the value up to date, as reading it does but without recording a read or copying the value, and
    /// returns `changedAt`: what a cache of something derived from the value is keyed by.
    public var upToDateChangedAt: UInt64 {
        node.update()
        return node.changedAt
    }

    /// Forces the rule to run again on the next pull and dirties everything downstream — for inputs the
    /// graph cannot see (an `@Observable` property, a reference type's contents).
    public func invalidate() {
        if node is RuleNode<Value> {
            node.isForced = true
            if !node.isDirty {
                node.isDirty = true
                node.onInvalidate?()
            }
        } else {
            node.graph.clock += 1
            node.changedAt = node.graph.clock
        }
        node.propagateDirty()
    }

    /// Runs `body` as part of this rule's last evaluation: the attributes it reads become inputs of this rule,
    /// as if the rule itself had read them (for work a rule's value defers, such as closures in it that run
    /// later). The inputs recorded by the evaluation are kept.
    public func recordingReads<T>(_ body: () throws -> T) rethrows -> T {
        node.graph.evaluating.append(node)
        defer { node.graph.evaluating.removeLast() }
        return try body()
    }

    /// Called (synchronously) whenever this attribute becomes dirty: the hook a scheduler uses to ask for a frame.
    public func onInvalidate(_ action: (() -> Void)?) { node.onInvalidate = action }

    /// Attributes this rule read in its last evaluation.
    public var inputNames: [String] { node.inputs.map(\.name) }
    /// Number of attributes that read this one.
    public var outputCount: Int { node.outputs.count }

    /// Removes the attribute's edges; it must not be read afterwards.
    public func destroy() { node.destroy() }
}
