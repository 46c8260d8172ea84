import Testing
import ScanoutUI
import ScanoutTesting

/// `Form`, `LabeledContent` and controls in form rows.
@Suite @MainActor struct FormTests {
    struct SettingsForm: View {
        @State private var autoStart = true
        @State private var brightness = 0.7
        var body: some View {
            Form {
                Section("Machine") {
                    LabeledContent("Serial number", value: "PX-2041")
                    LabeledContent("Firmware", value: "2.4.1")
                }
                Section {
                    Toggle("Start on power-up", isOn: $autoStart)
                    LabeledContent("Brightness") {
                        Slider(value: $brightness).frame(width: 240)
                    }
                } header: {
                    Text("Behaviour")
                } footer: {
                    Text(autoStart ? "The line starts when the panel boots." : "The line waits for an operator.")
                }
            }
        }
    }

    @Test func labeledContentPutsTheValueAtTheTrailingEdge() throws {
        let host = TestHost(rootView: SettingsForm(), width: 800, height: 480)
        host.runFrame()
        let label = try #require(host.frame(ofText: "Serial number"))
        let value = try #require(host.frame(ofText: "PX-2041"))
        #expect(label.minX < 100)
        #expect(value.maxX > 700)
        #expect(abs(label.midY - value.midY) < 4)
    }

    @Test func aToggleInAFormRowChangesItsBinding() throws {
        let host = TestHost(rootView: SettingsForm(), width: 800, height: 480)
        host.runFrame()
        #expect(host.contains(text: "The line starts when the panel boots."))
        let row = try #require(host.frame(ofText: "Start on power-up"))
        host.tap(x: 730, y: Double(row.midY))
        host.runFrame()
        #expect(host.contains(text: "The line waits for an operator."))
    }

    @Test func formGoldens() { expectContainerGoldens("containers-form", { SettingsForm() }) }
}
