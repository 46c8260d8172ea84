/// A straight-alpha (not premultiplied) 8-bit colour, as a person or a test names it.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// From `0xAARRGGBB`, straight alpha (the convention of the benchmark scene and of CSS-like hex colours).
    public init(argb: UInt32) {
        self.init(red: UInt8(truncatingIfNeeded: argb >> 16), green: UInt8(truncatingIfNeeded: argb >> 8),
                  blue: UInt8(truncatingIfNeeded: argb), alpha: UInt8(truncatingIfNeeded: argb >> 24))
    }

    /// Premultiplied `0xAARRGGBB` (the in-memory ARGB8888 pixel on a little-endian machine).
    public var premultiplied: UInt32 {
        let a = UInt32(alpha)
        let r = mulDiv255(UInt32(red), a), g = mulDiv255(UInt32(green), a), b = mulDiv255(UInt32(blue), a)
        return a << 24 | r << 16 | g << 8 | b
    }

    /// The straight colour of a premultiplied `0xAARRGGBB` pixel (rounded; 0 alpha gives transparent black).
    public init(premultiplied p: UInt32) {
        let a = p >> 24
        guard a != 0 else { self.init(red: 0, green: 0, blue: 0, alpha: 0); return }
        func un(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
        self.init(red: un(p >> 16 & 255), green: un(p >> 8 & 255), blue: un(p & 255), alpha: UInt8(a))
    }

    public static let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = RGBA(red: 0, green: 0, blue: 0)
    public static let white = RGBA(red: 255, green: 255, blue: 255)

    public var description: String {
        "RGBA(\(red), \(green), \(blue), \(alpha))"
    }
}

/// `a * b / 255`, correctly rounded, for `a, b` in 0...255.
@inline(__always)
func mulDiv255(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let t = a &* b &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

/// Scales every channel of a premultiplied ARGB pixel by `k / 255`.
@inline(__always)
func scalePixel(_ p: UInt32, _ k: UInt32) -> UInt32 {
    // Two channels per multiply (SWAR): red/blue and alpha/green travel in the low and high bytes of 16-bit lanes.
    var rb = (p & 0x00FF_00FF) &* k &+ 0x0080_0080
    rb = ((rb &+ ((rb &>> 8) & 0x00FF_00FF)) &>> 8) & 0x00FF_00FF
    var ag = ((p &>> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
    ag = (ag &+ ((ag &>> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ag
}

/// Premultiplied source-over of one pixel: `s + d * (255 - s.a) / 255`.
@inline(__always)
func sourceOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
    s &+ scalePixel(d, 255 &- (s &>> 24))
}
