import XCTest
import ScanoutUI
import ScanoutTesting
import GoldenImages

/// A form's menu picker opened: its options in a card beside the chosen value, over the form, the chosen one
/// checked; light and dark. XCTest because `GoldenImage.assertMatches` reports through it.
final class PickerMenuGoldenTests: XCTestCase, @unchecked Sendable {
    private struct Settings: View {
        @State var mode = "Heat"
        @State var eco = true
        var body: some View {
            Form {
                Section("Climate") {
                    Picker("Mode", selection: $mode) {
                        ForEach(["Heat", "Cool", "Auto", "Off"], id: \.self) { Text($0) }
                    }
                    Toggle("Eco", isOn: $eco)
                }
            }
        }
    }

    @MainActor private func render(dark: Bool) -> TestHost {
        let host = TestHost(rootView: Settings().preferredColorScheme(dark ? .dark : .light), width: 800, height: 480)
        host.runFrame()
        host.tap(text: "Mode")
        host.advance(seconds: 0.5)
        return host
    }

    @MainActor func testLight() async {
        GoldenImage.assertMatches(render(dark: false).framebuffer, named: "ui-picker-menu-light")
    }

    @MainActor func testDark() async {
        GoldenImage.assertMatches(render(dark: true).framebuffer, named: "ui-picker-menu-dark")
    }
}
