import ScanoutUI

/// One event of the line's log.
struct LineEvent: Identifiable {
    let id: Int
    let time: String
    let machine: Machine
    let what: String
    var text: String { "\(machine.name) \(what)" }
    /// Waiting for an operator (shown as the Events tab's badge).
    var needsAttention: Bool { what == "pressure high" || what == "maintenance due" }

    static let kinds = ["started", "reading in range", "pressure high", "back in range", "maintenance due",
                        "filter changed", "stopped by operator", "restarted"]

    /// 40 events, one every 20 minutes back from 15:40, each naming a machine and what happened.
    static let all: [LineEvent] = (0..<40).map { i in
        let minutes = 15 * 60 + 40 - 20 * i
        let time = (minutes / 60 < 10 ? "0" : "") + "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
        return LineEvent(id: i, time: time, machine: Machine.all[(i * 5) % Machine.all.count], what: kinds[(i * 3) % kinds.count])
    }
}

/// The overview's event log: a scrolling list of the last shift's events, newest first, dragged with the finger
/// (with momentum; it stops at its ends). It takes the height the panel has left below the controls.
struct EventLog: View {
    /// Events of the last two hours waiting for an operator.
    static let unacknowledged = LineEvent.all.prefix(7).filter(\.needsAttention).count

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text("Events").font(.headline).foregroundColor(Color(white: 0.8))
            ScrollView {
                VStack(alignment: .leading, spacing: 0) {
                    ForEach(LineEvent.all) { event in
                        HStack(spacing: 16) {
                            Text(event.time).font(.callout).foregroundColor(Color(white: 0.6))
                            Text(event.text).font(.callout).foregroundColor(Color(white: 0.9))
                        }
                        .padding(8)
                        .frame(maxWidth: .infinity, alignment: .leading)
                        .background(Rectangle().fill(event.id % 2 == 0 ? Color(red: 0.11, green: 0.15, blue: 0.2) : Color(red: 0.09, green: 0.12, blue: 0.17)))
                    }
                }
            }
            .frame(maxHeight: .infinity)
        }
    }
}

/// The Events tab: the whole log as a `List`, in sections of what needs an operator and the rest.
struct EventList: View {
    var body: some View {
        List {
            Section("Needs attention") {
                ForEach(LineEvent.all.filter(\.needsAttention)) { EventRow(event: $0) }
            }
            Section("Shift log") {
                ForEach(LineEvent.all.filter { !$0.needsAttention }) { EventRow(event: $0) }
            }
        }
    }
}

struct EventRow: View {
    let event: LineEvent
    var body: some View {
        HStack(spacing: 16) {
            Text(event.time).foregroundStyle(.secondary).monospacedDigit()
            Text(event.text)
        }
    }
}
