import ScanoutUI

/// Phone and desktop idioms a panel app keeps: a full-screen view without the status bar, help tags and
/// hover effects from a Mac build, selectable text, a settings form over a picture.
struct SettingsScreen: View {
    @State private var hovering = false
    @State private var brightness = 0.5
    var body: some View {
        Form {
            Section("Display") {
                Slider(value: $brightness).help("Panel brightness")
                Text("Serial 0042").textSelection(.enabled).allowsTightening(true)
                Button("Reset") {}.onHover { hovering = $0 }.help(Text("Reset to the defaults"))
            }
        }
        .scrollContentBackground(.hidden)
        .background(LinearGradient(colors: [.blue, .teal], startPoint: .top, endPoint: .bottom))
        .accentColor(.orange)
        .statusBarHidden(true)
        .persistentSystemOverlays(.hidden)
        .defersSystemGestures(on: .bottom)
    }
}
