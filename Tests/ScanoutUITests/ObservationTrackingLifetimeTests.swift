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

    struct Frame: View {
        let model: Model
        @State var count = 0
        var body: some View {
            VStack {
                Button("Count \(count)") { count += 1 }
                Panel(model: model)  // the same input each time: its body does not run again
            }
        }
    }

    /// A body and its reconcile (here the ForEach rows read the model too) make one tracking; a parent's body
    /// that runs again without running this one leaves that tracking in place, and it still sees the change.
    @Test func aBodyThatDidNotRunAgainKeepsItsOneTracking() throws {
        let model = Model()
        let host = TestHost(rootView: Frame(model: model), width: 300, height: 300)
        host.runFrame()
        host.host.evaluationLog = []
        for i in 1...5 { host.tap(text: "Count \(i - 1)"); host.runFrame() }
        #expect(host.contains(text: "Count 5"))
        let log = host.host.evaluationLog ?? []
        #expect(log.filter { $0.hasPrefix("Frame") }.count == 5)
        #expect(!log.contains { $0.hasPrefix("Panel") }, "\(log)")
        let before = ObservationInvalidator.handledChanges
        host.host.evaluationLog = []
        model.title = "Line B02"
        host.runFrame()
        #expect(host.host.evaluationLog?.first == "Panel")
        // The panel's one tracking (its body and its rows); its button's body, which ran again with it, reads
        // no model and so has no tracking to end (2 when every body read an epoch, 4 when a body's run and its
        // reconcile were tracked apart).
        #expect(ObservationInvalidator.handledChanges - before == 1)
        #expect(host.contains(text: "Line B02"))
        #expect(host.contains(text: "Line B02 1"))
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

    struct Plain: View {
        @State var count = 0
        var body: some View {
            VStack {
                Button("Plain \(count)") { count += 1 }
                Text("no model here")
            }
        }
    }

    /// A body that reads no model installs no tracking at all: no change handler, no epoch, and its type is
    /// not marked as reading models (a list of a thousand such rows made a thousand trackings before).
    @Test func aBodyThatReadsNoModelInstallsNoTracking() throws {
        let host = TestHost(rootView: Plain(), width: 300, height: 200)
        host.runFrame()
        for i in 0..<20 { host.tap(text: "Plain \(i)"); host.runFrame() }
        #expect(host.contains(text: "Plain 20"))
        #expect(try #require(Self.plainModelReads(under: host.host.root)).readsModels == false)
    }

    /// The model-reading mark of `Plain`'s type, from its node's behaviour. (A walk and a protocol cast: Swift
    /// 6.0.3 crashes lowering a cast to `CompositeBehavior<Plain>`, whose body type is opaque.)
    private static func plainModelReads(under node: ViewNode) -> ModelReads? {
        if node.name == "Plain", let b = node.behavior as? any ModelReadingBehavior { return b.modelReads }
        for child in node.children {
            if let found = plainModelReads(under: child) { return found }
        }
        return nil
    }

    struct Sometimes: View {
        let model: Model
        @State var detail = false
        var body: some View {
            VStack {
                Button(detail ? "Less" : "More") { detail.toggle() }
                if detail { Text("unread \(model.unread)") }
            }
        }
    }

    /// A type whose bodies read a model only sometimes: runs before its first read carry no epoch; the run
    /// that first reads the model is still tracked (the change reaches it), and later runs end their
    /// trackings as every model-reading type's do, so re-running it leaves no registrations behind.
    @Test func aBodyThatStartsReadingAModelIsTracked() throws {
        let model = Model()
        let host = TestHost(rootView: Sometimes(model: model), width: 300, height: 200)
        host.runFrame()
        model.unread = 1  // not read yet: nothing to invalidate
        host.runFrame()
        #expect(!host.contains(text: "unread 1"))
        host.tap(text: "More"); host.runFrame()
        #expect(host.contains(text: "unread 1"))
        model.unread = 2
        host.runFrame()
        #expect(host.contains(text: "unread 2"))
        // Re-run it 100 times for another reason (shown and hidden): one change of the model reaches at most
        // the live tracking and the one left by the type's first model-reading run.
        for _ in 0..<50 {
            host.tap(text: "Less"); host.runFrame()
            host.tap(text: "More"); host.runFrame()
        }
        let before = ObservationInvalidator.handledChanges
        model.unread = 3
        host.runFrame()
        #expect(ObservationInvalidator.handledChanges - before <= 2, "\(ObservationInvalidator.handledChanges - before) callbacks")
        #expect(host.contains(text: "unread 3"))
    }
}
