// swift-tools-version:6.0
// A dozen small screens written the way SwiftUI's documentation and tutorials write them, with only
// `import ScanoutUI` (Foundation's value types come with it; one chart with `import ScanoutCharts`), each ending
// in #Preview; the app pages through them.
import PackageDescription

let package = Package(
    name: "Gallery",
    dependencies: [.package(name: "Scanout", path: "../..")],
    targets: [
        .executableTarget(name: "Gallery", dependencies: [
            .product(name: "ScanoutUI", package: "Scanout"),
            .product(name: "ScanoutCharts", package: "Scanout"),  // Swift Charts' subset (PowerChart)
        ]),
        .testTarget(name: "GalleryTests", dependencies: [
            "Gallery",
            .product(name: "ScanoutTesting", package: "Scanout"),
        ]),
    ]
)
