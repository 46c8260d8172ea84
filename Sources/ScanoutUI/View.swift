/// A piece of user interface, described by a value (SwiftUI's `View`). `body` composes other views; the
/// built-in views have `Body == Never` and are handled by the runtime.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Self.Body { get }
}

extension Never: View {
    public var body: Never { fatalError("Never has no body") }
}

/// Built-in views: the runtime makes a node behaviour for them instead of evaluating a body.
@MainActor
protocol PrimitiveView: View where Body == Never {
    func makeBehavior() -> NodeBehavior
    /// How the type's nodes make their behaviour, asked once per type by `NodeRecipe` (`view` is the first
    /// value); by default each value's `makeBehavior`.
    static func behaviorMaker(for view: Self) -> @MainActor (any View) -> NodeBehavior
}

extension PrimitiveView {
    public var body: Never { fatalError("\(Self.self) is a built-in view and has no body") }

    static func behaviorMaker(for view: Self) -> @MainActor (any View) -> NodeBehavior {
        { $0.known(as: Self.self).makeBehavior() }
    }
}

/// A view that shows nothing and takes no space.
public struct EmptyView: View, PrimitiveView {
    public init() {}
    func makeBehavior() -> NodeBehavior { StructuralBehavior { _ in [] } }
}
