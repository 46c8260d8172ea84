import ScanoutUI

/// Three tabs, as operators page through them: the machines, the alarms, the settings.
struct ContentView: View {
    @Environment(Plant.self) private var plant
    @State private var tab = 0

    var body: some View {
        TabView(selection: $tab) {
            NavigationStack {
                OverviewView()
            }
            .tabItem { Label("Overview", systemImage: "gauge") }
            .tag(0)
            AlarmsView()
                .tabItem { Label("Alarms", systemImage: "exclamationmark.triangle") }
                .badge(plant.openAlarms)
                .tag(1)
            SettingsView()
                .tabItem { Label("Settings", systemImage: "gear") }
                .tag(2)
        }
    }
}

/// A card per machine; tapping one opens its detail.
struct OverviewView: View {
    @Environment(Plant.self) private var plant

    var body: some View {
        HStack(spacing: 16) {
            ForEach(plant.machines) { machine in
                NavigationLink(value: machine.id) {
                    MachineCard(machine: machine)
                }
            }
        }
        .padding(16)
        .navigationTitle("Line 3")
        .navigationDestination(for: Int.self) { id in
            MachineDetailView(machineID: id)
        }
    }
}

struct MachineCard: View {
    @Environment(Plant.self) private var plant
    let machine: Plant.Machine

    var body: some View {
        VStack(spacing: 12) {
            Label(machine.name, systemImage: machine.isRunning ? "play.circle" : "stop.circle")
                .font(.headline)
            Gauge(value: machine.speed, in: 0...Plant.Machine.maxSpeed) {
                Text("Speed")
            } currentValueLabel: {
                Text("\(Int(machine.speed))")
            }
            .gaugeStyle(.accessoryCircular)
            .tint(machine.isRunning ? .green : .gray)
            Text(plant.temperatureText(machine.temperature))
                .foregroundStyle(machine.temperature > Double(plant.temperatureLimit) ? .red : .secondary)
        }
        .padding(16)
        .frame(maxWidth: .infinity)
        .background(RoundedRectangle(cornerRadius: 12).fill(Color.gray.opacity(0.15)))
    }
}

struct MachineDetailView: View {
    @Environment(Plant.self) private var plant
    let machineID: Int

    var body: some View {
        if let machine = plant.machines.first(where: { $0.id == machineID }) {
            Form {
                Section("State") {
                    LabeledContent("Running", value: machine.isRunning ? "Yes" : "No")
                    LabeledContent("Speed", value: "\(Int(machine.speed)) rpm")
                    LabeledContent("Temperature", value: plant.temperatureText(machine.temperature))
                }
                Section("Load") {
                    Gauge(value: machine.temperature, in: 0...Plant.Machine.maxTemperature) {
                        Text("Temperature")
                    }
                    .gaugeStyle(.linearCapacity)
                }
            }
            .navigationTitle(machine.name)
        }
    }
}

/// Open alarms first; each is acknowledged with a tap.
struct AlarmsView: View {
    @Environment(Plant.self) private var plant

    var body: some View {
        @Bindable var plant = plant
        List {
            ForEach($plant.alarms) { $alarm in
                HStack {
                    Image(systemName: alarm.severity == .fault ? "xmark.octagon" : "exclamationmark.triangle")
                        .foregroundStyle(alarm.severity == .fault ? .red : .orange)
                    VStack(alignment: .leading) {
                        Text("\(alarm.machine): \(alarm.message)")
                        Text(alarm.severity.rawValue).font(.caption).foregroundStyle(.secondary)
                    }
                    Spacer()
                    if alarm.isAcknowledged {
                        Text("Acknowledged").foregroundStyle(.secondary)
                    } else {
                        Button("Acknowledge") { alarm.isAcknowledged = true }
                            .buttonStyle(.bordered)
                    }
                }
            }
        }
    }
}

struct SettingsView: View {
    @Environment(Plant.self) private var plant

    var body: some View {
        @Bindable var plant = plant
        Form {
            Section("Alarms") {
                Stepper("Temperature limit \(plant.temperatureLimit) °C", value: $plant.temperatureLimit, in: 40...120, step: 5)
                Toggle("Sound alarms", isOn: $plant.soundsAlarms)
            }
            Section("Display") {
                Picker("Units", selection: $plant.units) {
                    ForEach(Plant.Units.allCases) { Text($0.rawValue).tag($0) }
                }
                .pickerStyle(.segmented)
            }
        }
    }
}

#Preview("Overview") {
    ContentView()
        .environment(Plant())
}

#Preview("Alarms, dark") {
    AlarmsView()
        .environment(Plant())
        .preferredColorScheme(.dark)
}

#Preview("Settings") {
    SettingsView()
        .environment(Plant())
}
