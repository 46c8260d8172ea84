import Testing
import ScanoutUI
import ScanoutTesting

/// Light and dark goldens of the containers at 800x480.
@Suite @MainActor struct ContainerGoldenTests {
    struct SettingsList: View {
        @State private var selection: String? = "Line 2"
        let lines = ["Line 1", "Line 2", "Line 3"]
        var body: some View {
            List {
                Section("Production lines") {
                    ForEach(lines, id: \.self) { line in
                        HStack {
                            Text(line)
                            Spacer()
                            Text(line == "Line 2" ? "Stopped" : "Running").foregroundStyle(.secondary)
                        }
                        .listRowBackground(line == selection ? Color.blue.opacity(0.15) : nil)
                    }
                }
                Section {
                    Text("Brightness")
                    Text("Sleep after 5 min")
                } header: {
                    Text("Display")
                } footer: {
                    Text("The panel dims when nobody touches it.")
                }
            }
        }
    }

    @Test func insetGroupedList() { expectContainerGoldens("containers-list-inset", { SettingsList() }) }
    @Test func plainList() { expectContainerGoldens("containers-list-plain", { SettingsList().listStyle(.plain) }) }
}
