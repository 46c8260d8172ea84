import XCTest
@testable import ScanoutText

final class LineBreakerTests: XCTestCase {
    func testNoWidthKeepsParagraphsWhole() throws {
        let f = try Font.default()
        let lines = f.lines(of: "one two\nthree", size: 16, maxWidth: nil)
        XCTAssertEqual(lines.map(\.text), ["one two", "three"])
        XCTAssertEqual(lines[0].width, f.width(of: "one two", size: 16), accuracy: 1e-9)
    }

    func testWrapsAtSpacesWithinTheWidth() throws {
        let f = try Font.default()
        let w = max(f.width(of: "alpha beta", size: 16), f.width(of: "gamma delta", size: 16))
        let lines = f.lines(of: "alpha beta gamma delta", size: 16, maxWidth: w + 1)
        XCTAssertEqual(lines.map(\.text), ["alpha beta", "gamma delta"])
        for l in lines { XCTAssertLessThanOrEqual(l.width, w + 1) }
    }

    func testLongWordsAreCutAndEmptyTextIsOneLine() throws {
        let f = try Font.default()
        let lines = f.lines(of: "abcdefghijklmnop", size: 16, maxWidth: 40)
        XCTAssertGreaterThan(lines.count, 2)
        XCTAssertEqual(lines.map(\.text).joined(), "abcdefghijklmnop")
        for l in lines { XCTAssertLessThanOrEqual(l.width, 40) }
        XCTAssertEqual(f.lines(of: "", size: 16, maxWidth: 100).count, 1)
    }

    /// With no width at all every character is a line of its own: the text's narrowest size is its widest
    /// character (what a stack compares with its ideal width to learn how flexible it is).
    func testZeroWidthPutsEveryCharacterOnItsOwnLine() throws {
        let f = try Font.default()
        let lines = f.lines(of: "Turned", size: 16, maxWidth: 0)
        XCTAssertEqual(lines.map { String($0.text) }, ["T", "u", "r", "n", "e", "d"])
        XCTAssertLessThan(lines.map(\.width).max() ?? 0, f.width(of: "Turned", size: 16, kerning: true) / 3)
    }
}

/// The no-width shortcut for printable ASCII gives what the general breaker gives, for random paragraphs of
/// words, runs of spaces (leading, trailing, only spaces), punctuation, and empty ones, at both weights, with
/// and without tracking and kerning — and steps aside for other text.
final class NoWidthShortcutTests: XCTestCase {
    func testMatchesTheGeneralBreaker() throws {
        let fonts = [try Font.default(), try Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")]
        var rng = SystemRandomNumberGenerator()
        let pieces = ["Row", "150", " ", "  ", "a", "W", "%", "(x)", "—", "é", "\t", "ab cd", ""]
        for trial in 0..<400 {
            var text = ""
            for _ in 0..<Int.random(in: 0...6, using: &rng) { text += pieces.randomElement(using: &rng)! }
            if trial % 7 == 0 { text += "\n" + text }
            let font = fonts[trial % 2]
            for width in [0.0, -5.0] {
                for (kerning, tracking) in [(true, 0), (false, 0), (true, 3), (true, -40)] {
                    let fast = font.lines(of: text, size: 16, maxWidth: width, kerning: kerning, tracking: tracking)
                    let general = font.linesWithoutShortcuts(of: text, size: 16, maxWidth: width, kerning: kerning, tracking: tracking)
                    XCTAssertEqual(fast, general, "\(text.debugDescription) kerning \(kerning) tracking \(tracking)")
                    XCTAssertEqual(fast.map { text.distance(from: text.startIndex, to: $0.text.startIndex) },
                                   general.map { text.distance(from: text.startIndex, to: $0.text.startIndex) }, "same places")
                }
            }
        }
    }
}
