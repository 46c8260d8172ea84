import Foundation
import Testing
@testable import ScanoutText

/// Shaping agrees with HarfBuzz's own `hb-shape` (Debian's libharfbuzz-bin; scripts/test installs it and the
/// Noto fonts): same glyphs, same positions, for one-direction strings in each script.
@Suite struct ShapingTests {
    static let dejaVu = Font.defaultPath
    static let noto = "/usr/share/fonts/truetype/noto/"
    static let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    /// (font file, face index, text): Arabic and Hebrew with marks in DejaVu Sans, the rest in Noto.
    static let samples: [(String, Int, String)] = [
        (dejaVu, 0, "مرحبا بالعالم"),
        (dejaVu, 0, "درجة الحرارة"),
        (dejaVu, 0, "שָׁלוֹם עוֹלָם"),
        (noto + "NotoSansArabic-Regular.ttf", 0, "لا إله إلا"),
        (noto + "NotoSansDevanagari-Regular.ttf", 0, "क्षत्रिय तापमान"),
        (noto + "NotoSansThai-Regular.ttf", 0, "สวัสดีครับ ผู้ใช้"),
        (cjk, 0, "こんにちは、世界"),
        (cjk, 0, "안녕하세요"),
        // Latin with DejaVu's default ligatures (ff, fi, fl, ffi, ffl), and in a face that kerns only through GPOS.
        (dejaVu, 0, "office fluffy waffle"),
        (noto + "NotoSans-Regular.ttf", 0, "AVATAR Wave To office"),
    ]

