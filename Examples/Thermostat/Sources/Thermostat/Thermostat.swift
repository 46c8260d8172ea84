import ScanoutUI

/// What the panel controls: one room's setpoint, mode and weekly schedule. A real panel would read the
/// temperature from a sensor; here it drifts towards the setpoint when the heating or cooling is on.
@Observable
final class Thermostat {
    enum Mode: String, CaseIterable, Identifiable {
        case off = "Off", heat = "Heat", cool = "Cool", auto = "Auto"
        var id: Self { self }
    }

    struct Period: Identifiable {
        let id = UUID()
        var name: String
        var startHour: Int
        var setpoint: Double
        var isEnabled = true
    }

    static let range: ClosedRange<Double> = 10...30

    var current = 19.5
    /// Kept within `range` by the controls that set it (the slider and the stepper clamp).
    var setpoint = 21.0
    var mode = Mode.heat
    var schedule = [
        Period(name: "Wake", startHour: 6, setpoint: 21),
        Period(name: "Away", startHour: 8, setpoint: 17),
        Period(name: "Home", startHour: 17, setpoint: 21.5),
        Period(name: "Sleep", startHour: 22, setpoint: 18),
    ]

    /// Whether the plant is working towards the setpoint now.
    var isActive: Bool {
        switch mode {
        case .off: false
        case .heat: current < setpoint - 0.2
        case .cool: current > setpoint + 0.2
        case .auto: abs(current - setpoint) > 0.2
        }
    }

    /// One minute of the room: a tenth of a degree towards the setpoint while active.
    func tick() {
        guard isActive else { return }
        current += current < setpoint ? 0.1 : -0.1
        current = (current * 10).rounded() / 10
    }
}

extension Double {
    /// "21.5°" — one decimal, as thermostats show.
    var degrees: String {
        let tenths = Int((self * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))°"
    }
}
