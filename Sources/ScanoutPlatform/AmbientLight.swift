import Glibc

/// An ambient light sensor as the kernel's IIO subsystem shows it in sysfs (`in_illuminance_input` in lux, or
/// `in_illuminance_raw` with its `_scale` and `_offset`): what `appearance = auto` follows. Sensors on panels
/// (TSL2591, VEML7700, BH1750, APDS9960, OPT3001 …) all have an IIO driver, so no vendor code is needed.
public struct AmbientLightSensor: Sendable, Equatable {
    /// The device's sysfs folder, e.g. `/sys/bus/iio/devices/iio:device0`.
    public let folder: String

    /// Where the kernel lists IIO devices.
    public static let devicesFolder = "/sys/bus/iio/devices"

    /// The first IIO device under `devicesFolder` (by name, `iio:device2` before `iio:device10`) that reads
    /// illuminance, or nil.
    public static func find(in devicesFolder: String = devicesFolder) -> AmbientLightSensor? {
        guard let dir = opendir(devicesFolder) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let ent = readdir(dir) {
            let name = withUnsafeBytes(of: ent.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("iio:device") { names.append(name) }
        }
        names.sort { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
        for name in names {
            let sensor = AmbientLightSensor(folder: devicesFolder + "/" + name)
            if sensor.lux() != nil { return sensor }
        }
        return nil
    }

    public init(folder: String) { self.folder = folder }

    /// The illuminance now, in lux; nil when the sensor cannot be read (unplugged, or not a light sensor).
    public func lux() -> Double? {
        if let lux = number("in_illuminance_input") { return lux.isFinite && lux >= 0 ? lux : nil }
        guard let raw = number("in_illuminance_raw") else { return nil }
        let lux = (raw + (number("in_illuminance_offset") ?? 0)) * (number("in_illuminance_scale") ?? 1)
        return lux.isFinite && lux >= 0 ? lux : nil
    }

    /// A sysfs attribute holding one number (a few bytes; a longer file is not one).
    private func number(_ attribute: String) -> Double? {
        let fd = open(folder + "/" + attribute, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 64)
        var n: Int
        repeat { n = read(fd, &bytes, bytes.count) } while n < 0 && errno == EINTR
        guard n > 0, n < bytes.count else { return nil }
        let text = String(decoding: bytes[0..<n], as: UTF8.self)
        return Double(text.trimmingTrailingWhitespace)
    }
}

private extension String {
    var trimmingTrailingWhitespace: Substring {
        var s = Substring(self)
        while let last = s.last, last == "\n" || last == " " || last == "\t" || last == "\r" { s = s.dropLast() }
        return s
    }
}

/// `appearance = auto`: dark in a dark room, light in a lit one, decided from an ambient light sensor's lux with
/// a gap between the two thresholds, so a reading wavering around one of them (a person passing, a flickering
/// tube) does not make the panel switch back and forth.
public struct AutoAppearance: Sendable, Equatable {
    /// Below this the panel goes dark (a dim room: a bright white screen would glare).
    public var darkBelowLux: Double
    /// Above this it goes light again (an ordinarily lit room is 100–500 lux).
    public var lightAboveLux: Double
    /// The appearance now.
    public private(set) var appearance: PanelAppearance

    /// Starts from `lux` (nil: no reading yet, light as SwiftUI's default): dark below the middle of the gap.
    public init(lux: Double?, darkBelowLux: Double = 15, lightAboveLux: Double = 50) {
        self.darkBelowLux = darkBelowLux
        self.lightAboveLux = lightAboveLux
        if let lux, lux.isFinite, lux < (darkBelowLux + lightAboveLux) / 2 { appearance = .dark } else { appearance = .light }
    }

    /// Takes a new reading; true when the appearance changed.
    public mutating func update(lux: Double) -> Bool {
        guard lux.isFinite else { return false }
        let next: PanelAppearance
        switch appearance {
        case .dark: next = lux > lightAboveLux ? .light : .dark
        default: next = lux < darkBelowLux ? .dark : .light
        }
        defer { appearance = next }
        return next != appearance
    }

    /// How often the sensor is read: a switch follows the room within this, and an idle panel wakes no more
    /// often than this for it (only with `appearance = auto` and a sensor present).
    public static let pollInterval: Duration = .seconds(5)
}
