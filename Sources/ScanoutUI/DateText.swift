#if canImport(Glibc)
import Glibc
#endif

/// `Text(date, style:)` and `Text(timerInterval:)`: text that shows a date and, for the relative styles,
/// keeps itself current. A relative or timer text registers with the host like a `TimelineView` and wakes it
/// only when the text shown changes (once a second for seconds, once a minute for minutes), never every frame.
/// Clock times are in the board's local time (the C library's, from /etc/localtime or $TZ); names are
/// English, and the clock has 12 hours only where $LC_ALL, $LC_TIME or $LANG is en_US (24 elsewhere).
extension Text {
    /// How a date is shown (SwiftUI's `Text.DateStyle`).
    public struct DateStyle: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case time, date, relative, offset, timer }
        let kind: Kind
        /// "14:05" (or "2:05 PM").
        public static let time = DateStyle(kind: .time)
        /// "June 3, 2026".
        public static let date = DateStyle(kind: .date)
        /// "2 min, 5 sec" / "in 3 hr, 10 min": the time from or to now, kept current.
        public static let relative = DateStyle(kind: .relative)
        /// "+2 minutes" / "-1 hour": the offset from now, kept current.
        public static let offset = DateStyle(kind: .offset)
        /// "1:05" / "1:02:05": the time since (or until) the date, counting every second.
        public static let timer = DateStyle(kind: .timer)
    }

    public init(_ date: Date, style: DateStyle) {
        self.init(verbatim: "")
        live = LiveDate(date: date, style: style.kind, interval: nil, countsDown: false)
    }

    /// A timer counting down to the end of `interval` (or up from its start), shown as "4:59".
    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
        self.init(verbatim: "")
        live = LiveDate(date: countsDown ? timerInterval.upperBound : timerInterval.lowerBound, style: .timer,
                        interval: timerInterval, countsDown: countsDown, pauseTime: pauseTime)
    }
}

/// A date a text shows, formatted against the host's clock when laid out and drawn.
struct LiveDate: Equatable {
    var date: Date
    var style: Text.DateStyle.Kind
    var interval: ClosedRange<Date>?
    var countsDown: Bool
    var pauseTime: Date?

    /// Whether the text changes with time (the relative styles).
    var isLive: Bool { style == .relative || style == .offset || style == .timer }

    /// The text at `now`.
    func string(at now: Date) -> String {
        let t = pauseTime ?? now
        switch style {
        case .time: return LiveDate.clock(date)
        case .date: return LiveDate.calendarDate(date)
        case .timer:
            var seconds = countsDown ? date.timeIntervalSince(t) : t.timeIntervalSince(date)
            if let interval {
                let length = interval.upperBound.timeIntervalSince(interval.lowerBound)
                seconds = Swift.min(Swift.max(0, seconds), length)
            }
            // Counting down shows the whole seconds left (1:30 until a second has gone), up the whole seconds passed.
            return LiveDate.timer(countsDown ? seconds.rounded(.up) : seconds)
        case .relative:
            let d = date.timeIntervalSince(t)
            // Time to go counts down in whole units left; time gone counts up in whole units passed.
            return d > 0 ? "in " + LiveDate.duration(d.rounded(.up)) : LiveDate.duration(-d)
        case .offset:
            let d = t.timeIntervalSince(date)
            return (d >= 0 ? "+" : "-") + LiveDate.longUnit(abs(d))
        }
    }

    /// When the text next changes after `now` (nil: never).
    func nextChange(after now: Date) -> Date? {
        guard isLive, pauseTime == nil else { return nil }
        // Seconds are shown below an hour (the relative style) and always by the timer: the text changes at
        // the next whole second of the difference; above that, at the next whole minute.
        let d = now.timeIntervalSince(date)
        let unit: Double = style == .timer || abs(d) < 3600 ? 1 : 60
        let next = ((d / unit).rounded(.down) + 1) * unit
        return date + next
    }

    // MARK: Formatting (English, no ICU)

    private static var months: [String] { LocalDateParts.monthNames }

    /// Local broken-down time of `date`.
    private static func local(_ date: Date) -> LocalDateParts { LocalDateParts(date) }

    /// Whether clock times have 12 hours and AM/PM (the board's locale is en_US).
    static var usesTwelveHoursClock: Bool {
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            if let v = getenv(name), let s = String(validatingCString: v), !s.isEmpty { return s.hasPrefix("en_US") }
        }
        return false
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static func clock(_ date: Date) -> String {
        let l = local(date)
        guard usesTwelveHoursClock else { return "\(twoDigits(l.hour)):\(twoDigits(l.minute))" }
        let h = l.hour % 12 == 0 ? 12 : l.hour % 12
        return "\(h):\(twoDigits(l.minute)) \(l.hour < 12 ? "AM" : "PM")"
    }

    static func calendarDate(_ date: Date) -> String {
        let l = local(date)
        return "\(months[l.month]) \(l.day), \(l.year)"
    }

    /// "Nov 24, 2026" (a compact date picker's capsule).
    static func shortCalendarDate(_ date: Date) -> String {
        let l = local(date)
        return "\(months[l.month].prefix(3)) \(l.day), \(l.year)"
    }

    static func timer(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.down))
        let h = s / 3600, m = (s % 3600) / 60, sec = s % 60
        return h > 0 ? "\(h):\(twoDigits(m)):\(twoDigits(sec))" : "\(m):\(twoDigits(sec))"
    }

    /// "2 min, 5 sec", "3 hr, 10 min", "2 days, 4 hr".
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.down))
        let d = s / 86400, h = (s % 86400) / 3600, m = (s % 3600) / 60, sec = s % 60
        if d > 0 { return h > 0 ? "\(d) \(d == 1 ? "day" : "days"), \(h) hr" : "\(d) \(d == 1 ? "day" : "days")" }
        if h > 0 { return m > 0 ? "\(h) hr, \(m) min" : "\(h) hr" }
        if m > 0 { return sec > 0 ? "\(m) min, \(sec) sec" : "\(m) min" }
        return "\(sec) sec"
    }

    /// "2 minutes", "1 hour", "3 days" (the largest unit).
    static func longUnit(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.down))
        func unit(_ n: Int, _ name: String) -> String { "\(n) \(name)\(n == 1 ? "" : "s")" }
        if s >= 86400 { return unit(s / 86400, "day") }
        if s >= 3600 { return unit(s / 3600, "hour") }
        if s >= 60 { return unit(s / 60, "minute") }
        return unit(s, "second")
    }
}

/// A text showing a live date registers with the host's timelines: the host wakes at its next change.
@MainActor
final class LiveDateTimeline: TimelineUpdating {
    unowned(unsafe) let behavior: TextBehavior
    init(_ behavior: TextBehavior) { self.behavior = behavior }

    var updatesEveryFrame: Bool { false }
    var nextTime: Double? {
        guard let text = behavior.text, let node = behavior.node else { return nil }
        let now = node.host.date
        var earliest: Date?
        for part in text.parts {
            if let n = part.live?.nextChange(after: now), n < (earliest ?? n + 1) { earliest = n }
        }
        return earliest.map { node.host.time(of: $0) }
    }
    func advance(to time: Double) {
        guard let node = behavior.node else { return }
        behavior.liveDateMayHaveChanged(at: node.host.date(at: time))
    }
    func invalidate() {}
}
