import Testing
@testable import ScanoutUI

/// A range of integers identified by themselves takes the counted path; its rows are what the generic walk
/// gives the same integers in an array.
@Suite @MainActor struct ForEachRowsTests {
    @Test func aRangeGivesTheRowsOfTheSameIntegers() {
        for range in [0..<0, 0..<5, 3..<8, -2..<2] {
            let counted = ForEach(range) { Text("\($0)") }
            let walked = ForEach(Array(range), id: \.self) { Text("\($0)") }
            #expect(counted.countedRows != nil, "\(range)")
            #expect(walked.countedRows == nil)
            let a = counted.rows, b = walked.rows
            #expect(a.ids == b.ids, "\(range)")
            #expect(a.indices == Array(range))
            #expect(a.rowOfID == b.rowOfID, "\(range)")
        }
    }

    @Test func aRangeIdentifiedOtherwiseIsWalked() {
        let byHalf = ForEach(0..<6, id: \.half) { Text("\($0)") }
        #expect(byHalf.countedRows == nil)
        #expect(byHalf.rows.ids == [0, 1, 2])  // duplicates dropped, as the generic walk does
        #expect(byHalf.rows.indices == [0, 2, 4])
    }
}

private extension Int {
    var half: Int { self / 2 }
}
