import Testing
import ScanoutUI
import ScanoutTesting

/// `Text(_:format:)` with FoundationEssentials' ISO 8601 style and an app's own format style.
@MainActor
struct TextFormatTests {
    struct Bar: FormatStyle {
        func format(_ value: Int) -> String { "bar " + String(value) }
    }

    @Test func aTextShowsItsInputFormatted() {
        let host = TestHost(rootView: VStack {
            Text(Date(timeIntervalSince1970: 86_400), format: .iso8601)
            Text(3, format: Bar())
        }.frame(width: 300, height: 100), width: 300, height: 100)
        host.runFrame()
        let texts = host.displayList.textRuns.map(\.run.string)
        #expect(texts.contains("1970-01-02T00:00:00Z"), "\(texts)")
        #expect(texts.contains("bar 3"), "\(texts)")
    }
}
