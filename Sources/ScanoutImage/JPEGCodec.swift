import CJPEGShim
import ScanoutRaster

/// JPEG decoding through libjpeg's API (libjpeg-turbo's libjpeg62 on Debian), by way of `CJPEGShim`: libjpeg
/// reports errors with longjmp, which Swift cannot survive, so the shim catches them and returns a status.
enum JPEGCodec {
    /// Start-of-image marker followed by the first byte of the next marker.
    static let signature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// Decodes a baseline or progressive JPEG (colour or greyscale) into opaque ARGB8888. Truncated or corrupt
    /// data is an error rather than a grey-filled picture; progressive files with absurdly many scans (a known
    /// way to burn CPU) are refused.
    static func decode(_ data: UnsafeRawBufferPointer) -> Result<PixelBuffer, ImageError> {
        let source = data.baseAddress!.assumingMemoryBound(to: UInt8.self)  // Never empty: starts with the signature.
        let size = UInt(data.count)
        var message = [CChar](repeating: 0, count: messageSize)

        var width: Int32 = 0, height: Int32 = 0
        let header = scanout_jpeg_read_header(source, size, &width, &height, &message, messageSize)
        if header == SCANOUT_JPEG_MALFORMED { return .failure(.malformed(format: "JPEG", reason: text(message))) }
        // libjpeg itself missing (loaded at the first JPEG): the reason names the package to install.
        if header == SCANOUT_JPEG_UNAVAILABLE { return .failure(.unsupported(format: "JPEG", reason: text(message))) }
        // Size first, as for any image: a CMYK header claiming 60000x60000 pixels is still too large.
        if let error = ImageDecoder.sizeError(width: Int(width), height: Int(height)) { return .failure(error) }
        // CMYK or YCCK, which libjpeg-turbo cannot turn into RGB: say so instead of calling the data corrupt.
        if header != SCANOUT_JPEG_OK { return .failure(.unsupported(format: "JPEG", reason: text(message))) }

        let buffer = PixelBuffer(width: Int(width), height: Int(height), format: .argb8888)
        let result = scanout_jpeg_decode_argb8888(source, size, width, height,
                                                  buffer.baseAddress.assumingMemoryBound(to: UInt8.self), buffer.stride,
                                                  &message, messageSize)
        guard result == SCANOUT_JPEG_OK else {
            return .failure(.malformed(format: "JPEG", reason: text(message)))
        }
        return .success(buffer)
    }

    private static let messageSize = Int(SCANOUT_JPEG_MESSAGE_SIZE)

    /// The shim's NUL-terminated message.
    private static func text(_ message: [CChar]) -> String {
        let text = message.withUnsafeBytes { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
        return text.isEmpty ? "libjpeg gave no reason" : text
    }
}
