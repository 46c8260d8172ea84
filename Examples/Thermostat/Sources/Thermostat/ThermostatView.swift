import ScanoutUI

/// The whole panel: the room on the left, the schedule on the right.
struct ThermostatView: View {
    @Environment(Thermostat.self) private var thermostat

    var body: some View {
        HStack(spacing: 0) {
            RoomView()
                .frame(maxWidth: .infinity, maxHeight: .infinity)
            Divider()
            ScheduleView()
                .frame(width: 300)
        }
        .task {
            // The room changes once a (simulated) minute; a panel sleeps in between.
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(60))
                thermostat.tick()
            }
        }
    }
}

/// Big numbers and the setpoint controls.
struct RoomView: View {
    @Environment(Thermostat.self) private var thermostat

    var body: some View {
        @Bindable var thermostat = thermostat
        VStack(spacing: 20) {
            Label("Living room", systemImage: "thermometer")
                .font(.title2)
            Text(thermostat.current.degrees)
                .font(.system(size: 96, weight: .bold))
                .monospacedDigit()
            Text(thermostat.isActive ? "\(thermostat.mode.rawValue)ing to \(thermostat.setpoint.degrees)"
                                     : "Holding \(thermostat.setpoint.degrees)")
                .foregroundStyle(.secondary)
            Slider(value: $thermostat.setpoint, in: Thermostat.range, step: 0.5) {
                Text("Setpoint")
            } minimumValueLabel: {
                Text("10°")
            } maximumValueLabel: {
                Text("30°")
            }
            Stepper("Setpoint \(thermostat.setpoint.degrees)", value: $thermostat.setpoint,
                    in: Thermostat.range, step: 0.5)
            Picker("Mode", selection: $thermostat.mode) {
                ForEach(Thermostat.Mode.allCases) { mode in
                    Text(mode.rawValue).tag(mode)
                }
            }
            .pickerStyle(.segmented)
        }
        .padding(32)
    }
}

/// The week's periods; each can be switched off.
struct ScheduleView: View {
    @Environment(Thermostat.self) private var thermostat

    var body: some View {
        @Bindable var thermostat = thermostat
        List {
            Section("Schedule") {
                ForEach($thermostat.schedule) { $period in
                    Toggle(isOn: $period.isEnabled) {
                        VStack(alignment: .leading) {
                            Text(period.name)
                            Text("from \(period.startHour):00, \(period.setpoint.degrees)")
                                .font(.caption)
                                .foregroundStyle(.secondary)
                        }
                    }
                }
            }
        }
    }
}

#Preview("Thermostat") {
    ThermostatView()
        .environment(Thermostat())
}

#Preview("Thermostat, dark") {
    ThermostatView()
        .environment(Thermostat())
        .preferredColorScheme(.dark)
}
