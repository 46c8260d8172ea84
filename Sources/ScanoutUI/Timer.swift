import Dispatch

/// Foundation's `Timer` and `RunLoop.main`, and Combine's `Timer.publish(every:on:in:)`, for SwiftUI code: a
/// panel's main thread runs Scanout's loop, not Foundation's run loop, so a Foundation timer scheduled on it
/// would never fire. These fire on the main queue, which Scanout's loop drains (`MainLoop`), so a timer costs
/// its own wake-ups and nothing while none is scheduled. (In a file that also imports Foundation, write
/// `ScanoutUI.Timer`: Foundation's would never fire on a panel.)
public final class Timer: @unchecked Sendable {
    /// Seconds between firings (0 for a timer that fires once).
    public let timeInterval: Double
    /// How late it may fire, to let the system coalesce wake-ups.
    public var tolerance: Double = 0
    public private(set) var fireDate: Date
    /// Whether it will still fire.
    public private(set) var isValid = true
    private let repeats: Bool
    private let block: @Sendable (Timer) -> Void
    private var source: DispatchSourceTimer?

    public init(fire date: Date, interval: Double, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        fireDate = date
        timeInterval = repeats ? Swift.max(interval, 0.0001) : 0  // as Foundation: a repeating 0 fires every 0.1 ms
        self.repeats = repeats
        self.block = block
    }

    public convenience init(timeInterval interval: Double, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        self.init(fire: Date(timeIntervalSinceNow: interval), interval: interval, repeats: repeats, block: block)
    }

    /// A timer already scheduled on the main run loop.
    public class func scheduledTimer(withTimeInterval interval: Double, repeats: Bool,
                                     block: @escaping @Sendable (Timer) -> Void) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        RunLoop.main.add(timer, forMode: .default)
        return timer
    }

    /// Runs the block now; a timer that fires once is then invalid.
    public func fire() {
        guard isValid else { return }
        block(self)
        if !repeats { invalidate() }
    }

    /// Stops it for good; the run loop lets go of it.
    public func invalidate() {
        isValid = false
        source?.cancel()
        source = nil
        RunLoop.main.scheduled[ObjectIdentifier(self)] = nil
    }

    /// Starts the main queue's timer source. The run loop keeps a scheduled timer until it is invalidated
    /// (as Foundation's does); the source's handler holds it weakly, so the timer may be invalidated — and
    /// freed — from its own block.
    fileprivate func schedule() {
        guard isValid, source == nil else { return }
        RunLoop.main.scheduled[ObjectIdentifier(self)] = self
        let delay = Swift.max(0, fireDate.timeIntervalSinceNow)
        let source = DispatchSource.makeTimerSource(queue: .main)
        source.schedule(deadline: .now() + .nanoseconds(Self.nanoseconds(delay)),
                        repeating: repeats ? .nanoseconds(Self.nanoseconds(timeInterval)) : .never,
                        leeway: .nanoseconds(Self.nanoseconds(tolerance)))
        source.setEventHandler { [weak self] in
            guard let self else { return }
            fireDate = Date(timeIntervalSinceNow: timeInterval)
            fire()
        }
        self.source = source
        source.resume()
    }

    private static func nanoseconds(_ seconds: Double) -> Int {
        Int(Swift.min(seconds, 1e9) * 1e9)  // over 31 years is "never" for a panel
    }
}

/// The main thread's run loop as Foundation names it: where `Timer.publish(every:on:in:)` and scheduled
/// timers fire. Scanout has one, the main one: its loop drains the main queue.
public final class RunLoop: @unchecked Sendable {
    public static let main = RunLoop()
    /// The main run loop (Scanout's UI runs on the main thread only).
    public class var current: RunLoop { main }

    /// The scheduled timers, kept until invalidated (touched on the main thread only).
    fileprivate var scheduled: [ObjectIdentifier: Timer] = [:]

    private init() {}

    /// Schedules `timer` (every mode is the same here).
    public func add(_ timer: Timer, forMode mode: Mode) { timer.schedule() }

