import Glibc
import ScanoutUI

/// The kiosk panel Scanout's demo shows: a header, a grid of machine cards with live values, gauges and a
/// control row, and the event log. Plain SwiftUI-style code. While the line runs, the values change every
/// `Dashboard.interval` and the gauges sweep to them; "Stop line" stops them, and the panel is idle (no
/// frames, no timers). `SCANOUT_DEMO_LIVE=0` keeps the values at their first reading, so a screen can be
/// compared pixel for pixel with a golden image whenever it is taken (Tests/QEMU).
struct Dashboard: View {
    @State private var selected = 0
    @State private var running = true
    @State private var tick = 0
    @State private var showSettings = false
    /// Kept in the app's state folder (`@AppStorage`: `$STATE_DIRECTORY/app-storage` under systemd), so the
    /// panel comes back as it was left after a restart or a power cut (Tests/QEMU/soak cuts power while the
    /// settings sheet toggles it). The default shows the log: the first screen of a fresh install.
    @AppStorage("showEvents") private var showEvents = true
    @State private var dimming = 0.0
    /// A name for this panel, typed in the settings sheet (on the on-screen keyboard, or a USB keyboard).
    @State private var panelName = ""
    /// Seconds between live readings (the settings sheet's stepper).
    @State private var interval = 2
    /// The panel's language, chosen in the settings sheet and kept like `showEvents` (strings from
    /// Resources/Localizable.xcstrings; Arabic lays the panel out right to left). Empty until chosen: the
    /// board's locale (its profile's `locale`, `--locale`, or LANG).
    @AppStorage("language") private var language = ""
    @Environment(\.locale) private var boardLocale

    private var shownLanguage: String {
        language.isEmpty ? String(boardLocale.identifier.prefix { $0 != "_" && $0 != "-" }) : language
    }

    static let liveValues = getenv("SCANOUT_DEMO_LIVE").map { String(cString: $0) != "0" } ?? true
    /// A clock with seconds in the header (`SCANOUT_DEMO_CLOCK=1`): a `TimelineView` that wakes the app once a
    /// second and at no other time (Tests/QEMU/run counts it).
    static let showsClock = getenv("SCANOUT_DEMO_CLOCK").map { String(cString: $0) == "1" } ?? false

    static let machines = ["Line A01", "Pump P-11", "Valve V3", "Boiler B1", "Fan F-201", "Tank T-07"]

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack {
                Text("Plant Overview").font(.title).foregroundColor(.white)
                Text(running ? "Running" : "Stopped").font(.headline).foregroundColor(running ? .green : .orange)
                if Self.showsClock {
                    Spacer()
                    TimelineView(.periodic(from: .now, by: 1)) { context in
                        Text(verbatim: Self.clock(context.date)).font(.title2.monospacedDigit()).foregroundColor(.white)
                    }
                }
            }
            HStack(spacing: 10) {
                ForEach(0..<Self.machines.count, id: \.self) { i in
                    MachineCard(name: Self.machines[i], value: Self.value(i, tick), isSelected: i == selected)
                        .onTapGesture { selected = i }
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
                Text("Selected: \(Self.machines[selected])").foregroundColor(Color(white: 0.8))
                Button("Settings") { showSettings = true }
                    .padding(12)
                    .background(RoundedRectangle(cornerRadius: 8).fill(Color(white: 0.2)))
            }
            if showEvents {
                EventLog().transition(.opacity)
            }
        }
        .padding(20)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .background(Color(red: 0.07, green: 0.1, blue: 0.14))
        .overlay(Color.black.opacity(dimming).allowsHitTesting(false))
        .sheet(isPresented: $showSettings) {
            SettingsSheet(showEvents: $showEvents, dimming: $dimming, interval: $interval, panelName: $panelName,
                          language: Binding(get: { shownLanguage }, set: { language = $0 }))
        }
        .environment(\.locale, Locale(identifier: shownLanguage))
        .environment(\.layoutDirection, shownLanguage == "ar" ? .rightToLeft : .leftToRight)
        .task(id: running ? interval : 0) {
            // Live values: a new reading every interval while the line runs (cancelled when it stops, and
            // started again when the interval changes).
            guard running, Self.liveValues else { return }
            while !Task.isCancelled {
                do { try await Task.sleep(for: .seconds(interval)) } catch { return }
                // The gauges sweep to their new readings (frames at the display's rate, then idle again).
                withAnimation(.easeInOut(duration: 0.6)) { tick += 1 }
            }
        }
    }

    /// "14:03:27" in the board's local time.
    static func clock(_ date: Date) -> String {
        var t = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    static func value(_ i: Int, _ tick: Int) -> Int { 40 + (i * 17 + tick * 3) % 55 }
    static func fraction(_ i: Int, _ tick: Int) -> Double { Double((i * 23 + tick * 5) % 100) / 100 }
}

