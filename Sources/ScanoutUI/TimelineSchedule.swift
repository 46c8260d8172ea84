/// The dates a `TimelineView` updates at (SwiftUI's `TimelineSchedule`). The view asks for the entries from
/// when it appears; it shows the first one at once and each later one when its date arrives. Scanout runs
/// no frame and arms no wake-up between entries.
public protocol TimelineSchedule {
    typealias Mode = TimelineScheduleMode
    associatedtype Entries: Sequence where Entries.Element == Date
    /// The dates to update at, from `startDate` on (the first may be at or before it).
    func entries(from startDate: Date, mode: Mode) -> Entries
}

/// How often a timeline may update: `.lowFrequency` on an always-on, dimmed screen (Scanout asks for
/// `.normal` only).
public enum TimelineScheduleMode: Sendable {
    case normal
    case lowFrequency
}

/// What the host needs to know about a built-in schedule beyond its entries.
protocol BuiltInTimelineSchedule {
    /// Whether the view updates every frame rather than at dates (`.animation`).
    var updatesEveryFrame: Bool { get }
    /// Values that decide the entries: a new view value with the same ones keeps the timeline going.
    var identity: [Double] { get }
}

/// Every `interval` seconds from `startDate` (SwiftUI's `PeriodicTimelineSchedule`).
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    let startDate: Date
    let interval: TimeInterval

    public init(from startDate: Date, by interval: TimeInterval) {
        self.startDate = startDate
        self.interval = interval
    }

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
        // The first entry is the last one of the period grid at or before `startDate` (the grid's start when
        // that is later), so a view appearing mid-period shows the period it is in.
        var first = self.startDate
        if interval > 0, startDate > first {
            first += interval * (startDate.timeIntervalSince(first) / interval).rounded(.down)
        }
        return Entries(upcoming: first, interval: interval)
    }

    public struct Entries: Sequence, IteratorProtocol, Sendable {
        var upcoming: Date?
        let interval: TimeInterval

        public mutating func next() -> Date? {
            defer { upcoming = interval > 0 ? upcoming.map { $0 + interval } : nil }
            return upcoming
        }
    }
}

extension PeriodicTimelineSchedule: BuiltInTimelineSchedule {
    var updatesEveryFrame: Bool { false }
    var identity: [Double] { [startDate.timeIntervalSinceReferenceDate, interval] }
}

/// The start date, then the start of every minute (SwiftUI's `EveryMinuteTimelineSchedule`).
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    public init() {}

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries { Entries(upcoming: startDate) }

    public struct Entries: Sequence, IteratorProtocol, Sendable {
        var upcoming: Date

        public mutating func next() -> Date? {
            let date = upcoming
            // Minutes of the reference date's clock (every time zone's offset is whole minutes).
            let t = date.timeIntervalSinceReferenceDate
            upcoming = Date(timeIntervalSinceReferenceDate: ((t / 60).rounded(.down) + 1) * 60)
            return date
        }
    }
}

extension EveryMinuteTimelineSchedule: BuiltInTimelineSchedule {
    var updatesEveryFrame: Bool { false }
    var identity: [Double] { [] }
}

/// Every frame, or every `minimumInterval` seconds; only the start date while paused (SwiftUI's
/// `AnimationTimelineSchedule`).
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    let minimumInterval: Double?
    let paused: Bool

    public init(minimumInterval: Double? = nil, paused: Bool = false) {
        self.minimumInterval = minimumInterval
        self.paused = paused
    }

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
        Entries(upcoming: startDate, interval: paused ? nil : max(minimumInterval ?? 1.0 / 60, 1.0 / 1000))
    }

    public struct Entries: Sequence, IteratorProtocol, Sendable {
        var upcoming: Date?
        let interval: TimeInterval?

        public mutating func next() -> Date? {
            defer { upcoming = interval.flatMap { i in upcoming.map { $0 + i } } }
            return upcoming
        }
    }
}

extension AnimationTimelineSchedule: BuiltInTimelineSchedule {
    /// Without a minimum interval the host runs the view's frames back to back, at the display's rate.
    var updatesEveryFrame: Bool { !paused && minimumInterval == nil }
    var identity: [Double] { [minimumInterval ?? -1, paused ? 1 : 0] }
}

/// The given dates (SwiftUI's `ExplicitTimelineSchedule`).
public struct ExplicitTimelineSchedule<Entries: Sequence>: TimelineSchedule where Entries.Element == Date {
    let dates: Entries

    public init(_ dates: Entries) { self.dates = dates }

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries { dates }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    /// Every `interval` seconds from `startDate`.
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    /// At the start of every minute.
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// Every frame.
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }

    /// Every frame, at most every `minimumInterval` seconds; not at all while `paused`.
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}

extension TimelineSchedule {
    /// At each of `dates`.
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule<S> where Self == ExplicitTimelineSchedule<S> {
        ExplicitTimelineSchedule(dates)
    }
}