    public struct Mode: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let `default` = Mode("kCFRunLoopDefaultMode")
        public static let common = Mode("kCFRunLoopCommonModes")
        public static let tracking = Mode("UITrackingRunLoopMode")
    }
}

/// A publisher that does nothing until `connect()` is called (Combine's `ConnectablePublisher`).
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    func connect() -> any Cancellable
}

extension ConnectablePublisher {
    /// Connects when the first subscriber arrives and disconnects when the last one leaves.
    public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(upstream: self) }
}

extension Timer {
    /// A publisher of the date every `interval` seconds, while connected (Combine's `Timer.publish`).
    public static func publish(every interval: Double, tolerance: Double? = nil, on runLoop: RunLoop,
                               in mode: RunLoop.Mode, options: Never? = nil) -> Timer.TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode)
    }

    /// Sends the date to its subscribers at each firing of one timer, which runs while the publisher is
    /// connected: `connect()` again returns the running connection, so `timer.upstream.connect().cancel()`
    /// stops it, as in Combine. (Unchecked `Sendable`: its timer fires on the main queue, where it is used.)
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        public typealias Output = Date
        public typealias Failure = Never
        public let interval: Double
        public let tolerance: Double?
        public let runLoop: RunLoop
        public let mode: RunLoop.Mode
        private let fanOut = FanOut<Date, Never>()
        private var timer: Timer?

        public init(interval: Double, tolerance: Double? = nil, runLoop: RunLoop, mode: RunLoop.Mode, options: Never? = nil) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            fanOut.attach(subscriber, current: nil)
        }

        public func connect() -> any Cancellable {
            if timer == nil {
                // The timer keeps the publisher while it runs (a view holding only `autoconnect()`'s result,
                // a subscription holding only that); cancelling the connection ends both.
                let timer = Timer(timeInterval: interval, repeats: true) { [self] _ in fanOut.send(Date()) }
                if let tolerance { timer.tolerance = tolerance }
                self.timer = timer
                runLoop.add(timer, forMode: mode)
            }
            return AnyCancellable { [weak self] in
                self?.timer?.invalidate()
                self?.timer = nil
            }
        }
    }
}

extension Publishers {
    /// Connects its upstream when the first subscriber arrives, disconnects when the last leaves (Combine's
    /// `Publishers.Autoconnect`).
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public final let upstream: Upstream
        private var connection: (any Cancellable)?
        private var subscribers = 0

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscribers += 1
            upstream.subscribe(Counted(downstream: subscriber, owner: self))
            if connection == nil { connection = upstream.connect() }
        }

        fileprivate func left() {
            subscribers -= 1
            guard subscribers == 0 else { return }
            connection?.cancel()
            connection = nil
        }

        /// Passes everything through; the subscription it hands on tells the autoconnect when it ends.
        private struct Counted<Downstream: Subscriber>: Subscriber where Downstream.Input == Output, Downstream.Failure == Failure {
            let downstream: Downstream
            let owner: Autoconnect

            func receive(subscription: any Subscription) {
                downstream.receive(subscription: Leaving(inner: subscription, owner: owner))
            }
            func receive(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }
            // (An upstream that finishes stays connected: a timer never finishes.)
            func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
        }

        private final class Leaving: Subscription {
            let inner: any Subscription
            private var owner: Autoconnect?
            init(inner: any Subscription, owner: Autoconnect) { self.inner = inner; self.owner = owner }
            func request(_ demand: Subscribers.Demand) { inner.request(demand) }
            func cancel() {
                inner.cancel()
                let owner = self.owner
                self.owner = nil
                owner?.left()
            }
        }
    }
}

extension Timer.TimerPublisher: ReceiveKeyed {
    var receiveKey: AnyHashable? { TimerKey(interval: interval, tolerance: tolerance, mode: mode) }
    private struct TimerKey: Hashable { let interval: Double; let tolerance: Double?; let mode: RunLoop.Mode }
}

extension Publishers.Autoconnect: ReceiveKeyed {
    var receiveKey: AnyHashable? { (upstream as? any ReceiveKeyed)?.receiveKey ?? AnyHashable(ObjectIdentifier(self)) }
}
