import Glibc
import ScanoutUI

/// The overview: a header, the machine cards with live values (a tap opens the machine's detail), the line's
/// gauges, a control row and the newest events. Plain SwiftUI-style code.
struct Dashboard: View {
    @Binding var running: Bool
    let tick: Int
    let showEvents: Bool
    /// Switches to the Settings tab.
    let openSettings: @MainActor @Sendable () -> Void

    /// A clock with seconds in the header (`SCANOUT_DEMO_CLOCK=1`): a `TimelineView` that wakes the app once a
    /// second and at no other time (Tests/QEMU/run counts it).
    static let showsClock = getenv("SCANOUT_DEMO_CLOCK").map { String(cString: $0) == "1" } ?? false

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack {
                Text("Plant Overview").font(.title).foregroundColor(.white)
                Label(running ? "Running" : "Stopped", systemImage: running ? "bolt.fill" : "bolt.slash")
                    .font(.headline).foregroundColor(running ? .green : .orange)
                if Self.showsClock {
                    Spacer()
                    TimelineView(.periodic(from: .now, by: 1)) { context in
                        Text(verbatim: Self.clock(context.date)).font(.title2.monospacedDigit()).foregroundColor(.white)
                    }
                }
            }
            HStack(spacing: 10) {
                ForEach(Machine.all) { machine in
                    NavigationLink(value: machine) {
                        MachineCard(name: machine.name, value: machine.value(tick))
                    }
                    .buttonStyle(.plain)
                }
            }
            HStack(spacing: 24) {
                ForEach(0..<4, id: \.self) { i in
                    Dial(label: ["CPU", "RAM", "Disk", "Net"][i], fraction: Self.fraction(i, tick))
                }
            }
            HStack(spacing: 16) {
                Button(running ? "Stop line" : "Start line") { running.toggle() }
                    .padding(12)
                    .background(RoundedRectangle(cornerRadius: 8).fill(Color(white: 0.2)))
                Text("Tap a machine for its detail").foregroundColor(Color(white: 0.8))
                Button("Settings", action: openSettings)
                    .padding(12)
                    .background(RoundedRectangle(cornerRadius: 8).fill(Color(white: 0.2)))
            }
            if showEvents {
                EventLog().transition(.opacity)
            }
        }
        .padding(20)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .background(DemoColors.panel)
        .navigationTitle("Plant Overview")  // not shown (no bar here): the back button of a machine's screen says it
    }

    /// "14:03:27" in the board's local time.
    static func clock(_ date: Date) -> String {
        var t = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    static func fraction(_ i: Int, _ tick: Int) -> Double { Double((i * 23 + tick * 5) % 100) / 100 }
}

/// The demo's own colours on its dark panel.
@MainActor enum DemoColors {
    static let panel = Color(red: 0.07, green: 0.1, blue: 0.14)
    static let card = Color(red: 0.16, green: 0.21, blue: 0.28)
}

struct MachineCard: View {
    let name: String
    let value: Int

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text(name).font(.callout).foregroundColor(Color(white: 0.9))
            Text("\(value) u/h").font(.title2).foregroundColor(.white)
        }
        .padding(10)
        .frame(width: 118, height: 80, alignment: .topLeading)
        .background(RoundedRectangle(cornerRadius: 10).fill(DemoColors.card))
    }
}

/// A reading as a dial: ScanoutUI's `Gauge` in the circular capacity style, in the panel's cyan, its label below.
struct Dial: View {
    let label: String
    let fraction: Double

    var body: some View {
        VStack(spacing: 6) {
            Gauge(value: fraction) {
                Text(label)
            } currentValueLabel: {
                Text("\(Int((fraction * 100).rounded()))%").foregroundColor(.white)
            }
            .gaugeStyle(.accessoryCircularCapacity)
            .tint(.cyan)
            .environment(\.colorScheme, .dark)  // the dial's track on the dark panel
            .frame(width: 84, height: 84)
            Text(label).font(.footnote).foregroundColor(Color(white: 0.7))
        }
    }
}

/// The Settings tab: a grouped `Form` of what the panel shows, how bright it is, how often it reads, its name
/// and its language.
struct SettingsForm: View {
    @Binding var showEvents: Bool
    @Binding var dimming: Double
    @Binding var interval: Int
    @Binding var panelName: String
    @Binding var language: String

    /// Each language named in itself, as language menus do.
    static let languages = [("en", "English"), ("de", "Deutsch"), ("ar", "العربية"), ("ja", "日本語")]

    var body: some View {
        Form {
            Section("Display") {
                Toggle("Show the event log", isOn: $showEvents)
                LabeledContent("Dim the panel") {
                    Slider(value: $dimming, in: 0...0.6).frame(width: 300)
                }
            }
            Section {
                Stepper("Readings every \(interval) s", value: $interval, in: 1...60)
                HStack {
                    Text("Panel name")
                    Spacer(minLength: 16)
                    // Focused, it brings up the on-screen keyboard (unless a hardware keyboard is attached);
                    // "done" or Return submits and puts the keyboard away.
                    TextField("Line 1, Hall B", text: $panelName)
                        .submitLabel(.done)
                        .frame(width: 300)
                }
            } header: {
                Text("Line")
            } footer: {
                Text("The name is shown to the plant's operators.")
            }
            Section("Language") {
                Picker("Language", selection: $language) {
                    ForEach(Self.languages, id: \.0) { code, name in Text(verbatim: name).tag(code) }
                }
                .pickerStyle(.segmented)
            }
        }
    }
}
