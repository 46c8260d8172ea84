/// Combine's publishing protocols, the part SwiftUI code uses: `onReceive`, `Timer.publish(...).autoconnect()`,
/// `@Published`'s `$value`, `objectWillChange`, subjects, `sink`, `assign` and the everyday operators. SwiftUI
/// brings Combine with it and Linux has none, so ScanoutUI declares these with Combine's names and shapes.
/// Values are delivered on the thread that sends them (Scanout's timers and views send on the main actor);
/// demand is honoured by the subjects and the timer, and passed through by the operators.

/// Something that delivers values to subscribers over time, then possibly a completion (Combine's `Publisher`).
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error

    /// Attaches `subscriber`: it receives a subscription, then values as it asks for them.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches `subscriber` (the call app code makes; `receive(subscriber:)` is what a publisher implements).
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}

/// Receives a publisher's values (Combine's `Subscriber`).
public protocol Subscriber<Input, Failure> {
    associatedtype Input
    associatedtype Failure: Error

    func receive(subscription: any Subscription)
    /// A value arrived; returns how many more values it wants beyond those it already asked for.
    func receive(_ input: Input) -> Subscribers.Demand
    func receive(completion: Subscribers.Completion<Failure>)
}

/// A subscriber's link to its publisher: how it asks for values and how it stops them.
public protocol Subscription: Cancellable {
    func request(_ demand: Subscribers.Demand)
}

/// Something that can be stopped (Combine's `Cancellable`).
public protocol Cancellable {
    func cancel()
}

/// Namespace of Combine's subscriber types.
public enum Subscribers {}

extension Subscribers {
    /// How many values a subscriber asks for: a number, or unlimited.
    public struct Demand: Equatable, Comparable, Hashable, Sendable, CustomStringConvertible {
        /// nil: unlimited.
        let limit: Int?

        public static let unlimited = Demand(limit: nil)
        public static let none = Demand(limit: 0)
        public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "a demand is never negative")
            return Demand(limit: value)
        }

        /// The number asked for; nil when unlimited.
        public var max: Int? { limit }
        public var description: String { limit.map { "max(\($0))" } ?? "unlimited" }

        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.limit, let r = rhs.limit else { return .unlimited }
            let (sum, overflow) = l.addingReportingOverflow(r)
            return overflow ? .unlimited : Demand(limit: sum)
        }
        public static func + (lhs: Demand, rhs: Int) -> Demand { lhs + .max(rhs) }
        public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
        public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }
        /// Unlimited minus anything stays unlimited; a number never goes below zero.
        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.limit else { return .unlimited }
            guard let r = rhs.limit else { return .none }
            return Demand(limit: Swift.max(0, l - r))
        }
        public static func - (lhs: Demand, rhs: Int) -> Demand { lhs - .max(rhs) }
        public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
        public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }
        public static func < (lhs: Demand, rhs: Demand) -> Bool {
            switch (lhs.limit, rhs.limit) {
            case (nil, _): return false
            case (_, nil): return true
            case let (l?, r?): return l < r
            }
        }
        public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.limit == rhs }
        public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.limit.map { $0 > rhs } ?? true }
        public static func < (lhs: Demand, rhs: Int) -> Bool { lhs.limit.map { $0 < rhs } ?? false }
    }

    /// How a publisher ended: normally, or with an error.
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

/// A type-erased subscriber (Combine's `AnySubscriber`).
public struct AnySubscriber<Input, Failure: Error>: Subscriber {
    private let subscription: (any Subscription) -> Void
    private let value: (Input) -> Subscribers.Demand
    private let completion: (Subscribers.Completion<Failure>) -> Void

    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        subscription = subscriber.receive(subscription:)
        value = subscriber.receive(_:)
        completion = subscriber.receive(completion:)
    }

    public init(receiveSubscription: ((any Subscription) -> Void)? = nil,
                receiveValue: ((Input) -> Subscribers.Demand)? = nil,
                receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil) {
        subscription = receiveSubscription ?? { _ in }
        value = receiveValue ?? { _ in .none }
        completion = receiveCompletion ?? { _ in }
    }

    public func receive(subscription: any Subscription) { self.subscription(subscription) }
    public func receive(_ input: Input) -> Subscribers.Demand { value(input) }
    public func receive(completion: Subscribers.Completion<Failure>) { self.completion(completion) }
}

/// Calls a closure when cancelled, at the latest when it is freed (Combine's `AnyCancellable`): keep it (in a
/// property or a `Set<AnyCancellable>`) for as long as the subscription should live.
public final class AnyCancellable: Cancellable, Hashable {
    private var action: (() -> Void)?

    public init(_ cancel: @escaping () -> Void) { action = cancel }
    public init<C: Cancellable>(_ canceller: C) { action = canceller.cancel }

    public func cancel() {
        let action = self.action
        self.action = nil
        action?()
    }

    deinit { action?() }

    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
