import Testing
@testable import ScanoutRaster

/// The blend modes beyond source-over, by the W3C Compositing and Blending formulas: each mode's value for
/// known colours, opaque and translucent, a transparent source leaving the destination, and a canvas fill
/// and image drawn through a mode (coverage interpolating between the destination and the blend).
@Suite struct BlendModeTests {
    func px(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32 = 255) -> UInt32 { a << 24 | r << 16 | g << 8 | b }
    func blend(_ s: UInt32, _ d: UInt32, _ mode: BlendMode) -> UInt32 { BlendModes.blend(s, over: d, mode: mode) }

    let red: UInt32 = 0xFFFF_0000, white: UInt32 = 0xFFFF_FFFF, black: UInt32 = 0xFF00_0000
    let grey: UInt32 = 0xFF80_8080, blue: UInt32 = 0xFF00_00FF

    @Test func separableModesOfOpaqueColours() {
        #expect(blend(grey, red, .multiply) == px(128, 0, 0))
        #expect(blend(grey, red, .screen) == px(255, 128, 128))
        #expect(blend(white, red, .difference) == px(0, 255, 255))
        #expect(blend(white, red, .exclusion) == px(0, 255, 255))
        #expect(blend(grey, red, .darken) == px(128, 0, 0))
        #expect(blend(grey, red, .lighten) == px(255, 128, 128))
        // Overlay is hard light with the layers swapped: red's 1 screens, its 0s multiply.
        #expect(blend(grey, red, .overlay) == px(255, 0, 0))
        #expect(blend(red, grey, .hardLight) == px(255, 0, 0))
        #expect(blend(black, grey, .colorDodge) == grey, "dodging by black leaves the colour")
        #expect(blend(white, grey, .colorBurn) == grey, "burning by white leaves the colour")
        #expect(blend(grey, grey, .softLight) == grey, "soft light by mid-grey leaves the colour")
    }

    @Test func nonSeparableModesKeepHueSaturationOrLuminosity() {
        // Luminosity of grey (0.502) with red's hue and saturation: red darkened or lightened to that luminosity.
        let c = blend(red, grey, .color)
        #expect(c >> 16 & 0xFF > c >> 8 & 0xFF && c >> 8 & 0xFF == c & 0xFF, "a red at grey's luminosity: \(String(c, radix: 16))")
        let l = blend(grey, red, .luminosity)
        #expect(l >> 16 & 0xFF > 200 && l >> 8 & 0xFF > 40, "red's hue at mid-grey's luminosity: \(String(l, radix: 16))")
        #expect(blend(grey, red, .saturation) == px(77, 77, 77), "grey's zero saturation: the grey of red's luminosity, 0.3")
        let h = blend(blue, red, .hue)
        #expect(h & 0xFF > h >> 16 & 0xFF, "blue's hue on red's saturation and luminosity: \(String(h, radix: 16))")
    }

    @Test func porterDuffOperatorsAndSums() {
        let clear: UInt32 = 0
        #expect(blend(red, clear, .sourceAtop) == clear, "atop nothing: nothing")
        #expect(blend(red, blue, .sourceAtop) == red)
        #expect(blend(red, blue, .destinationOver) == blue)
        #expect(blend(red, clear, .destinationOver) == red)
        #expect(blend(red, blue, .destinationOut) == clear)
        #expect(blend(px(0, 0, 0, 128), blue, .destinationOut) == px(0, 0, 127, 127))
        #expect(blend(grey, grey, .plusLighter) == white)
        #expect(blend(grey, grey, .plusDarker) == px(1, 1, 1), "1 − ((1 − 128/255) + (1 − 128/255)): almost black")
    }

    @Test func translucentColoursBlendByTheirAlpha() {
        // Half-opaque white multiplied over red: cs·(1 − ab) + cb·(1 − as) + as·ab·B = red · ½ + red · ½.
        #expect(blend(px(128, 128, 128, 128), red, .multiply) == red)
        // Over nothing every separable mode is the source itself.
        for mode in [BlendMode.multiply, .screen, .overlay, .darken, .lighten, .difference, .exclusion, .hue, .color] {
            #expect(blend(grey, 0, mode) == grey, "\(mode)")
        }
    }

    @Test func aTransparentSourceLeavesTheDestination() {
        var d: [UInt32] = [red, blue, grey]
        let s: [UInt32] = [0, 0, 0]
        for mode in [BlendMode.multiply, .plusDarker, .destinationOut, .sourceAtop, .luminosity] {
            d.withUnsafeMutableBufferPointer { dp in s.withUnsafeBufferPointer { BlendModes.blend(dp.baseAddress!, $0.baseAddress!, 3, mode: mode) } }
            #expect(d == [red, blue, grey], "\(mode)")
        }
    }

    @Test func anOpaqueTargetStaysOpaque() {
        // An XRGB frame whose top byte is not 0xFF (memory as a DRM buffer may hold it) reads as opaque, and a
        // cut-out through it shows black and leaves it opaque.
        let target = PixelBuffer(width: 4, height: 1, format: .xrgb8888)
        target.baseAddress.assumingMemoryBound(to: UInt32.self).update(repeating: 0x00FF_0000, count: 4)
        let canvas = Canvas(target: target)
        canvas.blendMode = .multiply
        canvas.fill(Rect(x: 0, y: 0, width: 2, height: 1), with: .solid(RGBA(red: 128, green: 128, blue: 128)))
        canvas.blendMode = .destinationOut
        canvas.fill(Rect(x: 2, y: 0, width: 1, height: 1), with: .solid(RGBA(red: 0, green: 0, blue: 0)))
        let raw = UnsafeBufferPointer(start: target.baseAddress.assumingMemoryBound(to: UInt32.self), count: 4)
        #expect(raw[0] == px(128, 0, 0), "red, read as opaque, multiplied: \(String(raw[0], radix: 16))")
        #expect(raw[2] == px(0, 0, 0), "cut out: black, opaque")
        #expect(raw[3] == 0x00FF_0000, "untouched")
    }

    @Test func aCanvasFillsAndDrawsImagesThroughTheMode() {
        let target = PixelBuffer(width: 20, height: 10)
        target.fill(RGBA(red: 255, green: 0, blue: 0))
        let canvas = Canvas(target: target)
        canvas.blendMode = .difference
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), with: .solid(RGBA(red: 255, green: 255, blue: 255)))
        #expect(target.premultipliedPixel(x: 5, y: 5) == px(0, 255, 255))
        #expect(target.premultipliedPixel(x: 15, y: 5) == red, "outside the fill")
        // Half a pixel covered: half way between red and the difference.
        canvas.fill(Rect(x: 10.5, y: 0, width: 1, height: 10), with: .solid(RGBA(red: 255, green: 255, blue: 255)))
        let edge = target.premultipliedPixel(x: 10, y: 5)
        #expect(edge >> 16 & 0xFF > 120 && edge >> 16 & 0xFF < 135 && edge >> 8 & 0xFF > 120 && edge >> 8 & 0xFF < 135)
        let image = PixelBuffer(width: 10, height: 10)
        image.fill(RGBA(red: 128, green: 128, blue: 128))
        canvas.blendMode = .multiply
        canvas.draw(image, in: Rect(x: 10, y: 0, width: 10, height: 10), filter: .nearest)
        #expect(target.premultipliedPixel(x: 15, y: 5) == px(128, 0, 0))
    }
}
