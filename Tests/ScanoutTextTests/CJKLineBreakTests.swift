import Foundation
import Testing
@testable import ScanoutText

/// CJK text has no spaces: lines break between ideographs and kana, never before closing punctuation or small
/// kana, never after opening brackets; Latin and Korean keep breaking at spaces.
@Suite struct CJKLineBreakTests {
    static let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    @Test func ideographsBreakAnywhereButBeforeClosingPunctuation() throws {
        guard FileManager.default.fileExists(atPath: Self.cjk) else {
            Issue.record("\(Self.cjk) is missing: run scripts/setup fonts-noto-cjk")
            return
        }
        let font = try Font(path: Self.cjk)
        let text = "温度が上がりました。「注意」してください"
        // 20 px ideographs: 4.5 of them per line.
        let lines = font.lines(of: text, size: 20, maxWidth: 90)
        #expect(lines.count > 3)
        #expect(lines.map(\.text).joined() == text[...], "nothing lost or repeated")
        for line in lines {
            #expect(line.width <= 90 + 1e-9, "\(line.text)")
            let first = line.text.unicodeScalars.first!.value
            #expect(!LineBreakClass.neverStartsLine(first), "\(line.text) starts with closing punctuation")
            #expect(!LineBreakClass.neverEndsLine(line.text.unicodeScalars.last!.value), "\(line.text) ends with an opening bracket")
        }
    }

    @Test func latinAndKoreanBreakAtSpacesOnly() throws {
        let font = try Font.default()
        let lines = font.lines(of: "Oven temperature rising", size: 16, maxWidth: 120)
        #expect(lines.map(\.text) == ["Oven", "temperature", "rising"])
        #expect(!LineBreakClass.mayBreak(between: "안", and: "녕"))
        #expect(LineBreakClass.mayBreak(between: "温", and: "度"))
        #expect(!LineBreakClass.mayBreak(between: "度", and: "。"))
        #expect(!LineBreakClass.mayBreak(between: "「", and: "注"))
    }
}

/// Thai is written without spaces between words: lines break between dictionary words (libthai).
@Suite struct ThaiLineBreakTests {
    @Test func thaiBreaksBetweenWords() throws {
        let font = try Font.default()
        // "Hello, the oven temperature is rising" in Thai: words with no spaces between them.
        let text = "สวัสดีครับอุณหภูมิเตาอบกำลังสูงขึ้น"
        let breaks = ThaiWordBreaks.breaks(in: text[...])
        #expect(breaks.count >= 4, "libthai found the words (is libthai-data installed?)")
        let words = ["สวัสดี", "ครับ", "อุณหภูมิ"]
        // The first words end where libthai says.
        var end = text.startIndex
        for w in words {
            end = text.index(end, offsetBy: w.count)
            #expect(breaks.contains(end), "a break after \(w)")
        }
        let lines = font.lines(of: text, size: 16, maxWidth: 120)
        #expect(lines.count > 1)
        #expect(lines.map(\.text).joined() == text[...])
        // Each line ends at a word boundary (no line was cut inside a word: all are shorter than the width).
        for line in lines.dropLast() { #expect(breaks.contains(line.text.endIndex), "\(line.text)") }
    }
}
