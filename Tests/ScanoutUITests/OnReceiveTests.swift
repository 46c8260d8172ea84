import Observation
import Testing
@testable import ScanoutUI
import ScanoutTesting

/// `onReceive`, `Timer.publish(...).autoconnect()` and `Timer.scheduledTimer` in running views.
@MainActor
struct OnReceiveTests {
    @Observable @MainActor final class Log {
        var subject = PassthroughSubject<String, Never>()
        var showsReceiver = true
        var parentUpdates = 0
    }

    struct Receiver: View {
        let subject: PassthroughSubject<String, Never>
        @State private var last = "nothing"
        var body: some View {
            Text(last).onReceive(subject) { last = $0 }
        }
    }

    struct Screen: View {
        let log: Log
        var body: some View {
            VStack {
                Text("updates \(log.parentUpdates)")
                if log.showsReceiver { Receiver(subject: log.subject) }
            }
        }
    }

    @Test func valuesReachTheActionWhileTheViewExists() async {
        let log = Log()
        let host = TestHost(rootView: Screen(log: log), width: 300, height: 200)
        host.runFrame()
        #expect(host.contains(text: "nothing"))
        log.subject.send("first")
        host.runFrame()
        #expect(host.contains(text: "first"))

        // The parent's body runs again with the same subject: still one subscription.
        log.parentUpdates += 1
        host.runFrame()
        #expect(host.contains(text: "updates 1"))
        log.subject.send("second")
        host.runFrame()
        #expect(host.contains(text: "second"))
        #expect(!log.subject.fanOut.isEmpty)

        // A different subject: the old one is left, the new one heard.
        let old = log.subject
        log.subject = PassthroughSubject()
        host.runFrame()
        #expect(old.fanOut.isEmpty)
        old.send("stale")
        log.subject.send("third")
        host.runFrame()
        #expect(host.contains(text: "third"))

        // Removed: unsubscribed.
        log.showsReceiver = false
        host.runFrame()
        #expect(log.subject.fanOut.isEmpty)
        #expect(host.warnings.isEmpty)
    }

    struct CurrentReceiver: View {
        let subject: CurrentValueSubject<Int, Never>
        @State private var value = 0
        var body: some View {
            Text("value \(value)").onReceive(subject) { value = $0 }
        }
    }

    @Test func aValueGivenAsItIsSubscribedArrivesWithoutAWriteDuringUpdate() {
        let subject = CurrentValueSubject<Int, Never>(42)
        let host = TestHost(rootView: CurrentReceiver(subject: subject), width: 300, height: 100)
        host.runFrame()
        host.runFrame()
        #expect(host.contains(text: "value 42"))
        subject.value = 43
        host.runFrame()
        #expect(host.contains(text: "value 43"))
        #expect(host.warnings.isEmpty)
    }

    @Observable @MainActor final class Ticks {
        var count = 0
        var showsClock = true
        var rebuilds = 0
    }

    struct Clock: View {
        let ticks: Ticks
        let timer = Timer.publish(every: 0.01, on: .main, in: .common).autoconnect()
        var body: some View {
            Text("ticks").onReceive(timer) { _ in ticks.count += 1 }
        }
    }

    struct ClockScreen: View {
        let ticks: Ticks
        var body: some View {
            VStack {
                Text("rebuilt \(ticks.rebuilds)")
                if ticks.showsClock { Clock(ticks: ticks) }
            }
        }
    }

    @Test func aTimerPublisherTicksWhileTheViewExistsAndStopsAfter() async throws {
        let ticks = Ticks()
        let host = TestHost(rootView: ClockScreen(ticks: ticks), width: 300, height: 100)
        host.runFrame()
        #expect(await host.runMainActorJobs(until: { ticks.count >= 3 }))

        // The parent makes a new `Clock` (and a new timer publisher): the running timer is kept.
        typealias ClockReceiver = ReceiveBehavior<Publishers.Autoconnect<Timer.TimerPublisher>>
        var found: ClockReceiver?
        host.host.visitNodes { node in
            found = node.behavior as? ClockReceiver
            return found != nil
        }
        let behavior = try #require(found)
        let subscription = behavior.subscriptionForTests
        ticks.rebuilds += 1
        host.runFrame()
        #expect(host.contains(text: "rebuilt 1"))
        #expect(behavior.subscriptionForTests === subscription)
        let before = ticks.count
        #expect(await host.runMainActorJobs(until: { ticks.count >= before + 2 }))

        // Removed: its timer stops (the autoconnect disconnects when its only subscriber leaves).
        ticks.showsClock = false
        host.runFrame()
        let stopped = ticks.count
        try await Task.sleep(nanoseconds: 60_000_000)  // six periods: none of them may tick
        await host.runMainActorJobs()
        #expect(ticks.count == stopped)
    }

    @Test func connectAgainReturnsTheRunningConnection() async {
        let publisher = Timer.publish(every: 0.01, on: .main, in: .default)
        var dates: [Date] = []
        let c = publisher.sink { dates.append($0) }
        let connection = publisher.connect()
        let host = TestHost(rootView: Text("x"), width: 10, height: 10)
        #expect(await host.runMainActorJobs(until: { dates.count >= 2 }))
        publisher.connect().cancel()  // `timer.upstream.connect().cancel()`: stops it
        let stopped = dates.count
        try? await Task.sleep(nanoseconds: 50_000_000)
        await host.runMainActorJobs()
        #expect(dates.count == stopped)
        #expect(dates == dates.sorted())
        _ = (c, connection)
    }

    final class Counter: @unchecked Sendable { var fired = 0 }

    @Test func scheduledTimersFireOnTheMainQueueUntilInvalidated() async {
        let host = TestHost(rootView: Text("x"), width: 10, height: 10)
        let repeating = Counter(), once = Counter()
        let timer = Timer.scheduledTimer(withTimeInterval: 0.01, repeats: true) { _ in repeating.fired += 1 }
        let single = Timer.scheduledTimer(withTimeInterval: 0.01, repeats: false) { _ in once.fired += 1 }
        #expect(await host.runMainActorJobs(until: { repeating.fired >= 3 && once.fired == 1 }))
        #expect(!single.isValid)
        #expect(timer.isValid)
        timer.invalidate()
        let stopped = repeating.fired
        try? await Task.sleep(nanoseconds: 50_000_000)
        await host.runMainActorJobs()
        #expect(repeating.fired == stopped)
        #expect(once.fired == 1)
        #expect(!timer.isValid)
    }
}
