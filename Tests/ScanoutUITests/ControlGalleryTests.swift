import Foundation
import XCTest
import ScanoutUI
import ScanoutTesting

/// A settings screen with every control, rendered whole. Set `SCANOUT_GALLERY_PNG` to a path to write the
/// frame as PNG (to look at it); the test itself checks where things landed.
final class ControlGalleryTests: XCTestCase, @unchecked Sendable {
    struct SettingsScreen: View {
        @State var wifi = true
        @State var bluetooth = false
        @State var brightness = 0.6
        @State var saves = 0

        var body: some View {
            VStack(alignment: .leading, spacing: 14) {
                Text("Settings").bold().font(.title)
                Toggle("Wi-Fi", isOn: $wifi)
                Toggle("Bluetooth", isOn: $bluetooth)
                Divider()
                HStack {
                    Text("Brightness")
                    Slider(value: $brightness).layoutProbe("slider")
                }
                ProgressView("Downloading update", value: 0.4)
                HStack {
                    ProgressView()
                    Text("Searching…").foregroundColor(.secondary)
                }
                Divider()
                HStack {
                    Image(contentsOfFile: ImageTests.fixture("image256.png"))
                        .resizable()
                        .aspectRatio(contentMode: .fit)
                        .frame(width: 56, height: 56)
                        .background(Color(white: 0.9))
                        .cornerRadius(12)
                    VStack(alignment: .leading, spacing: 2) {
                        Text("Wallpaper")
                        Text("256 × 256").font(.footnote).foregroundColor(.secondary)
                    }
                    Spacer()
                    Button("Save") { saves += 1 }
                }
                HStack {
                    Button("Reset") {}.disabled(true)
                    Spacer()
                    Text("saved \(saves)×").foregroundColor(.secondary)
                }
            }
            .padding()
        }
    }

    @MainActor func testSettingsScreenWithEveryControl() async throws {
        let host = laidOut(SettingsScreen(), width: 400, height: 520)
        if let path = ProcessInfo.processInfo.environment["SCANOUT_GALLERY_PNG"] {
            try host.writePNG(to: path)
        }
        XCTAssertTrue(host.warnings.isEmpty, "\(host.warnings)")
        for text in ["Settings", "Wi-Fi", "Bluetooth", "Brightness", "Downloading update", "Searching…", "Wallpaper", "Save", "Reset"] {
            XCTAssertTrue(host.contains(text: text), "\(text) in \(host.visibleTexts)")
        }
        // Everything is inside the 16-point padding.
        XCTAssertEqual(host.text("Settings").minX, 16)
        XCTAssertEqual(host.text("Save").maxX, 384, accuracy: 0.5)
        // The slider takes what the label leaves of the row.
        let slider = host.probe("slider")
        XCTAssertEqual(slider.minX, host.text("Brightness").maxX + 8)
        XCTAssertEqual(slider.maxX, 384)

        host.tap(text: "Save")
        XCTAssertTrue(host.contains(text: "saved 1×"), "\(host.visibleTexts)")
    }
}
