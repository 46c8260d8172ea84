// swift-tools-version:6.0
// SwiftUI code that compiles without a warning against Apple's SwiftUI in the Swift 6 language mode must compile
// without one against Scanout: built with warnings as errors by scripts/test. Not an example to copy (the flag
// below is for this check only).
import PackageDescription

let package = Package(
    name: "SourceCompatibility",
    dependencies: [.package(name: "Scanout", path: "../..")],
    targets: [
        .target(name: "SourceCompatibility", dependencies: [.product(name: "ScanoutUI", package: "Scanout"),
                                                                    .product(name: "ScanoutCharts", package: "Scanout")],
                swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
    ]
)
