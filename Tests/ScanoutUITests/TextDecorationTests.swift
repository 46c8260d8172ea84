import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRender

/// `View.underline` and `View.strikethrough` reach every text inside (plain ones too), in a pattern and colour;
/// `false` inside removes them; `Text.underline(pattern:)` draws dashes and dots.
@MainActor
struct TextDecorationTests {
    private let red = RGBA(red: 255, green: 0, blue: 0)

    private func render(_ view: some View) -> TestHost {
        let host = TestHost(rootView: view.frame(width: 300, height: 120, alignment: .topLeading), width: 300, height: 120)
        host.runFrame()
        return host
    }

    /// Rows of the frame that hold red pixels, and the runs of red along the fullest row.
    private func redRows(_ host: TestHost) -> (rows: [Int], runs: Int) {
        var rows: [Int] = [], best = (count: 0, runs: 0)
        for y in 0..<host.height {
            var count = 0, runs = 0, inRun = false
            for x in 0..<host.width {
                let isRed = host.pixel(x: x, y: y) == red
                if isRed { count += 1; if !inRun { runs += 1 } }
                inRun = isRed
            }
            if count > 0 { rows.append(y) }
            if count > best.count { best = (count, runs) }
        }
        return (rows, best.runs)
    }

    @Test func aViewUnderlinesEveryTextInside() {
        let host = render(VStack(alignment: .leading) {
            Text("Pressure")
            Text("Flow").bold() + Text("rate")
        }.underline(color: Color(red: 1, green: 0, blue: 0)))
        let (rows, _) = redRows(host)
        #expect(!rows.isEmpty)
        var runs = 0, inRun = false
        for x in 0..<host.width {
            let isRed = host.pixel(x: x, y: rows[0]) == red
            if isRed && !inRun { runs += 1 }
            inRun = isRed
        }
        #expect(runs == 1, "a solid line under the first text: \(runs)")
        let lines = Set(rows.map { $0 / 10 })
        #expect(lines.count >= 2, "one line under each text: \(rows)")
        let plain = render(VStack(alignment: .leading) { Text("Pressure"); Text("Flow").bold() + Text("rate") })
        #expect(redRows(plain).rows.isEmpty)
    }

    @Test func patternsAndRemoval() {
        let dashed = render(Text("Pressure pressure").font(.title).strikethrough(pattern: .dash, color: Color(red: 1, green: 0, blue: 0)))
        #expect(redRows(dashed).runs > 5, "dashes: \(redRows(dashed).runs)")
        let dotted = render(Text("Pressure pressure").font(.title).underline(pattern: .dot, color: Color(red: 1, green: 0, blue: 0)))
        #expect(redRows(dotted).runs > redRows(dashed).runs, "dots are closer than dashes")
        let removed = render(VStack { Text("Pressure").underline(false) }
            .underline(false).underline(color: Color(red: 1, green: 0, blue: 0)).underline(false))
        #expect(redRows(removed).rows.isEmpty, "the innermost view modifier wins")
        let inner = render(VStack { Text("Pressure") }.underline(false).underline(color: Color(red: 1, green: 0, blue: 0)))
        #expect(redRows(inner).rows.isEmpty, "removed inside")
        let struck = render(Text("Pressure").strikethrough(color: Color(red: 1, green: 0, blue: 0)))
        let viewStruck = render(Text("Pressure").padding(0).strikethrough(color: Color(red: 1, green: 0, blue: 0)))
        #expect(redRows(struck).rows == redRows(viewStruck).rows && !redRows(struck).rows.isEmpty, "the same line as the text's own")
    }
}
