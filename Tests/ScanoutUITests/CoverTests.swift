import Testing
import ScanoutUI
import ScanoutTesting

/// `sheet(item:)`, `fullScreenCover` (both forms) and `popover` on a panel.
@MainActor
struct CoverTests {
    final class Log {
        var events: [String] = []
    }

    struct Machine: Identifiable { let id: Int; let name: String }

    struct Closer: View {
        let title: String
        @Environment(\.dismiss) private var dismiss
        var body: some View {
            VStack {
                Text(title)
                Button("Close") { dismiss() }
            }
        }
    }

    struct Panel: View {
        @State var cover = false
        @State var selected: Machine?
        @State var coveredMachine: Machine?
        @State var popover = false
        let log: Log
        var body: some View {
            VStack(spacing: 16) {
                Button("Open cover") { cover = true }
                Button("Show Lathe") { selected = Machine(id: 1, name: "Lathe") }
                Button("Cover Mill") { coveredMachine = Machine(id: 2, name: "Mill") }
                Button("Info") { popover = true }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .fullScreenCover(isPresented: $cover, onDismiss: { log.events.append("cover closed") }) {
                Closer(title: "Cover content")
            }
            .sheet(item: $selected, onDismiss: { log.events.append("sheet closed") }) { machine in
                Closer(title: "Sheet for \(machine.name)")
            }
            .fullScreenCover(item: $coveredMachine) { machine in Closer(title: "Cover for \(machine.name)") }
            .popover(isPresented: $popover, arrowEdge: .top) { Text("Popover text") }
        }
    }

    func makeHost(_ log: Log) -> TestHost {
        let host = TestHost(rootView: Panel(log: log), width: 480, height: 400)
        host.runFrame()
        return host
    }

    @Test func aFullScreenCoverCoversEverythingUntilDismissed() {
        let log = Log()
        let host = makeHost(log)
        host.tap(text: "Open cover")
        host.advance(seconds: 0.5)
        #expect(host.contains(text: "Cover content"))
        // Opaque: nothing of the panel is left to tap, and a tap where its buttons were does nothing.
        host.tap(x: 240, y: 20)
        host.advance(seconds: 0.5)
        #expect(host.contains(text: "Cover content"))
        host.tap(text: "Close")
        host.advance(seconds: 0.5)
        #expect(!host.contains(text: "Cover content"))
        #expect(log.events == ["cover closed"])
    }

    @Test func aSheetForAnItemShowsItAndClearsItWhenClosed() {
        let log = Log()
        let host = makeHost(log)
        host.tap(text: "Show Lathe")
        host.advance(seconds: 0.5)
        #expect(host.contains(text: "Sheet for Lathe"))
        host.tap(text: "Close")
        host.advance(seconds: 0.5)
        #expect(!host.contains(text: "Sheet for Lathe"))
        #expect(log.events == ["sheet closed"])
        host.tap(text: "Cover Mill")
        host.advance(seconds: 0.5)
        #expect(host.contains(text: "Cover for Mill"))
    }

    @Test func aPopoverIsASheetClosedByATapOutside() {
        let host = makeHost(Log())
        host.tap(text: "Info")
        host.advance(seconds: 0.5)
        #expect(host.contains(text: "Popover text"))
        host.tap(x: 240, y: 10)
        host.advance(seconds: 0.5)
        #expect(!host.contains(text: "Popover text"))
    }
}
