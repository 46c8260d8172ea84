import ScanoutImage
import ScanoutRaster
import XCTest

final class JPEGDecodingTests: XCTestCase {
    /// The 16x16 blocks of blocks64x48.jpg (make-fixtures.py's BLOCKS), row by row.
    private let blocks: [[RGBA]] = [
        [RGBA(red: 255, green: 0, blue: 0), RGBA(red: 0, green: 255, blue: 0),
         RGBA(red: 0, green: 0, blue: 255), RGBA(red: 255, green: 255, blue: 255)],
        [RGBA(red: 0, green: 0, blue: 0), RGBA(red: 128, green: 128, blue: 128),
         RGBA(red: 255, green: 255, blue: 0), RGBA(red: 0, green: 255, blue: 255)],
        [RGBA(red: 255, green: 0, blue: 255), RGBA(red: 255, green: 128, blue: 0),
         RGBA(red: 32, green: 64, blue: 160), RGBA(red: 200, green: 150, blue: 100)],
    ]

    /// Quality 95 without chroma subsampling keeps flat 16x16 blocks within 1 level at their centres here;
    /// 4 leaves room for another libjpeg-turbo's IDCT rounding, far too little for a wrong channel order.
    private let tolerance = 4

    func testDecodesColourJPEGOpaqueWithBlockColours() throws {
        let image = try ImageDecoder.decode(try Fixtures.bytes("blocks64x48.jpg"))
        XCTAssertEqual(image.width, 64)
        XCTAssertEqual(image.height, 48)
        XCTAssertEqual(image.format, .argb8888)
        for y in 0..<48 {
            for x in 0..<64 where image.premultipliedPixel(x: x, y: y) >> 24 != 255 {
                XCTFail("pixel (\(x), \(y)) is not opaque")
                return
            }
        }
        for (row, colours) in blocks.enumerated() {
            for (column, expected) in colours.enumerated() {
                let actual = image.pixel(x: column * 16 + 8, y: row * 16 + 8)
                XCTAssertLessThanOrEqual(actual.distance(to: expected), tolerance,
                                         "block (\(column), \(row)): got \(actual), expected \(expected)")
            }
        }
    }

    func testDecodesGreyscaleJPEGAsOpaqueGrey() throws {
        let image = try ImageDecoder.decode(try Fixtures.bytes("greys32x16.jpg"))
        XCTAssertEqual(image.width, 32)
        XCTAssertEqual(image.height, 16)
        for (column, level) in [48, 208].enumerated() {
            let actual = image.pixel(x: column * 16 + 8, y: 8)
            XCTAssertEqual(actual.alpha, 255)
            XCTAssertEqual(actual.red, actual.green, "grey has equal channels: \(actual)")
            XCTAssertEqual(actual.green, actual.blue, "grey has equal channels: \(actual)")
            XCTAssertLessThanOrEqual(abs(Int(actual.red) - level), tolerance, "block \(column): \(actual)")
        }
    }

    /// libjpeg-turbo 2.1 cannot convert CMYK to RGB: that is unsupported, not corrupt.
    func testRejectsCMYKJPEGAsUnsupported() throws {
        let error = imageError { try ImageDecoder.decode(try Fixtures.bytes("cmyk64x48.jpg")) }
        guard case .unsupported(let format, _)? = error else {
            return XCTFail("expected .unsupported, got \(String(describing: error))")
        }
        XCTAssertEqual(format, "JPEG")
    }
}
