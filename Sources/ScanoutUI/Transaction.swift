/// The context of a state change (SwiftUI's `Transaction`): which animation, if any, moves what it changes.
public struct Transaction: Sendable {
    public var animation: Animation?
    public var disablesAnimations = false
    public init(animation: Animation? = nil) { self.animation = animation }
}

/// The transaction state changes join while `withAnimation`/`withTransaction` runs.
@MainActor
enum TransactionContext {
    static var current: Transaction?
}

/// Changes state with an animation: the model values change at once; views that show them animate their
/// presentation from the old to the new values.
@MainActor
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

@MainActor
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    let saved = TransactionContext.current
    TransactionContext.current = transaction
    defer { TransactionContext.current = saved }
    return try body()
}

extension Binding {
    /// The same binding, writing inside `withAnimation(animation)` (SwiftUI's `Binding.animation(_:)`): a
    /// `Toggle` bound through it animates what the change moves.
    public func animation(_ animation: Animation? = .default) -> Binding<Value> {
        transaction(Transaction(animation: animation))
    }

    /// The same binding, writing inside `withTransaction(transaction)`.
    public func transaction(_ transaction: Transaction) -> Binding<Value> {
        let set = self.set
        return Binding(location: location, path: path, get: get, set: { v in withTransaction(transaction) { set(v) } })
    }
}
