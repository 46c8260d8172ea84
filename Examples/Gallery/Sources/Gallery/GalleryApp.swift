import ScanoutUI

@main
struct GalleryApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}

struct ContentView: View {
    var body: some View {
        NavigationStack {
            List {
                NavigationLink("Landmarks") { LandmarkList() }
                NavigationLink("Profile") { ProfileEditor() }
                NavigationLink("Scoreboard") { Scoreboard() }
                NavigationLink("Settings") { SettingsScreen() }
                NavigationLink("Shopping list") { ShoppingList() }
                NavigationLink("Weather") { WeatherCard(report: .sample) }
                NavigationLink("Sign in") { SignInScreen() }
                NavigationLink("Swatches") { ColorSwatches() }
                NavigationLink("Animation") { HeartButton() }
                NavigationLink("Stopwatch") { Stopwatch() }
                NavigationLink("Tabs") { MediaTabs() }
                NavigationLink("Maintenance log") { MaintenanceLog() }
                NavigationLink("Shift schedule") { ShiftSchedule() }
                NavigationLink("Power chart") { PowerChart() }
            }
            .navigationTitle("Gallery")
        }
    }
}

#Preview {
    ContentView()
}
