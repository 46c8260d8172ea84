import ScanoutUI

/// The line's event log: a scrolling list of the last shift's events, newest first, dragged with the finger
/// (with momentum; it stops at its ends). It takes the height the panel has left below the controls.
struct EventLog: View {
    static let machines = Dashboard.machines
    static let events = ["started", "reading in range", "pressure high", "back in range", "maintenance due",
                         "filter changed", "stopped by operator", "restarted"]

    /// 40 events, one every 20 minutes back from 15:40, each naming a machine and what happened.
    static let entries: [(time: String, text: String)] = (0..<40).map { i in
        let minutes = 15 * 60 + 40 - 20 * i
        let time = (minutes / 60 < 10 ? "0" : "") + "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
        return (time, "\(machines[(i * 5) % machines.count]) \(events[(i * 3) % events.count])")
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text("Events").font(.headline).foregroundColor(Color(white: 0.8))
            ScrollView {
                VStack(alignment: .leading, spacing: 0) {
                    ForEach(0..<Self.entries.count, id: \.self) { i in
                        HStack(spacing: 16) {
                            Text(Self.entries[i].time).font(.callout).foregroundColor(Color(white: 0.6))
                            Text(Self.entries[i].text).font(.callout).foregroundColor(Color(white: 0.9))
                        }
                        .padding(8)
                        .frame(maxWidth: .infinity, alignment: .leading)
                        .background(Rectangle().fill(i % 2 == 0 ? Color(red: 0.11, green: 0.15, blue: 0.2) : Color(red: 0.09, green: 0.12, blue: 0.17)))
                    }
                }
            }
            .frame(maxHeight: .infinity)
        }
    }
}
