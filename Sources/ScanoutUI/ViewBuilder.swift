/// Builds views from the statements of a closure: several children, `if`/`else`, `if let`, `switch`,
/// optional content, availability checks and `let` statements (SwiftUI's `ViewBuilder`).
@resultBuilder @MainActor
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    // (Inlinable, with TupleView's init: specialized in the app's module for its views' types, a builder block
    // makes its tuple without run-time pack metadata — it was ~2,600 instructions a block, in every body.)
    @inlinable
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView(repeat each content)
    }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { _ConditionalContent(.first(first)) }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { _ConditionalContent(.second(second)) }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views side by side in a builder; their identities are their positions.
public struct TupleView<T>: View, PrimitiveView {
    public var value: T
    @usableFromInline let children: [any View]

    public init(_ value: T) {
        self.value = value
        self.children = []
    }

    // (`T` is the views' tuple by the requirement, not by a cast: a cast of the tuple was a dynamic cast per
    // builder block evaluated, ~2,500 instructions.)
    @inlinable
    init<each V: View>(_ views: repeat each V) where T == (repeat each V) {
        var count = 0
        for _ in repeat each views { count += 1 }
        var list: [any View] = []
        list.reserveCapacity(count)  // (one allocation, not one per doubling)
        repeat list.append(each views)
        self.value = (repeat each views)
        self.children = list
    }

    func makeBehavior() -> NodeBehavior {
        StructuralBehavior { view in
            // (A loop: a `map` closure made here is main-actor isolated and checks the executor per child.)
            let children = view.known(as: TupleView<T>.self).children  // (not `as!`: a dynamic cast per node)
            var slots: [ChildSlot] = []
            slots.reserveCapacity(children.count)
            for i in children.indices { slots.append(ChildSlot(key: i, view: children[i])) }
            return slots
        }
    }
}

/// One of two views, chosen by an `if`/`else` or `switch`: switching branches changes identity.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    enum Storage { case first(TrueContent), second(FalseContent) }
    let storage: Storage
    init(_ storage: Storage) { self.storage = storage }

    func makeBehavior() -> NodeBehavior {
        StructuralBehavior { view in
            switch (view as! Self).storage {
            case .first(let v): return [ChildSlot(key: true, view: v)]
            case .second(let v): return [ChildSlot(key: false, view: v)]
            }
        }
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("Optional is a built-in view and has no body") }
}

extension Optional: PrimitiveView where Wrapped: View {
    func makeBehavior() -> NodeBehavior {
        StructuralBehavior { view in
            if case .some(let v) = view as! Wrapped? { return [ChildSlot(key: 0, view: v)] }
            return []
        }
    }
}

/// A view whose type is erased: changing the wrapped type changes identity.
public struct AnyView: View, PrimitiveView {
    let view: any View
    public init<V: View>(_ view: V) { self.view = (view as? AnyView)?.view ?? view }
    public init<V: View>(erasing view: V) { self.init(view) }

    func makeBehavior() -> NodeBehavior {
        StructuralBehavior { view in
            let inner = (view as! AnyView).view
            return [ChildSlot(key: ObjectIdentifier(type(of: inner)), view: inner)]
        }
    }
}

/// Groups views without laying them out; modifiers on a group apply to each child.
public struct Group<Content: View>: View, PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    func makeBehavior() -> NodeBehavior {
        StructuralBehavior { view in [ChildSlot(key: 0, view: (view as! Self).content)] }
    }
}
