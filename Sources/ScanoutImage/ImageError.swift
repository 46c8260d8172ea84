/// Why an image could not be read, decoded, encoded or written. Each description names the file or format
/// and says what to do about it.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing exists at `path`.
    case fileNotFound(path: String)
    /// `path` exists but cannot be read (a directory, no permission, an I/O error); `reason` is the system's.
    case unreadable(path: String, reason: String)
    /// The data has no bytes at all.
    case empty
    /// The data starts with neither the PNG signature nor a JPEG start-of-image marker.
    case unknownFormat
    /// The data starts like a PNG or JPEG but is truncated or corrupt; `reason` is the decoder's message.
    case malformed(format: String, reason: String)
    /// The data is a valid image in a variant the decoder does not handle (a CMYK JPEG, for example).
    case unsupported(format: String, reason: String)
    /// The header declares more pixels than `ImageDecoder` will allocate.
    case tooLarge(width: Int, height: Int)
    /// Decoding the file at `path` failed for `reason` (never itself a file error).
    indirect case decodingFailed(path: String, reason: ImageError)
    /// The pixels could not be encoded; `reason` is the encoder's message.
    case encodingFailed(format: String, reason: String)
    /// Encoded data could not be written to `path`; `reason` is the system's.
    case writeFailed(path: String, reason: String)

    public var description: String {
        describe(subject: "the image data")
    }

    /// The description with `subject` (the data, or a file's path) as the thing at fault.
    private func describe(subject: String) -> String {
        switch self {
        case .fileNotFound(let path):
            return "image file \(path) does not exist; check the path and the working directory"
        case .unreadable(let path, let reason):
            return "image file \(path) cannot be read: \(reason); check that it is a readable regular file"
        case .empty:
            return "\(subject) is empty (0 bytes); re-create or re-download it"
        case .unknownFormat:
            return "\(subject) is not a PNG or JPEG image; convert it to one of those formats"
        case .malformed(let format, let reason):
            return "\(subject) is a truncated or corrupt \(format) image: \(reason); re-export or re-download it"
        case .unsupported(let format, let reason):
            return "\(subject) is a \(format) image of a kind ScanoutImage does not decode: \(reason); "
                + "re-save it as 8-bit RGB or greyscale"
        case .tooLarge(let width, let height):
            return "\(subject) declares \(width)x\(height) pixels, more than ScanoutImage decodes "
                + "(at most \(ImageDecoder.maximumDimension) per side and \(ImageDecoder.maximumPixelCount) "
                + "pixels); scale it down"
        case .decodingFailed(let path, let reason):
            return reason.describe(subject: "image file \(path)")
        case .encodingFailed(let format, let reason):
            return "the \(format) encoder failed: \(reason)"
        case .writeFailed(let path, let reason):
            return "image file \(path) cannot be written: \(reason); check that its directory exists and is writable"
        }
    }
}
