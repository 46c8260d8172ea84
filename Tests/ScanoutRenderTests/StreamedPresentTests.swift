import GoldenImages
import Testing
@testable import ScanoutRender

/// Presents into a display buffer of `PixelBuffer.streamingBytes` or more stream their rows (a whole frame),
/// small ones (the damage after it) copy them; each buffer, presented by its age, ends up equal to a full repaint
/// of the frame.
@Suite struct StreamedPresentTests {
    static let width = 1280, height = 820  // 4.2 MB at 32 bits: presents stream

    func screen(ball x: Double) -> DisplayList {
        var list = DisplayList()
        list.currentOwner = 1
        list.append(.fill(Path(Rect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height))),
                          .solid(RGBA(argb: 0xFF20_3040)), FillStyle()))
        list.append(.fill(Path(Rect(x: 100.5, y: 40.25, width: 900, height: 600)), .solid(RGBA(argb: 0xFFE0_C050)), FillStyle()))
        list.currentOwner = 2
        list.append(.fill(Path(ellipseIn: Rect(x: x, y: 300, width: 90, height: 90)), .solid(RGBA(argb: 0xFFE0_1E5A)), FillStyle()))
        return list
    }

    @MainActor @Test func aStreamedWholeFrameAndTheDamageAfterItEqualAFullRepaint() {
        let display = PixelBuffer(width: Self.width, height: Self.height, format: .xrgb8888)
        #expect(display.streams(presentOf: Self.width * Self.height) && !display.streams(presentOf: 20_000))
        #expect(!PixelBuffer(width: 800, height: 480, format: .xrgb8888).streams(presentOf: 800 * 480))
        let c = FrameCompositor(width: Self.width, height: Self.height)
        let buffers = (0..<2).map { _ in PixelBuffer(width: Self.width, height: Self.height, format: .xrgb8888) }
        for b in buffers { b.fill(RGBA(red: 1, green: 2, blue: 3)) }
        for frame in 0..<4 {
            let list = screen(ball: 200 + Double(frame) * 37.5)
            c.render(list, background: .white)
            let b = buffers[frame % 2]
            let presented = c.present(into: b, age: frame < 2 ? 0 : 2)
            #expect((presented.area == Self.width * Self.height) == (frame < 2), "frame \(frame): whole, then the damage")
            let full = PixelBuffer(width: Self.width, height: Self.height, format: .xrgb8888)
            DisplayListRenderer(target: full).render(list, background: .white)
            #expect(GoldenImage.difference(b, full, over: 0).pixelsOver == 0, "frame \(frame)")
        }
    }
}
