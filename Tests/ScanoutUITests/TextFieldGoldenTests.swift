import XCTest
import ScanoutUI
import ScanoutTesting
import GoldenImages

/// Text fields as drawn: one-line fields in both styles, a secure field, and a vertical field grown to three
/// lines (one of them soft-wrapped), in light and dark. XCTest because `GoldenImage.assertMatches` reports
/// through it.
final class TextFieldGoldenTests: XCTestCase, @unchecked Sendable {
    private struct Fields: View {
        @State var name = "Batch 42"
        @State var empty = ""
        @State var pin = "2468"
        @State var notes = "Pressure checked at 14:00.\nValve V3 was replaced with a spare from the store, tested"
        var body: some View {
            VStack(alignment: .leading, spacing: 14) {
                TextField("Name", text: $name).textFieldStyle(.roundedBorder)
                TextField("Operator", text: $empty).textFieldStyle(.roundedBorder)
                SecureField("PIN", text: $pin).textFieldStyle(.roundedBorder)
                TextField("Plain", text: $name).textFieldStyle(.plain)
                TextField("Notes", text: $notes, axis: .vertical).lineLimit(1...4).textFieldStyle(.roundedBorder)
                TextField("More notes", text: $empty, axis: .vertical).lineLimit(2...4).textFieldStyle(.roundedBorder)
            }
            .padding(24)
            .frame(width: 420)
        }
    }

    @MainActor private func render(dark: Bool) -> TestHost {
        let host = TestHost(rootView: Fields().preferredColorScheme(dark ? .dark : .light), width: 480, height: 480)
        host.background = dark ? RGBA(red: 0, green: 0, blue: 0) : .white
        host.runFrame()
        return host
    }

    @MainActor func testLight() async {
        GoldenImage.assertMatches(render(dark: false).framebuffer, named: "ui-text-fields-light")
    }

    @MainActor func testDark() async {
        GoldenImage.assertMatches(render(dark: true).framebuffer, named: "ui-text-fields-dark")
    }
}