struct MachineCard: View {
    let name: String
    let value: Int
    let isSelected: Bool

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text(name).font(.callout).foregroundColor(Color(white: 0.9))
            Text("\(value) u/h").font(.title2).foregroundColor(.white)
        }
        .padding(10)
        .frame(width: 118, height: 80, alignment: .topLeading)
        .background(RoundedRectangle(cornerRadius: 10).fill(isSelected ? Color(red: 0.16, green: 0.33, blue: 0.5) : Color(red: 0.16, green: 0.21, blue: 0.28)))
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

/// The settings sheet: what the panel shows, how bright it is, its name and language.
struct SettingsSheet: View {
    @Binding var showEvents: Bool
    @Binding var dimming: Double
    @Binding var interval: Int
    @Binding var panelName: String
    @Binding var language: String
    @Environment(\.dismiss) private var dismiss

    /// Each language named in itself, as language menus do.
    static let languages = [("en", "English"), ("de", "Deutsch"), ("ar", "العربية"), ("ja", "日本語")]

    var body: some View {
        VStack(alignment: .leading, spacing: 18) {
            Text("Settings").font(.title2).foregroundColor(.white)
            Toggle("Show the event log", isOn: $showEvents.animation(.easeInOut(duration: 0.3)))
                .toggleStyle(.switch)
                .tint(.cyan)
                .foregroundColor(Color(white: 0.9))
            HStack(spacing: 16) {
                Text("Dim the panel").foregroundColor(Color(white: 0.9))
                Slider(value: $dimming, in: 0...0.6)
            }
            Stepper("Readings every \(interval) s", value: $interval, in: 1...60)
                .foregroundColor(Color(white: 0.9))
                .environment(\.colorScheme, .dark)
            HStack(spacing: 16) {
                Text("Panel name").foregroundColor(Color(white: 0.9))
                // Focused, it brings up the on-screen keyboard (unless a hardware keyboard is attached);
                // "done" or Return submits and puts the keyboard away.
                TextField("Line 1, Hall B", text: $panelName)
                    .textFieldStyle(.roundedBorder)
                    .submitLabel(.done)
                    .frame(width: 440)
                    .environment(\.colorScheme, .dark)
            }
            HStack(spacing: 16) {
                Text("Language").foregroundColor(Color(white: 0.9))
                Picker("Language", selection: $language) {
                    ForEach(Self.languages, id: \.0) { code, name in Text(verbatim: name).tag(code) }
                }
                .pickerStyle(.segmented)
                .frame(width: 440)
                .environment(\.colorScheme, .dark)  // the sheet is dark: light labels, a dark chosen segment
            }
            Button("Done") { dismiss() }
                .padding(12)
                .background(RoundedRectangle(cornerRadius: 8).fill(Color(white: 0.25)))
        }
        .presentationBackground(Color(white: 0.16))  // the panel is dark whatever the colour scheme
    }
}
