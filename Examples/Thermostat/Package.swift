// swift-tools-version:6.0
// A thermostat panel: big numbers, a setpoint slider and stepper, a mode picker and a schedule list.
// A package of its own that depends on Scanout as yours would (here by path).
import PackageDescription

let package = Package(
    name: "Thermostat",
    dependencies: [.package(name: "Scanout", path: "../..")],
    targets: [
        .executableTarget(name: "Thermostat", dependencies: [.product(name: "ScanoutUI", package: "Scanout")]),
        .testTarget(name: "ThermostatTests", dependencies: [
            "Thermostat",
            .product(name: "ScanoutTesting", package: "Scanout"),
        ]),
    ]
)
