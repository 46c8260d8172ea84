import Glibc
import Testing
import ScanoutUI
import ScanoutImage
import ScanoutRaster
import ScanoutTesting

/// `AsyncImage`: a file URL read and decoded off the main thread, the placeholder until then, `scale`, the
/// phases; a remote URL or a missing file fails (the placeholder stays) with a warning that names it.
@MainActor
struct AsyncImageTests {
    /// A 40x20 red PNG in a temporary folder.
    private func redPNG() throws -> String {
        var template = Array("/tmp/scanout-async-image-XXXXXX".utf8CString)
        let dir = String(cString: mkdtemp(&template)!)
        let path = dir + "/red.png"
        let pixels = PixelBuffer(width: 40, height: 20)
        pixels.fill(RGBA(red: 255, green: 0, blue: 0))
        try PNGEncoder.write(pixels, toFile: path)
        return path
    }

    @Test func aFileIsLoadedAndShown() async throws {
        let path = try redPNG()
        let host = TestHost(rootView: VStack(spacing: 0) {
            AsyncImage(url: URL(fileURLWithPath: path)).frame(width: 100, height: 50)
            AsyncImage(url: URL(fileURLWithPath: path), scale: 2).frame(width: 100, height: 50)
        }.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading), width: 200, height: 100)
        host.runFrame()
        let placeholder = host.pixel(x: 50, y: 25)
        #expect(placeholder == RGBA(red: 229, green: 229, blue: 234), "the grey placeholder fills the space first: \(placeholder)")
        let loaded = await host.runMainActorJobs(until: {
            host.runFrame()
            return host.pixel(x: 50, y: 25) == RGBA(red: 255, green: 0, blue: 0)
        })
        #expect(loaded, "the image replaces the placeholder")
        // 40x20 pixels, centred in its 100x50 frame; at scale 2, 20x10 points.
        #expect(host.pixel(x: 31, y: 16) == RGBA(red: 255, green: 0, blue: 0) && host.pixel(x: 29, y: 16) != RGBA(red: 255, green: 0, blue: 0))
        #expect(host.pixel(x: 41, y: 71) == RGBA(red: 255, green: 0, blue: 0) && host.pixel(x: 39, y: 71) != RGBA(red: 255, green: 0, blue: 0))
        #expect(host.warnings.isEmpty)
    }

    @Test func phasesAndFailures() async throws {
        let path = try redPNG()
        struct Phases: View {
            let url: URL?
            var body: some View {
                AsyncImage(url: url) { phase in
                    if let image = phase.image {
                        image.resizable()
                    } else if let error = phase.error {
                        Text("failed: \(error)")
                    } else {
                        ProgressView()
                    }
                }
            }
        }
        let host = TestHost(rootView: VStack {
            Phases(url: URL(fileURLWithPath: path)).frame(width: 80, height: 80)
            Phases(url: URL(string: "https://example.com/pump.png")).frame(width: 300, height: 40)
            Phases(url: URL(fileURLWithPath: "/nonexistent/pump.png")).frame(width: 300, height: 40)
            AsyncImage(url: URL(string: "https://example.com/valve.png")) { $0.resizable() } placeholder: { Text("waiting") }
        }, width: 400, height: 300)
        host.runFrame()
        _ = await host.runMainActorJobs(until: {
            host.runFrame()
            return host.warnings.count >= 3
        })
        host.runFrame()
        let shown = host.visibleTexts.joined(separator: " ")  // (the messages wrap)
        #expect(shown.contains("failed: https://example.com/pump.png: Scanout loads images from files only"), "\(shown)")
        #expect(shown.contains("failed: image file /nonexistent/pump.png does not exist"), "\(shown)")
        #expect(host.visibleTexts.contains("waiting"), "the placeholder stays after a failure")
        #expect(host.warnings.contains { $0.contains("https://example.com/valve.png") && $0.contains("the placeholder stays") })
        #expect(host.warnings.count == 3, "once each: \(host.warnings)")
    }
}
