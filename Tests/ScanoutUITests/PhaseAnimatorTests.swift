import Testing
import ScanoutUI
import ScanoutTesting

/// `phaseAnimator` and `PhaseAnimator`: phases one after another, each when the last one's animation ended,
/// on the host's clock.
@MainActor
struct PhaseAnimatorTests {
    @MainActor final class Log {
        var phases: [Int] = []
        var last: Int? { phases.last }
    }

    @Test func withoutATriggerThePhasesCycleWhileShown() async {
        let log = Log()
        let host = TestHost(rootView: Color.red.frame(width: 50, height: 50)
            .phaseAnimator([0, 1, 2]) { content, phase in
                let _ = log.phases.append(phase)
                content.opacity(phase == 1 ? 0.5 : 1)
            } animation: { _ in .linear(duration: 1) },
                            width: 100, height: 100)
        host.runFrame()
        host.runFrame()
        #expect(log.last == 1, "the first phase, then at once the animation to the second")
        host.advance(seconds: 0.9)
        #expect(log.last == 1, "the second phase's animation runs for a second")
        host.advance(seconds: 0.2)
        #expect(log.last == 2)
        host.advance(seconds: 1)
        #expect(log.last == 0, "back to the first")
        host.advance(seconds: 1)
        #expect(log.last == 1, "and round again")
        #expect(host.host.isAnimating)
    }

    struct Triggered: View {
        let log: Log
        @State private var alarms = 0
        var body: some View {
            VStack {
                Text("Alarm")
                    .phaseAnimator([0, 1], trigger: alarms) { content, phase in
                        let _ = log.phases.append(phase)
                        content.scaleEffect(phase == 1 ? 1.5 : 1)
                    } animation: { _ in .easeInOut(duration: 0.5) }
                Button("Raise") { alarms += 1 }
            }
        }
    }

    @Test func aTriggerRunsThePhasesOnceAndStopsAtTheFirst() async {
        let log = Log()
        let host = TestHost(rootView: Triggered(log: log), width: 300, height: 200)
        host.runFrame()
        host.advance(seconds: 1)
        #expect(Set(log.phases) == [0], "nothing moves before the trigger changes")
        host.tap(text: "Raise")
        host.runFrame()
        #expect(log.last == 1)
        host.advance(seconds: 0.6)
        #expect(log.last == 0, "back to the first phase")
        let count = log.phases.count
        host.advance(seconds: 2)
        #expect(log.phases.count == count, "and stopped there")
        #expect(!host.host.isAnimating)
        host.tap(text: "Raise")
        host.runFrame()
        #expect(log.last == 1, "each change runs it again")
    }
}
