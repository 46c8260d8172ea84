// swift-tools-version:6.0
// A machine HMI: gauges per machine, a detail screen, alarms to acknowledge and a settings form.
// A package of its own that depends on Scanout as yours would (here by path).
import PackageDescription

let package = Package(
    name: "MachineHMI",
    dependencies: [.package(name: "Scanout", path: "../..")],
    targets: [
        .executableTarget(name: "MachineHMI", dependencies: [.product(name: "ScanoutUI", package: "Scanout")]),
        .testTarget(name: "MachineHMITests", dependencies: [
            "MachineHMI",
            .product(name: "ScanoutTesting", package: "Scanout"),
        ]),
    ]
)
