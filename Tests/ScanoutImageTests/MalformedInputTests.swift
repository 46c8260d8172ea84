import Foundation
import ScanoutImage
import ScanoutRaster
import XCTest

/// Every way reading an image can fail gives its `ImageError` and never a crash or a huge allocation.
final class MalformedInputTests: TemporaryDirectoryTestCase {

    // MARK: Files

    func testMissingFileIsNotFound() {
        let path = directory.appendingPathComponent("absent.png").path
        XCTAssertEqual(imageError { try ImageDecoder.load(contentsOfFile: path) }, .fileNotFound(path: path))
    }

    func testDirectoryIsUnreadable() {
        let path = directory.path
        XCTAssertEqual(imageError { try ImageDecoder.load(contentsOfFile: path) },
                       .unreadable(path: path, reason: "Is a directory"))
    }

    func testEmptyFileNamesThePath() throws {
        let path = directory.appendingPathComponent("empty.png").path
        XCTAssert(FileManager.default.createFile(atPath: path, contents: Data()))
        XCTAssertEqual(imageError { try ImageDecoder.load(contentsOfFile: path) },
                       .decodingFailed(path: path, reason: .empty))
    }

    func testCorruptFileNamesThePathAndTheFormat() throws {
        let path = directory.appendingPathComponent("half.png").path
        let png = try Fixtures.bytes("image256.png")
        try Data(png.prefix(png.count / 2)).write(to: URL(fileURLWithPath: path))
        let error = imageError { try ImageDecoder.load(contentsOfFile: path) }
        guard case .decodingFailed(path, .malformed(format: "PNG", _))? = error else {
            return XCTFail("expected .decodingFailed(\(path), .malformed(PNG, …)), got \(String(describing: error))")
        }
        XCTAssert(error!.description.contains(path), error!.description)
        XCTAssert(error!.description.contains("truncated or corrupt PNG"), error!.description)
    }

    // MARK: Unrecognised data

    func testEmptyBytesAreEmpty() {
        XCTAssertEqual(imageError { try ImageDecoder.decode([]) }, .empty)
    }

    func testRandomBytesAreAnUnknownFormat() {
        var state: UInt32 = 12345
        let bytes = (0..<4096).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223  // A fixed LCG: the same bytes on every run.
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        XCTAssertNotEqual(bytes[0], 0x89)
        XCTAssertNotEqual(bytes[0], 0xFF)
        XCTAssertEqual(imageError { try ImageDecoder.decode(bytes) }, .unknownFormat)
    }

