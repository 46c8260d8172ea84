import Testing
import ScanoutUI
import ScanoutTesting

/// `import ScanoutUI` alone gives SwiftUI code Foundation's value types, as `import SwiftUI` does.
private struct Reading: Codable, Identifiable, Equatable {
    var id = UUID()
    var takenAt: Date
    var value: Double
    var source: URL?
}

private struct ReadingRow: View {
    let reading: Reading
    var body: some View {
        Text(verbatim: "\(reading.value) at \(Int(reading.takenAt.timeIntervalSince1970))")
    }
}

@Suite @MainActor struct FoundationTypesTests {
    @Test func valueTypesAndJSONNeedNoOtherImport() throws {
        let reading = Reading(takenAt: Date(timeIntervalSince1970: 1_700_000_000), value: 21.5,
                              source: URL(string: "http://panel.local/sensor/1"))
        let data: Data = try JSONEncoder().encode([reading])
        let decoded = try JSONDecoder().decode([Reading].self, from: data)
        #expect(decoded == [reading])
        #expect(decoded[0].source?.host == "panel.local")
    }

    @Test func aViewShowsThem() {
        let host = TestHost(rootView: ReadingRow(reading: Reading(takenAt: Date(timeIntervalSince1970: 60), value: 3.25)),
                            width: 300, height: 40)
        host.runFrame()
        #expect(host.contains(text: "3.25 at 60"))
    }
}
