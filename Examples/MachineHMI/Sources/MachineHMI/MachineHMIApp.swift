import ScanoutUI

@main
struct MachineHMIApp: App {
    @State private var plant = Plant()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environment(plant)
        }
    }
}
