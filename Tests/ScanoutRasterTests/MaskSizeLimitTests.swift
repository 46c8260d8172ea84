import Testing
@testable import ScanoutRaster

/// A mask larger than `MaskRasterizer.maximumPixels` is empty (no allocation of its size); `within` makes the
/// same shape's mask only as large as the rectangle asked for.
@Suite struct MaskSizeLimitTests {
    let huge = Path(ellipseIn: Rect(x: -20_000, y: -20_000, width: 40_000, height: 40_000))

    @Test func aMaskPastTheLimitIsEmpty() {
        #expect(40_000 * 40_000 > MaskRasterizer.maximumPixels)
        let mask = MaskRasterizer().mask(for: huge)
        #expect(mask.width == 0 && mask.height == 0)
    }

    @Test func withinBoundsTheSameShapeIsMasked() {
        let mask = MaskRasterizer().mask(for: huge, within: IntRect(x: -128, y: -128, width: 304, height: 288))
        #expect(mask.width == 304 && mask.height == 288)
        // The rectangle lies deep inside the ellipse: every pixel fully covered.
        #expect(mask.coverage.allSatisfy { $0 == 255 })
    }
}
