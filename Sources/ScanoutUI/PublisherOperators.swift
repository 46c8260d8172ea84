/// Combine's subscribers (`sink`, `assign`) and the operators SwiftUI code chains most (`map`, `compactMap`,
/// `filter`, `removeDuplicates`, `dropFirst`, `eraseToAnyPublisher`), with Combine's names and types.

extension Subscribers {
    /// Calls closures with each value and the completion, asking for values without limit (Combine's `Sink`).
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable {
        public let receiveValue: (Input) -> Void
        public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        private var subscription: (any Subscription)?
        private var ended = false

        public init(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                    receiveValue: @escaping (Input) -> Void) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public func receive(subscription: any Subscription) {
            guard self.subscription == nil, !ended else { return subscription.cancel() }
            self.subscription = subscription
            subscription.request(.unlimited)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            if !ended { receiveValue(input) }
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            guard !ended else { return }
            ended = true
            subscription = nil
            receiveCompletion(completion)
        }

        public func cancel() {
            ended = true
            let subscription = self.subscription
            self.subscription = nil
            subscription?.cancel()
        }
    }
}

extension Publisher {
    /// Subscribes with closures for each value and for the completion; cancelled when the result is freed.
    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }

    /// Wraps this publisher so its type does not show (Combine's `eraseToAnyPublisher()`).
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }

    /// Each value transformed.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }

    /// Each value transformed, the nils left out.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }

    /// The values `isIncluded` accepts.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }

    /// The values after the first `count`.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> { Publishers.Drop(upstream: self, count: count) }

    /// Each value except one `predicate` finds a duplicate of the value before it.
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publisher where Output: Equatable {
    /// Each value that differs from the one before it.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> { removeDuplicates(by: ==) }
}

extension Publisher where Failure == Never {
    /// Subscribes with a closure for each value; cancelled when the result is freed.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }

    /// Writes each value to `object[keyPath:]` (the object is kept until the result is cancelled or freed).
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        sink { object[keyPath: keyPath] = $0 }
    }

    /// Sets a `@Published` property to each value, announcing each change as setting it does; the
    /// subscription lives as long as the property (and replaces one assigned to it before).
    public func assign(to published: inout Published<Output>.Publisher) {
        let storage = published.storage
        storage.assignment = sink { [weak storage] value in
            guard let storage else { return }
            storage.set(value, announcing: storage.publisher)
        }
    }
}

/// A publisher whose type is hidden (Combine's `AnyPublisher`).
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    private let attach: (AnySubscriber<Output, Failure>) -> Void
    let receiveKey: AnyHashable?

    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        attach = { publisher.receive(subscriber: $0) }
        receiveKey = (publisher as? any ReceiveKeyed)?.receiveKey
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        attach(AnySubscriber(subscriber))
    }
}

/// Namespace of Combine's operator publishers.
public enum Publishers {}

extension Publishers {
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = self.transform
            upstream.subscribe(Relay<Upstream.Output, S>(subscriber) { transform($0) })
        }
    }

    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output?

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Relay<Upstream.Output, S>(subscriber, transform))
        }
    }

    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) -> Bool

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let isIncluded = self.isIncluded
            upstream.subscribe(Relay<Output, S>(subscriber) { isIncluded($0) ? $0 : nil })
        }
    }

    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let count: Int

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var left = count  // one counter per subscription
            upstream.subscribe(Relay<Output, S>(subscriber) { value in
                guard left > 0 else { return value }
                left -= 1
                return nil
            })
        }
    }

    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Output, Output) -> Bool

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            var last: Output?  // one per subscription
            upstream.subscribe(Relay<Output, S>(subscriber) { value in
                if let previous = last, predicate(previous, value) { return nil }
                last = value
                return value
            })
        }
    }
}

/// An operator's subscriber: passes the subscription and completion through and each value as `transform`
/// makes it; a value it drops is asked for again, so the downstream's demand is kept.
struct Relay<Input, Downstream: Subscriber>: Subscriber {
    typealias Failure = Downstream.Failure
    let downstream: Downstream
    let transform: (Input) -> Downstream.Input?

    init(_ downstream: Downstream, _ transform: @escaping (Input) -> Downstream.Input?) {
        self.downstream = downstream
        self.transform = transform
    }

    func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
    func receive(_ input: Input) -> Subscribers.Demand {
        guard let output = transform(input) else { return .max(1) }
        return downstream.receive(output)
    }
    func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
}

/// What `onReceive` compares to tell whether a view's publisher is the one it already subscribed to: the
/// same subject or object, a timer of the same interval (a view's `let timer = Timer.publish(...)` is made
/// anew with each view value; the running one is kept, not restarted), or an operator on one of these.
protocol ReceiveKeyed {
    var receiveKey: AnyHashable? { get }
}

extension Published.Publisher: ReceiveKeyed { var receiveKey: AnyHashable? { ObjectIdentifier(storage) } }
extension ObservableObjectPublisher: ReceiveKeyed { var receiveKey: AnyHashable? { ObjectIdentifier(self) } }
extension PassthroughSubject: ReceiveKeyed { var receiveKey: AnyHashable? { ObjectIdentifier(self) } }
extension CurrentValueSubject: ReceiveKeyed { var receiveKey: AnyHashable? { ObjectIdentifier(self) } }
extension AnyPublisher: ReceiveKeyed {}
extension Publishers.Map: ReceiveKeyed { var receiveKey: AnyHashable? { (upstream as? any ReceiveKeyed)?.receiveKey } }
extension Publishers.CompactMap: ReceiveKeyed { var receiveKey: AnyHashable? { (upstream as? any ReceiveKeyed)?.receiveKey } }
extension Publishers.Filter: ReceiveKeyed { var receiveKey: AnyHashable? { (upstream as? any ReceiveKeyed)?.receiveKey } }
extension Publishers.Drop: ReceiveKeyed { var receiveKey: AnyHashable? { (upstream as? any ReceiveKeyed)?.receiveKey } }
extension Publishers.RemoveDuplicates: ReceiveKeyed { var receiveKey: AnyHashable? { (upstream as? any ReceiveKeyed)?.receiveKey } }
