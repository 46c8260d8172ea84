import Dispatch

/// Combine's schedulers — `RunLoop.main` and `DispatchQueue` — for the time operators SwiftUI code chains
/// (`receive(on:)`, `debounce`, `throttle`, `delay`). Both run their work through libdispatch; the main run
/// loop's work goes on the main queue, which Scanout's loop drains.

/// A span of scheduler time made from seconds and their fractions (`.milliseconds(300)`).
public protocol SchedulerTimeIntervalConvertible {
    static func seconds(_ s: Int) -> Self
    static func seconds(_ s: Double) -> Self
    static func milliseconds(_ ms: Int) -> Self
    static func microseconds(_ us: Int) -> Self
    static func nanoseconds(_ ns: Int) -> Self
}

/// Where and when work runs (Combine's `Scheduler`).
public protocol Scheduler<SchedulerTimeType> {
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    associatedtype SchedulerOptions

    var now: SchedulerTimeType { get }
    var minimumTolerance: SchedulerTimeType.Stride { get }

    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
    func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
                  _ action: @escaping () -> Void)
    func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                  options: SchedulerOptions?, _ action: @escaping () -> Void) -> any Cancellable
}

extension Scheduler {
    public func schedule(_ action: @escaping () -> Void) { schedule(options: nil, action) }
    public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: minimumTolerance, options: nil, action)
    }
    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: tolerance, options: nil, action)
    }
    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
                         _ action: @escaping () -> Void) -> any Cancellable {
        schedule(after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
    }
}

/// Carries a closure into libdispatch, whose blocks are `@Sendable`: Combine's schedulers take plain closures
/// and leave it to the app not to share what they touch (here: work for the main queue, made on it).
struct ScheduledWork: @unchecked Sendable {
    let run: () -> Void
}

/// A span in nanoseconds: the stride of both schedulers' times.
public struct SchedulerStride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable, Sendable {
    /// Nanoseconds.
    public var magnitude: Int
    /// Seconds.
    public var timeInterval: Double { Double(magnitude) / 1e9 }

    public init(_ timeInterval: Double) { magnitude = Int((timeInterval * 1e9).rounded()) }
    public init(nanoseconds: Int) { magnitude = nanoseconds }
    public init(integerLiteral value: Int) { magnitude = value * 1_000_000_000 }
    public init?<T: BinaryInteger>(exactly source: T) {
        guard let v = Int(exactly: source) else { return nil }
        magnitude = v * 1_000_000_000
    }

    public static func seconds(_ s: Int) -> Self { Self(nanoseconds: s * 1_000_000_000) }
    public static func seconds(_ s: Double) -> Self { Self(s) }
    public static func milliseconds(_ ms: Int) -> Self { Self(nanoseconds: ms * 1_000_000) }
    public static func microseconds(_ us: Int) -> Self { Self(nanoseconds: us * 1_000) }
    public static func nanoseconds(_ ns: Int) -> Self { Self(nanoseconds: ns) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
    public static func + (lhs: Self, rhs: Self) -> Self { Self(nanoseconds: lhs.magnitude + rhs.magnitude) }
    public static func - (lhs: Self, rhs: Self) -> Self { Self(nanoseconds: lhs.magnitude - rhs.magnitude) }
    public static func * (lhs: Self, rhs: Self) -> Self { Self(nanoseconds: lhs.magnitude * rhs.magnitude / 1_000_000_000) }
    public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
    public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
    public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }
}

extension RunLoop: Scheduler {
    /// A moment of the run loop's clock (Combine's `RunLoop.SchedulerTimeType`).
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        public typealias Stride = SchedulerStride
        public var date: Date
        public init(_ date: Date) { self.date = date }
        public func distance(to other: Self) -> Stride { Stride(other.date.timeIntervalSince(date)) }
        public func advanced(by n: Stride) -> Self { Self(date.addingTimeInterval(n.timeInterval)) }
    }

    public struct SchedulerOptions: Sendable {}

    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }
    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        DispatchQueue.main.schedule(options: nil, action)
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
                         _ action: @escaping () -> Void) {
        DispatchQueue.main.schedule(after: DispatchQueue.main.time(in: date.date.timeIntervalSinceNow),
                                    tolerance: tolerance, options: nil, action)
    }

    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         options: SchedulerOptions?, _ action: @escaping () -> Void) -> any Cancellable {
        DispatchQueue.main.schedule(after: DispatchQueue.main.time(in: date.date.timeIntervalSinceNow),
                                    interval: interval, tolerance: tolerance, options: nil, action)
    }
}

extension DispatchQueue: Scheduler {
    /// A moment of libdispatch's clock (Combine's `DispatchQueue.SchedulerTimeType`).
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        public typealias Stride = SchedulerStride
        public var dispatchTime: DispatchTime
        public init(_ time: DispatchTime) { dispatchTime = time }
        public func distance(to other: Self) -> Stride {
            Stride(nanoseconds: Int(Int64(bitPattern: other.dispatchTime.uptimeNanoseconds &- dispatchTime.uptimeNanoseconds)))
        }
        public func advanced(by n: Stride) -> Self {
            Self(DispatchTime(uptimeNanoseconds: UInt64(Swift.max(0, Int64(dispatchTime.uptimeNanoseconds) + Int64(n.magnitude)))))
        }
        public func hash(into hasher: inout Hasher) { hasher.combine(dispatchTime.uptimeNanoseconds) }
        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.dispatchTime == rhs.dispatchTime }
    }

    public struct SchedulerOptions: Sendable {}

    public var now: SchedulerTimeType { SchedulerTimeType(.now()) }
    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    /// The time `seconds` from now (past times run at once).
    func time(in seconds: Double) -> SchedulerTimeType {
        SchedulerTimeType(.now() + .nanoseconds(Int(Swift.max(0, Swift.min(seconds, 1e9)) * 1e9)))
    }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = ScheduledWork(run: action)
        async { work.run() }
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
                         _ action: @escaping () -> Void) {
        let work = ScheduledWork(run: action)
        asyncAfter(deadline: date.dispatchTime) { work.run() }
    }

    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         options: SchedulerOptions?, _ action: @escaping () -> Void) -> any Cancellable {
        let source = DispatchSource.makeTimerSource(queue: self)
        let work = ScheduledWork(run: action)
        source.schedule(deadline: date.dispatchTime, repeating: .nanoseconds(Swift.max(1, interval.magnitude)),
                        leeway: .nanoseconds(Swift.max(0, tolerance.magnitude)))
        source.setEventHandler { work.run() }
        source.resume()
        return AnyCancellable { source.cancel() }
    }
}
