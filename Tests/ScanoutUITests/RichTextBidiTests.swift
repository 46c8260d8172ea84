import Foundation
import Testing
import ScanoutUI
import ScanoutImage
import GoldenImages
import ScanoutRender
import ScanoutTesting

/// `Text + Text` with right-to-left text: the parts are one paragraph to the bidi algorithm, so a styled number
/// inside an Arabic sentence sits where the sentence puts it (SwiftUI lays concatenated text out as one string).
@Suite @MainActor struct RichTextBidiTests {
    /// The display list's text runs: their strings without bidi marks, and where they start.
    private func runs(_ host: TestHost) -> [(text: String, x: Double)] {
        host.displayList.items.compactMap { item -> (String, Double)? in
            guard case .text(let run) = item else { return nil }
            let text = String(run.string.unicodeScalars.filter { $0.value != 0x200E && $0.value != 0x200F }.map(Character.init))
            return (text, run.origin.x)
        }
    }

    @Test func anArabicSentenceWithABoldNumberReadsRightToLeft() throws {
        let host = TestHost(rootView: (Text("السرعة ") + Text("820").bold() + Text(" كم")).font(.system(size: 20)),
                            width: 400, height: 100)
        host.runFrame()
        let r = runs(host)
        let speed = try #require(r.first { $0.text.hasPrefix("السرعة") }), number = try #require(r.first { $0.text == "820" })
        let unit = try #require(r.first { $0.text.contains("كم") })
        // Right to left: the first word rightmost, then the number, then the unit leftmost.
        #expect(unit.x < number.x && number.x < speed.x, "\(r)")
    }

    @Test func anArabicWordInsideEnglishKeepsTheEnglishOrder() throws {
        let host = TestHost(rootView: (Text("Zone ") + Text("المنطقة").bold() + Text(" ok")).font(.system(size: 20)),
                            width: 400, height: 100)
        host.runFrame()
        let r = runs(host)
        let zone = try #require(r.first { $0.text.hasPrefix("Zone") }), name = try #require(r.first { $0.text.contains("المنطقة") })
        let ok = try #require(r.first { $0.text.contains("ok") })
        #expect(zone.x < name.x && name.x < ok.x, "\(r)")
        // A number after the Arabic word belongs to it (UAX #9: a European number after Arabic letters is an
        // Arabic number): it is drawn left of the word, as every bidi renderer shows "Zone المنطقة 3".
        let numbered = TestHost(rootView: (Text("Zone ") + Text("المنطقة").bold() + Text(" 3")).font(.system(size: 20)),
                                width: 400, height: 100)
        numbered.runFrame()
        let n = runs(numbered)
        let word = try #require(n.first { $0.text.contains("المنطقة") }), three = try #require(n.first { $0.text.contains("3") })
        let first = try #require(n.first { $0.text.hasPrefix("Zone") })
        #expect(first.x < three.x && three.x < word.x, "\(n)")
    }

    @Test func latinOnlyPartsAreDrawnAsBefore() throws {
        let host = TestHost(rootView: (Text("Speed ") + Text("820").bold() + Text(" u/h")).font(.system(size: 20)),
                            width: 400, height: 100)
        host.runFrame()
        let r = runs(host)
        #expect(r.map(\.text) == ["Speed ", "820", " u/h"])
        #expect(r[0].x < r[1].x && r[1].x < r[2].x)
        #expect(host.displayList.items.allSatisfy { item in
            guard case .text(let run) = item else { return true }
            return !run.string.unicodeScalars.contains { $0.value == 0x200E || $0.value == 0x200F }
        }, "no marks added to text without right-to-left parts")
    }

    /// Looked at: each line as one sentence in its own direction, styles on the right words.
    @Test func richBidiGolden() throws {
        let host = TestHost(rootView: VStack(alignment: .leading, spacing: 12) {
            Text("السرعة ") + Text("820").bold() + Text(" كم/س").foregroundColor(.blue)
            Text("Zone ") + Text("المنطقة").bold().underline() + Text(" is ") + Text("OK").foregroundColor(.green)
            Text("הטמפרטורה ") + Text("21.5°").bold() + Text(" (") + Text("Celsius").italic() + Text(")")
            (Text("درجة الحرارة ") + Text("21.5").bold() + Text(" درجة في المنطقة الشمالية من المصنع حيث الآلات"))
                .frame(width: 300, alignment: .leading)
        }.font(.system(size: 20)).padding(16).frame(width: 400, height: 260, alignment: .topLeading), width: 400, height: 260)
        host.runFrame()
        expectGolden(host, named: "text-rich-bidi")
    }
}
