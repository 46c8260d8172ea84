import XCTest
import ScanoutText

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
