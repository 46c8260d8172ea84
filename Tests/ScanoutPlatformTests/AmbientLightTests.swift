import Foundation
import Testing
@testable import ScanoutPlatform

/// `appearance = auto`: the light sensor as sysfs shows it, and the thresholds with their gap.
@Suite struct AmbientLightTests {
    /// A fake `/sys/bus/iio/devices` with `devices` (folder name → attribute files), removed by the caller.
    private func devices(_ devices: [String: [String: String]]) throws -> String {
        let root = NSTemporaryDirectory() + "scanout-iio-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        for (name, files) in devices {
            try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
            for (file, text) in files { try text.write(toFile: root + "/" + name + "/" + file, atomically: true, encoding: .utf8) }
        }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    @Test func theFirstDeviceThatReadsIlluminanceIsTheSensor() throws {
        let root = try devices(["iio:device0": ["in_accel_x_raw": "12\n"],  // an accelerometer: not a light sensor
                                "iio:device10": ["in_illuminance_input": "900\n"],
                                "iio:device2": ["in_illuminance_raw": "120\n", "in_illuminance_scale": "0.5\n",
                                                "in_illuminance_offset": "4\n"],
                                "trigger0": ["in_illuminance_input": "1"]])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let sensor = try #require(AmbientLightSensor.find(in: root))
        #expect(sensor.folder == root + "/iio:device2", "device2 before device10; triggers are not devices")
        #expect(sensor.lux() == 62)  // (120 + 4) × 0.5
        #expect(AmbientLightSensor(folder: root + "/iio:device10").lux() == 900, "the processed value when there is one")
    }

    @Test func noSensorOrAnUnreadableOneGivesNoReading() throws {
        #expect(AmbientLightSensor.find(in: "/nonexistent/iio") == nil)
        let root = try devices(["iio:device0": ["in_illuminance_input": "bright\n"],
                                "iio:device1": ["in_illuminance_input": "nan\n"],
                                "iio:device2": ["in_illuminance_input": "-3\n"],
                                "iio:device3": ["in_illuminance_input": String(repeating: "9", count: 500)],
                                "iio:device4": ["in_illuminance_raw": "1e308\n", "in_illuminance_scale": "1e308\n"]])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(AmbientLightSensor.find(in: root) == nil)
        for k in 0...4 { #expect(AmbientLightSensor(folder: root + "/iio:device\(k)").lux() == nil, "device \(k)") }
        // A sensor that vanishes (its driver unloaded) reads nothing instead of failing.
        #expect(AmbientLightSensor(folder: root + "/iio:device9").lux() == nil)
    }

    /// Dark below 15 lux, light again only above 50: a reading wavering around one threshold does not make
    /// the panel flip back and forth.
    @Test func theSchemeSwitchesAcrossTheGapOnly() {
        #expect(AutoAppearance(lux: nil).appearance == .light)
        #expect(AutoAppearance(lux: 40).appearance == .light)
        var auto = AutoAppearance(lux: 5)
        #expect(auto.appearance == .dark)
        // Each reading in turn, whether it switched, and the appearance after it.
        let steps: [(Double, Bool, PanelAppearance)] = [(20, false, .dark), (49, false, .dark), (51, true, .light),
                                                        (16, false, .light), (.nan, false, .light), (14, true, .dark)]
        for (lux, switches, after) in steps {
            let changed = auto.update(lux: lux)
            #expect(changed == switches, "\(lux) lux")
            #expect(auto.appearance == after, "\(lux) lux")
        }
    }

    @Test func theOptionAcceptsAuto() throws {
        #expect(try PlatformOptions.parse(arguments: ["--appearance", "auto"], environment: { _ in nil }).appearance == .auto)
        let profile = try BoardProfile.parse("appearance = auto\n", path: "t.board")
        #expect(profile.warnings.isEmpty)
    }
}
