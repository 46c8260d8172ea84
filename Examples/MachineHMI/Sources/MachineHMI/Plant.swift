import ScanoutUI

/// The machines this panel watches, their alarms and the operator's settings. A real HMI would fill it from
/// a fieldbus (Modbus, OPC UA); `sample(_:)` stands in for one reading.
@Observable
final class Plant {
    struct Machine: Identifiable, Hashable {
        let id: Int
        var name: String
        var speed: Double      // rpm
        var temperature: Double  // °C
        var isRunning: Bool
        static let maxSpeed = 3000.0
        static let maxTemperature = 120.0
    }

    struct Alarm: Identifiable {
        enum Severity: String { case warning = "Warning", fault = "Fault" }
        let id: Int
        var machine: String
        var message: String
        var severity: Severity
        var isAcknowledged = false
    }

    enum Units: String, CaseIterable, Identifiable { case metric = "Metric", imperial = "Imperial"; var id: Self { self } }

    var machines = [
        Machine(id: 1, name: "Press 1", speed: 1450, temperature: 64, isRunning: true),
        Machine(id: 2, name: "Press 2", speed: 0, temperature: 31, isRunning: false),
        Machine(id: 3, name: "Conveyor", speed: 820, temperature: 42, isRunning: true),
    ]
    var alarms = [
        Alarm(id: 1, machine: "Press 1", message: "Oil pressure low", severity: .warning),
        Alarm(id: 2, machine: "Conveyor", message: "Belt slip detected", severity: .fault),
    ]
    var temperatureLimit = 90
    var units = Units.metric
    var soundsAlarms = true

    var openAlarms: Int { alarms.filter { !$0.isAcknowledged }.count }

    /// One reading: a machine hotter than the limit raises a fault (once per excursion).
    func sample(machine id: Int, speed: Double, temperature: Double) {
        guard let i = machines.firstIndex(where: { $0.id == id }) else { return }
        let wasOver = machines[i].temperature > Double(temperatureLimit)
        machines[i].speed = speed
        machines[i].temperature = temperature
        if temperature > Double(temperatureLimit) && !wasOver {
            alarms.insert(Alarm(id: (alarms.map(\.id).max() ?? 0) + 1, machine: machines[i].name,
                                message: "Over temperature", severity: .fault), at: 0)
        }
    }

    func temperatureText(_ celsius: Double) -> String {
        units == .metric ? "\(Int(celsius.rounded())) °C" : "\(Int((celsius * 9 / 5 + 32).rounded())) °F"
    }
}
