/// Combine's subjects — publishers the app sends values into — and the subscription list they share with
/// `Timer.TimerPublisher` and `@Published`'s `$value`.

/// A publisher the app sends values into (Combine's `Subject`).
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    func send(_ value: Output)
    func send(completion: Subscribers.Completion<Failure>)
    func send(subscription: any Subscription)
}

extension Subject where Output == Void {
    public func send() { send(()) }
}

/// Sends each value to the subscribers attached when it is sent (Combine's `PassthroughSubject`).
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    let fanOut = FanOut<Output, Failure>()

    public init() {}

    public func send(_ value: Output) { fanOut.send(value) }
    public func send(completion: Subscribers.Completion<Failure>) { fanOut.finish(completion) }
    public func send(subscription: any Subscription) { subscription.request(.unlimited) }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        fanOut.attach(subscriber, current: nil)
    }
}

/// Holds a value and sends it to each new subscriber, then every change (Combine's `CurrentValueSubject`).
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    let fanOut = FanOut<Output, Failure>()

    /// Setting it sends the new value.
    public var value: Output {
        didSet { fanOut.send(value) }
    }

    public init(_ value: Output) { self.value = value }

    public func send(_ value: Output) { self.value = value }
    public func send(completion: Subscribers.Completion<Failure>) { fanOut.finish(completion) }
    public func send(subscription: any Subscription) { subscription.request(.unlimited) }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        fanOut.attach(subscriber, current: value)
    }
}

/// Sends one value, then finishes (Combine's `Just`).
public struct Just<Output>: Publisher {
    public typealias Failure = Never
    public let output: Output

    public init(_ output: Output) { self.output = output }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        let fanOut = FanOut<Output, Never>()  // (not kept: the link only delivers and completes)
        fanOut.attach(subscriber, current: output, finishing: .finished)
    }
}

/// Finishes at once without a value, or never (Combine's `Empty`).
public struct Empty<Output, Failure: Error>: Publisher {
    public let completeImmediately: Bool

    public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.completeImmediately = completeImmediately
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let fanOut = FanOut<Output, Failure>()
        fanOut.attach(subscriber, current: nil)
        if completeImmediately { fanOut.finish(.finished) }
    }
}

/// The subscribers of one publisher, each with its demand. A value is delivered to a subscriber that has
/// asked for one (a subscriber without demand misses it, as with Combine's subjects); a finished fan-out
/// completes new subscribers at once.
final class FanOut<Output, Failure: Error> {
    private var links: [Link] = []
    private var completion: Subscribers.Completion<Failure>?

    var isEmpty: Bool { links.isEmpty }

    /// Attaches `subscriber`; `current` is delivered first, as soon as it asks for a value.
    func attach<S: Subscriber>(_ subscriber: S, current: Output?,
                               finishing: Subscribers.Completion<Failure>? = nil) where S.Input == Output, S.Failure == Failure {
        // A subscriber of a finished subject gets its completion only (as in Combine).
        let pending = finishing == nil && completion != nil ? nil : current
        let link = Link(AnySubscriber(subscriber), owner: self, pending: pending, finishing: finishing ?? completion)
        if finishing == nil, completion == nil { links.append(link) }
        subscriber.receive(subscription: link)
        link.completeIfNothingPending()
    }

    func send(_ value: Output) {
        guard completion == nil else { return }
        for link in links { link.deliver(value) }
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
        guard self.completion == nil else { return }
        self.completion = completion
        let finished = links
        links.removeAll()
        for link in finished { link.complete(completion) }
    }

    fileprivate func remove(_ link: Link) {
        guard let index = links.firstIndex(where: { $0 === link }) else { return }
        links.remove(at: index)
    }

    final class Link: Subscription {
        private var subscriber: AnySubscriber<Output, Failure>?
        private weak var owner: FanOut?
        private var demand = Subscribers.Demand.none
        private var pending: Output?
        private var finishing: Subscribers.Completion<Failure>?

        init(_ subscriber: AnySubscriber<Output, Failure>, owner: FanOut, pending: Output?,
             finishing: Subscribers.Completion<Failure>?) {
            self.subscriber = subscriber
            self.owner = owner
            self.pending = pending
            self.finishing = finishing
        }

        func request(_ demand: Subscribers.Demand) {
            self.demand += demand
            if let value = pending, self.demand > 0 {
                pending = nil
                deliver(value)
            }
            completeIfNothingPending()
        }

        /// Nothing left to deliver but a completion (`Just` after its value, a finished subject): it is sent
        /// whether or not the subscriber asked for values.
        func completeIfNothingPending() {
            if pending == nil, let completion = finishing {
                finishing = nil
                complete(completion)
            }
        }

        func deliver(_ value: Output) {
            guard let subscriber, demand > 0 else { return }
            demand -= 1
            demand += subscriber.receive(value)
        }

        func complete(_ completion: Subscribers.Completion<Failure>) {
            let subscriber = self.subscriber
            self.subscriber = nil
            subscriber?.receive(completion: completion)
        }

        func cancel() {
            subscriber = nil
            pending = nil
            finishing = nil
            owner?.remove(self)
        }
    }
}
