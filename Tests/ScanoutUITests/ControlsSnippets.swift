import ScanoutUI

// Idiomatic SwiftUI using the controls of issue 15, as an app would write it: this file imports ScanoutUI
// only (no test support), so it shows the API compiles as SwiftUI code does. ControlsSnippetsTests renders it.

enum FanSpeed: String, CaseIterable, Identifiable {
    case off, low, medium, high
    var id: Self { self }
    var title: String { rawValue.capitalized }
}

@Observable final class ThermostatModel {
    var target = 21.0
    var heating = true
    var fan = FanSpeed.low
}

final class SessionStore: ObservableObject {
    @Published var operatorName = "Ada"
}

struct ThermostatPanel: View {
    @Environment(ThermostatModel.self) private var model
    @EnvironmentObject private var session: SessionStore
    @AppStorage("units.fahrenheit") private var fahrenheit = false
    @AppStorage("wake.hour") private var wakeHour = 7

    var body: some View {
        @Bindable var model = model
        HStack(alignment: .top, spacing: 24) {
            VStack(alignment: .leading, spacing: 12) {
                Label("Hello, \(session.operatorName)", systemImage: "person.crop.circle")
                    .font(.headline)
                Stepper("Target \(model.target, specifier: "%.1f")°", value: $model.target, in: 16...28, step: 0.5)
                Toggle("Heating", isOn: $model.heating)
                    .tint(.orange)
                Toggle("Fahrenheit", isOn: $fahrenheit)
                    .toggleStyle(.checkbox)
                Picker("Fan", selection: $model.fan) {
                    ForEach(FanSpeed.allCases) { speed in
                        Text(speed.title).tag(speed)
                    }
                }
                .pickerStyle(.segmented)
                HStack {
                    Button("Cancel", role: .cancel) {}
                        .buttonStyle(.bordered)
                    Button(role: .destructive) {
                        model.heating = false
                    } label: {
                        Label("Stop", systemImage: "stop.fill")
                    }
                    .buttonStyle(.borderedProminent)
                    .controlSize(.large)
                }
            }
            VStack(spacing: 12) {
                Gauge(value: model.target, in: 16...28) {
                    Image(systemName: "thermometer")
                        .symbolRenderingMode(.hierarchical)
                } currentValueLabel: {
                    Text("\(Int(model.target))")
                }
                .gaugeStyle(.accessoryCircular)
                Picker("Wake at", selection: $wakeHour) {
                    ForEach(5..<10) { hour in
                        Text("\(hour):00")
                    }
                }
                .pickerStyle(.wheel)
                .frame(width: 160)
            }
        }
        .padding()
    }
}

/// A custom button style, as SwiftUI apps write them.
struct PressableTileStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(16)
            .background(RoundedRectangle(cornerRadius: 12).fill(configuration.isPressed ? Color.gray : Color.blue))
            .foregroundColor(.white)
            .scaleEffect(configuration.isPressed ? 0.96 : 1)
    }
}

/// A custom toggle style.
struct PowerToggleStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        Button {
            configuration.isOn.toggle()
        } label: {
            Label {
                configuration.label
            } icon: {
                Image(systemName: "power")
                    .foregroundStyle(configuration.isOn ? Color.green : Color.secondary)
            }
        }
        .buttonStyle(.plain)
    }
}

struct Dashboard: View {
    @State private var pumpOn = true
    @State private var level = 0.4

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Pump station three: level readings are updated every few seconds from the float sensors")
                .lineLimit(1)
                .multilineTextAlignment(.leading)
            Toggle("Pump", isOn: $pumpOn)
                .toggleStyle(PowerToggleStyle())
            Gauge(value: level) { Text("Level") }
                .gaugeStyle(.accessoryCircularCapacity)
            Button {
                level = min(1, level + 0.1)
            } label: {
                Label("Fill", systemImage: "drop.fill")
                    .labelStyle(.titleAndIcon)
            }
            .buttonStyle(PressableTileStyle())
            Canvas { context, size in
                let bar = Path(CGRect(x: 0, y: 0, width: size.width * level, height: size.height))
                context.fill(bar, with: .color(.teal))
                context.draw(Text("\(Int(level * 100)) %"), at: CGPoint(x: size.width / 2, y: size.height / 2))
            }
            .frame(height: 24)
        }
        .padding()
    }
}
