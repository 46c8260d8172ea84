/// A translucent solid colour drawn over an opaque picture (a sheet's or an alert's scrim) as a transform of
/// the picture's colours: drawing each colour dimmed gives what drawing the picture and then the scrim gives —
/// to the bit where a colour covers its pixel wholly and is opaque (the same 8-bit arithmetic as blending the
/// scrim), and within a level or two at anti-aliased edges. Source-over blending is an affine mix, so dimming
/// commutes with it: `dim(α·c + (1 − α)·d) = α·dim(c) + (1 − α)·dim(d)`. A renderer uses it to skip blending
/// the scrim over the whole screen at every frame of a sheet's rise.
public struct Dimming: Sendable, Equatable {
    /// The scrim's premultiplied colour as the canvas blends it (its colour at its opacity).
    public let pixel: UInt32

    /// `color` drawn at `opacity` (the canvas's global opacity, as the canvas turns it into a factor).
    public init(color: RGBA, opacity: Double) {
        let k = Canvas.alphaFactor(opacity: opacity)
        pixel = k == 255 ? color.premultiplied : scalePixel(color.premultiplied, k)
    }

    /// Whether the scrim lets some of the picture through and changes it (neither opaque nor invisible).
    public var isTranslucent: Bool { pixel >> 24 > 0 && pixel >> 24 < 255 }

    /// The scrim over an opaque premultiplied pixel, as blending it computes it.
    public func over(opaque p: UInt32) -> UInt32 {
        var p = p
        SpanBlender.overSolid(&p, 1, pixel, vectors: false)
        return p
    }

    /// Writes `count` pixels of `source` (opaque, premultiplied 32-bit) with the scrim over them to `target`,
    /// which is not read (a display buffer may be write-combined): what blending the scrim over a copy gives.
    public func copy(_ source: UnsafePointer<UInt32>, to target: UnsafeMutablePointer<UInt32>, count: Int) {
        SpanBlender.solidOver(target, source, count, pixel)
    }

    /// The colour to draw instead of `color` under the scrim: its red, green and blue dimmed as an opaque pixel
    /// of them would be; its alpha kept (a translucent colour mixes with the dimmed picture under it as the
    /// undimmed one would with the picture).
    public func dimmed(_ color: RGBA) -> RGBA {
        let p = over(opaque: 0xFF00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue))
        return RGBA(red: UInt8(p >> 16 & 0xFF), green: UInt8(p >> 8 & 0xFF), blue: UInt8(p & 0xFF), alpha: color.alpha)
    }
}
