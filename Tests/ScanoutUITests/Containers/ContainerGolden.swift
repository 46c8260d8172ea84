import Foundation
import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutImage
import ScanoutRaster
import GoldenImages

/// Renders a screen at 800x480 in light and in dark and compares each with `Tests/Goldens/<name>-<scheme>.png`
/// (Swift Testing's expectations; SCANOUT_RECORD_GOLDENS=1 records them instead).
@MainActor
func expectContainerGoldens<V: View>(_ name: String, frames: Int = 30, _ screen: () -> V,
                                     act: (TestHost) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation) {
    for scheme in [ColorScheme.light, .dark] {
        // A window's background under the screen, as the app runner gives it.
        let host = TestHost(rootView: screen().background(scheme == .dark ? Color.black : Color.white).preferredColorScheme(scheme),
                            width: 800, height: 480)
        host.runFrame()
        act(host)
        for _ in 0..<frames { host.runFrame() }
        expectGolden(host, named: "\(name)-\(scheme == .light ? "light" : "dark")", sourceLocation: sourceLocation)
    }
}

/// Compares what `host` shows with `Tests/Goldens/<name>.png` (within 2 levels a channel; the actual image is
/// written to the temporary folder when it differs); SCANOUT_RECORD_GOLDENS=1 records it instead.
@MainActor
func expectGolden(_ host: TestHost, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let path = GoldenImage.goldensFolder.appendingPathComponent(name + ".png").path
    if ProcessInfo.processInfo.environment["SCANOUT_RECORD_GOLDENS"] == "1" {
        #expect(throws: Never.self, sourceLocation: sourceLocation) { try host.writePNG(to: path) }
        return
    }
    guard let expected = try? ImageDecoder.load(contentsOfFile: path) else {
        Issue.record("no golden \(path); record it with SCANOUT_RECORD_GOLDENS=1", sourceLocation: sourceLocation)
        return
    }
    let d = GoldenImage.difference(host.framebuffer, expected, over: GoldenTolerance.standard.maxChannelDelta)
    if d.pixelsOver > 0 { try? host.writePNG(to: NSTemporaryDirectory() + name + "-actual.png") }
    #expect(d.pixelsOver == 0, "\(name): \(d.pixelsOver) pixels differ (max \(d.maxDelta))", sourceLocation: sourceLocation)
}
