/// How a pixel buffer stores colour. Every format is read and written through the same compositor;
/// colour is premultiplied 8-bit per channel in between.
public enum PixelFormat: Sendable, Hashable, CustomStringConvertible {
    /// 32-bit `0xAARRGGBB`, premultiplied alpha (bytes B, G, R, A in memory). DRM's ARGB8888.
    case argb8888
    /// 32-bit `0xXXRRGGBB`; the top byte is ignored on read and written as 0xFF. DRM's XRGB8888.
    case xrgb8888
    /// 16-bit `RRRRRGGGGGGBBBBB`, opaque. DRM's RGB565.
    case rgb565

    public var bytesPerPixel: Int {
        switch self {
        case .argb8888, .xrgb8888: return 4
        case .rgb565: return 2
        }
    }

    public var isOpaque: Bool { self != .argb8888 }

    public var description: String {
        switch self {
        case .argb8888: return "ARGB8888"
        case .xrgb8888: return "XRGB8888"
        case .rgb565: return "RGB565"
        }
    }
}

@inline(__always)
func rgb565(fromPremultiplied p: UInt32) -> UInt16 {
    // Rounded truncation of each 8-bit channel to 5/6/5 bits.
    let r = ((p >> 16 & 255) &* 31 &+ 127) / 255
    let g = ((p >> 8 & 255) &* 63 &+ 127) / 255
    let b = ((p & 255) &* 31 &+ 127) / 255
    return UInt16(truncatingIfNeeded: r << 11 | g << 5 | b)
}

@inline(__always)
func argb(fromRGB565 v: UInt16) -> UInt32 {
    let r = UInt32(v >> 11) & 31, g = UInt32(v >> 5) & 63, b = UInt32(v) & 31
    // Replicate the high bits into the low ones so 31 maps to 255 and 0 to 0.
    return 0xFF00_0000 | (r << 3 | r >> 2) << 16 | (g << 2 | g >> 4) << 8 | (b << 3 | b >> 2)
}
