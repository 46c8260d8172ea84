import Foundation
import ScanoutText
import XCTest

final class FontTests: XCTestCase {
    private var temporaryFiles: [URL] = []

    override func tearDown() {
        for url in temporaryFiles { try? FileManager.default.removeItem(at: url) }
        temporaryFiles = []
        super.tearDown()
    }

    private func temporaryFile(_ contents: Data) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scanout-text-\(UUID().uuidString).ttf")
        try contents.write(to: url)
        temporaryFiles.append(url)
        return url.path
    }

    private func loadError(_ path: String) -> FontError? {
        do {
            _ = try Font(path: path)
            XCTFail("loading \(path) should fail")
            return nil
        } catch let error as FontError {
            return error
        } catch {
            XCTFail("unexpected error \(error)")
            return nil
        }
    }

    func testDefaultFontLoads() throws {
        let font = try Font.default()
        XCTAssertEqual(font.path, Font.defaultPath)
        XCTAssertEqual(font.familyName, "DejaVu Sans")
        XCTAssertEqual(font.styleName, "Book")
        XCTAssertEqual(font.unitsPerEm, 2048)
        XCTAssertGreaterThan(font.glyphCount, 1000)
    }

    func testMissingFileNamesThePathAndTheFix() {
        let path = "/nonexistent/scanout/NoSuchFont.ttf"
        XCTAssertEqual(loadError(path), .fileNotFound(path: path))
        let message = loadError(path).map(String.init(describing:)) ?? ""
        XCTAssertTrue(message.contains(path), message)
        XCTAssertTrue(message.contains("not found"), message)
    }

    func testMissingDefaultFontSuggestsThePackage() {
        let message = FontError.fileNotFound(path: Font.defaultPath).description
        XCTAssertEqual(message, "font file \(Font.defaultPath) not found: install fonts-dejavu-core or pass another path")
    }

    func testGarbageFileIsAFormatError() throws {
        let path = try temporaryFile(Data("this is not a font, only some text\n".utf8))
        guard let error = loadError(path) else { return }
        XCTAssertEqual(error, .invalidFont(path: path, freeTypeError: 0x02))  // FT_Err_Unknown_File_Format
        XCTAssertTrue(error.description.contains(path), error.description)
        XCTAssertTrue(error.description.contains("unknown file format"), error.description)
        XCTAssertTrue(error.description.contains("0x2"), error.description)
    }

    func testEmptyFileIsAFormatError() throws {
        let path = try temporaryFile(Data())
        guard let error = loadError(path) else { return }
        guard case .invalidFont(let p, _) = error else { return XCTFail("\(error)") }
        XCTAssertEqual(p, path)
        XCTAssertTrue(error.description.contains(path), error.description)
    }

    func testTruncatedFontIsAnError() throws {
        // The first kilobyte of a real font: a valid header whose tables point past the end of the file.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Font.defaultPath)).prefix(1024)
        let path = try temporaryFile(bytes)
        guard case .invalidFont(let p, let code)? = loadError(path) else { return XCTFail("expected invalidFont") }
        XCTAssertEqual(p, path)
        XCTAssertNotEqual(code, 0)
    }

    func testDirectoryIsUnreadable() {
        let path = FileManager.default.temporaryDirectory.path
        guard case .unreadable(let p, let reason)? = loadError(path) else { return XCTFail("expected unreadable") }
        XCTAssertEqual(p, path)
        XCTAssertTrue(reason.contains("directory"), reason)
    }

    func testVerticalMetricsAreTheHheaValuesScaled() throws {
        let font = try Font.default()
        let ft = try FreeTypeReference(path: Font.defaultPath)
        let hhea = ft.hhea
        XCTAssertEqual(hhea.ascender, 1901)
        XCTAssertEqual(hhea.descender, -483)
        let m = font.metrics(size: 20)
        XCTAssertEqual(m.size, 20)
        XCTAssertEqual(m.ascender, Double(hhea.ascender) * 20 / ft.unitsPerEm, accuracy: 1e-12)
        XCTAssertEqual(m.descender, Double(hhea.descender) * 20 / ft.unitsPerEm, accuracy: 1e-12)
        XCTAssertEqual(m.ascender, 18.564, accuracy: 0.001)
        XCTAssertEqual(m.descender, -4.717, accuracy: 0.001)
        // DejaVu's line height is FreeType's face height (2384 units = ascender - descender + line gap 0).
        XCTAssertEqual(m.lineHeight, 2384.0 * 20 / 2048, accuracy: 1e-12)
        XCTAssertEqual(m.lineGap, Double(hhea.lineGap) * 20 / ft.unitsPerEm, accuracy: 1e-9)
    }

    func testAdvancesMatchFreeTypesUnhintedAdvances() throws {
        let font = try Font.default()
        let ft = try FreeTypeReference(path: Font.defaultPath)
        for c in "MIil .W" {
            let glyph = font.glyphIndex(for: c.unicodeScalars.first!)
            XCTAssertEqual(glyph, ft.glyph(c))
            XCTAssertEqual(font.advance(of: glyph, size: 20), ft.linearAdvance(glyph, size: 20), accuracy: 1e-4, "\(c)")
        }
        let m = font.advance(of: font.glyphIndex(for: "M"), size: 20)
        XCTAssertEqual(m, 1767.0 * 20 / 2048, accuracy: 1e-12)
        XCTAssertGreaterThan(m, font.advance(of: font.glyphIndex(for: "i"), size: 20))
        XCTAssertEqual(font.advance(of: 0xFFFF_FFF0, size: 20), 0)  // past the end of the font
    }

    func testLineWidthIsTheSumOfAdvances() throws {
        let font = try Font.default()
        let ft = try FreeTypeReference(path: Font.defaultPath)
        let text = "Plant Overview"
        var sum = 0.0, freeTypeSum = 0.0
        for c in text {
            let glyph = font.glyphIndex(for: c.unicodeScalars.first!)
            sum += font.advance(of: glyph, size: 28)
            freeTypeSum += ft.linearAdvance(glyph, size: 28)
        }
        XCTAssertEqual(font.width(of: text, size: 28, kerning: false), sum, accuracy: 1e-9)
        XCTAssertEqual(font.width(of: text, size: 28, kerning: false), freeTypeSum, accuracy: 1e-3)
        // 15453 design units; cairo_text_extents (hint style none, hint metrics off) reports x_advance 211.271.
        XCTAssertEqual(font.width(of: text, size: 28, kerning: false), 15453.0 * 28 / 2048, accuracy: 1e-9)
        XCTAssertEqual(font.width(of: text, size: 28, kerning: false), 211.271, accuracy: 0.001)
        // DejaVu has no kerning pair in this string, so kerning changes nothing.
        XCTAssertEqual(font.width(of: text, size: 28, kerning: true), sum, accuracy: 1e-9)
    }

    func testMissingScalarMapsToNotdefAndStillAdvances() throws {
        let font = try Font.default()
        let missing = Unicode.Scalar(0x10FFFF)!
        XCTAssertEqual(font.glyphIndex(for: missing), 0)
        XCTAssertGreaterThan(font.advance(of: 0, size: 20), 0)
        XCTAssertEqual(font.width(of: "\u{10FFFF}", size: 20), font.advance(of: 0, size: 20))
        XCTAssertEqual(font.width(of: "", size: 20), 0)
        XCTAssertEqual(font.width(of: "abc", size: .nan), 0)
        XCTAssertEqual(font.width(of: "abc", size: -3), 0)
    }

    func testNonASCIIScalarsMapThroughTheCmap() throws {
        let font = try Font.default()
        let ft = try FreeTypeReference(path: Font.defaultPath)
        for c in "é€Ωж" {
            XCTAssertEqual(font.glyphIndex(for: c.unicodeScalars.first!), ft.glyph(c), "\(c)")
            XCTAssertNotEqual(font.glyphIndex(for: c.unicodeScalars.first!), 0, "\(c)")
        }
    }
}
