import Testing
@testable import ScanoutRaster
@testable import ScanoutRender

/// An opacity group of several items is drawn into a layer cleared and blended only over its items' bounds
/// (shadows' reach included) within the region repainted: an alert's card fading in over a full-screen repaint
/// blends its own pixels, not the screen's. The frames equal a whole repaint that blends the layer everywhere.
@Suite @MainActor struct OpacityLayerBoundsTests {
    static let width = 200, height = 150

    /// A gradient backdrop, and a card fading in at `opacity`: a shadowed rounded rectangle, a title, a
    /// translucent button under a translation, a stroke; `x` moves a marker outside the card (damage elsewhere).
    static func scene(opacity: Double, x: Double) -> DisplayList {
        var l = DisplayList()
        l.currentOwner = 1
        l.append(.fill(Path(Rect(x: 0, y: 0, width: 200, height: 150)),
                       .linearGradient(LinearGradient(gradient: Gradient(colors: [RGBA(argb: 0xFF203040), RGBA(argb: 0xFF8090A0)]),
                                                      startPoint: Point(x: 0, y: 0), endPoint: Point(x: 200, y: 150))), FillStyle()))
        l.append(.fill(Path(ellipseIn: Rect(x: x, y: 120, width: 20, height: 20)), .solid(RGBA(argb: 0xFFFF3B30)), FillStyle()))
        l.append(.pushOpacity(opacity))
        l.append(.pushShadow(Shadow(color: RGBA(red: 0, green: 0, blue: 0, alpha: 120), radius: 6, offset: Point(x: 0, y: 3))))
        l.append(.fill(Path(roundedRect: Rect(x: 50.5, y: 30.25, width: 100, height: 70), cornerRadius: 12),
                       .solid(RGBA(argb: 0xFFF2F2F7)), FillStyle()))
        l.append(.pop)
        l.append(.text(TextRun(string: "Pump stopped", font: FontDescriptor(size: 12, weight: .semibold), origin: Point(x: 60, y: 50),
                               color: RGBA(argb: 0xFF000000), frame: Rect(x: 60, y: 38, width: 80, height: 16))))
        l.append(.pushTransform(AffineTransform(translationX: 60, y: 70.5)))
        l.append(.fill(Path(roundedRect: Rect(x: 0, y: 0, width: 80, height: 20), cornerRadius: 6), .solid(RGBA(argb: 0x800A84FF)), FillStyle()))
        l.append(.pop)
        l.append(.stroke(Path(ellipseIn: Rect(x: 130, y: 35, width: 14, height: 14)), .solid(RGBA(argb: 0xFF34C759)), StrokeStyle(lineWidth: 2)))
        l.append(.pop)
        return l
    }

    static func whole(_ list: DisplayList) -> PixelBuffer {
        let b = PixelBuffer(width: width, height: height, format: .xrgb8888)
        DisplayListRenderer(target: b).render(list, background: .black)
        return b
    }

    @Test func aFadingCardBlendsOnlyItsOwnPixelsAndEqualsAWholeRepaint() {
        let c = FrameCompositor(width: Self.width, height: Self.height, format: .xrgb8888, text: TextEngine())
        c.renderThreads = 1
        let frames: [(Double, Double)] = [(0.1, 10), (0.3, 10), (0.3, 40), (0.6, 70), (1, 70), (0.8, 100)]
        for (opacity, x) in frames {
            let list = Self.scene(opacity: opacity, x: x)
            c.render(list, background: .black)
            let want = Self.whole(list)
            let got = c.composition
            let differ = differingPixels(got, want)
            #expect(differ == 0, "opacity \(opacity), marker at \(x): \(differ) pixels differ")
        }
    }
}
