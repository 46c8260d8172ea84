// swift-tools-version:6.0
// libFuzzer harnesses for Scanout, a package of their own (so the main package's `swift build` never builds
// them). `scripts/fuzz [harness] [seconds]` builds them with `--sanitize fuzzer --sanitize address` (and coverage instrumentation) and runs
// them over the checked-in seed corpora in Fuzz/Corpus/<harness>.
import PackageDescription

// libFuzzer supplies `main`; each harness only defines LLVMFuzzerTestOneInput.
let harness: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

func fuzzer(_ name: String, _ products: [String]) -> Target {
    .executableTarget(name: "fuzz-\(name)",
                      dependencies: ["FuzzInput"] + products.map { .product(name: $0, package: "Scanout") },
                      path: "Harnesses/\(name)", swiftSettings: harness)
}

let package = Package(
    name: "ScanoutFuzz",
    dependencies: [.package(name: "Scanout", path: "..")],
    targets: [
        .target(name: "FuzzInput", path: "Sources/FuzzInput"),
        fuzzer("raster", ["ScanoutRaster"]),
        fuzzer("png", ["ScanoutImage", "ScanoutRaster"]),
        fuzzer("jpeg", ["ScanoutImage", "ScanoutRaster"]),
        fuzzer("font", ["ScanoutText", "ScanoutRaster"]),
        fuzzer("board", ["ScanoutPlatform"]),
        fuzzer("options", ["ScanoutPlatform"]),
        fuzzer("text", ["ScanoutText", "ScanoutRaster"]),
        fuzzer("textinput", ["ScanoutTesting", "ScanoutUI"]),
    ]
)
