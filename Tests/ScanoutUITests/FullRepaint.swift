import ScanoutRender
import ScanoutTesting
import GoldenImages

extension TestHost {
    /// How many pixels of the (incrementally rendered) framebuffer differ from the last display list rendered
    /// from scratch: 0 when damage tracking repainted everything that changed.
    @MainActor func pixelsDifferingFromFullRepaint() -> Int {
        let scratch = PixelBuffer(width: framebuffer.width, height: framebuffer.height, format: .xrgb8888)
        DisplayListRenderer(target: scratch).render(displayList, background: background)
        return GoldenImage.difference(framebuffer, scratch, over: 0).pixelsOver
    }
}
