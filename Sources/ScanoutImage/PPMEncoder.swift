import ScanoutRaster

/// Encodes pixel buffers as binary PPM (P6): 8-bit RGB, no compression, no alpha. QEMU's `screendump`
/// writes this format, so a frame saved as PPM compares with a screen capture byte for byte.
public enum PPMEncoder {
    /// The PPM file bytes for `image` (alpha dropped; translucent pixels as their straight colour).
    public static func encode(_ image: PixelBuffer) -> [UInt8] {
        var bytes = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + image.width * image.height * 3)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                bytes.append(p.red)
                bytes.append(p.green)
                bytes.append(p.blue)
            }
        }
        return bytes
    }

    /// Writes `image` as a PPM file at `path`, replacing any file there.
    public static func write(_ image: PixelBuffer, toFile path: String) throws(ImageError) {
        try FileBytes.write(encode(image), toFile: path)
    }
}
