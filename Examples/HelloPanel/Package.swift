// swift-tools-version:6.0
// The smallest Scanout app: a counter panel. A package of its own that depends on Scanout exactly as yours
// would — here by path; from a clone of your own use `.package(url: "<your Scanout repository>", from: "…")`.
import PackageDescription

let package = Package(
    name: "HelloPanel",
    dependencies: [.package(name: "Scanout", path: "../..")],
    targets: [
        .executableTarget(name: "HelloPanel", dependencies: [.product(name: "ScanoutUI", package: "Scanout")]),
        .testTarget(name: "HelloPanelTests", dependencies: [
            "HelloPanel",
            .product(name: "ScanoutTesting", package: "Scanout"),
        ]),
    ]
)
