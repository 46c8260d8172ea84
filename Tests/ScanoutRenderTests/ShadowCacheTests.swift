import Testing
@testable import ScanoutRender

/// Shadows and blurs blurred once per group, whole, and composited from the cache while the group is the same
/// (`ShadowCache`): unchanged groups are not blurred again, changed ones are, and partial repaints, full
/// repaints, band compositing and the uncached path all paint the same pixels.
@MainActor
struct ShadowCacheTests {
    static let black = RGBA(red: 0, green: 0, blue: 0, alpha: 255)
    static let width = 320, height = 200

    /// Cards with shadows (one holding a label), a blurred dot and a label outside every group. `label` is the
    /// text beside the cards, `inside` the card's own label; `x` moves the first card.
    static func scene(label: String = "12:00", inside: String = "Card", card: RGBA = .white,
                      shadow: RGBA = RGBA(red: 0, green: 0, blue: 0, alpha: 90), radius: Double = 8,
                      x: Double = 20, blur: Double = 4) -> DisplayList {
        var list = DisplayList()
        list.append(.fill(Path(Rect(x: 0, y: 0, width: 320, height: 200)), .solid(RGBA(argb: 0xFFE8E8E8)), FillStyle()))
        list.append(.pushTransform(AffineTransform(translationX: x, y: 20)))
        list.append(.pushShadow(Shadow(color: shadow, radius: radius, offset: Point(x: 0, y: 4))))
        list.append(.fill(Path(roundedRect: Rect(x: 0, y: 0, width: 120, height: 70), cornerRadius: 12), .solid(card), FillStyle()))
        list.append(.text(TextRun(string: inside, font: FontDescriptor(size: 16), origin: Point(x: 12, y: 30), color: black,
                                  frame: Rect(x: 12, y: 15, width: 60, height: 19))))
        list.append(.pop)
        list.append(.pop)
        list.append(.pushShadow(Shadow(color: RGBA(red: 0, green: 0, blue: 120, alpha: 150), radius: 12, offset: Point(x: 6, y: 6))))
        list.append(.fill(Path(ellipseIn: Rect(x: 180, y: 20, width: 70, height: 70)), .solid(RGBA(argb: 0xFFF0C000)), FillStyle()))
        list.append(.pop)
        list.append(.pushBlur(Blur(radius: blur)))
        list.append(.fill(Path(ellipseIn: Rect(x: 40, y: 120, width: 40, height: 40)), .solid(RGBA(argb: 0xFFE01E5A)), FillStyle()))
        list.append(.pop)
        list.append(.text(TextRun(string: label, font: FontDescriptor(size: 18), origin: Point(x: 180, y: 150), color: black,
                                  frame: Rect(x: 180, y: 133, width: 80, height: 22))))
        return list
    }

    /// `list` painted whole by a renderer made afresh.
    static func fresh(_ list: DisplayList, cached: Bool = true) -> PixelBuffer {
        let r = DisplayListRenderer(target: PixelBuffer(width: width, height: height))
        r.cachesShadows = cached
        r.render(list, background: .white)
        return r.target
    }

    @Test func anUnchangedGroupIsNotBlurredAgain() {
        let r = DisplayListRenderer(target: PixelBuffer(width: Self.width, height: Self.height))
        r.render(Self.scene(), background: .white)
        #expect(r.shadowBuilds == 3, "two shadows and a blur, each blurred once")
        #expect(r.cachedShadows == 3)
        r.render(Self.scene(), background: .white)
        // A label next to the cards changes: the repaint of its region (the shadow reaches into it) blurs nothing.
        r.render(Self.scene(label: "12:01"), background: .white, in: IntRect(x: 150, y: 110, width: 140, height: 60), itemBounds: nil)
        // A repaint of part of a card (a caret blinking in it) neither.
        r.render(Self.scene(label: "12:01"), background: .white, in: IntRect(x: 30, y: 30, width: 4, height: 20), itemBounds: nil)
        #expect(r.shadowBuilds == 3)
        #expect(differingPixels(r.target, Self.fresh(Self.scene(label: "12:01"))) == 0)
    }

    @Test func aChangedContentColourOrRadiusIsBlurredAgain() {
        let r = DisplayListRenderer(target: PixelBuffer(width: Self.width, height: Self.height))
        r.render(Self.scene(), background: .white)
        var builds = r.shadowBuilds
        for changed in [Self.scene(inside: "Card!"), Self.scene(card: RGBA(argb: 0xFF80C0FF)),
                        Self.scene(shadow: RGBA(red: 120, green: 0, blue: 0, alpha: 90)), Self.scene(radius: 10)] {
            r.render(changed, background: .white)
            #expect(r.shadowBuilds == builds + 1, "only the changed card is blurred again")
            builds = r.shadowBuilds
            #expect(differingPixels(r.target, Self.fresh(changed)) == 0)
        }
        r.render(Self.scene(radius: 10, blur: 6), background: .white)
        #expect(r.shadowBuilds == builds + 1, "a new blur radius blurs the dot again")
    }

    @Test func aWholePixelMoveReusesTheShadowAndAFractionalOneDoesNot() {
        let r = DisplayListRenderer(target: PixelBuffer(width: Self.width, height: Self.height))
        r.render(Self.scene(x: 20), background: .white)
        let builds = r.shadowBuilds
        r.render(Self.scene(x: 27), background: .white)
        #expect(r.shadowBuilds == builds)
        #expect(differingPixels(r.target, Self.fresh(Self.scene(x: 27))) == 0, "as drawn by a renderer made afresh")
        r.render(Self.scene(x: 27.5), background: .white)
        #expect(r.shadowBuilds == builds + 1)
        #expect(differingPixels(r.target, Self.fresh(Self.scene(x: 27.5))) == 0)
    }

