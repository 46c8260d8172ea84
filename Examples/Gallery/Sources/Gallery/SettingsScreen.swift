import ScanoutUI

struct SettingsScreen: View {
    @AppStorage("gallery.volume") private var volume = 0.5
    @AppStorage("gallery.chime") private var chime = true
    @AppStorage("gallery.name") private var deviceName = "Lobby panel"

    var body: some View {
        Form {
            Section {
                Slider(value: $volume, in: 0...1) {
                    Text("Volume")
                } minimumValueLabel: {
                    Image(systemName: "speaker")
                } maximumValueLabel: {
                    Image(systemName: "speaker.wave.3")
                }
                Toggle("Door chime", isOn: $chime)
            } header: {
                Text("Sound")
            } footer: {
                Text("Volume \(Int(volume * 100)) %")
            }
            Section("Device") {
                LabeledContent("Name", value: deviceName)
            }
        }
    }
}

#Preview {
    SettingsScreen()
}
