import Observation
import Testing
@testable import ScanoutUI
import ScanoutTesting

/// A body evaluated again keeps one Observation tracking, not one per evaluation: a kiosk view that reads a
/// model's title (which never changes) and re-renders every second for its clock must not register with the
/// model every second for months.
@Suite @MainActor struct ObservationTrackingLifetimeTests {
    @Observable final class Model { var title = "Line A01"; var unread = 0 }

    struct Panel: View {
        let model: Model
        @State var tick = 0
        var body: some View {
            VStack {
                Text(model.title)
                Text("tick \(tick)")
                Button("Tick") { tick += 1 }
                ForEach(0..<2, id: \.self) { i in Text("\(model.title) \(i)") }  // read while reconciling too
            }
        }
    }

    struct Shell: View {
        let model: Model
        @State var shown = true
        var body: some View {
            VStack {
                Button("Toggle") { shown.toggle() }
                if shown { Panel(model: model) }
            }
        }
    }

    @Test func reevaluatingABodyLeavesNoStaleTrackingBehind() throws {
        let model = Model()
        let host = TestHost(rootView: Panel(model: model), width: 300, height: 200)
        host.runFrame()
        let tick = try #require(host.frame(ofText: "Tick"))
        for _ in 0..<300 { host.tap(x: tick.midX, y: tick.midY) }
        #expect(host.contains(text: "tick 300"))
        // One change of the title reaches the trackings registered now: the last evaluation's and reconcile's,
        // not one per evaluation since the first (300+ before this fix).
        let before = ObservationInvalidator.handledChanges
        model.title = "Line B02"
        host.runFrame()
        #expect(ObservationInvalidator.handledChanges - before <= 4, "\(ObservationInvalidator.handledChanges - before) callbacks")
        #expect(host.contains(text: "Line B02"))
        // Observation still works after trackings were ended: the next change is seen too.
        model.title = "Line C03"
        host.runFrame()
        #expect(host.contains(text: "Line C03 1"))
    }

    @Test func aRemovedViewLeavesNoTrackingOnASharedModel() throws {
        let model = Model()
        let host = TestHost(rootView: Shell(model: model), width: 300, height: 200)
        host.runFrame()
        for _ in 0..<100 { host.tap(text: "Toggle"); host.runFrame() }  // shown and removed 50 times
        #expect(host.contains(text: "Line A01"))
        let before = ObservationInvalidator.handledChanges
        model.title = "Line B02"
        host.runFrame()
        #expect(ObservationInvalidator.handledChanges - before <= 4, "\(ObservationInvalidator.handledChanges - before) callbacks")
        #expect(host.contains(text: "Line B02"))
    }
}
