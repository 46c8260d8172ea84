import Testing
import ScanoutUI
import ScanoutTesting

/// `lineLimit` (with ranges and reserved space) and `multilineTextAlignment`.
@Suite @MainActor struct TextLayoutTests {
    private static let long = "The boiler service is due next week, please call the installer to book a visit"

    private func lineHeight() throws -> Double {
        let host = TestHost(rootView: Text("Ag"), width: 300, height: 100)
        host.runFrame()
        return try #require(host.frame(ofText: "Ag")).height
    }

    /// The columns with dark pixels in `rows`.
    private static func inkColumns(_ host: TestHost, rows: Range<Int>) -> [Int] {
        var columns: [Int] = []
        for x in 0..<300 where rows.contains(where: { host.pixel(x: x, y: $0).red < 128 }) { columns.append(x) }
        return columns
    }

    @Test func aLineLimitCutsAndEndsWithAnEllipsis() throws {
        let h = try lineHeight()
        let host = TestHost(rootView: Text(Self.long).lineLimit(2).frame(width: 200).layoutProbe("t"), width: 300, height: 300)
        host.runFrame()
        let f = try #require(host.frame(ofProbe: "t"))
        #expect(abs(f.height - 2 * h) <= 1)
        let texts = host.visibleTexts
        #expect(texts.count == 2, "\(texts)")
        #expect(texts.last?.hasSuffix("…") == true)
        // No ink right of the frame.
        let ink = Self.inkColumns(host, rows: Int(f.minY)..<Int(f.maxY))
        #expect(ink.max() ?? 0 < Int(f.maxX) + 1)
    }

    @Test func noLimitShowsEveryLine() throws {
        let host = TestHost(rootView: Text(Self.long).frame(width: 200), width: 300, height: 300)
        host.runFrame()
        #expect(host.visibleTexts.count > 2 && !host.visibleTexts.contains { $0.hasSuffix("…") })
    }

    @Test func aRangeReservesItsLowerBound() throws {
        let h = try lineHeight()
        let host = TestHost(rootView: VStack {
            Text("Short").lineLimit(3...5).layoutProbe("range")
            Text("Short").lineLimit(2, reservesSpace: true).layoutProbe("reserved")
        }, width: 300, height: 300)
        host.runFrame()
        #expect(abs(try #require(host.frame(ofProbe: "range")).height - 3 * h) <= 1)
        #expect(abs(try #require(host.frame(ofProbe: "reserved")).height - 2 * h) <= 1)
    }

    @Test func multilineAlignmentPlacesEachLine() throws {
        for (alignment, check) in [(TextAlignment.leading, 0), (.center, 1), (.trailing, 2)] {
            let host = TestHost(rootView: Text("Wide first line here\nshort").multilineTextAlignment(alignment)
                .layoutProbe("t").frame(width: 240), width: 300, height: 200)
            host.runFrame()
            let frame = try #require(host.frame(ofProbe: "t"))
            let h = frame.height / 2
            let ink = Self.inkColumns(host, rows: Int(frame.minY + h + 2)..<Int(frame.maxY - 2))
            let minX = Double(try #require(ink.min())), maxX = Double(try #require(ink.max()) + 1)
            switch check {
            case 0: #expect(abs(minX - frame.minX) < 3, "\(minX) \(frame)")
            case 1: #expect(abs((minX + maxX) / 2 - frame.midX) < 3, "\(minX)...\(maxX) \(frame)")
            default: #expect(abs(maxX - frame.maxX) < 3, "\(maxX) \(frame)")
            }
        }
    }
}
