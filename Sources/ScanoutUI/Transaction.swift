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
