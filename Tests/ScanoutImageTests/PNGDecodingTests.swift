import Foundation
import ScanoutImage
import ScanoutRaster
import XCTest

final class PNGDecodingTests: XCTestCase {
    /// image256.bgra holds the benchmark's reference premultiplication of image256.png. Decoding must match it
    /// exactly, not within ±1: both round c·a/255 to nearest (as `RGBA.premultiplied` does), and 8-bit sRGB
    /// PNG samples reach us unchanged, so there is no source of error to tolerate.
    func testDecodesRGBAToTheReferencePremultipliedPixels() throws {
        let image = try ImageDecoder.decode(try Fixtures.bytes("image256.png"))
        XCTAssertEqual(image.width, 256)
        XCTAssertEqual(image.height, 256)
        XCTAssertEqual(image.format, .argb8888)

        let reference = try Fixtures.bytes("image256.bgra")
        XCTAssertEqual(reference.count, 256 * 256 * 4)
        var mismatches = 0
        for y in 0..<256 {
            for x in 0..<256 {
                let i = (y * 256 + x) * 4
                let expected = UInt32(reference[i + 3]) << 24 | UInt32(reference[i + 2]) << 16
                    | UInt32(reference[i + 1]) << 8 | UInt32(reference[i])
                if image.premultipliedPixel(x: x, y: y) != expected {
                    mismatches += 1
                    if mismatches <= 5 {
                        XCTFail("pixel (\(x), \(y)): got \(hex(image.premultipliedPixel(x: x, y: y))), expected \(hex(expected))")
                    }
                }
            }
        }
        XCTAssertEqual(mismatches, 0)
    }

    func testLoadsAFileByPath() throws {
        let image = try ImageDecoder.load(contentsOfFile: Fixtures.path("image256.png"))
        XCTAssertEqual(image.width, 256)
        XCTAssertEqual(image.height, 256)
    }

    /// Every colour type the variants cover decodes to the same pixels as the plain 8-bit RGBA file.
    func testDecodesRGBA8WithEveryAlphaValue() throws {
        try assertPattern(in: "rgba8.png")
    }

    func testDecodesAdam7InterlacedPNG() throws {
        try assertPattern(in: "rgba8-interlaced.png")
    }

    func testDecodesPalettePNGWithPerEntryTransparency() throws {
        try assertPattern(in: "palette8.png")
    }

    /// 16-bit samples v·257 with no gAMA chunk are read as sRGB, so they come back as exactly v
    /// (read as linear they would come back brighter).
    func testDecodes16BitPNGAsSRGB() throws {
        try assertPattern(in: "rgba16.png")
    }

    func testDecodesGreyPNGAsOpaqueGrey() throws {
        let image = try ImageDecoder.decode(try Fixtures.bytes("grey8.png"))
        for y in 0..<16 {
            for x in 0..<16 {
                let v = Fixtures.greyLevel(x: x, y: y)
                XCTAssertEqual(image.pixel(x: x, y: y), RGBA(red: v, green: v, blue: v), "pixel (\(x), \(y))")
            }
        }
    }

    func testDecodesGreyAlphaPNGPremultiplied() throws {
        let image = try ImageDecoder.decode(try Fixtures.bytes("grey-alpha8.png"))
        for y in 0..<16 {
            for x in 0..<16 {
                let v = Fixtures.greyLevel(x: x, y: y)
                let expected = RGBA(red: v, green: v, blue: v, alpha: 255 - v).premultiplied
                XCTAssertEqual(image.premultipliedPixel(x: x, y: y), expected, "pixel (\(x), \(y))")
            }
        }
    }

    /// Asserts that `name` decodes to make-fixtures.py's pattern, premultiplied, exactly.
    private func assertPattern(in name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try ImageDecoder.decode(try Fixtures.bytes(name))
        XCTAssertEqual(image.width, 16, file: file, line: line)
        XCTAssertEqual(image.height, 16, file: file, line: line)
        var mismatches: [String] = []
        for y in 0..<16 {
            for x in 0..<16 {
                let expected = Fixtures.pattern(x: x, y: y).premultiplied
                let actual = image.premultipliedPixel(x: x, y: y)
                if actual != expected { mismatches.append("(\(x), \(y)) \(hex(actual)) != \(hex(expected))") }
            }
        }
        XCTAssert(mismatches.isEmpty, "\(name): \(mismatches.count) pixels differ: \(mismatches.prefix(5))",
                  file: file, line: line)
    }
}

func hex(_ v: UInt32) -> String {
    let digits = String(v, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}
