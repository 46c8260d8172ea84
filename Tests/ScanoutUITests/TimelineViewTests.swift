import Foundation
import Testing
import ScanoutUI
import ScanoutTesting

/// TimelineView: the content is built at the schedule's dates and only then; between them the app asks for
/// no frame and names the next date as its wake-up time; `.animation` updates every frame; a timeline that
/// goes away leaves no wake-up behind.
@MainActor
struct TimelineViewTests {
    @MainActor final class Counter { var builds = 0; var dates: [Date] = [] }

    static let start = Date(timeIntervalSinceReferenceDate: 799_999_980)  // a whole minute (13,333,333 × 60 s)

    struct Clock: View {
        let counter: Counter
        var body: some View {
            TimelineView(.periodic(from: TimelineViewTests.start, by: 1)) { context in
                let _ = counter.builds += 1
                let _ = counter.dates.append(context.date)
                Text("t+\(Int(context.date.timeIntervalSince(TimelineViewTests.start)))")
            }
        }
    }

    private func host<V: View>(_ view: V) -> TestHost {
        let host = TestHost(rootView: view, width: 320, height: 240)
        host.startDate = Self.start
        return host
    }

    @Test func periodicBuildsOncePerEntryAndWakesOnlyForTheNext() async {
        let counter = Counter()
        let host = host(Clock(counter: counter))
        host.runFrame()
        #expect(host.contains(text: "t+0"))
        #expect(!host.needsFrame, "at rest between entries")
        let wake = host.nextWakeTime
        #expect(wake == 1, "the next entry, one second after the start: \(String(describing: wake))")
        let builds = counter.builds
        host.advance(seconds: 3)
        #expect(host.contains(text: "t+3"))
        #expect(counter.builds - builds == 3, "three entries, three builds (not one per frame): \(counter.builds - builds)")
        // The context's date is the entry's, not the frame's time.
        #expect(counter.dates.suffix(3) == [1, 2, 3].map { Self.start + Double($0) })
        #expect(!host.needsFrame)
        #expect(host.nextWakeTime == 4)
    }

    @Test func aViewAppearingMidPeriodShowsThePeriodItIsIn() async {
        let counter = Counter()
        let host = TestHost(rootView: Clock(counter: counter), width: 320, height: 240)
        host.startDate = Self.start + 10.5
        host.runFrame()
        #expect(host.contains(text: "t+10"))
        let wake = host.nextWakeTime ?? 0
        #expect(abs(wake - 0.5) < 1e-6, "the next whole second: \(wake)")
    }

    struct EveryMinute: View {
        var body: some View {
            TimelineView(.everyMinute) { context in
                Text("m\(Int(context.date.timeIntervalSince(TimelineViewTests.start) / 60))")
            }
        }
    }

    @Test func everyMinuteWakesAtTheMinute() async {
        let host = TestHost(rootView: EveryMinute(), width: 320, height: 240)
        host.startDate = Self.start + 15
        host.runFrame()
        #expect(host.contains(text: "m0"))
        let wake = host.nextWakeTime ?? 0
        #expect(abs(wake - 45) < 1e-6, "the start of the next minute: \(wake)")
        host.advance(seconds: 46)
        #expect(host.contains(text: "m1"))
    }

    struct Animated: View {
        let counter: Counter
        var body: some View {
            TimelineView(.animation) { context in
                let _ = counter.builds += 1
                Circle().frame(width: 10 + (context.date.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 1)) * 50)
            }
        }
    }

    @Test func animationScheduleUpdatesEveryFrame() async {
        let counter = Counter()
        let host = host(Animated(counter: counter))
        host.runFrame()
        #expect(host.needsFrame, "frames keep coming")
        let builds = counter.builds
        for _ in 0..<10 { host.runFrame() }
        #expect(counter.builds - builds == 10)
    }

    struct Toggled: View {
        @State var shows = true
        var body: some View {
            VStack {
                Button("Hide") { shows = false }
                if shows {
                    TimelineView(.periodic(from: TimelineViewTests.start, by: 1)) { context in Text("\(context.date)") }
                }
            }
        }
    }

    @Test func aTimelineThatGoesAwayLeavesNoWakeUp() async {
        let host = host(Toggled())
        host.runFrame()
        #expect(host.nextWakeTime != nil)
        host.tap(text: "Hide")
        host.runFrame()
        #expect(host.nextWakeTime == nil, "a static screen wakes for nothing")
        #expect(!host.needsFrame)
    }

    struct Explicit: View {
        var body: some View {
            TimelineView(.explicit([TimelineViewTests.start + 2, TimelineViewTests.start + 5])) { context in
                Text("e\(Int(context.date.timeIntervalSince(TimelineViewTests.start)))")
            }
        }
    }

    @Test func explicitDates() async {
        let host = host(Explicit())
        host.runFrame()
        #expect(host.contains(text: "e2"), "the first entry is shown at once")
        #expect(host.nextWakeTime == 5)
        host.advance(seconds: 5)
        #expect(host.contains(text: "e5"))
        #expect(host.nextWakeTime == nil, "no entries left")
    }
}
