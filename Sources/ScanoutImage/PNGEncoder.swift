import ScanoutRaster

/// Encodes pixel buffers of any format as PNG (screenshots, golden images, exported pictures).
/// Premultiplied pixels are converted to the straight alpha PNG stores, so translucent colours round-trip
/// only to within premultiplication's rounding; opaque buffers are written as RGB without an alpha channel.
public enum PNGEncoder {
    /// The PNG file bytes for `image`.
    public static func encode(_ image: PixelBuffer) throws(ImageError) -> [UInt8] {
        switch PNGCodec.encode(image) {
        case .success(let bytes): return bytes
        case .failure(let error): throw error
        }
    }

    /// Writes `image` as a PNG file at `path`, replacing any file there.
    public static func write(_ image: PixelBuffer, toFile path: String) throws(ImageError) {
        let bytes = try encode(image)
        try FileBytes.write(bytes, toFile: path)
    }
}
