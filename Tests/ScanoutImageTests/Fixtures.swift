import Foundation
import ScanoutImage
import ScanoutRaster
import XCTest

/// Test images in Tests/Fixtures/images (see the README there for how each was made).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")

    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The straight colour of pixel (x, y) in the generated 16x16 PNG variants (make-fixtures.py's `rgba`).
    static func pattern(x: Int, y: Int) -> RGBA {
        RGBA(red: UInt8(x * 17), green: UInt8(y * 17), blue: UInt8(255 - (x + y) * 8), alpha: UInt8(y * 16 + x))
    }

    /// The grey level of pixel (x, y) in grey8.png and grey-alpha8.png (make-fixtures.py's `grey`).
    static func greyLevel(x: Int, y: Int) -> UInt8 {
        UInt8(y * 16 + x)
    }
}

/// The `ImageError` that `body` throws, or nil (with a test failure) if it throws nothing or something else.
func imageError<T>(_ body: () throws -> T, file: StaticString = #filePath, line: UInt = #line) -> ImageError? {
    do {
        _ = try body()
        XCTFail("expected an ImageError, but the call succeeded", file: file, line: line)
    } catch let error as ImageError {
        return error
    } catch {
        XCTFail("expected an ImageError, got \(error)", file: file, line: line)
    }
    return nil
}

/// Asserts that decoding `bytes` fails as malformed data of `format`, and returns the decoder's reason.
@discardableResult
func assertMalformed(_ bytes: [UInt8], format: String, _ message: String = "",
                     file: StaticString = #filePath, line: UInt = #line) -> String? {
    let error = imageError({ try ImageDecoder.decode(bytes) }, file: file, line: line)
    guard case .malformed(let actualFormat, let reason)? = error else {
        XCTFail("expected .malformed(format: \(format), …), got \(String(describing: error)) \(message)", file: file, line: line)
        return nil
    }
    XCTAssertEqual(actualFormat, format, message, file: file, line: line)
    XCTAssertFalse(reason.isEmpty, "the reason should carry the decoder's message", file: file, line: line)
    return reason
}

/// The largest per-channel difference between two premultiplied ARGB pixels.
func channelDistance(_ a: UInt32, _ b: UInt32) -> Int {
    stride(from: 0, to: 32, by: 8).map { abs(Int(a >> UInt32($0) & 255) - Int(b >> UInt32($0) & 255)) }.max()!
}

extension RGBA {
    /// The largest per-channel difference from another colour.
    func distance(to other: RGBA) -> Int {
        max(abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)),
            abs(Int(blue) - Int(other.blue)), abs(Int(alpha) - Int(other.alpha)))
    }
}

/// PNG chunk CRC (ISO 3309, as zlib's crc32), to craft headers that libpng accepts.
func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

extension Array where Element == UInt8 {
    mutating func storeBigEndian(_ value: UInt32, at offset: Int) {
        for i in 0..<4 { self[offset + i] = UInt8(truncatingIfNeeded: value >> UInt32(24 - 8 * i)) }
    }

    func loadBigEndian(at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(self[offset + $1]) }
    }
}
