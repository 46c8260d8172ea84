import GoldenImages
import Testing
@testable import ScanoutRaster

/// A coverage mask (a glyph) drawn in plain conditions goes straight to the blending kernel; it paints exactly
/// what the span blitter paints for it (reached here through a clip mask that covers everything).
@Suite struct GlyphMaskBlendTests {
    @Test func aMaskBlendedDirectlyEqualsTheBlittersBlend() {
        var r = SeededRandom(seed: 0x6A55)
        let w = 64, h = 40
        for i in 0..<40 {
            var mask = AlphaMask(width: 1 + r.int(23), height: 1 + r.int(17))
            for y in 0..<mask.height {
                for x in 0..<mask.width {
                    // Zero, full and partial coverage, in runs and alone (the kernel takes each in fours).
                    let k = r.int(4)
                    mask[x, y] = k == 0 ? 0 : k == 1 ? 255 : UInt8(r.int(256))
                }
            }
            let color = RGBA(red: UInt8(r.int(256)), green: UInt8(r.int(256)), blue: UInt8(r.int(256)),
                             alpha: i % 3 == 0 ? 255 : UInt8(r.int(256)))
            // Anywhere, partly outside the target or the clip rectangle.
            let x = r.int(w + 20) - 15, y = r.int(h + 14) - 9
            let clip = IntRect(x: r.int(10), y: r.int(8), width: 30 + r.int(34), height: 20 + r.int(20))
            let direct = PixelBuffer(width: w, height: h), blitted = PixelBuffer(width: w, height: h)
            for b in [direct, blitted] {
                for py in 0..<h {
                    for px in 0..<w { b.setPremultipliedPixel(x: px, y: py, RGBA(red: UInt8(px * 3), green: UInt8(py * 5), blue: 90, alpha: 255).premultiplied) }
                }
            }
            let a = Canvas(target: direct), b = Canvas(target: blitted)
            a.clip(to: clip)
            b.clip(to: clip)
            var everything = AlphaMask(width: w, height: h)
            for py in 0..<h { for px in 0..<w { everything[px, py] = 255 } }
            b.clipMask = everything
            a.draw(mask, at: x, y, color: color)
            b.draw(mask, at: x, y, color: color)
            var differing = 0
            for py in 0..<h {
                for px in 0..<w where direct.premultipliedPixel(x: px, y: py) != blitted.premultipliedPixel(x: px, y: py) {
                    differing += 1
                }
            }
            #expect(differing == 0, "mask \(i): \(differing) pixels differ")
        }
    }
}
