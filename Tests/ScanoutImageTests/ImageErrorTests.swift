import ScanoutImage
import XCTest

/// Each message names the thing at fault and says what to do.
final class ImageErrorTests: XCTestCase {
    func testFileErrorsNameThePath() {
        let missing = ImageError.fileNotFound(path: "/opt/app/logo.png").description
        XCTAssert(missing.contains("/opt/app/logo.png") && missing.contains("does not exist"), missing)
        let unreadable = ImageError.unreadable(path: "/opt/app", reason: "Is a directory").description
        XCTAssert(unreadable.contains("/opt/app") && unreadable.contains("Is a directory"), unreadable)
        let write = ImageError.writeFailed(path: "/ro/shot.png", reason: "Read-only file system").description
        XCTAssert(write.contains("/ro/shot.png") && write.contains("Read-only file system"), write)
    }

    func testDecodingErrorsNameTheFormatAndTheDecodersReason() {
        let malformed = ImageError.malformed(format: "PNG", reason: "IDAT: CRC error").description
        XCTAssert(malformed.contains("truncated or corrupt PNG") && malformed.contains("IDAT: CRC error"), malformed)
        let unknown = ImageError.unknownFormat.description
        XCTAssert(unknown.contains("not a PNG or JPEG"), unknown)
        let large = ImageError.tooLarge(width: 100_000, height: 20).description
        XCTAssert(large.contains("100000x20") && large.contains("\(ImageDecoder.maximumDimension)"), large)
    }

    func testDecodingErrorsOfAFileNameThePathInsteadOfTheData() {
        let error = ImageError.decodingFailed(path: "/opt/app/logo.png", reason: .unknownFormat).description
        XCTAssertEqual(error, "image file /opt/app/logo.png is not a PNG or JPEG image; convert it to one of those formats")
    }
}
