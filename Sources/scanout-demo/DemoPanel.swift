import Glibc
import ScanoutUI

/// The demo's three tabs and the state they share. Overview is the dashboard (a machine card pushes the
/// machine's detail; swipe from the left edge or "Back" returns), Events the line's whole log, Settings a
/// `Form`. While the line runs, the readings change every `interval` seconds and the gauges sweep to them;
/// "Stop line" stops them and the panel is idle (no frames, no timers). `SCANOUT_DEMO_LIVE=0` keeps the
/// readings at their first values, so a screen can be compared pixel for pixel with a golden image whenever
/// it is taken (Tests/QEMU).
struct DemoPanel: View {
    enum Screen: Hashable { case overview, events, settings }

    @State private var screen = Screen.overview
    @State private var running = true
    @State private var tick = 0
    /// Kept in the app's state folder (`@AppStorage`: `$STATE_DIRECTORY/app-storage` under systemd), so the
    /// panel comes back as it was left after a restart or a power cut (Tests/QEMU/soak cuts power while the
    /// settings toggle it). The default shows the log: the first screen of a fresh install.
    @AppStorage("showEvents") private var showEvents = true
    @State private var dimming = 0.0
    /// A name for this panel, typed in the settings (on the on-screen keyboard, or a USB keyboard).
    @State private var panelName = ""
    /// Seconds between live readings (the settings' stepper).
    @State private var interval = 2
    /// The panel's language, chosen in the settings and kept like `showEvents` (strings from
    /// Resources/Localizable.xcstrings; Arabic lays the panel out right to left). Empty until chosen: the
    /// board's locale (its profile's `locale`, `--locale`, or LANG).
    @AppStorage("language") private var language = ""
    @Environment(\.locale) private var boardLocale

    private var shownLanguage: String {
        language.isEmpty ? String(boardLocale.identifier.prefix { $0 != "_" && $0 != "-" }) : language
    }

    static let liveValues = getenv("SCANOUT_DEMO_LIVE").map { String(cString: $0) != "0" } ?? true

    var body: some View {
        TabView(selection: $screen) {
            NavigationStack {
                Dashboard(running: $running, tick: tick, showEvents: showEvents) { screen = .settings }
                    .toolbar(.hidden, for: .navigationBar)  // the dashboard draws its own header
                    .navigationDestination(for: Machine.self) { machine in
                        MachineDetail(machine: machine, tick: tick, running: running)
                    }
            }
            .tabItem { Label("Overview", systemImage: "house") }
            .tag(Screen.overview)

            NavigationStack {
                EventList().navigationTitle("Events")
            }
            .tabItem { Label("Events", systemImage: "list.bullet") }
            .tag(Screen.events)
            .badge(EventLog.unacknowledged)

            NavigationStack {
                SettingsForm(showEvents: $showEvents.animation(.easeInOut(duration: 0.3)), dimming: $dimming,
                             interval: $interval, panelName: $panelName,
                             language: Binding(get: { shownLanguage }, set: { language = $0 }))
                    .navigationTitle("Settings")
            }
            .tabItem { Label("Settings", systemImage: "gear") }
            .tag(Screen.settings)
        }
        .overlay(Color.black.opacity(dimming).allowsHitTesting(false))
        .preferredColorScheme(.dark)  // a plant-floor panel: dark, whatever the board's appearance
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
}

/// A machine of the line, the value a card pushes onto the overview's navigation stack.
struct Machine: Hashable, Identifiable {
    let index: Int
    var id: Int { index }
    var name: String { Self.names[index] }

    static let names = ["Line A01", "Pump P-11", "Valve V3", "Boiler B1", "Fan F-201", "Tank T-07"]
    static let all = names.indices.map { Machine(index: $0) }

    /// Its output in units an hour at reading `tick`.
    func value(_ tick: Int) -> Int { 40 + (index * 17 + tick * 3) % 55 }
    /// Its load, 0...1, at reading `tick`.
    func load(_ tick: Int) -> Double { Double((index * 31 + tick * 7) % 100) / 100 }
}
