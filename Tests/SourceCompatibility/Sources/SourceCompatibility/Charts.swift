import ScanoutUI
import ScanoutCharts

// Swift Charts as its documentation writes it (`import Charts` there).

struct ToyShape: Identifiable {
    var color: String
    var type: String
    var count: Double
    var id = UUID()
}

struct ShapeCharts: View {
    let data: [ToyShape] = [
        .init(color: "Green", type: "Cube", count: 2), .init(color: "Purple", type: "Sphere", count: 0),
        .init(color: "Pink", type: "Pyramid", count: 1),
    ]

    var body: some View {
        VStack {
            Chart {
                BarMark(x: .value("Shape Type", data[0].type), y: .value("Total Count", data[0].count))
                BarMark(x: .value("Shape Type", data[1].type), y: .value("Total Count", data[1].count))
            }
            Chart(data) {
                BarMark(x: .value("Shape Type", $0.type), y: .value("Total Count", $0.count))
            }
            Chart {
                ForEach(data) { shape in
                    BarMark(x: .value("Shape Type", shape.type), y: .value("Total Count", shape.count))
                        .foregroundStyle(by: .value("Shape Color", shape.color))
                }
            }
            .chartForegroundStyleScale(["Green": .green, "Purple": .purple, "Pink": .pink, "Yellow": .yellow])
        }
    }
}

struct Reading: Identifiable {
    let id: Int
    let date: Date
    let value: Double
    let sensor: String
}

enum Severity: String, Plottable, CaseIterable {
    case info = "Info", warning = "Warning", fault = "Fault"
}

struct TrendChart: View {
    let readings: [Reading]
    let limit: Double
    let unit = "bar"
    @State private var showsLimit = true

    var body: some View {
        Chart {
            ForEach(readings) { reading in
                LineMark(x: .value("Time", reading.date), y: .value("Pressure", reading.value))
                    .foregroundStyle(by: .value("Sensor", reading.sensor))
                    .interpolationMethod(.catmullRom)
                    .lineStyle(StrokeStyle(lineWidth: 3))
                PointMark(x: .value("Time", reading.date), y: .value("Pressure", reading.value))
                    .symbol(by: .value("Sensor", reading.sensor))
                    .symbolSize(20)
            }
            if showsLimit {
                RuleMark(y: .value("Limit", limit))
                    .foregroundStyle(.red)
                    .lineStyle(StrokeStyle(lineWidth: 1, dash: [4, 4]))
            }
        }
        .chartYScale(domain: .automatic(includesZero: false))
        .chartXAxis(.hidden)
        .chartLegend(position: .top, alignment: .leading)
        .chartYAxisLabel(unit)
        .chartXAxisLabel("Time")
        .frame(height: 240)
    }
}

struct SeverityChart: View {
    let counts: [Severity: Int]

    var body: some View {
        Chart(Severity.allCases, id: \.self) { severity in
            BarMark(x: .value("Count", counts[severity] ?? 0), y: .value("Severity", severity), height: .ratio(0.6))
                .foregroundStyle(severity == .fault ? Color.red : Color.gray)
                .cornerRadius(4)
                .opacity(0.9)
        }
        .chartXScale(domain: 0...50)
        .chartLegend(.hidden)
    }
}

struct OutputSummary: View {
    let good: Int
    let scrap: Int

    var body: some View {
        HStack {
            Chart {
                SectorMark(angle: .value("Parts", good), innerRadius: .ratio(0.618), angularInset: 1.5)
                    .foregroundStyle(by: .value("Kind", "Good"))
                    .annotation(position: .overlay) {
                        Text("\(good)").font(.caption).foregroundStyle(.white)
                    }
                SectorMark(angle: .value("Parts", scrap), innerRadius: .ratio(0.618), angularInset: 1.5)
                    .foregroundStyle(by: .value("Kind", "Scrap"))
            }
            Chart {
                BarMark(x: .value("Kind", "Good"), y: .value("Parts", good))
                    .annotation(position: .top, alignment: .center, spacing: 4) { Text("\(good)") }
                RuleMark(y: .value("Target", 100))
                    .annotation(position: .top, alignment: .leading) {
                        Text("Target").font(.caption2)
                    }
            }
        }
    }
}

struct SelectableTrend: View {
    let readings: [Reading]
    @State private var selectedDate: Date?

    var body: some View {
        Chart {
            ForEach(readings) { reading in
                LineMark(x: .value("Time", reading.date), y: .value("Value", reading.value))
            }
            if let selectedDate {
                RuleMark(x: .value("Selected", selectedDate))
                    .foregroundStyle(.gray.opacity(0.3))
                    .annotation(position: .top) {
                        Text(selectedDate, style: .time)
                    }
            }
        }
        .chartXSelection(value: $selectedDate)
    }
}

struct AxisStyledChart: View {
    let readings: [Reading]

    var body: some View {
        Chart(readings) { reading in
            BarMark(x: .value("Time", reading.date), y: .value("Power", reading.value))
        }
        .chartYAxis {
            AxisMarks(position: .leading) { value in
                AxisGridLine()
                AxisTick()
                AxisValueLabel {
                    if let kilowatts = value.as(Double.self) {
                        Text("\(kilowatts, specifier: "%.0f") kW")
                    }
                }
            }
        }
        .chartXAxis {
            AxisMarks(values: .automatic(desiredCount: 4))
        }
    }
}

struct StrideAxisChart: View {
    var body: some View {
        Chart {
            ForEach(0..<24) { hour in
                LineMark(x: .value("Hour", hour), y: .value("Load", hour % 7))
                    .symbol(.circle)
            }
        }
        .chartXAxis {
            AxisMarks(values: .stride(by: 6)) { _ in
                AxisGridLine(stroke: StrokeStyle(lineWidth: 0.5, dash: [2, 2]))
                AxisValueLabel()
            }
        }
        .chartYAxis {
            AxisMarks(values: [0, 3, 6])
        }
    }
}

struct DailySteps: View {
    struct Day: Identifiable {
        let date: Date
        let steps: Int
        var id: Date { date }
    }
    let days: [Day]

    var body: some View {
        Chart(days) {
            BarMark(x: .value("Day", $0.date, unit: .day), y: .value("Steps", $0.steps))
            PointMark(x: .value("Day", $0.date, unit: .day), y: .value("Steps", $0.steps))
        }
        .chartXAxis {
            AxisMarks(values: .stride(by: .day)) { _ in
                AxisGridLine()
                AxisValueLabel()
            }
        }
    }
}

struct AlarmHeatMap: View {
    struct Cell: Identifiable {
        let id = UUID()
        let hour: Int
        let station: String
        let alarms: Int
    }
    let cells: [Cell]

    var body: some View {
        Chart(cells) { cell in
            RectangleMark(x: .value("Hour", cell.hour), y: .value("Station", cell.station), width: .ratio(1), height: .ratio(1))
                .foregroundStyle(by: .value("Alarms", cell.alarms))
        }
    }
}
