import ScanoutText
import XCTest

final class KerningTests: XCTestCase {
    func testDejaVuSansReportsKerning() throws {
        XCTAssertTrue(try Font.default().hasKerning)  // a legacy 'kern' table, read by FT_Get_Kerning
    }

    func testKerningPullsAVTogether() throws {
        let font = try Font.default()
        let a = font.glyphIndex(for: "A"), v = font.glyphIndex(for: "V")
        let plain = font.width(of: "AV", size: 20, kerning: false)
        let kerned = font.width(of: "AV", size: 20, kerning: true)
        XCTAssertLessThan(kerned, plain)
        XCTAssertEqual(font.kerning(a, v, size: 20), -131.0 * 20 / 2048, accuracy: 1e-12)  // FT_KERNING_UNSCALED
        XCTAssertEqual(kerned, plain + font.kerning(a, v, size: 20), accuracy: 1e-9)
        XCTAssertEqual(plain, font.advance(of: a, size: 20) + font.advance(of: v, size: 20), accuracy: 1e-9)
    }

    func testKerningOffIsTheSumOfAdvances() throws {
        let font = try Font.default()
        let text = "To AVAWAY"
        let sum = text.unicodeScalars.reduce(0.0) { $0 + font.advance(of: font.glyphIndex(for: $1), size: 17) }
        XCTAssertEqual(font.width(of: text, size: 17, kerning: false), sum, accuracy: 1e-9)
        XCTAssertLessThan(font.width(of: text, size: 17, kerning: true), sum)
    }
}
