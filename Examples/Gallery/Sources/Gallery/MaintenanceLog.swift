import ScanoutUI

struct LogEntry: Identifiable, Hashable {
    let id: Int
    let machine: String
    let note: String
    var done: Bool
}

struct MaintenanceLog: View {
    @State private var entries = (1...40).map { LogEntry(id: $0, machine: "Press \($0 % 4 + 1)", note: "Check \($0)", done: $0 % 3 == 0) }
    @State private var selected: LogEntry.ID?
    @State private var showsDoneOnly = false
    @State private var confirmClear = false

    var body: some View {
        NavigationSplitView {
            ScrollViewReader { proxy in
                List(visible, selection: $selected) { entry in
                    HStack {
                        Image(systemName: entry.done ? "checkmark.circle.fill" : "circle")
                            .foregroundStyle(entry.done ? .green : .secondary)
                        Text(entry.note)
                        Spacer()
                        Text(entry.machine).foregroundStyle(.secondary)
                    }
                    .contextMenu {
                        Button(entry.done ? "Mark open" : "Mark done") { toggle(entry) }
                        Button("Delete", role: .destructive) { entries.removeAll { $0.id == entry.id } }
                    }
                    .id(entry.id)
                }
                .navigationTitle("Log")
                .toolbar {
                    ToolbarItem(placement: .primaryAction) {
                        Menu {
                            Toggle("Done only", isOn: $showsDoneOnly)
                            Button("Jump to last") { withAnimation { proxy.scrollTo(visible.last?.id, anchor: .bottom) } }
                            Divider()
                            Button("Clear all", role: .destructive) { confirmClear = true }
                        } label: {
                            Label("Options", systemImage: "ellipsis.circle")
                        }
                    }
                }
            }
        } detail: {
            if let entry = entries.first(where: { $0.id == selected }) {
                VStack(alignment: .leading, spacing: 12) {
                    Text(entry.machine).font(.title.bold()) + Text(" · ") + Text(entry.done ? "done" : "open").italic()
                    Text(entry.note).underline(entry.done)
                    DisclosureGroup("History") {
                        Text("Opened by the morning shift")
                        Text("Parts ordered")
                    }
                }
                .padding()
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                .navigationTitle(entry.note)
            } else {
                ContentUnavailableView("No entry selected", systemImage: "doc.text", description: Text("Choose one from the log."))
            }
        }
        .confirmationDialog("Clear the whole log?", isPresented: $confirmClear, titleVisibility: .visible) {
            Button("Clear", role: .destructive) { entries.removeAll() }
        }
    }

    private var visible: [LogEntry] { showsDoneOnly ? entries.filter(\.done) : entries }

    private func toggle(_ entry: LogEntry) {
        guard let i = entries.firstIndex(where: { $0.id == entry.id }) else { return }
        entries[i].done.toggle()
    }
}

#Preview {
    MaintenanceLog()
}