    static var hbShape: String? {
        ["/usr/bin/hb-shape", "/usr/local/bin/hb-shape"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// hb-shape's glyphs as (glyph, x, y): its output is `[gid=cluster@dx,dy+advance|…]`, pen summed here.
    static func reference(_ tool: String, font: String, face: Int, text: String) throws -> [(UInt32, Int, Int)] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = ["--no-glyph-names", "--face-index=\(face)", font, text]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let line = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        var pen = 0
        var glyphs: [(UInt32, Int, Int)] = []
        for item in line.dropFirst().dropLast().split(separator: "|") {
            let gid = UInt32(item.prefix { $0.isNumber })!
            var dx = 0, dy = 0
            if let at = item.firstIndex(of: "@") {
                let offsets = item[item.index(after: at)...].prefix { $0 != "+" }.split(separator: ",")
                dx = Int(offsets[0])!
                dy = Int(offsets[1])!
            }
            let advance = Int(item[item.index(after: item.firstIndex(of: "+")!)...])!
            glyphs.append((gid, pen + dx, dy))
            pen += advance
        }
        return glyphs
    }

    @Test(arguments: samples.indices)
    func glyphsAndPositionsMatchHBShape(_ i: Int) throws {
        let (path, face, text) = Self.samples[i]
        guard let tool = Self.hbShape, FileManager.default.fileExists(atPath: path) else {
            Issue.record("hb-shape or \(path) is missing: run scripts/setup with libharfbuzz-bin fonts-noto-core fonts-noto-cjk")
            return
        }
        let font = try Font(path: path, faceIndex: face)
        #expect(font.needsShaping(text))
        let ours = font.placedGlyphs(of: text)
        let theirs = try Self.reference(tool, font: path, face: face, text: text)
        #expect(!theirs.isEmpty && ours.glyphs.count == theirs.count, "\(text)")
        #expect(ours.glyphs.map(\.glyph) == theirs.map(\.0), "\(text)")
        #expect(ours.glyphs.map(\.x) == theirs.map(\.1), "\(text)")
        #expect(ours.glyphs.map(\.y) == theirs.map(\.2), "\(text)")
        #expect(ours.glyphs.allSatisfy { $0.fontPath == path }, "\(text): drawn from one face")
    }

    @Test func latinKeepsItsUnshapedGlyphsAndKerning() throws {
        let font = try Font.default()
        #expect(!font.needsShaping("Temperature 21.5 °C — ready… Ωμέγα Привет"))
        #expect(!font.needsShaping("Filling line 4: 820 u/h, oil level"), "no pair that starts a ligature")
        #expect(!font.needsShaping("Shift report") && font.needsShaping("Überfluss"), "ft is no ligature, fl is")
        let placed = font.placedGlyphs(of: "AVAT")
        #expect(placed.glyphs.map(\.glyph) == "AVAT".unicodeScalars.map { font.glyphIndex(for: $0) })
        #expect(placed.glyphs[1].x < Int(font.advanceUnits(font.glyphIndex(for: "A"))), "kerned")
    }

    /// The shortcut equals shaping for text it takes: DejaVu's 'kern' table and its GPOS kerning agree.
    @Test func theLatinShortcutEqualsHBShape() throws {
        guard let tool = Self.hbShape else {
            Issue.record("hb-shape is missing: run scripts/setup libharfbuzz-bin")
            return
        }
        let font = try Font.default()
        for text in ["AVATAR Wave To Ty 1.23", "Yes, LT P. \"quoted\" Ärger", "Temperature 21.5 °C"] {
            #expect(!font.needsShaping(text))
            let ours = font.placedGlyphs(of: text).glyphs
            let theirs = try Self.reference(tool, font: Self.dejaVu, face: 0, text: text)
            #expect(ours.map(\.glyph) == theirs.map(\.0) && ours.map(\.x) == theirs.map(\.1), "\(text)")
        }
    }

    @Test func rightToLeftRunsAreLaidOutInVisualOrder() throws {
        let font = try Font.default()
        // "abc" then Hebrew: in a left-to-right paragraph the Hebrew run follows, its letters reversed.
        let text = "abc אבג"
        let placed = font.placedGlyphs(of: text).glyphs
        let alef = font.glyphIndex(for: "א"), gimel = font.glyphIndex(for: "ג")
        let ids = placed.map(\.glyph)
        #expect(ids.prefix(3) == ["a", "b", "c"].map { font.glyphIndex(for: $0) }[...])
        #expect(ids.last == alef && ids[ids.count - 3] == gimel)
        #expect(zip(placed, placed.dropFirst()).allSatisfy { $0.x <= $1.x }, "drawing order is left to right")
    }

    @Test func numbersInsideArabicStayLeftToRight() throws {
        let font = try Font.default()
        // An Arabic paragraph (right to left) with "123" inside: the digits read 1, 2, 3 from left to right,
        // and the Arabic word that came first in the text is drawn rightmost.
        let placed = font.placedGlyphs(of: "العدد 123 هنا").glyphs
        let digits = ["1", "2", "3"].map { font.glyphIndex(for: Unicode.Scalar($0)!) }
        let positions = digits.map { d in placed.firstIndex { $0.glyph == d }! }
        #expect(positions == positions.sorted())
        #expect(positions[1] == positions[0] + 1 && positions[2] == positions[1] + 1)
        // The first word (logical start) is at the right end: its glyphs come after the digits in drawing order.
        #expect(positions[2] < placed.count - 3)
    }

    @Test func charactersTheFontLacksComeFromAnInstalledFace() throws {
        let font = try Font.default()
        guard FileManager.default.fileExists(atPath: Self.cjk) else {
            Issue.record("\(Self.cjk) is missing: run scripts/setup fonts-noto-cjk")
            return
        }
        #expect(font.glyphIndex(for: "温") == 0, "DejaVu has no CJK")
        let placed = font.placedGlyphs(of: "温度 25°").glyphs
        #expect(placed.count == 6)
        #expect(placed[0].fontPath != font.path && placed[0].glyph != 0, "an ideograph from a fallback face")
        #expect(placed[1].fontPath == placed[0].fontPath)
        #expect(placed[3].fontPath == font.path, "digits from the font itself")
        #expect(placed.allSatisfy { $0.glyph != 0 })
        // Measured and drawn alike: the width is the advance.
        let width = font.width(of: "温度 25°", size: 20)
        #expect(width == Double(font.placedGlyphs(of: "温度 25°").advance) * 20 / Double(font.unitsPerEm))
    }

    /// A bold font's fallback is the bold face of the family that has the character (Noto Sans CJK Bold), not
    /// the regular one: bold Japanese in a bold title.
    @Test func aBoldFontFallsBackToABoldFace() throws {
        let boldCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
        guard FileManager.default.fileExists(atPath: boldCJK) else {
            Issue.record("\(boldCJK) is missing: run scripts/setup fonts-noto-cjk")
            return
        }
        let regular = try Font.default()
        let bold = try Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        #expect(regular.weightClass == 400 && bold.weightClass == 700)
        let r = regular.placedGlyphs(of: "設定").glyphs, b = bold.placedGlyphs(of: "設定").glyphs
        #expect(r[0].fontPath == Self.cjk, "\(r[0].fontPath)")
        #expect(b[0].fontPath == boldCJK, "\(b[0].fontPath)")
        #expect(b.allSatisfy { $0.glyph != 0 })
    }

    @Test func kerningOffTurnsOffGPOSKerning() throws {
        let font = try Font.default()
        let on = font.placedGlyphs(of: "مرحبا AV", kerning: true).advance
        let off = font.placedGlyphs(of: "مرحبا AV", kerning: false).advance
        #expect(on < off)
    }
}

/// A wrapped paragraph's lines keep the paragraph's direction (found once, from its first strong character).
@Suite struct ParagraphDirectionTests {
    @Test func linesOfARightToLeftParagraphStayRightToLeft() throws {
        let font = try Font.default()
        let text = "بالعالم Oven مرحبا"
        // The second line, "Oven مرحبا", starts with an English word: alone it would be left to right.
        let line = text[text.range(of: "Oven")!.lowerBound...]
        #expect(ParagraphDirection.mark(forLine: line) == "\u{200F}")
        // Alone, "Oven" is drawn first (leftmost); with the paragraph's mark, the Arabic word that follows it in
        // the text is drawn to its left.
        let o = font.glyphIndex(for: "O")
        #expect(font.placedGlyphs(of: String(line)).glyphs.first?.glyph == o)
        let marked = font.placedGlyphs(of: "\u{200F}" + line).glyphs.map(\.glyph)
        let oAt = try #require(marked.firstIndex(of: o))
        #expect(oAt > 0 && marked[..<oAt].contains { $0 != 0 && $0 != font.glyphIndex(for: " ") })
        // A whole-paragraph line, or a paragraph with nothing right to left, needs no mark.
        #expect(ParagraphDirection.mark(forLine: text[...]) == nil)
        let latin = "Oven temperature rising"
        #expect(ParagraphDirection.mark(forLine: font.lines(of: latin, size: 16, maxWidth: 60)[0].text) == nil)
        // A left-to-right paragraph holding Arabic keeps its lines left to right.
        let mixed = "Oven مرحبا بالعالم"
        let arabicLine = try #require(font.lines(of: mixed, size: 16, maxWidth: 60).first { !$0.text.hasPrefix("Oven") })
        #expect(ParagraphDirection.mark(forLine: arabicLine.text) == "\u{200E}")
    }
}
