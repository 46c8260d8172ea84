/// Combine's operators that move values in time through a `Scheduler`: `receive(on:)`, `debounce`,
/// `throttle`, `delay`. Each subscription is one `TimedRelay`, which cancels its scheduled work with it.

extension Publisher {
    /// Delivers values and the completion on `scheduler` (`receive(on: RunLoop.main)`, `DispatchQueue.main`).
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }

    /// The last value of each burst, once `dueTime` has passed without another (a search field's text).
    public func debounce<S: Scheduler>(for dueTime: S.SchedulerTimeType.Stride, scheduler: S,
                                       options: S.SchedulerOptions? = nil) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }

    /// At most one value per `interval`: the first at once, then the latest (or first) of each interval.
    public func throttle<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S,
                                       latest: Bool) -> Publishers.Throttle<Self, S> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }

    /// Each value and the completion `interval` later.
    public func delay<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil,
                                    scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.Delay<Self, S> {
        Publishers.Delay(upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance,
                         scheduler: scheduler, options: options)
    }
}

extension Publishers {
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let scheduler = self.scheduler, options = self.options
            upstream.subscribe(TimedRelay<Output, S>(subscriber) { relay, value in
                scheduler.schedule(options: options) { relay.deliver(value) }
                return .none
            } completion: { relay, completion in
                scheduler.schedule(options: options) { relay.complete(completion) }
            })
        }
    }

    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let dueTime: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let scheduler = self.scheduler, dueTime = self.dueTime, options = self.options
            var generation = 0  // the burst's latest value; an older one's timer delivers nothing
            upstream.subscribe(TimedRelay<Output, S>(subscriber) { relay, value in
                generation += 1
                let mine = generation
                scheduler.schedule(after: scheduler.now.advanced(by: dueTime), tolerance: scheduler.minimumTolerance,
                                   options: options) {
                    if mine == generation { relay.deliver(value) }
                }
                return .none
            } completion: { relay, completion in
                generation += 1  // a value still waiting is dropped when the upstream ends
                scheduler.schedule(options: options) { relay.complete(completion) }
            })
        }
    }

    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let latest: Bool

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let scheduler = self.scheduler, interval = self.interval, latest = self.latest
            var windowOpen = false
            var waiting: Output?
            func openWindow(_ relay: TimedRelay<Output, S>) {
                windowOpen = true
                scheduler.schedule(after: scheduler.now.advanced(by: interval)) {
                    windowOpen = false
                    guard let value = waiting else { return }
                    waiting = nil
                    relay.deliver(value)
                    openWindow(relay)
                }
            }
            upstream.subscribe(TimedRelay<Output, S>(subscriber) { relay, value in
                if !windowOpen {
                    scheduler.schedule { relay.deliver(value) }
                    openWindow(relay)
                } else if latest || waiting == nil {
                    waiting = value
                }
                return .none
            } completion: { relay, completion in
                scheduler.schedule { relay.complete(completion) }
            })
        }
    }

    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let tolerance: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let scheduler = self.scheduler, interval = self.interval, tolerance = self.tolerance, options = self.options
            upstream.subscribe(TimedRelay<Output, S>(subscriber) { relay, value in
                scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options) {
                    relay.deliver(value)
                }
                return .none
            } completion: { relay, completion in
                scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options) {
                    relay.complete(completion)
                }
            })
        }
    }
}

/// A time operator's subscription: the downstream sees it as its subscription (asking passes to the upstream;
/// cancelling stops the upstream and whatever is still scheduled), values go through `onValue`, which
/// schedules their delivery. Values asked for beyond the first go to the upstream when the downstream asks.
final class TimedRelay<Input, Downstream: Subscriber>: Subscriber, Subscription where Downstream.Input == Input {
    typealias Failure = Downstream.Failure
    private let downstream: Downstream
    private let onValue: (TimedRelay, Input) -> Subscribers.Demand
    private let onCompletion: (TimedRelay, Subscribers.Completion<Failure>) -> Void
    private var upstream: (any Subscription)?
    private var ended = false

    init(_ downstream: Downstream, value: @escaping (TimedRelay, Input) -> Subscribers.Demand,
         completion: @escaping (TimedRelay, Subscribers.Completion<Failure>) -> Void) {
        self.downstream = downstream
        onValue = value
        onCompletion = completion
    }

    func receive(subscription: any Subscription) {
        upstream = subscription
        downstream.receive(subscription: self)
    }
    func receive(_ input: Input) -> Subscribers.Demand { ended ? .none : onValue(self, input) }
    func receive(completion: Subscribers.Completion<Failure>) { if !ended { onCompletion(self, completion) } }

    /// A scheduled value arrives (nothing once cancelled or completed); more demand goes upstream.
    func deliver(_ value: Input) {
        guard !ended else { return }
        let more = downstream.receive(value)
        if more > 0 { upstream?.request(more) }
    }

    func complete(_ completion: Subscribers.Completion<Failure>) {
        guard !ended else { return }
        ended = true
        upstream = nil
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) { upstream?.request(demand) }

    func cancel() {
        ended = true
        let upstream = self.upstream
        self.upstream = nil
        upstream?.cancel()
    }
}
