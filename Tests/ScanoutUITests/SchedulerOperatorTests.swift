import Testing
@testable import ScanoutUI
import ScanoutTesting

/// `receive(on:)`, `debounce`, `throttle` and `delay` on the main run loop and the main queue. They run in
/// real time: each test waits (up to the host's timeout) for what must arrive, and a few periods for what
/// must not.
@MainActor
struct SchedulerOperatorTests {
    let host = TestHost(rootView: Text("x"), width: 10, height: 10)

    /// Lets `seconds` pass with the main queue drained.
    func wait(_ seconds: Double) async {
        try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
        await host.runMainActorJobs()
    }

    @Test func receiveOnDeliversLaterOnTheScheduler() async {
        let subject = PassthroughSubject<Int, Never>()
        var seen: [Int] = []
        let onRunLoop = subject.receive(on: RunLoop.main).sink { seen.append($0) }
        let onQueue = subject.receive(on: DispatchQueue.main).sink { seen.append($0 * 10) }
        subject.send(1)
        #expect(seen.isEmpty)  // not within send
        #expect(await host.runMainActorJobs(until: { seen.count == 2 }))
        #expect(Set(seen) == [1, 10])
        _ = (onRunLoop, onQueue)
    }

    @Test func debounceDeliversTheLastValueOfABurst() async {
        let subject = PassthroughSubject<String, Never>()
        var seen: [String] = []
        let c = subject.debounce(for: .milliseconds(30), scheduler: RunLoop.main).sink { seen.append($0) }
        subject.send("p")
        subject.send("pu")
        subject.send("pum")
        #expect(await host.runMainActorJobs(until: { !seen.isEmpty }))
        await wait(0.1)
        #expect(seen == ["pum"])
        subject.send("pump")
        #expect(await host.runMainActorJobs(until: { seen.count == 2 }))
        #expect(seen == ["pum", "pump"])
        _ = c
    }

    @Test func throttleSendsTheFirstAtOnceThenOnePerInterval() async {
        let subject = PassthroughSubject<Int, Never>()
        var latest: [Int] = [], first: [Int] = []
        let a = subject.throttle(for: .milliseconds(40), scheduler: DispatchQueue.main, latest: true).sink { latest.append($0) }
        let b = subject.throttle(for: .milliseconds(40), scheduler: RunLoop.main, latest: false).sink { first.append($0) }
        for v in 1...4 { subject.send(v) }
        #expect(await host.runMainActorJobs(until: { latest.count == 2 && first.count == 2 }))
        await wait(0.15)
        #expect(latest == [1, 4])
        #expect(first == [1, 2])
        _ = (a, b)
    }

    @Test func delayAndCancellation() async {
        let subject = PassthroughSubject<Int, Never>()
        var delayed: [Int] = [], cancelled: [Int] = []
        let a = subject.delay(for: .milliseconds(20), scheduler: DispatchQueue.main).sink { delayed.append($0) }
        let b = subject.debounce(for: .milliseconds(20), scheduler: RunLoop.main).sink { cancelled.append($0) }
        subject.send(7)
        #expect(delayed.isEmpty)
        b.cancel()  // its scheduled value must not arrive
        #expect(await host.runMainActorJobs(until: { delayed == [7] }))
        await wait(0.08)
        #expect(cancelled.isEmpty)
        _ = a
    }

    @Test func strides() {
        #expect(RunLoop.SchedulerTimeType.Stride.milliseconds(1500).timeInterval == 1.5)
        #expect(DispatchQueue.SchedulerTimeType.Stride.seconds(2) == 2)
        let now = DispatchQueue.main.now
        #expect(now.distance(to: now.advanced(by: .microseconds(5))) == .nanoseconds(5_000))
    }
}
