import XCTest
import ScanoutUI
import ScanoutCharts
import ScanoutTesting
import GoldenImages

/// A dashboard's two charts as drawn: a line chart of two series with a smooth curve, points, an area and a
/// dashed limit, with axis titles and a legend; and a stacked bar chart by category. XCTest because
/// `GoldenImage.assertMatches` reports through it.
final class ChartGoldenTests: XCTestCase, @unchecked Sendable {
    private struct Sample: Identifiable {
        let id: Int
        let hour: Int
        let zone: String
        let temperature: Double
    }

    private struct Output: Identifiable {
        let id: Int
        let day: String
        let shift: String
        let parts: Int
    }

    private struct Dashboard: View {
        static let ovenPattern: [Double] = [62, 65.5, 69, 72.5, 76]
        let samples: [Sample] = (0...12).flatMap { (hour: Int) -> [Sample] in
            let oven: Double = ovenPattern[(hour * 7) % 5]
            let dryer: Double = 40 + Double((hour * 3) % 7) * 2
            return [Sample(id: hour * 2, hour: hour, zone: "Oven", temperature: oven),
                    Sample(id: hour * 2 + 1, hour: hour, zone: "Dryer", temperature: dryer)]
        }
        let output: [Output] = ["Mon", "Tue", "Wed", "Thu", "Fri"].enumerated().flatMap { (i: Int, day: String) -> [Output] in
            [Output(id: i * 2, day: day, shift: "Early", parts: 120 + i * 15),
             Output(id: i * 2 + 1, day: day, shift: "Late", parts: 90 + (i % 3) * 30)]
        }

        var body: some View {
            VStack(spacing: 24) {
                Chart {
                    ForEach(samples.filter { $0.zone == "Oven" }) { sample in
                        AreaMark(x: .value("Hour", sample.hour), y: .value("Temperature", sample.temperature))
                            .foregroundStyle(.linearGradient(colors: [Color.orange.opacity(0.35), Color.orange.opacity(0.05)],
                                                             startPoint: .top, endPoint: .bottom))
                            .interpolationMethod(.monotone)
                    }
                    ForEach(samples) { sample in
                        LineMark(x: .value("Hour", sample.hour), y: .value("Temperature", sample.temperature))
                            .foregroundStyle(by: .value("Zone", sample.zone))
                            .interpolationMethod(.monotone)
                        PointMark(x: .value("Hour", sample.hour), y: .value("Temperature", sample.temperature))
                            .foregroundStyle(by: .value("Zone", sample.zone))
                    }
                    RuleMark(y: .value("Limit", 80))
                        .foregroundStyle(.red)
                        .lineStyle(StrokeStyle(lineWidth: 1.5, dash: [6, 4]))
                }
                .chartForegroundStyleScale(["Oven": Color.orange, "Dryer": Color.blue])
                .chartYAxisLabel("°C")
                .chartXAxisLabel("Hour of the shift")
                .frame(height: 220)

                Chart(output) { row in
                    BarMark(x: .value("Day", row.day), y: .value("Parts", row.parts))
                        .foregroundStyle(by: .value("Shift", row.shift))
                        .cornerRadius(3)
                }
                .chartLegend(position: .top)
                .frame(height: 180)
            }
            .padding(20)
        }
    }

    @MainActor func testDashboardCharts() async {
        let host = TestHost(rootView: Dashboard(), width: 560, height: 520)
        host.runFrame()
        GoldenImage.assertMatches(host.framebuffer, named: "charts-dashboard")
    }
}
