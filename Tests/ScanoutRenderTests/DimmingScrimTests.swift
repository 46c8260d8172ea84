import Testing
@testable import ScanoutRaster
@testable import ScanoutRender

/// A dimming scrim (a sheet's, an alert's) folded into what it covers — those items drawn in dimmed colours, the
/// scrim not blended — paints what blending it paints: to the bit where an opaque item covers its pixel, within
/// two levels at anti-aliased edges; only where the scrim covers pixels wholly and everything under it takes
/// dimmed colours; and the same whether the whole frame or a part of it is repainted.
@Suite @MainActor struct DimmingScrimTests {
    static let width = 160, height = 120

    /// A presenting screen (opaque background, rows, a translucent badge, a stroke, text, a clip and a lone
    /// opacity group), the scrim at `opacity` over `scrim` (points), and a card over the scrim.
    static func scene(opacity: Double, scrim: Rect = Rect(x: 0, y: 0, width: 160, height: 120),
                      under extra: [DisplayList.Item] = []) -> DisplayList {
        var l = DisplayList()
        l.currentOwner = 1
        l.append(.fill(Path(Rect(x: 0, y: 0, width: 160, height: 120)), .solid(RGBA(argb: 0xFFF2F2F7)), FillStyle()))
        l.append(.pushTransform(AffineTransform(translationX: 0, y: 10.5)))
        for row in 0..<4 {
            l.append(.fill(Path(roundedRect: Rect(x: 8, y: Double(row) * 22, width: 144, height: 18), cornerRadius: 5),
                           .solid(RGBA(argb: 0xFFFFFFFF)), FillStyle()))
            l.append(.text(TextRun(string: "Sensor \(row) 21.\(row) °C", font: FontDescriptor(size: 11),
                                   origin: Point(x: 14, y: Double(row) * 22 + 13), color: RGBA(argb: 0xFF1C1C1E),
                                   frame: Rect(x: 14, y: Double(row) * 22, width: 120, height: 16))))
        }
        l.append(.pop)
        l.append(.pushClip(Rect(x: 100, y: 96, width: 50, height: 20)))
        l.append(.fill(Path(ellipseIn: Rect(x: 96, y: 92, width: 40, height: 30)), .solid(RGBA(argb: 0x800A84FF)), FillStyle()))
        l.append(.pop)
        l.append(.stroke(Path(ellipseIn: Rect(x: 20, y: 94, width: 60, height: 20)), .solid(RGBA(argb: 0xFFFF3B30)), StrokeStyle(lineWidth: 2.5)))
        l.append(.pushOpacity(0.6))
        l.append(.fill(Path(roundedRect: Rect(x: 60, y: 40, width: 30, height: 30), cornerRadius: 8), .solid(RGBA(argb: 0xFF34C759)), FillStyle()))
        l.append(.pop)
        for item in extra { l.append(item) }
        l.append(.pushOpacity(opacity))
        l.append(.pushTransform(AffineTransform(translationX: scrim.minX, y: scrim.minY)))
        l.append(.fill(Path(Rect(x: 0, y: 0, width: scrim.width, height: scrim.height)), .solid(RGBA(argb: 0xFF000000)), FillStyle()))
        l.append(.pop)
        l.append(.pop)
        l.append(.fill(Path(roundedRect: Rect(x: 10, y: 70, width: 140, height: 60), cornerRadius: 10), .solid(RGBA(argb: 0xFFFFFFFF)), FillStyle()))
        l.append(.text(TextRun(string: "Settings", font: FontDescriptor(size: 13, weight: .bold), origin: Point(x: 20, y: 90),
                               color: RGBA(argb: 0xFF000000), frame: Rect(x: 20, y: 78, width: 80, height: 16))))
        return l
    }

