import Testing
import ScanoutUI
import ScanoutTesting

/// `alert` and `confirmationDialog`: roles, order, dismissal, presenting data, what is underneath.
@MainActor
struct AlertTests {
    final class Log {
        var events: [String] = []
    }

    struct Panel: View {
        @State var asking = false
        @State var choosing = false
        @State var count = 0
        let log: Log
        var body: some View {
            VStack(spacing: 20) {
                Button("Reset") { asking = true }
                Button("Count \(count)") { count += 1 }
                Button("Choose") { choosing = true }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .alert("Reset the counter?", isPresented: $asking) {
                Button("Cancel", role: .cancel) { log.events.append("cancel") }
                Button("Reset", role: .destructive) { count = 0; log.events.append("reset") }
            } message: {
                Text("This cannot be undone.")
            }
            .confirmationDialog("Speed", isPresented: $choosing, titleVisibility: .visible) {
                Button("Slow") { log.events.append("slow") }
                Button("Fast") { log.events.append("fast") }
            }
        }
    }

    func makeHost(_ log: Log) -> TestHost {
        let host = TestHost(rootView: Panel(log: log), width: 480, height: 400)
        host.runFrame()
        return host
    }

    @Test func anAlertShowsItsTitleMessageAndButtonsAndADestructiveChoiceRuns() {
        let log = Log()
        let host = makeHost(log)
        host.tap(text: "Count 0")
        #expect(host.contains(text: "Count 1"))
        host.tap(text: "Reset")
        host.advance(seconds: 0.3)
        #expect(host.contains(text: "Reset the counter?"))
        #expect(host.contains(text: "This cannot be undone."))
        #expect(host.contains(text: "Cancel"))
        // Two buttons side by side, cancel first.
        let cancel = host.frame(ofText: "Cancel"), reset = host.visibleTexts.filter { $0 == "Reset" }.count
        #expect(reset == 2)  // the panel's button (dimmed under the alert) and the alert's
        #expect(cancel != nil)
        // What is underneath takes no touches (the card covers the button: tap where it is).
        if let f = host.frame(ofText: "Count 1") { host.tap(x: Double(f.midX), y: Double(f.midY)) }
        #expect(host.contains(text: "Count 1"))
        #expect(log.events.isEmpty)
        // The alert's Reset: the card is on top, so the topmost "Reset" is the alert's.
        tapLast(host, "Reset")
        host.advance(seconds: 0.3)
        #expect(log.events == ["reset"])
        #expect(!host.contains(text: "Reset the counter?"))
        #expect(host.contains(text: "Count 0"))
    }

    @Test func cancelAndEscapeCloseTheAlert() {
        let log = Log()
        let host = makeHost(log)
        host.tap(text: "Reset")
        host.advance(seconds: 0.3)
        host.tap(text: "Cancel")
        host.advance(seconds: 0.3)
        #expect(log.events == ["cancel"])
        #expect(!host.contains(text: "Reset the counter?"))
        host.tap(text: "Reset")
        host.advance(seconds: 0.3)
        host.press(.escape)
        host.advance(seconds: 0.3)
        #expect(log.events == ["cancel", "cancel"])
        #expect(!host.contains(text: "Reset the counter?"))
    }

    @Test func aTapOutsideAnAlertDoesNotCloseIt() {
        let host = makeHost(Log())
        host.tap(text: "Reset")
        host.advance(seconds: 0.3)
        host.tap(x: 20, y: 20)
        host.advance(seconds: 0.3)
        #expect(host.contains(text: "Reset the counter?"))
    }

    @Test func aConfirmationDialogChoosesAndCancelsOnATapOutside() {
        let log = Log()
        let host = makeHost(log)
        host.tap(text: "Choose")
        host.advance(seconds: 0.5)
        #expect(host.contains(text: "Speed"))
        #expect(host.contains(text: "Cancel"))  // added when the actions have none
        host.tap(text: "Fast")
        host.advance(seconds: 0.5)
        #expect(log.events == ["fast"])
        #expect(!host.contains(text: "Slow"))
        host.tap(text: "Choose")
        host.advance(seconds: 0.5)
        host.tap(x: 20, y: 20)
        host.advance(seconds: 0.5)
        #expect(!host.contains(text: "Slow"))
        #expect(log.events == ["fast"])
    }

    struct Deleting: View {
        struct Item: Identifiable { let id: Int; let name: String }
        @State var pending: Item?
        @State var asking = false
        let log: Log
        var body: some View {
            Button("Delete Pump") { pending = Item(id: 7, name: "Pump"); asking = true }
                .alert("Delete?", isPresented: $asking, presenting: pending) { item in
                    Button("Delete \(item.name)", role: .destructive) { log.events.append("deleted \(item.id)") }
                } message: { item in
                    Text("\(item.name) will be removed.")
                }
        }
    }

    @Test func presentingPassesTheDataToActionsAndMessage() {
        let log = Log()
        let host = TestHost(rootView: Deleting(log: log), width: 480, height: 400)
        host.runFrame()
        host.tap(text: "Delete Pump")
        host.advance(seconds: 0.3)
        #expect(host.contains(text: "Pump will be removed."))
        // One action and no cancel: SwiftUI shows it alone; the alert closes after it.
        tapLast(host, "Delete Pump")
        host.advance(seconds: 0.3)
        #expect(log.events == ["deleted 7"])
        #expect(!host.contains(text: "Pump will be removed."))
    }

    @Test func anAlertWithoutActionsHasAnOKButton() {
        struct Bare: View {
            @State var shown = true
            var body: some View {
                Text("Panel").alert("Door open", isPresented: $shown) {}
            }
        }
        let host = TestHost(rootView: Bare(), width: 400, height: 300)
        host.advance(seconds: 0.3)
        #expect(host.contains(text: "OK"))
        host.tap(text: "OK")
        host.advance(seconds: 0.3)
        #expect(!host.contains(text: "Door open"))
    }

    /// Taps the last drawn run of `text` (the presentation's, over the screen's).
    func tapLast(_ host: TestHost, _ text: String) {
        guard let f = host.displayList.textRuns.last(where: { $0.run.string == text })?.frame else {
            Issue.record("no \(text)")
            return
        }
        host.tap(x: f.midX, y: f.midY)
    }
}

/// An alert and a confirmation dialog over a screen, at 800x480 in light and dark.
@MainActor
struct AlertGoldenTests {
    struct Screen: View {
        @State var alert: Bool
        @State var dialog: Bool
        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                Text("Line 3").font(.largeTitle.bold())
                Text("Press 2 is running at 820 rpm.")
                Button("Stop line") { alert = true }
            }
            .padding(24)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .alert("Stop line 3?", isPresented: $alert) {
                Button("Cancel", role: .cancel) {}
                Button("Stop", role: .destructive) {}
            } message: {
                Text("Every machine on the line stops at once.")
            }
            .confirmationDialog("Export the log", isPresented: $dialog, titleVisibility: .visible) {
                Button("USB stick") {}
                Button("Network share") {}
                Button("Delete the log", role: .destructive) {}
            }
        }
    }

    @Test func alertGoldens() { expectContainerGoldens("containers-alert", { Screen(alert: true, dialog: false) }) }
    @Test func dialogGoldens() { expectContainerGoldens("containers-dialog", { Screen(alert: false, dialog: true) }) }
}
