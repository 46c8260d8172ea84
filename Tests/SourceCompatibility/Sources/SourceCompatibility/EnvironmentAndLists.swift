import ScanoutUI

/// Environment values adaptive SwiftUI code reads, scene storage, and a `ForEach` over a binding keyed by a path.
struct AdaptiveScreen: View {
    @Environment(\.horizontalSizeClass) private var horizontalSizeClass
    @Environment(\.verticalSizeClass) private var verticalSizeClass
    @Environment(\.scenePhase) private var scenePhase
    @Environment(\.calendar) private var calendar
    @Environment(\.timeZone) private var timeZone
    @State private var names = ["Pump", "Fan"]
    @SceneStorage("selectedTab") private var selectedTab = 0
    @SceneStorage("draft") private var draft: String?

    var body: some View {
        let layout = horizontalSizeClass == .compact ? AnyLayout(VStackLayout()) : AnyLayout(HStackLayout())
        layout {
            ForEach($names, id: \.self) { $name in
                TextField("Name", text: $name)
            }
            Text(scenePhase == .active ? "Active \(selectedTab)" : draft ?? "Paused")
            Text(verticalSizeClass == .regular ? timeZone.identifier : "\(calendar.firstWeekday)")
        }
        .onChange(of: scenePhase) { _, phase in if phase == .background { names = [] } }
    }
}

/// A form in a scroll view that closes the keyboard when scrolled.
struct ScrollingForm: View {
    @State private var note = ""
    var body: some View {
        ScrollView {
            TextField("Note", text: $note)
        }
        .scrollDismissesKeyboard(.interactively)
    }
}

/// A carousel bound to its scroll position (iOS 17).
struct PhotoStrip: View {
    @State private var shown: String?
    let names = ["Pump", "Valve", "Tank"]
    var body: some View {
        VStack {
            ScrollView(.horizontal) {
                LazyHStack {
                    ForEach(names, id: \.self) { Text($0).containerRelativeFrame(.horizontal) }
                }
                .scrollTargetLayout()
            }
            .scrollTargetBehavior(.viewAligned)
            .scrollPosition(id: $shown)
            .scrollPosition(id: $shown, anchor: .center)
            Button("Tank") { withAnimation { shown = "Tank" } }
        }
    }
}

/// Section headers of increased prominence.
struct ProminentSettings: View {
    @Environment(\.headerProminence) private var prominence
    var body: some View {
        List {
            Section("Network") { Text("Wi-Fi") }
                .headerProminence(.increased)
            Section { Text("Brightness") } header: { Text("Display") }
                .headerProminence(prominence == .standard ? .increased : .standard)
        }
    }
}

/// iOS 17's list spacing modifiers.
struct SpacedAlarmList: View {
    let alarms: [String]
    var body: some View {
        List {
            Section("Active") { ForEach(alarms, id: \.self) { Text($0) } }
            Section("Cleared") { Text("none") }
        }
        .listRowSpacing(8)
        .listSectionSpacing(.compact)
    }
}

struct SpacedSettings: View {
    var body: some View {
        Form { Text("Brightness") }
            .listSectionSpacing(40)
            .listRowSpacing(nil)
    }
}

/// iOS 17's item destination.
struct MachinePicker: View {
    struct Machine: Hashable { let name: String }
    @State private var chosen: Machine?
    var body: some View {
        NavigationStack {
            Button("Press") { chosen = Machine(name: "Press") }
                .navigationDestination(item: $chosen) { machine in Text(machine.name) }
        }
    }
}

/// iOS 17's title mode and a sheet's corner radius.
struct RoundedSettingsSheet: View {
    @State private var open = false
    var body: some View {
        NavigationStack {
            Button("Open") { open = true }
                .navigationTitle("Panel")
                .toolbarTitleDisplayMode(.inlineLarge)
                .sheet(isPresented: $open) {
                    Text("Options")
                        .presentationDetents([.medium])
                        .presentationCornerRadius(28)
                }
        }
    }
}
