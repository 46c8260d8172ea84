import ScanoutUI

@main
struct ThermostatApp: App {
    @State private var thermostat = Thermostat()

    var body: some Scene {
        WindowGroup {
            ThermostatView()
                .environment(thermostat)
        }
    }
}
