import Testing
import ScanoutUI
import ScanoutRender
import ScanoutTesting

/// `headerProminence(_:)`: a section's header larger, bold and in the primary colour when increased.
@MainActor
struct HeaderProminenceTests {
    @Test func anIncreasedHeaderIsLargerAndBold() {
        let host = TestHost(rootView: List {
            Section("Pumps") { Text("Feed pump") }
            Section("Valves") { Text("Inlet valve") }.headerProminence(.increased)
        }, width: 400, height: 400)
        host.runFrame()
        let runs = host.displayList.textRuns.map(\.run)
        let standard = runs.first { $0.string.uppercased() == "PUMPS" }, increased = runs.first { $0.string.uppercased() == "VALVES" }
        #expect(standard != nil && increased != nil, "\(runs.map(\.string))")
        guard let standard, let increased else { return }
        #expect(increased.font.size > standard.font.size + 4, "\(increased.font.size) vs \(standard.font.size)")
        #expect(increased.font.weight == .bold && standard.font.weight == .regular)
        #expect(increased.color != standard.color, "primary, not secondary")
        let row = runs.first { $0.string == "Feed pump" }!
        #expect(increased.color == row.color, "the rows' primary colour")
    }
}
