// swift-tools-version:6.0
// Scanout: a SwiftUI-compatible declarative UI stack for Linux boards (KMS/DRM, libinput, FreeType).
// Module map and import rules: ARCHITECTURE.md §2.
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Scanout",
    products: [
        .library(name: "ScanoutGraph", targets: ["ScanoutGraph"]),
        .library(name: "ScanoutRender", targets: ["ScanoutRender"]),
        .library(name: "ScanoutUI", targets: ["ScanoutUI"]),
        .library(name: "ScanoutTesting", targets: ["ScanoutTesting"]),
        .library(name: "ScanoutRaster", targets: ["ScanoutRaster"]),
        .library(name: "ScanoutText", targets: ["ScanoutText"]),
        .library(name: "ScanoutImage", targets: ["ScanoutImage"]),
        .library(name: "ScanoutPlatform", targets: ["ScanoutPlatform"]),
        .executable(name: "scanout-bench", targets: ["scanout-bench"]),
        .executable(name: "scanout-demo", targets: ["scanout-demo"]),
        .executable(name: "scanout-view-bench", targets: ["scanout-view-bench"]),
        .executable(name: "scanout-graph-bench", targets: ["scanout-graph-bench"]),
        .executable(name: "scanout-probe", targets: ["scanout-probe"]),
    ],
    targets: [
        // System libraries from Debian packages, found with pkg-config.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        // Shaping (GSUB/GPOS), the bidi algorithm, font fallback and Thai word breaks for scripts beyond Latin,
        // Greek and Cyrillic.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CThai", pkgConfig: "libthai", providers: [.apt(["libthai-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        // libjpeg (Debian's libjpeg-dev) behind a C shim that owns the setjmp its error handling needs, which
        // Swift cannot do; linked directly, as libjpeg's headers need no flags beyond the system's.
        .target(name: "CJPEGShim", linkerSettings: [.linkedLibrary("jpeg")]),
        // Linux's epoll, eventfd, timerfd and signalfd headers (the main loop), which Glibc's module lacks.
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CInput", pkgConfig: "libinput", providers: [.apt(["libinput-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),

        // libm: rounding and sqrt of Double lower to libm calls when not inlined.
        .target(name: "ScanoutRaster", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "ScanoutText", dependencies: ["ScanoutRaster", "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig", "CThai"]),
        .target(name: "ScanoutGraph"),
        .target(name: "ScanoutRender", dependencies: ["ScanoutRaster", "ScanoutText", "ScanoutImage"]),
        // Runtime modules link libdispatch's main-queue hooks (the run loop drains main-actor jobs itself).
        // #Preview's compiler plugin: a host tool (Foundation, no SwiftSyntax), never linked into an app.
        .macro(name: "ScanoutMacros"),
        .target(name: "ScanoutUI", dependencies: ["ScanoutGraph", "ScanoutRaster", "ScanoutRender", "ScanoutPlatform", "ScanoutMacros"]),
        // KMS/DRM, libinput, udev, the epoll run loop and the frame scheduler. It knows pixel buffers
        // (ScanoutRaster's PixelBuffer and PixelFormat), never views or drawing.
        .target(name: "ScanoutPlatform", dependencies: ["ScanoutRaster", "CLinux", "CDRM", "CInput", "CUdev", "CXKBCommon"],
                linkerSettings: [.linkedLibrary("dispatch")]),
        .target(name: "ScanoutTesting", dependencies: ["ScanoutUI", "ScanoutRender", "ScanoutImage", "ScanoutPlatform"],
                linkerSettings: [.linkedLibrary("dispatch")]),
        .target(name: "ScanoutImage", dependencies: ["ScanoutRaster", "CPNG", "CJPEGShim"]),

        // Resources/: the string catalog, installed beside the app (systemd/install --resources), not linked.
        .executableTarget(name: "scanout-demo", dependencies: ["ScanoutUI"], exclude: ["Resources"]),
        .executableTarget(name: "scanout-probe", dependencies: ["ScanoutPlatform", "ScanoutRaster"]),

        .executableTarget(name: "scanout-view-bench", dependencies: ["BenchScene", "ScanoutUI", "ScanoutRender"],
                          path: "Benchmarks/scanout-view-bench"),

        // The benchmark scene, shared by the benchmark and its golden test.
        .target(name: "BenchScene", dependencies: ["ScanoutRaster", "ScanoutText"], path: "Benchmarks/BenchScene"),
        .executableTarget(name: "scanout-bench",
                          dependencies: ["BenchScene", "ScanoutRaster", "ScanoutText", "ScanoutImage"],
                          path: "Benchmarks/scanout-bench"),
        .executableTarget(name: "scanout-graph-bench", dependencies: ["ScanoutUI"], path: "Benchmarks/scanout-graph-bench"),
        .executableTarget(name: "scanout-text-bench", dependencies: ["ScanoutUI", "ScanoutTesting", "ScanoutText"], path: "Benchmarks/scanout-text-bench"),
        .executableTarget(name: "scanout-list-bench", dependencies: ["ScanoutUI", "ScanoutTesting", "BenchScene"], path: "Benchmarks/scanout-list-bench"),
        // The desktop simulator's check (Tests/Simulator/run): a text field and a pinch, their values on stdout.
        .executableTarget(name: "simulator-panel", dependencies: ["ScanoutUI"], path: "Tests/Simulator/Panel"),

        // Golden-image comparison shared by the test targets.
        .target(name: "GoldenImages", dependencies: ["ScanoutRaster", "ScanoutImage"], path: "Tests/GoldenImages"),
        .testTarget(name: "ScanoutRasterTests", dependencies: ["ScanoutRaster", "ScanoutImage", "GoldenImages"]),
        .testTarget(name: "ScanoutTextTests", dependencies: ["ScanoutText", "ScanoutRaster", "ScanoutImage", "GoldenImages"]),
        .testTarget(name: "ScanoutImageTests", dependencies: ["ScanoutImage", "ScanoutRaster"]),
        .testTarget(name: "ScanoutGraphTests", dependencies: ["ScanoutGraph"]),
        .testTarget(name: "ScanoutPlatformTests", dependencies: ["ScanoutPlatform", "ScanoutRaster"]),
        .testTarget(name: "ScanoutRenderTests", dependencies: ["ScanoutRender", "GoldenImages"]),
        .testTarget(name: "ScanoutUITests", dependencies: ["ScanoutUI", "ScanoutRender", "ScanoutTesting", "GoldenImages"]),
        .testTarget(name: "ScanoutBenchSceneTests",
                    dependencies: ["BenchScene", "ScanoutRaster", "ScanoutText", "ScanoutImage", "GoldenImages"]),
    ],
    swiftLanguageModes: [.v6]
)
