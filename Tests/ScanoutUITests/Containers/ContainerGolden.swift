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
        let file = "\(name)-\(scheme == .light ? "light" : "dark")"
        let path = GoldenImage.goldensFolder.appendingPathComponent(file + ".png").path
        if ProcessInfo.processInfo.environment["SCANOUT_RECORD_GOLDENS"] == "1" {
            #expect(throws: Never.self, sourceLocation: sourceLocation) { try host.writePNG(to: path) }
            continue
        }
        guard let expected = try? ImageDecoder.load(contentsOfFile: path) else {
            Issue.record("no golden \(path); record it with SCANOUT_RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            continue
        }
        let d = GoldenImage.difference(host.framebuffer, expected, over: 2)
        if d.pixelsOver > 0 { try? host.writePNG(to: NSTemporaryDirectory() + file + "-actual.png") }
        #expect(d.pixelsOver == 0, "\(file): \(d.pixelsOver) pixels differ", sourceLocation: sourceLocation)
    }
}