    /// Paints `list` (or `region` of it, into `buffer`); `folded`: whether the renderer folded the scrim.
    static func render(_ list: DisplayList, folding: Bool, region: IntRect? = nil, into buffer: PixelBuffer? = nil,
                       folded: UnsafeMutablePointer<Bool>? = nil) -> PixelBuffer {
        let target = buffer ?? PixelBuffer(width: width, height: height, format: .argb8888)
        let renderer = DisplayListRenderer(target: target)
        renderer.foldsDimmingScrims = folding
        if let region {
            renderer.render(list, background: .white, in: region, itemBounds: nil)
        } else {
            renderer.render(list, background: .white)
        }
        folded?.pointee = renderer.scrimsFolded > 0
        return target
    }

    /// (largest channel difference, pixels that differ at all)
    static func difference(_ a: PixelBuffer, _ b: PixelBuffer) -> (max: Int, pixels: Int) {
        var most = 0, pixels = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = a.premultipliedPixel(x: x, y: y), q = b.premultipliedPixel(x: x, y: y)
                guard p != q else { continue }
                pixels += 1
                for shift in stride(from: 0, through: 24, by: 8) {
                    most = max(most, abs(Int(p >> UInt32(shift) & 0xFF) - Int(q >> UInt32(shift) & 0xFF)))
                }
            }
        }
        return (most, pixels)
    }

    @Test(arguments: [0.05, 0.3, 0.557484116944531, 0.9])
    func aFoldedScrimPaintsWhatBlendingItPaints(opacity: Double) {
        let list = Self.scene(opacity: opacity)
        var didFold = false
        let folded = Self.render(list, folding: true, folded: &didFold), blended = Self.render(list, folding: false)
        #expect(didFold)
        let d = Self.difference(folded, blended)
        #expect(d.max <= 2, "opacity \(opacity): largest difference \(d.max)")
        // Only anti-aliased edges may differ: the background, rows and card interiors are equal to the bit.
        #expect(d.pixels < Self.width * Self.height / 10, "opacity \(opacity): \(d.pixels) pixels differ")
        #expect(folded.premultipliedPixel(x: 2, y: 2) == blended.premultipliedPixel(x: 2, y: 2))
        #expect(folded.premultipliedPixel(x: 150, y: 20) == blended.premultipliedPixel(x: 150, y: 20))
        // And the scrim did dim: the background under it is darker than the background.
        #expect(folded.premultipliedPixel(x: 2, y: 2) != RGBA(argb: 0xFFF2F2F7).premultiplied)
    }

    @Test func aScrimUnderAnAlertFadingInIsFolded() {
        // An alert's card fades in over the scrim: a later opacity group, drawn as usual; the scrim under it is
        // still the one folded.
        var list = Self.scene(opacity: 0.35)
        list.append(.pushOpacity(0.5))
        list.append(.fill(Path(roundedRect: Rect(x: 30, y: 30, width: 100, height: 50), cornerRadius: 12),
                          .solid(RGBA(argb: 0xFFF2F2F7)), FillStyle()))
        list.append(.text(TextRun(string: "Pump stopped", font: FontDescriptor(size: 12, weight: .semibold),
                                  origin: Point(x: 40, y: 50), color: RGBA(argb: 0xFF000000), frame: Rect(x: 40, y: 38, width: 80, height: 16))))
        list.append(.pop)
        var didFold = false
        let d = Self.difference(Self.render(list, folding: true, folded: &didFold), Self.render(list, folding: false))
        #expect(didFold)
        #expect(d.max <= 2)
        #expect(d.pixels < Self.width * Self.height / 10)
    }

    @Test func itIsFoldedOnlyWhereItCoversPixelsWhollyAndEdgesAreBlended() {
        // A scrim over part of the screen, its edges between pixels.
        let list = Self.scene(opacity: 0.4, scrim: Rect(x: 20.5, y: 15.25, width: 100.5, height: 60.5))
        var didFold = false
        let d = Self.difference(Self.render(list, folding: true, folded: &didFold), Self.render(list, folding: false))
        #expect(didFold)
        #expect(d.max <= 2)
        #expect(d.pixels < Self.width * Self.height / 10)
    }

    @Test func aRepaintedPartEqualsTheWholeFrame() {
        let list = Self.scene(opacity: 0.45, scrim: Rect(x: 0, y: 8.5, width: 160, height: 100))
        var didFold = false
        let whole = Self.render(list, folding: true, folded: &didFold)
        #expect(didFold)
        // Tiles of the frame repainted one at a time, large and small (a label's damage), some across the scrim's
        // edges: the same pixels, to the bit.
        for (w, h) in [(53, 60), (23, 17)] {
            let parts = PixelBuffer(width: Self.width, height: Self.height, format: .argb8888)
            for y in stride(from: 0, to: Self.height, by: h) {
                for x in stride(from: 0, to: Self.width, by: w) {
                    _ = Self.render(list, folding: true, region: IntRect(x: x, y: y, width: w, height: h), into: parts)
                }
            }
            #expect(Self.difference(whole, parts).pixels == 0, "tiles of \(w)x\(h)")
        }
    }

    @Test func theFrameCompositorFoldsItFrameAfterFrame() {
        // Through the compositor (its damage tracker's contexts find the scrim): a sheet's scrim darkening
        // over three frames, each frame equal to a whole repaint by a renderer folding it.
        let c = FrameCompositor(width: Self.width, height: Self.height, format: .argb8888, text: TextEngine())
        for opacity in [0.2, 0.35, 0.5] {
            let list = Self.scene(opacity: opacity, scrim: Rect(x: 0, y: 0, width: 160, height: 100.5))
            c.render(list, background: .white)
            #expect(Self.difference(c.composition, Self.render(list, folding: true)).pixels == 0, "opacity \(opacity)")
            #expect(Self.difference(c.composition, Self.render(list, folding: false)).max <= 2, "opacity \(opacity)")
        }
        #expect(c.privateFrameRenderer.scrimsFolded >= 3)
    }

    @Test func itemsThatCannotBeDimmedLeaveTheScrimBlended() {
        // A gradient under the scrim (its pixels are not one colour): the scrim is blended as before.
        let gradient = DisplayList.Item.fill(Path(Rect(x: 30, y: 30, width: 40, height: 20)),
                                             .linearGradient(LinearGradient(gradient: Gradient(colors: [RGBA(argb: 0xFFFF0000), RGBA(argb: 0xFF0000FF)]),
                                                                            startPoint: Point(x: 30, y: 0), endPoint: Point(x: 70, y: 0))),
                                             FillStyle())
        let list = Self.scene(opacity: 0.5, under: [gradient])
        var didFold = true
        let withGradient = Self.render(list, folding: true, folded: &didFold)
        #expect(!didFold)
        #expect(Self.difference(withGradient, Self.render(list, folding: false)).pixels == 0)
        // Text in a colour font may carry colour glyphs: not folded either.
        let emoji = DisplayList.Item.text(TextRun(string: "ok \u{1F600}", font: FontDescriptor(size: 12), origin: Point(x: 10, y: 60),
                                                  color: RGBA(argb: 0xFF000000), frame: Rect(x: 10, y: 50, width: 60, height: 14)))
        let withEmoji = Self.scene(opacity: 0.5, under: [emoji])
        didFold = true
        let emojiFolded = Self.render(withEmoji, folding: true, folded: &didFold)
        #expect(!didFold)
        #expect(Self.difference(emojiFolded, Self.render(withEmoji, folding: false)).pixels == 0)
    }

    @Test func dimmingAnOpaqueColourIsBlendingTheScrimOverIt() {
        let dimming = Dimming(color: RGBA(argb: 0xFF000000), opacity: 0.4)
        for c in [RGBA(argb: 0xFFF2F2F7), RGBA(argb: 0xFF0A84FF), RGBA(argb: 0xFFFFFFFF), RGBA(argb: 0xFF000000)] {
            var pixel = c.premultiplied
            SpanBlender.overSolid(&pixel, 1, dimming.pixel)
            #expect(dimming.dimmed(c).premultiplied == pixel)
        }
        #expect(!Dimming(color: RGBA(argb: 0xFF000000), opacity: 1).isTranslucent)
        #expect(!Dimming(color: RGBA(argb: 0xFF000000), opacity: 0).isTranslucent)
    }
}
