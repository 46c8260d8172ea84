import Foundation
import Testing
import ScanoutUI
import ScanoutTesting

/// Text(date, style:) and Text(timerInterval:): formatting, and live styles waking the host only when the
/// text changes.
@MainActor
struct DateTextTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func host<V: View>(_ view: V) -> TestHost {
        let h = TestHost(rootView: view, width: 320, height: 200)
        h.startDate = Self.start
        return h
    }

    @Test func timerCountsUpEverySecondAndWakesOncePerSecond() async {
        let host = host(Text(Self.start - 65, style: .timer))
        host.runFrame()
        #expect(host.visibleTexts == ["1:05"])
        #expect(!host.needsFrame)
        let wake = host.nextWakeTime ?? 0
        #expect(abs(wake - 1) < 1e-6, "the next whole second: \(wake)")
        let frames = host.committedFrames
        host.advance(seconds: 3)
        #expect(host.visibleTexts == ["1:08"])
        #expect(host.committedFrames - frames == 3, "one new picture per second, not per frame")
    }

    @Test func timerIntervalCountsDownAndStopsAtZero() async {
        let host = host(Text(timerInterval: Self.start...(Self.start + 90)))
        host.runFrame()
        #expect(host.visibleTexts == ["1:30"])
        host.advance(seconds: 100)
        #expect(host.visibleTexts == ["0:00"])
    }

    @Test func relativeAndOffset() async {
        let host = host(VStack {
            Text(Self.start - 125, style: .relative)
            Text(Self.start + 2 * 3600 + 600, style: .relative)
            Text(Self.start - 180, style: .offset)
        })
        host.runFrame()
        #expect(host.visibleTexts == ["2 min, 5 sec", "in 2 hr, 10 min", "+3 minutes"])
        host.advance(seconds: 2)
        #expect(host.visibleTexts.first == "2 min, 7 sec")
    }

    @Test func staticStylesDoNotWake() async {
        let host = host(VStack {
            Text(Self.start, style: .date)
            Text(Self.start, style: .time)
        })
        host.runFrame()
        #expect(host.nextWakeTime == nil)
        #expect(host.visibleTexts.count == 2)
        #expect(host.visibleTexts[0].hasSuffix(", 2027"), "\(host.visibleTexts)")
        #expect(host.visibleTexts[1].contains(":"))
    }

    @Test func aJoinedTimerStaysCurrent() async {
        let host = host(Text("Running for ") + Text(Self.start, style: .timer).bold())
        host.runFrame()
        #expect(host.visibleTexts == ["Running for ", "0:00"])
        host.advance(seconds: 2)
        #expect(host.visibleTexts == ["Running for ", "0:02"])
    }
}
