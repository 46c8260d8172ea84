/// Combine's operators that join publishers: `combineLatest` (a form's fields validated together) and `merge`.
/// Both ask their upstreams for values without limit and pass each result on as it comes.

extension Publisher {
    /// The latest value of each, once both have sent one, every time either sends.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P> where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }

    /// As `combineLatest(_:)`, each pair transformed.
    public func combineLatest<P: Publisher, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T)
        -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
        Publishers.CombineLatest(self, other).map(transform)
    }

    /// The latest value of each of three, once all have sent one, every time any sends.
    public func combineLatest<P: Publisher, Q: Publisher>(_ p: P, _ q: Q) -> Publishers.CombineLatest3<Self, P, Q>
        where P.Failure == Failure, Q.Failure == Failure {
        Publishers.CombineLatest3(self, p, q)
    }

    /// The values of both, as they come.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P> where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }
}

extension Publishers {
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = Join<Output, S>(subscriber, parts: 2)
            var latestA: A.Output?, latestB: B.Output?
            join.attach(a) { latestA = $0; return latestB.map { (latestA!, $0) } }
            join.attach(b) { latestB = $0; return latestA.map { ($0, latestB!) } }
        }
    }

    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
        where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = Join<Output, S>(subscriber, parts: 3)
            var latestA: A.Output?, latestB: B.Output?, latestC: C.Output?
            func all() -> Output? {
                guard let a = latestA, let b = latestB, let c = latestC else { return nil }
                return (a, b, c)
            }
            join.attach(a) { latestA = $0; return all() }
            join.attach(b) { latestB = $0; return all() }
            join.attach(c) { latestC = $0; return all() }
        }
    }

    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let join = Join<Output, S>(subscriber, parts: 2)
            join.attach(a) { $0 }
            join.attach(b) { $0 }
        }
    }
}

/// One subscription over several upstreams: each value goes through its part's closure (nil: nothing to
/// send yet); the first failure ends everything, and the join finishes when every part has.
final class Join<Output, Downstream: Subscriber>: Subscription where Downstream.Input == Output {
    private let downstream: Downstream
    private var parts: [any Subscription] = []
    private var unfinished: Int
    private var ended = false
    private var subscribed = false

    init(_ downstream: Downstream, parts: Int) {
        self.downstream = downstream
        unfinished = parts
    }

    func attach<P: Publisher>(_ publisher: P, _ combine: @escaping (P.Output) -> Output?) where P.Failure == Downstream.Failure {
        if !subscribed {
            subscribed = true
            downstream.receive(subscription: self)
        }
        publisher.subscribe(AnySubscriber<P.Output, P.Failure>(
            receiveSubscription: { [weak self] subscription in
                guard let self, !self.ended else { return subscription.cancel() }
                self.parts.append(subscription)
                subscription.request(.unlimited)
            },
            receiveValue: { [weak self] value in
                guard let self, !self.ended, let output = combine(value) else { return .none }
                _ = self.downstream.receive(output)
                return .none
            },
            receiveCompletion: { [weak self] completion in
                guard let self, !self.ended else { return }
                if case .failure = completion {
                    self.end(completion)
                } else {
                    self.unfinished -= 1
                    if self.unfinished == 0 { self.end(.finished) }
                }
            }))
    }

    private func end(_ completion: Subscribers.Completion<Downstream.Failure>) {
        ended = true
        let parts = self.parts
        self.parts = []
        for part in parts { part.cancel() }
        downstream.receive(completion: completion)
    }

    /// (The parts already asked for everything: a downstream that asks for less still gets each value.)
    func request(_ demand: Subscribers.Demand) {}

    func cancel() {
        ended = true
        let parts = self.parts
        self.parts = []
        for part in parts { part.cancel() }
    }
}
