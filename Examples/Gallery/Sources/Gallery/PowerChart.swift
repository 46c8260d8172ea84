import ScanoutUI
import ScanoutCharts

/// Swift Charts as its documentation writes it (there: `import Charts`): two lines' power draw over a shift,
/// coloured by line with a legend, and a limit that a toggle shows.
struct PowerReading: Identifiable {
    let id = UUID()
    let hour: Int
    let kilowatts: Double
    let line: String
}

extension PowerReading {
    static let shift: [PowerReading] = (6...14).flatMap { hour in
        [PowerReading(hour: hour, kilowatts: 18 + Double((hour * 5) % 7) * 3, line: "Line A"),
         PowerReading(hour: hour, kilowatts: 10 + Double((hour * 3) % 5) * 4, line: "Line B")]
    }
}

struct PowerChart: View {
    @State private var showsLimit = true
    let readings = PowerReading.shift

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Power draw")
                .font(.headline)
            Chart {
                ForEach(readings) { reading in
                    LineMark(
                        x: .value("Hour", reading.hour),
                        y: .value("Power", reading.kilowatts)
                    )
                    .foregroundStyle(by: .value("Line", reading.line))
                    .interpolationMethod(.monotone)
                }
                if showsLimit {
                    RuleMark(y: .value("Limit", 36))
                        .foregroundStyle(.red)
                        .lineStyle(StrokeStyle(lineWidth: 2, dash: [6, 4]))
                }
            }
            .chartXScale(domain: 6...14)  // a number line holds zero unless its domain says otherwise
            .chartYAxisLabel("kW")
            .frame(height: 260)
            Toggle("Show limit", isOn: $showsLimit)
        }
        .padding()
    }
}

#Preview {
    PowerChart()
}