    func testOtherFormatsAreUnknown() {
        let gif = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]
        let html = Array("<!DOCTYPE html><title>404</title>".utf8)
        let almostPNG: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A]  // 7 of the 8 signature bytes
        for bytes in [gif, html, almostPNG, [0xFF, 0xD8]] {
            XCTAssertEqual(imageError { try ImageDecoder.decode(bytes) }, .unknownFormat, "\(bytes.prefix(8))")
        }
    }

    // MARK: PNG

    func testPNGTruncatedAnywhereIsMalformed() throws {
        let png = try Fixtures.bytes("image256.png")
        // Signature only; inside IHDR; signature + IHDR; inside IDAT; half; short of IDAT's last data or CRC byte.
        for length in [8, 20, 33, 40, png.count / 2, png.count - 17, png.count - 13] {
            assertMalformed(Array(png.prefix(length)), format: "PNG", "truncated at \(length) of \(png.count) bytes")
        }
    }

    /// Cut after the last IDAT chunk, a PNG still holds every pixel; libpng (like browsers) does not insist
    /// on the IEND trailer, so neither do we.
    func testPNGMissingOnlyItsTrailerDecodes() throws {
        let png = try Fixtures.bytes("image256.png")
        let complete = try ImageDecoder.decode(png)
        for length in [png.count - 12, png.count - 1] {
            let image = try ImageDecoder.decode(Array(png.prefix(length)))
            XCTAssertEqual(image.premultipliedPixel(x: 255, y: 255), complete.premultipliedPixel(x: 255, y: 255))
        }
    }

    func testPNGWithDamagedIDATIsMalformed() throws {
        var png = try Fixtures.bytes("image256.png")
        let idat = try XCTUnwrap(chunkOffset(png, "IDAT"))
        png[idat + 8 + 1000] ^= 0x55
        assertMalformed(png, format: "PNG")
    }

    func testPNGWithWrongIDATCRCFailsTheCRCCheck() throws {
        var png = try Fixtures.bytes("image256.png")
        let idat = try XCTUnwrap(chunkOffset(png, "IDAT"))
        png[idat + 8 + Int(png.loadBigEndian(at: idat))] ^= 0xFF  // first byte of the CRC
        let reason = assertMalformed(png, format: "PNG")
        XCTAssert(reason?.contains("CRC") == true, reason ?? "")
    }

    func testPNGWithDamagedCompressedDataIsMalformed() throws {
        // The CRC is fixed, so the damage reaches zlib or the row filters instead of the CRC check.
        var png = try Fixtures.bytes("image256.png")
        let idat = try XCTUnwrap(chunkOffset(png, "IDAT"))
        let length = Int(png.loadBigEndian(at: idat))
        for i in stride(from: idat + 8 + 2, to: idat + 8 + length, by: 97) { png[i] = 0xFF }
        png.storeBigEndian(crc32(png[(idat + 4)..<(idat + 8 + length)]), at: idat + 8 + length)
        assertMalformed(png, format: "PNG")
    }

    func testPNGHeaderClaimingEnormousSizeIsTooLarge() throws {
        let sizes: [(Int, Int)] = [(100_000, 100_000), (0x7FFF_FFFF, 0x7FFF_FFFF), (16385, 1), (1, 16385), (8192, 8193)]
        for (width, height) in sizes {
            let png = try rgba8(claiming: width, height)
            XCTAssertEqual(imageError { try ImageDecoder.decode(png) }, .tooLarge(width: width, height: height))
        }
    }

    func testPNGHeaderAtTheSideLimitIsNotTooLarge() throws {
        // Within the limits, so decoding starts; the pixel data behind the header is too short for the size.
        assertMalformed(try rgba8(claiming: 16384, 2), format: "PNG")
        assertMalformed(try rgba8(claiming: 2, 16384), format: "PNG")
    }

    func testPNGHeaderWithZeroWidthIsMalformed() throws {
        assertMalformed(try rgba8(claiming: 0, 16), format: "PNG")
    }

    func testPNGHeaderWithBadCRCIsMalformed() throws {
        var png = try Fixtures.bytes("rgba8.png")
        png[29] ^= 0xFF
        assertMalformed(png, format: "PNG")
    }

    // MARK: JPEG

    func testJPEGTruncatedIsMalformed() throws {
        let jpeg = try Fixtures.bytes("blocks64x48.jpg")
        for length in [3, 20, jpeg.count / 2, jpeg.count - 2] {
            assertMalformed(Array(jpeg.prefix(length)), format: "JPEG", "truncated at \(length) of \(jpeg.count) bytes")
        }
    }

    func testJPEGWithGarbageInTheMiddleIsMalformed() throws {
        var jpeg = try Fixtures.bytes("blocks64x48.jpg")
        let middle = jpeg.count / 2
        jpeg.replaceSubrange(middle..<(middle + 16), with: [UInt8](repeating: 0xFF, count: 8) + [UInt8](repeating: 0xA5, count: 8))
        assertMalformed(jpeg, format: "JPEG")
    }

    func testJPEGFrameClaimingEnormousSizeIsTooLarge() throws {
        var jpeg = try Fixtures.bytes("blocks64x48.jpg")
        // SOF0: FF C0, length (2), precision (1), height (2), width (2).
        let sof = try XCTUnwrap((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg.replaceSubrange((sof + 5)..<(sof + 9), with: [0xEA, 0x60, 0xEA, 0x60])  // 60000 x 60000
        XCTAssertEqual(imageError { try ImageDecoder.decode(jpeg) }, .tooLarge(width: 60000, height: 60000))
    }

    // MARK: Helpers

    /// The offset of the first chunk of `type` (its length field), walking the chunk list.
    private func chunkOffset(_ png: [UInt8], _ type: String) -> Int? {
        var offset = 8
        while offset + 8 <= png.count {
            if Array(png[(offset + 4)..<(offset + 8)]) == Array(type.utf8) { return offset }
            offset += 12 + Int(png.loadBigEndian(at: offset))
        }
        return nil
    }

    /// rgba8.png with its IHDR rewritten to claim `width` x `height`, CRC fixed so that libpng accepts it.
    private func rgba8(claiming width: Int, _ height: Int) throws -> [UInt8] {
        var png = try Fixtures.bytes("rgba8.png")
        png.storeBigEndian(UInt32(width), at: 16)
        png.storeBigEndian(UInt32(height), at: 20)
        png.storeBigEndian(crc32(png[12..<29]), at: 29)
        return png
    }
}
