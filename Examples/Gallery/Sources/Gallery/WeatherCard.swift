import ScanoutUI

struct WeatherReport {
    var city: String
    var temperature: Measurement
    var humidity: Double
    var condition: String

    struct Measurement { var celsius: Double }

    static let sample = WeatherReport(city: "Lisbon", temperature: .init(celsius: 23.4), humidity: 0.62, condition: "sun.max")
}

struct WeatherCard: View {
    let report: WeatherReport

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Label(report.city, systemImage: "location")
                .font(.headline)
            HStack(alignment: .firstTextBaseline) {
                Image(systemName: report.condition)
                    .imageScale(.large)
                    .foregroundStyle(.orange)
                Text("\(Int(report.temperature.celsius.rounded()))°")
                    .font(.largeTitle)
            }
            Gauge(value: report.humidity) {
                Text("Humidity")
            } currentValueLabel: {
                Text("\(Int(report.humidity * 100)) %")
            }
        }
        .padding()
        .background(.blue.opacity(0.1), in: RoundedRectangle(cornerRadius: 16))
        .padding()
    }
}

#Preview {
    WeatherCard(report: .sample)
}