    /// Frames repainted through damage tracking (some of them cutting a card and its shadow in two), and band
    /// compositing, equal the same lists painted whole, and the unchanged shadows are blurred once.
    @Test func damageRepaintsEqualFullRepaints() {
        let frames = [Self.scene(), Self.scene(label: "12:01"), Self.scene(label: "12:01", inside: "Card 2"),
                      Self.scene(label: "12:02", inside: "Card 2", x: 24), Self.scene(label: "12:02", inside: "Card 2", x: 24.25),
                      Self.scene(label: "12:03", inside: "Card 2", x: 24.25, blur: 5)]
        let compositor = FrameCompositor(width: Self.width, height: Self.height)
        let banded = FrameCompositor(width: Self.width, height: Self.height)
        banded.bandBytes = 16 * Self.width * 4  // 16-row bands: every group spans several
        let target = PixelBuffer(width: Self.width, height: Self.height, format: .xrgb8888)
        var builds: [Int] = []
        for (i, list) in frames.enumerated() {
            let damage = compositor.render(list, background: .white)
            banded.render(list, background: .white, into: target, age: 1)
            if i > 0 { #expect(damage.area < Self.width * Self.height, "frame \(i) repaints only its damage") }
            let whole = Self.fresh(list)
            #expect(differingPixels(compositor.composition, whole) == 0, "frame \(i)")
            #expect(differingPixels(target, whole) == 0, "frame \(i), in bands")
            builds.append(compositor.renderer.shadowBuilds)
        }
        // Frame 1: a label beside the cards; 2: the card's label (that card); 3: a whole-pixel move; 4: a
        // fractional one (that card); 5: the blur.
        #expect(builds == [3, 3, 4, 4, 5, 6])
    }

    /// The cache paints what blurring over the repainted region does (for groups at whole pixels, away from the
    /// screen's edges; see `ShadowCache`), so the shadow goldens stay as they were.
    @Test func cachedShadowsEqualUncachedOnes() {
        for list in [Self.scene(), Self.scene(label: "x", inside: "Other", radius: 3, blur: 9)] {
            #expect(differingPixels(Self.fresh(list, cached: true), Self.fresh(list, cached: false)) == 0)
        }
    }

    @Test func theCacheIsBoundedAndForgetsGroupsThatWent() {
        var many = DisplayList()
        for i in 0..<(ShadowCache.maximumEntries + 20) {
            many.append(.pushShadow(Shadow(color: Self.black, radius: 4, offset: Point(x: 0, y: 2))))
            many.append(.fill(Path(Rect(x: Double(i % 20) * 15, y: Double(i / 20) * 30, width: 10, height: 10)),
                              .solid(.white), FillStyle()))
            many.append(.pop)
        }
        let r = DisplayListRenderer(target: PixelBuffer(width: Self.width, height: Self.height))
        r.render(many, background: .white)
        #expect(r.cachedShadows == ShadowCache.maximumEntries)
        r.render(many, background: .white)
        #expect(differingPixels(r.target, Self.fresh(many)) == 0, "the groups over the budget are blurred whole each time")
        r.render(Self.scene(), background: .white)
        #expect(r.cachedShadows == 3, "entries of groups no longer in the list are dropped")
        #expect(r.shadowCacheBytes <= ShadowCache.maximumBytes)
        r.render(DisplayList(), background: .white)
        #expect(r.cachedShadows == 0)
        #expect(r.shadowCacheBytes == 0)
    }

    /// An opaque blur reads its frame's edge pixels past the edges: a solid square blurred stays solid to its
    /// edges and draws nothing outside; the ordinary blur fades in and out across them.
    @Test func anOpaqueBlurKeepsItsEdgesOpaqueAndStaysInItsFrame() {
        let square = Rect(x: 70, y: 60, width: 60, height: 60)
        let red = RGBA(red: 255, green: 0, blue: 0)
        func painted(opaque: Bool, cached: Bool) -> PixelBuffer {
            var list = DisplayList()
            list.append(.pushBlur(Blur(radius: 10, opaqueFrame: opaque ? square : nil)))
            list.append(.fill(Path(square), .solid(red), FillStyle()))
            list.append(.pop)
            return Self.fresh(list, cached: cached)
        }
        let opaque = painted(opaque: true, cached: true), faded = painted(opaque: false, cached: true)
        for (x, y) in [(70, 60), (129, 60), (70, 119), (129, 119), (70, 90), (100, 60)] {
            #expect(opaque.premultipliedPixel(x: x, y: y) == red.premultiplied, "(\(x), \(y)) inside the frame")
            #expect(faded.premultipliedPixel(x: x, y: y) != red.premultiplied, "(\(x), \(y)) fades")
        }
        for (x, y) in [(69, 90), (130, 90), (100, 59), (100, 120), (60, 50)] {
            #expect(opaque.premultipliedPixel(x: x, y: y) == RGBA.white.premultiplied, "(\(x), \(y)) outside the frame")
        }
        #expect(faded.premultipliedPixel(x: 66, y: 90) != RGBA.white.premultiplied, "the ordinary blur spreads out")
        #expect(differingPixels(opaque, painted(opaque: true, cached: false)) == 0)
    }
}
