/// A view whose content is built again at the dates of a schedule (SwiftUI's `TimelineView`). Between the
/// dates nothing runs: the host reports the next date as its `nextWakeTime` and the app's runner arms one
/// timer for it, so a clock showing seconds costs one wake-up a second, and a screen without a timeline none.
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View, PrimitiveView {
    let schedule: Schedule
    let content: (TimelineViewDefaultContext) -> Content

    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    /// What the content is built for: the date of the schedule's current entry.
    public struct Context {
        /// How often the view updates (Scanout always updates at the schedule's own rate).
        public enum Cadence: Comparable, Sendable {
            case live
            case seconds
            case minutes
        }

        /// The current entry's date (not the time the content happens to be built at).
        public let date: Date
        public let cadence: Cadence
        weak var timeline: (any TimelineUpdating)?

        /// Builds the content again in the next frame (something it reads outside the view graph changed).
        @MainActor public func invalidateTimelineContent() { timeline?.invalidate() }
    }

    func makeBehavior() -> NodeBehavior { TimelineViewBehavior<Schedule, Content>() }
}

/// The context every timeline's content receives, whatever its schedule.
public typealias TimelineViewDefaultContext = TimelineView<EveryMinuteTimelineSchedule, Never>.Context

/// A timeline as its host sees it: when it next needs a frame, and the clock reaching a time.
@MainActor
protocol TimelineUpdating: AnyObject {
    /// The next entry's time on the host's clock (seconds); nil: none.
    var nextTime: Double? { get }
    /// Whether it updates every frame (the host then keeps frames coming while it is shown).
    var updatesEveryFrame: Bool { get }
    /// The clock reached `time`: an entry that became due rebuilds the content.
    func advance(to time: Double)
    func invalidate()
}

/// Keeps the schedule's entry iterator: `current` is the entry shown, `upcoming` the next one. The content is
/// built in `refresh` (the node is scheduled like a dirty body), so it runs once per entry that arrives.
final class TimelineViewBehavior<Schedule: TimelineSchedule, Content: View>: NodeBehavior, TimelineUpdating {
    private var timeline: TimelineView<Schedule, Content>!
    private var entries: Schedule.Entries.Iterator?
    private var current = Date(timeIntervalSinceReferenceDate: 0)
    private var upcoming: Date?
    private var registered = false
    /// How many past entries one frame may step over before the entries are asked for again from now (a
    /// schedule far behind the clock: a suspended board waking up).
    private static var maximumSkipped: Int { 10_000 }

    override var role: LayoutRole { .transparent }
    override var viewValueAffectsOwnOutput: Bool { false }

    var updatesEveryFrame: Bool { (timeline.schedule as? BuiltInTimelineSchedule)?.updatesEveryFrame ?? false }

    var nextTime: Double? { upcoming.map { node.host.time(of: $0) } }

    override func update(_ view: any View) -> [ChildSlot]? {
        let new = view as! TimelineView<Schedule, Content>
        let keeps = timeline.map { Self.sameEntries(new.schedule, $0.schedule) } ?? false
        timeline = new
        if !keeps { start(at: node.host.date) }
        return slots()
    }

    override func refresh() -> [ChildSlot]? { slots() }

    private func slots() -> [ChildSlot] {
        let context = TimelineViewDefaultContext(date: current, cadence: .live, timeline: self)
        return [ChildSlot(key: 0, view: timeline.content(context))]
    }

    /// A built-in schedule with the same values keeps its entries; any other new value starts them again.
    private static func sameEntries(_ a: Schedule, _ b: Schedule) -> Bool {
        guard let a = a as? BuiltInTimelineSchedule, let b = b as? BuiltInTimelineSchedule else { return false }
        return a.identity == b.identity
    }

    /// The entries from `date`: the first is shown at once, the later ones up to `date` are stepped over.
    private func start(at date: Date) {
        var it = timeline.schedule.entries(from: date, mode: .normal).makeIterator()
        current = it.next() ?? date
        upcoming = it.next()
        entries = it
        _ = stepOver(to: date)
    }

    /// Moves to the last entry at or before `date`; returns whether the entry shown changed.
    private func stepOver(to date: Date) -> Bool {
        var stepped = 0
        while let next = upcoming, next <= date {
            current = next
            upcoming = entries?.next()
            stepped += 1
            if stepped > Self.maximumSkipped {
                start(at: date)
                return true
            }
        }
        return stepped > 0
    }

    func advance(to time: Double) {
        if updatesEveryFrame {
            current = node.host.date(at: time)
            node.host.schedule(node)
        } else if stepOver(to: node.host.date(at: time)) {
            node.host.schedule(node)
        }
    }

    func invalidate() { node.host.schedule(node) }

    override func appeared() {
        node.host.timelines[ObjectIdentifier(self)] = self
        registered = true
        if updatesEveryFrame { node.host.setNeedsFrame() }
    }

    override func disappeared() { unregister() }
    override func destroyed() { unregister() }

    private func unregister() {
        guard registered else { return }
        registered = false
        node.host.timelines[ObjectIdentifier(self)] = nil
    }
}

extension ViewHost {
    /// The date on the host's clock at `time`: `startDate` plus the seconds since (simulated in tests).
    package func date(at time: Double) -> Date { startDate + time }
    /// The host's current frame time as a date.
    package var date: Date { date(at: time) }
    /// `date` on the host's clock (seconds since `startDate`).
    func time(of date: Date) -> Double { date.timeIntervalSince(startDate) }

    /// The earliest next entry of the timelines shown; nil: none waits for a date.
    var nextTimelineTime: Double? {
        var earliest: Double?
        for t in timelines.values where !t.updatesEveryFrame {
            if let n = t.nextTime, n < (earliest ?? .infinity) { earliest = n }
        }
        return earliest
    }

    /// Whether a timeline shown updates every frame (`.animation`).
    var hasEveryFrameTimeline: Bool { timelines.values.contains { $0.updatesEveryFrame } }

    /// The clock reached `now`: timelines whose next entry is due build their content again.
    func advanceTimelines(to now: Double) {
        guard !timelines.isEmpty else { return }
        for t in Array(timelines.values) { t.advance(to: now) }
    }
}
