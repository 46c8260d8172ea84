import Testing
@testable import ScanoutRender

/// A repaint skips a group that draws nothing within its region whole (`GroupExtents`), and does not clear a
/// small region whose first drawing covers it (`DamageTracker.bottomCover`): the same pixels as a whole repaint,
/// and the shadows cached inside a skipped group stay cached.
@MainActor
struct GroupSkippingTests {
    static let width = 320, height = 200
    static let black = RGBA(red: 0, green: 0, blue: 0, alpha: 255)
    static let state = DamageTracker.stateItemBounds
    static let pop = DamageTracker.popBounds

    @Test func groupsKnowTheirPopAndWhatTheyDraw() {
        var list = DisplayList()
        list.append(.fill(Path(Rect(x: 0, y: 0, width: 10, height: 10)), .solid(.white), FillStyle()))  // 0
        list.append(.pushTransform(AffineTransform(translationX: 5, y: 5)))                               // 1
        list.append(.fill(Path(Rect(x: 0, y: 0, width: 4, height: 4)), .solid(.white), FillStyle()))    // 2
        list.append(.pushClip(Rect(x: 0, y: 0, width: 50, height: 50)))                                   // 3
        list.append(.fill(Path(Rect(x: 20, y: 30, width: 4, height: 4)), .solid(.white), FillStyle()))  // 4
        list.append(.pop)                                                                                  // 5
        list.append(.pop)                                                                                  // 6
        list.append(.pushOpacity(0.5))                                                                     // 7
        list.append(.pop)                                                                                  // 8
        list.append(.pushTransform(AffineTransform(translationX: 1, y: 1)))                               // 9, never closed
        list.append(.fill(Path(Rect(x: 0, y: 0, width: 4, height: 4)), .solid(.white), FillStyle()))    // 10
        let b = IntRect(x: 5, y: 5, width: 4, height: 4), c = IntRect(x: 25, y: 35, width: 4, height: 4)
        let bounds = [IntRect(x: 0, y: 0, width: 10, height: 10), Self.state, b, Self.state, c, Self.pop, Self.pop,
                      Self.state, Self.pop, Self.state, IntRect(x: 1, y: 1, width: 4, height: 4)]
        var tracker = DamageTracker()
        _ = tracker.update(list, scale: 1, screen: IntRect(x: 0, y: 0, width: 320, height: 200), previousRevision: nil)
        #expect(tracker.bounds.map { $0.width < 0 ? $0 : IntRect(x: 0, y: 0, width: 0, height: 0) }
                == bounds.map { $0.width < 0 ? $0 : IntRect(x: 0, y: 0, width: 0, height: 0) }, "pushes and pops as the tracker marks them")
        var groups = GroupExtents()
        groups.find(bounds: bounds)
        #expect(groups.ends == [-1, 6, -1, 5, -1, -1, -1, 8, -1, -1, -1])
        #expect(groups.drawn[1] == b.union(c))
        #expect(groups.drawn[3] == c)
        #expect(groups.drawn[7].isEmpty)
        #expect(groups.skippable(at: 1, within: IntRect(x: 100, y: 0, width: 10, height: 10)) == 6)
        #expect(groups.skippable(at: 1, within: IntRect(x: 26, y: 36, width: 10, height: 10)) == nil, "the clip's content shows")
        #expect(groups.skippable(at: 3, within: IntRect(x: 5, y: 5, width: 4, height: 4)) == 3 + 2)
        #expect(groups.skippable(at: 7, within: IntRect(x: 0, y: 0, width: 320, height: 200)) == 8, "an empty group draws nothing")
        #expect(groups.skippable(at: 9, within: IntRect(x: 100, y: 0, width: 10, height: 10)) == nil, "a group never closed")
        #expect(groups.skippable(at: 2, within: IntRect(x: 100, y: 0, width: 10, height: 10)) == nil, "not a push")
        groups.find(bounds: [Self.state, Self.pop, Self.pop])
        #expect(groups.ends == [1, -1, -1], "a pop closing nothing is left alone")
    }

    /// A grid of offset cards (some clipped or translucent), one of them shadowed, a clock beside them and a badge
    /// drawn over the shadowed card from outside its group.
    static func screen(clock: String, badge: RGBA = RGBA(red: 200, green: 40, blue: 40, alpha: 255)) -> DisplayList {
        var list = DisplayList()
        list.append(.fill(Path(Rect(x: 0, y: 0, width: 320, height: 200)), .solid(RGBA(argb: 0xFFE8E8E8)), FillStyle()))
        for i in 0..<12 {
            list.append(.pushTransform(AffineTransform(translationX: Double(10 + (i % 4) * 50), y: Double(10 + (i / 4) * 45))))
            if i % 3 == 1 { list.append(.pushClip(Rect(x: 0, y: 0, width: 40, height: 30))) }
            if i % 3 == 2 { list.append(.pushOpacity(0.7)) }
            list.append(.fill(Path(roundedRect: Rect(x: 0, y: 0, width: 44, height: 36), cornerRadius: 6),
                              .solid(RGBA(red: UInt8(40 * (i % 6)), green: 120, blue: 200, alpha: 255)), FillStyle()))
            list.append(.text(TextRun(string: "\(i)", font: FontDescriptor(size: 12), origin: Point(x: 6, y: 20), color: black,
                                      frame: Rect(x: 6, y: 8, width: 20, height: 15))))
            if i % 3 != 0 { list.append(.pop) }
            list.append(.pop)
        }
        list.append(.pushTransform(AffineTransform(translationX: 230, y: 30)))
        list.append(.pushShadow(Shadow(color: RGBA(red: 0, green: 0, blue: 0, alpha: 100), radius: 8, offset: Point(x: 0, y: 4))))
        list.append(.fill(Path(roundedRect: Rect(x: 0, y: 0, width: 70, height: 50), cornerRadius: 8), .solid(.white), FillStyle()))
        list.append(.pop)
        list.append(.pop)
        list.append(.fill(Path(ellipseIn: Rect(x: 290, y: 34, width: 10, height: 10)), .solid(badge), FillStyle()))
        list.append(.text(TextRun(string: clock, font: FontDescriptor(size: 16), origin: Point(x: 230, y: 170), color: black,
                                  frame: Rect(x: 230, y: 155, width: 80, height: 20))))
        return list
    }

    static func whole(_ list: DisplayList) -> PixelBuffer {
        let r = DisplayListRenderer(target: PixelBuffer(width: width, height: height))
        r.render(list, background: .white)
        return r.target
    }

    @Test func damageFramesSkippingGroupsEqualWholeRepaints() {
        let frames = [Self.screen(clock: "12:00"), Self.screen(clock: "12:01"), Self.screen(clock: "12:02"),
                      Self.screen(clock: "12:03"), Self.screen(clock: "12:03", badge: RGBA(red: 40, green: 160, blue: 40, alpha: 255))]
        let compositor = FrameCompositor(width: Self.width, height: Self.height)
        var builds: [Int] = []
        for (i, list) in frames.enumerated() {
            let damage = compositor.render(list, background: .white)
            if i > 0 { #expect(damage.area < Self.width * Self.height / 4, "frame \(i) repaints only its damage") }
            #expect(differingPixels(compositor.composition, Self.whole(list)) == 0, "frame \(i)")
            builds.append(compositor.renderer.shadowBuilds)
        }
        // Frames 1–3 repaint the clock only: the shadowed card's group is skipped whole, its shadow kept; frame 4
        // repaints the badge over the card: the shadow comes from the cache, not blurred again.
        #expect(builds == [1, 1, 1, 1, 1])
    }

    /// A label changing over a background gradient: where the gradient is opaque the label's region is painted
    /// from the gradient on, not cleared first; where a stop is translucent it must be cleared (the old label
    /// would show through).
    @Test func aRegionUnderAnOpaqueGradientNeedNotBeClearedAndOtherwiseIs() {
        for alpha: UInt8 in [255, 128] {
            func screen(_ label: String) -> DisplayList {
                var list = DisplayList()
                let stops = [Gradient.Stop(color: RGBA(red: 20, green: 40, blue: 90, alpha: 255), location: 0),
                             Gradient.Stop(color: RGBA(red: 90, green: 20, blue: 60, alpha: alpha), location: 1)]
                list.append(.fill(Path(Rect(x: 0, y: 0, width: 320, height: 200)),
                                  .linearGradient(LinearGradient(gradient: Gradient(stops: stops), startPoint: Point(x: 0, y: 0),
                                                                 endPoint: Point(x: 0, y: 200))), FillStyle()))
                list.append(.text(TextRun(string: label, font: FontDescriptor(size: 24), origin: Point(x: 40, y: 120), color: .white,
                                          frame: Rect(x: 40, y: 98, width: 120, height: 28))))
                return list
            }
            let compositor = FrameCompositor(width: Self.width, height: Self.height)
            for (i, label) in ["21.5 °C", "22.0 °C", "8", "19.75 °C"].enumerated() {
                let damage = compositor.render(screen(label), background: .white)
                if i > 0 { #expect(damage.area < Self.width * Self.height / 4) }
                #expect(differingPixels(compositor.composition, Self.whole(screen(label))) == 0, "alpha \(alpha), frame \(i)")
            }
        }
    }
}
