import ScanoutUI

/// A machine's screen, pushed from its card on the overview: its reading, its load as a gauge, and its part
/// of the event log. The navigation bar's back button (or a swipe from the left edge) returns.
struct MachineDetail: View {
    let machine: Machine
    let tick: Int
    let running: Bool

    var body: some View {
        VStack(alignment: .leading, spacing: 20) {
            HStack(alignment: .top, spacing: 40) {
                VStack(alignment: .leading, spacing: 6) {
                    Text("Output").font(.headline).foregroundColor(Color(white: 0.7))
                    Text("\(machine.value(tick)) u/h").font(.largeTitle).foregroundColor(.white)
                    Label(running ? "Running" : "Stopped", systemImage: running ? "bolt.fill" : "bolt.slash")
                        .font(.headline).foregroundColor(running ? .green : .orange)
                }
                Gauge(value: machine.load(tick)) {
                    Text("Load")
                } currentValueLabel: {
                    Text("\(Int((machine.load(tick) * 100).rounded()))%")
                }
                .tint(.cyan)
                .frame(maxWidth: 420)
            }
            Text("Events").font(.headline).foregroundColor(Color(white: 0.8))
            VStack(alignment: .leading, spacing: 0) {
                ForEach(LineEvent.all.filter { $0.machine == machine }.prefix(5)) { event in
                    EventRow(event: event)
                        .padding(10)
                        .frame(maxWidth: .infinity, alignment: .leading)
                        .background(Rectangle().fill(event.id % 2 == 0 ? DemoColors.card : DemoColors.panel))
                }
            }
        }
        .padding(20)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .background(DemoColors.panel)
        .navigationTitle(machine.name)
        .navigationBarTitleDisplayMode(.inline)
    }
}
