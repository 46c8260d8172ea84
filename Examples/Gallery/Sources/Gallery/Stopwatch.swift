import ScanoutUI

struct Stopwatch: View {
    @State private var elapsed: Duration = .zero
    @State private var isRunning = false
    @State private var laps: [Duration] = []

    var body: some View {
        VStack(spacing: 16) {
            Text(format(elapsed))
                .font(.system(size: 56, weight: .medium, design: .monospaced))
            HStack(spacing: 24) {
                Button(isRunning ? "Stop" : "Start") { isRunning.toggle() }
                    .buttonStyle(.borderedProminent)
                    .tint(isRunning ? .red : .green)
                Button("Lap") { laps.insert(elapsed, at: 0) }
                    .buttonStyle(.bordered)
                    .disabled(!isRunning)
            }
            List(laps.indices, id: \.self) { index in
                Text("Lap \(laps.count - index): \(format(laps[index]))")
            }
        }
        .padding()
        .task(id: isRunning) {
            guard isRunning else { return }
            let clock = ContinuousClock()
            var last = clock.now
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                let now = clock.now
                elapsed += now - last
                last = now
            }
        }
    }

    private func format(_ d: Duration) -> String {
        let tenths = Int(d.components.seconds) * 10 + Int(d.components.attoseconds / 100_000_000_000_000_000)
        let minutes = tenths / 600, seconds = (tenths / 10) % 60
        return "\(minutes):\(seconds < 10 ? "0" : "")\(seconds).\(tenths % 10)"
    }
}

#Preview {
    Stopwatch()
}
