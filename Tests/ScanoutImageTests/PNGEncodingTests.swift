import Foundation
import ScanoutImage
import ScanoutRaster
import XCTest

final class PNGEncodingTests: TemporaryDirectoryTestCase {

    /// Every alpha value 0...255, each with several colours (pure channels, greys, mixes).
    private func variedImage() -> PixelBuffer {
        let colours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255),
                                                (0, 0, 0), (1, 2, 3), (128, 64, 200), (254, 127, 33)]
        let image = PixelBuffer(width: 256, height: colours.count, format: .argb8888)
        for (y, c) in colours.enumerated() {
            for a in 0..<256 {
                image.setPremultipliedPixel(x: a, y: y, RGBA(red: c.0, green: c.1, blue: c.2, alpha: UInt8(a)).premultiplied)
            }
        }
        return image
    }

    /// Premultiplied pixels survive PNG's straight alpha exactly: un-premultiplying rounds to within 127.5/a
    /// of the true colour, and premultiplying again scales that error by a/255 < 1/2 back onto the same value.
    func testRoundTripPreservesPremultipliedPixelsExactly() throws {
        let original = variedImage()
        let decoded = try ImageDecoder.decode(try PNGEncoder.encode(original))
        XCTAssertEqual(decoded.width, original.width)
        XCTAssertEqual(decoded.height, original.height)
        for y in 0..<original.height {
            for x in 0..<original.width {
                XCTAssertEqual(decoded.premultipliedPixel(x: x, y: y), original.premultipliedPixel(x: x, y: y),
                               "pixel (\(x), \(y))")
            }
        }
    }

    /// Straight colours are what a buffer cannot keep: opaque ones come back exactly, translucent ones within
    /// premultiplication's rounding (127.5/a + 1/2 levels), and fully transparent ones as transparent black.
    func testRoundTripKeepsStraightColoursWithinPremultiplyRounding() throws {
        let original = variedImage()
        let decoded = try ImageDecoder.decode(try PNGEncoder.encode(original))
        let colours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255),
                                                (0, 0, 0), (1, 2, 3), (128, 64, 200), (254, 127, 33)]
        for (y, c) in colours.enumerated() {
            for a in 0..<256 {
                let straight = RGBA(red: c.0, green: c.1, blue: c.2, alpha: UInt8(a))
                let actual = decoded.pixel(x: a, y: y)
                switch a {
                case 0: XCTAssertEqual(actual, .clear)
                case 255: XCTAssertEqual(actual, straight)
                default:
                    XCTAssertEqual(actual.alpha, straight.alpha)
                    XCTAssertLessThanOrEqual(actual.distance(to: straight), Int(127.5 / Double(a) + 0.5),
                                             "alpha \(a): got \(actual), expected about \(straight)")
                }
            }
        }
    }

    func testEncodesRGB565AsOpaqueRGBPNG() throws {
        let image = PixelBuffer(width: 5, height: 3, format: .rgb565)
        for y in 0..<3 {
            for x in 0..<5 {
                image.setPremultipliedPixel(x: x, y: y, RGBA(red: UInt8(x * 60), green: UInt8(y * 120), blue: 77).premultiplied)
            }
        }
        let png = try PNGEncoder.encode(image)
        XCTAssertEqual(png[25], 2, "IHDR colour type: RGB without alpha for an opaque format")
        try assertSamePixels(ImageDecoder.decode(png), image)
    }

    func testEncodesXRGB8888AsOpaqueRGBPNG() throws {
        let image = PixelBuffer(width: 4, height: 4, format: .xrgb8888)
        for y in 0..<4 {
            for x in 0..<4 {
                // A translucent colour written to XRGB becomes opaque; the PNG must say so too.
                image.setPremultipliedPixel(x: x, y: y, RGBA(red: UInt8(x * 80), green: 10, blue: UInt8(y * 80), alpha: 128).premultiplied)
            }
        }
        let png = try PNGEncoder.encode(image)
        XCTAssertEqual(png[25], 2, "IHDR colour type: RGB without alpha for an opaque format")
        try assertSamePixels(ImageDecoder.decode(png), image)
    }

    func testEncodesARGB8888AsRGBAPNG() throws {
        let png = try PNGEncoder.encode(variedImage())
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(png[24], 8, "IHDR bit depth")
        XCTAssertEqual(png[25], 6, "IHDR colour type: RGBA")
    }

    func testEncodingAnEmptyBufferFails() {
        let error = imageError { try PNGEncoder.encode(PixelBuffer(width: 0, height: 3)) }
        guard case .encodingFailed(let format, let reason)? = error else {
            return XCTFail("expected .encodingFailed, got \(String(describing: error))")
        }
        XCTAssertEqual(format, "PNG")
        XCTAssert(reason.contains("0x3"), reason)
    }

    func testWritesAFileThatLoadsBack() throws {
        let path = directory.appendingPathComponent("out.png").path
        let image = variedImage()
        try PNGEncoder.write(image, toFile: path)
        XCTAssertEqual(try Fixtures.bytesAt(path), try PNGEncoder.encode(image))
        try assertSamePixels(ImageDecoder.load(contentsOfFile: path), image)
    }

    func testWritingReplacesAnExistingFile() throws {
        let path = directory.appendingPathComponent("out.png").path
        try PNGEncoder.write(variedImage(), toFile: path)
        let small = PixelBuffer(width: 1, height: 1)
        try PNGEncoder.write(small, toFile: path)
        XCTAssertEqual(try Fixtures.bytesAt(path), try PNGEncoder.encode(small))
    }

    func testWritingIntoAMissingDirectoryFails() {
        let path = directory.appendingPathComponent("missing/out.png").path
        let error = imageError { try PNGEncoder.write(PixelBuffer(width: 2, height: 2), toFile: path) }
        XCTAssertEqual(error, .writeFailed(path: path, reason: "No such file or directory"))
    }

    private func assertSamePixels(_ actual: PixelBuffer, _ expected: PixelBuffer,
                                  file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.width, expected.width, file: file, line: line)
        XCTAssertEqual(actual.height, expected.height, file: file, line: line)
        for y in 0..<min(actual.height, expected.height) {
            for x in 0..<min(actual.width, expected.width) {
                XCTAssertEqual(actual.premultipliedPixel(x: x, y: y), expected.premultipliedPixel(x: x, y: y),
                               "pixel (\(x), \(y))", file: file, line: line)
            }
        }
    }
}

extension Fixtures {
    static func bytesAt(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
