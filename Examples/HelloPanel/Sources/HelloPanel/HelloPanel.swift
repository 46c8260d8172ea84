import ScanoutUI

@main
struct HelloPanel: App {
    var body: some Scene {
        WindowGroup { CounterView() }
    }
}

/// A count and two big buttons: the first screen of many panels (a batch counter, a visitor count).
struct CounterView: View {
    @State private var count = 0

    var body: some View {
        VStack(spacing: 24) {
            Text("Hello, panel").font(.largeTitle)
            Text("Count: \(count)").font(.title)
            HStack(spacing: 24) {
                Button("Reset", role: .destructive) { count = 0 }
                    .buttonStyle(.bordered)
                    .disabled(count == 0)
                Button("Add one") { count += 1 }
                    .buttonStyle(.borderedProminent)
            }
            .controlSize(.large)
        }
        .padding(32)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}

#Preview("Counter") {
    CounterView()
}

#Preview("Counter, dark", traits: .fixedLayout(width: 480, height: 320)) {
    CounterView()
        .preferredColorScheme(.dark)
}
