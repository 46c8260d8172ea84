import ScanoutRaster

/// Decodes PNG and JPEG data into premultiplied ARGB8888 pixel buffers, choosing the codec by the data's
/// signature (never by a file name).
public enum ImageDecoder {
    /// The largest width or height decoded; larger images fail with `ImageError.tooLarge`.
    public static let maximumDimension = 16384
    /// The largest number of pixels decoded (256 MiB of ARGB8888); an embedded board cannot afford more,
    /// and a header declaring more is far more likely hostile or corrupt than a real picture.
    public static let maximumPixelCount = 64 * 1024 * 1024

    /// Decodes PNG or JPEG `bytes` into a new `.argb8888` buffer (JPEG pixels are opaque).
    public static func decode(_ bytes: [UInt8]) throws(ImageError) -> PixelBuffer {
        switch decoded(bytes) {
        case .success(let image): return image
        case .failure(let error): throw error
        }
    }

    /// Reads and decodes the PNG or JPEG file at `path`. File problems give `.fileNotFound` or `.unreadable`;
    /// problems with the contents give `.decodingFailed(path:reason:)`, so the message names the file.
    public static func load(contentsOfFile path: String) throws(ImageError) -> PixelBuffer {
        let bytes = try FileBytes.read(contentsOfFile: path)
        switch decoded(bytes) {
        case .success(let image): return image
        case .failure(let error): throw .decodingFailed(path: path, reason: error)
        }
    }

    // Results rather than typed throws inside: `withUnsafeBytes` only rethrows `any Error`.
    static func decoded(_ bytes: [UInt8]) -> Result<PixelBuffer, ImageError> {
        guard !bytes.isEmpty else { return .failure(.empty) }
        guard let format = ImageFormat(signatureOf: bytes) else { return .failure(.unknownFormat) }
        // The codecs read through the pointer until they return, so both run inside the one closure.
        return bytes.withUnsafeBytes { data in
            switch format {
            case .png: return PNGCodec.decode(data)
            case .jpeg: return JPEGCodec.decode(data)
            }
        }
    }

    /// `.tooLarge` unless a `width` x `height` image is within the limits above.
    static func sizeError(width: Int, height: Int) -> ImageError? {
        guard width <= maximumDimension, height <= maximumDimension, width * height <= maximumPixelCount else {
            return .tooLarge(width: width, height: height)
        }
        return nil
    }
}

/// The formats `ImageDecoder` recognises by their first bytes.
enum ImageFormat {
    case png
    case jpeg

    init?(signatureOf bytes: [UInt8]) {
        if bytes.starts(with: PNGCodec.signature) {
            self = .png
        } else if bytes.starts(with: JPEGCodec.signature) {
            self = .jpeg
        } else {
            return nil
        }
    }
}
