import CTurboJPEG
import ScanoutRaster

/// JPEG decoding through TurboJPEG's 2.x API (Debian 12 ships libjpeg-turbo 2.1, without the tj3 functions),
/// which reports errors in return values instead of libjpeg's longjmp.
enum JPEGCodec {
    /// Start-of-image marker followed by the first byte of the next marker.
    static let signature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// TurboJPEG's layout of a `UInt32` 0xAARRGGBB; the alpha byte is filled with 0xFF.
    #if _endian(little)
    private static let nativeFormat = Int32(TJPF_BGRA.rawValue)
    #else
    private static let nativeFormat = Int32(TJPF_ARGB.rawValue)
    #endif

    /// Stop at the first warning, so truncated or corrupt data is an error rather than a grey-filled picture,
    /// and refuse progressive files with absurdly many scans (a known way to burn CPU).
    private static let flags = Int32(TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS | TJFLAG_ACCURATEDCT)

    /// Decodes a baseline or progressive JPEG (colour or greyscale) into opaque ARGB8888.
    static func decode(_ data: UnsafeRawBufferPointer) -> Result<PixelBuffer, ImageError> {
        guard let decompressor = tjInitDecompress() else {
            return .failure(.unsupported(format: "JPEG", reason: "TurboJPEG could not start: \(errorText(nil))"))
        }
        defer { tjDestroy(decompressor) }
        let source = data.baseAddress!.assumingMemoryBound(to: UInt8.self)  // Never empty: starts with the signature.
        let size = UInt(data.count)

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(decompressor, source, size, &width, &height, &subsampling, &colorspace) == 0 else {
            return .failure(.malformed(format: "JPEG", reason: errorText(decompressor)))
        }
        if let error = ImageDecoder.sizeError(width: Int(width), height: Int(height)) { return .failure(error) }
        // libjpeg-turbo 2.1 cannot turn CMYK or YCCK into RGB; say so instead of calling the data corrupt.
        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
            return .failure(.unsupported(format: "JPEG", reason: "CMYK colour is not supported"))
        }

        let buffer = PixelBuffer(width: Int(width), height: Int(height), format: .argb8888)
        let result = tjDecompress2(decompressor, source, size, buffer.baseAddress.assumingMemoryBound(to: UInt8.self),
                                   width, Int32(buffer.stride), height, nativeFormat, flags)
        guard result == 0 else {
            return .failure(.malformed(format: "JPEG", reason: errorText(decompressor)))
        }
        return .success(buffer)
    }

    /// TurboJPEG's message for the last error on `handle` (or the last global error when `handle` is nil).
    private static func errorText(_ handle: tjhandle?) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "TurboJPEG gave no reason" }
        return String(cString: text)
    }
}
