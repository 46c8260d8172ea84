import ScanoutUI

struct ShiftSchedule: View {
    @State private var start = Date.now
    @State private var reminder = true
    @State private var showsEditor = false

    var body: some View {
        NavigationStack {
            Form {
                Section("Next shift") {
                    DatePicker("Starts", selection: $start, displayedComponents: [.date, .hourAndMinute])
                    Toggle("Remind me", isOn: $reminder)
                }
                Section {
                    TimelineView(.periodic(from: .now, by: 1)) { context in
                        Text("Starts ") + Text(start, style: .relative).bold()
                    }
                    Button("Edit crew") { showsEditor = true }
                }
            }
            .navigationTitle("Schedule")
            .sheet(isPresented: $showsEditor) {
                CrewEditor()
                    .presentationDetents([.medium, .large])
            }
        }
    }
}

struct CrewEditor: View {
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack(alignment: .leading) {
            GroupBox("Crew") {
                Text("Ana, Bo, Chen")
            }
            Button("Done") { dismiss() }
                .keyboardShortcut(.defaultAction)
        }
    }
}

#Preview {
    ShiftSchedule()
}
