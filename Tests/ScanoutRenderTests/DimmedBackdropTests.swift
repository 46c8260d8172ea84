import Testing
@testable import ScanoutRaster
@testable import ScanoutRender

/// The picture under a fading scrim that cannot take dimmed colours (a gradient) is drawn once into a bitmap
/// and copied with the scrim blended over it while the scrim fades (`DimmedBackdrop`): every frame equals
/// drawing the picture and blending the scrim, to the bit — in the private frame and in a display buffer
/// brought up to date by `present` — and the bitmap is let go when asked.
@Suite @MainActor struct DimmedBackdropTests {
    static let gradient = DisplayList.Item.fill(
        Path(Rect(x: 0, y: 20, width: 160, height: 60)),
        .linearGradient(LinearGradient(gradient: Gradient(colors: [RGBA(argb: 0xFFFF9500), RGBA(argb: 0xFF5856D6)]),
                                       startPoint: Point(x: 0, y: 20), endPoint: Point(x: 160, y: 80))),
        FillStyle())

    static func scene(opacity: Double, label: String = "Sensor") -> DisplayList {
        var extra = [gradient]
        extra.append(.text(TextRun(string: label, font: FontDescriptor(size: 12), origin: Point(x: 30, y: 50),
                                   color: RGBA(argb: 0xFFFFFFFF), frame: Rect(x: 30, y: 38, width: 80, height: 16))))
        return DimmingScrimTests.scene(opacity: opacity, under: extra)
    }

    @Test func aFadeOverAGradientCopiesThePictureWithTheScrimOverIt() {
        let c = FrameCompositor(width: DimmingScrimTests.width, height: DimmingScrimTests.height, format: .xrgb8888,
                                text: TextEngine())
        let display = PixelBuffer(width: DimmingScrimTests.width, height: DimmingScrimTests.height, format: .xrgb8888)
        var builds: [Int] = []
        for (i, opacity) in [0.1, 0.2, 0.3, 0.4, 0.45, 0.5].enumerated() {
            // (In the fourth frame the picture changes, and back in the fifth: both drawn, the sixth makes the
            // bitmap again.)
            let list = Self.scene(opacity: opacity, label: i == 3 ? "Sensor 2" : "Sensor")
            c.render(list, background: .white)
            c.present(into: display, age: 1)
            let blended = DimmingScrimTests.render(list, folding: false)
            #expect(DimmingScrimTests.difference(display, blended).pixels == 0, "frame \(i): the display buffer")
            #expect(DimmingScrimTests.difference(c.composition, blended).pixels == 0, "frame \(i): the private frame")
            builds.append(c.privateFrameRenderer.backdropBuilds)
        }
        // First frame: no fade seen yet (drawn); second: the bitmap drawn, copied in the third.
        #expect(builds == [0, 1, 1, 1, 1, 2], "\(builds)")
        #expect(c.privateFrameRenderer.panelCacheBytes > 0)
        c.releaseSlidingPanelBitmaps()
        #expect(c.privateFrameRenderer.panelCacheBytes == 0)
    }

    @Test func aScrimAtRestKeepsNoBitmap() {
        let c = FrameCompositor(width: DimmingScrimTests.width, height: DimmingScrimTests.height, format: .xrgb8888,
                                text: TextEngine())
        for label in ["A", "B", "C"] {
            // The same scrim over a changing label (a clock under an alert): drawn, nothing kept.
            let list = Self.scene(opacity: 0.4, label: label)
            c.render(list, background: .white)
            #expect(DimmingScrimTests.difference(c.composition, DimmingScrimTests.render(list, folding: false)).pixels == 0)
        }
        #expect(c.privateFrameRenderer.backdropBuilds == 0)
        #expect(c.privateFrameRenderer.panelCacheBytes == 0)
    }

    @Test func aPictureThatTakesDimmedColoursIsDrawnInThem() {
        let c = FrameCompositor(width: DimmingScrimTests.width, height: DimmingScrimTests.height, format: .xrgb8888,
                                text: TextEngine())
        for opacity in [0.1, 0.2, 0.3] { c.render(DimmingScrimTests.scene(opacity: opacity), background: .white) }
        #expect(c.privateFrameRenderer.backdropBuilds == 0)
        #expect(c.privateFrameRenderer.scrimsFolded >= 3)
    }

    @Test(arguments: [PixelFormat.xrgb8888, .argb8888, .rgb565])
    func aDimmedCopyIsACopyWithTheScrimBlendedOverIt(format: PixelFormat) {
        let source = PixelBuffer(width: 37, height: 9, format: format)
        let canvas = Canvas(target: source)
        canvas.fill(Path(Rect(x: 0, y: 0, width: 37, height: 9)), with: .linearGradient(LinearGradient(
            gradient: Gradient(colors: [RGBA(argb: 0xFF102030), RGBA(argb: 0xFFF0E0D0)]),
            startPoint: Point(x: 0, y: 0), endPoint: Point(x: 37, y: 9))))
        let scrim = RGBA(argb: 0xFF000000), opacity = 0.37
        // Expected: the copy, then the scrim blended over it by the canvas (what a sheet's scrim does).
        let expected = PixelBuffer(width: 37, height: 9, format: format)
        expected.copy(IntRect(x: 0, y: 0, width: 37, height: 9), from: source)
        let blend = Canvas(target: expected)
        blend.opacity = opacity
        blend.fill(Path(Rect(x: 0, y: 0, width: 37, height: 9)), with: .solid(scrim))
        let dimmed = PixelBuffer(width: 37, height: 9, format: format)
        dimmed.copy(IntRect(x: 0, y: 0, width: 37, height: 9), from: source, dimmedBy: Dimming(color: scrim, opacity: opacity))
        for y in 0..<9 {
            for x in 0..<37 {
                #expect(dimmed.premultipliedPixel(x: x, y: y) == expected.premultipliedPixel(x: x, y: y), "(\(x), \(y))")
            }
        }
    }
}
