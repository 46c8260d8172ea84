import Testing
import ScanoutUI
import ScanoutTesting

/// Light and dark goldens of a list in edit mode and of a row with its swipe actions revealed, at 800x480.
@Suite @MainActor struct ListEditingGoldenTests {
    struct Machines: View {
        @State private var machines = ["Press 1", "Press 2", "Lathe", "Mill"]
        var body: some View {
            NavigationStack {
                List {
                    Section("Line 1") {
                        ForEach(machines, id: \.self) { name in
                            HStack {
                                Text(name)
                                Spacer()
                                Text(name == "Lathe" ? "Stopped" : "Running").foregroundStyle(.secondary)
                            }
                        }
                        .onDelete { machines.remove(atOffsets: $0) }
                        .onMove { machines.move(fromOffsets: $0, toOffset: $1) }
                    }
                    Section("Display") {
                        Text("Brightness")
                    }
                }
                .navigationTitle("Machines")
                .toolbar { ToolbarItem(placement: .topBarTrailing) { EditButton() } }
            }
        }
    }

    @Test func listInEditMode() {
        expectContainerGoldens("containers-list-editing", { Machines().environment(\.editMode, .constant(.active)) })
    }

    struct Alarms: View {
        var body: some View {
            List {
                Section("Alarms") {
                    ForEach(["Coolant low", "Door open", "Spindle hot"], id: \.self) { alarm in
                        HStack {
                            Text(alarm)
                            Spacer()
                            Text(alarm == "Door open" ? "Cell 3, 12:04" : "Cell 1, 11:58").foregroundStyle(.secondary)
                        }
                            .swipeActions(edge: .leading) {
                                Button { } label: { Label("Acknowledge", systemImage: "checkmark") }.tint(.green)
                            }
                            .swipeActions {
                                Button(role: .destructive) { } label: { Label("Delete", systemImage: "trash") }
                                Button { } label: { Label("Mute", systemImage: "bell.slash") }.tint(.orange)
                            }
                    }
                }
            }
        }
    }

    @Test func rowWithSwipeActionsRevealed() {
        expectContainerGoldens("containers-list-swipe", { Alarms() }, act: { host in
            guard let row = host.frame(ofText: "Door open") else { return }
            let y = Double(row.midY)
            host.drag(fromX: 600, fromY: y, toX: 400, toY: y, steps: 8)
        })
    }
}
