import Foundation
import ScanoutRaster
import Testing
@testable import ScanoutText

/// Colour emoji from Noto Color Emoji (Debian's fonts-noto-color-emoji, a CBDT bitmap face; scripts/test
/// installs it): sequences shaped whole as HarfBuzz's own tool shapes them, found by fallback from any font,
/// drawn in colour at the text's size.
@Suite struct ColorEmojiTests {
    static let emoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    /// A family joined by U+200D, a flag (two regional indicators), a skin tone, a heart with emoji
    /// presentation (U+FE0F), a flag of tags (England), a plain face.
    static let sequences = ["👨‍👩‍👧", "🇩🇪", "👍🏽", "❤️", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "😀"]

    static func emojiFont() throws -> Font? {
        guard FileManager.default.fileExists(atPath: emoji) else {
            Issue.record("\(emoji) is missing: run scripts/setup fonts-noto-color-emoji")
            return nil
        }
        return try Font(path: emoji)
    }

    @Test func aColourBitmapFaceLoadsWithItsDesignUnits() throws {
        guard let font = try Self.emojiFont() else { return }
        #expect(font.isColorBitmap)
        #expect(font.unitsPerEm == 2048)
        #expect(font.colorStrikePPEM > 0)
        let m = font.metrics(size: 20)
        #expect(m.ascender > 10 && m.descender < 0 && m.lineHeight > m.ascender)
        // Outline fonts are not colour faces.
        #expect(!(try Font.default()).isColorBitmap)
    }

    @Test(arguments: sequences)
    func sequencesShapeWholeAsHBShapeDoes(_ text: String) throws {
        guard let font = try Self.emojiFont() else { return }
        guard let tool = ShapingTests.hbShape else {
            Issue.record("hb-shape is missing: run scripts/setup libharfbuzz-bin")
            return
        }
        let ours = font.placedGlyphs(of: text)
        let theirs = try ShapingTests.reference(tool, font: Self.emoji, face: 0, text: text)
        #expect(ours.glyphs.map(\.glyph) == theirs.map(\.0), "\(text)")
        #expect(ours.glyphs.map(\.x) == theirs.map(\.1), "\(text)")
        // One visible glyph: the sequence is one ligature (anything else is a zero-width leftover).
        let visible = ours.glyphs.filter { g in font.advanceUnits(g.glyph) > 0 }
        #expect(visible.count == 1, "\(text): \(ours.glyphs)")
    }

    /// Text in DejaVu Sans gets its emoji from the colour face (fontconfig ranks colour faces below the family
    /// asked for, so they are looked for apart), sequences whole; a heart without U+FE0F stays DejaVu's.
    @Test func emojiFallBackToTheColourFaceWhole() throws {
        guard try Self.emojiFont() != nil else { return }
        let font = try Font.default()
        let placed = font.placedGlyphs(of: "A👨‍👩‍👧B🇩🇪").glyphs
        let emojiGlyphs = placed.filter { $0.fontPath == Self.emoji }
        #expect(placed.first?.fontPath == Font.defaultPath && placed.last?.fontPath == Self.emoji)
        #expect(emojiGlyphs.filter { g in g.glyph != 0 }.count >= 2)
        let heart = font.placedGlyphs(of: "❤️").glyphs
        #expect(heart.first?.fontPath == Self.emoji, "U+FE0F asks for the colour glyph")
        let plain = font.placedGlyphs(of: "x❤").glyphs
        #expect(plain.last?.fontPath == Font.defaultPath, "without the selector, DejaVu's own heart")
    }

    /// Drawn in its own colours (the text colour is not applied), at the size asked for: the glyph's box grows
    /// with the size, and the pixels are the bitmap's yellow, not the text's grey.
    @Test func drawnInColourAtTheTextSize() throws {
        guard try Self.emojiFont() != nil else { return }
        let font = try Font.default()
        let renderer = TextRenderer()
        var heights: [Int] = []
        for size in [12.0, 24, 48] {
            let buffer = PixelBuffer(width: 120, height: 80)
            buffer.fill(.white)
            let canvas = Canvas(target: buffer)
            let advance = renderer.draw("😀", font: font, size: size, at: Point(x: 10, y: 60), color: RGBA(red: 128, green: 128, blue: 128), on: canvas)
            #expect(abs(advance - size * 2550 / 2048) < 0.01, "the colour face's advance, scaled to the size")
            var yellow = 0, top = Int.max, bottom = Int.min
            for y in 0..<buffer.height {
                for x in 0..<buffer.width {
                    let p = buffer.pixel(x: x, y: y)
                    guard p.red < 250 || p.green < 250 || p.blue < 250 else { continue }
                    top = min(top, y); bottom = max(bottom, y)
                    if p.red > 200, p.green > 150, p.blue < 100 { yellow += 1 }
                }
            }
            #expect(yellow > Int(size * size) / 5, "size \(size): \(yellow) yellow pixels")
            heights.append(bottom - top + 1)
        }
        #expect(abs(heights[0] - 12) <= 3 && abs(heights[1] - 24) <= 4 && abs(heights[2] - 48) <= 6, "\(heights)")
        #expect(renderer.colorGlyphs.count == 3, "one scaled glyph per size")
    }

    /// Under a rotation the bitmap turns with the text: a quarter turn puts the glyph's width along y.
    @Test func turnedWithTheText() throws {
        guard try Self.emojiFont() != nil else { return }
        let font = try Font.default()
        let buffer = PixelBuffer(width: 100, height: 100)
        buffer.fill(.white)
        let canvas = Canvas(target: buffer)
        let turn = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 60, ty: 10)  // x along the device's y
        TextRenderer().draw("😀😀", font: font, size: 32, at: Point(x: 0, y: 0), transform: turn,
                            color: .black, on: canvas)
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min, yellow = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let p = buffer.pixel(x: x, y: y)
                guard p.red > 200, p.green > 150, p.blue < 100 else { continue }
                yellow += 1
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        #expect(yellow > 300)
        #expect(maxY - minY > 2 * (maxX - minX), "two faces one above the other: x \(minX)...\(maxX), y \(minY)...\(maxY)")
    }
}
