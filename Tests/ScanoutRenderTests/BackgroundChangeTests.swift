import Testing
@testable import ScanoutRender

/// The colour behind everything changes (a colour scheme switch): every pixel where nothing draws shows it.
@Suite @MainActor struct BackgroundChangeTests {
    @Test func aNewBackgroundRepaintsTheWholeFrame() {
        var list = DisplayList()
        list.currentOwner = 1
        list.append(.fill(Path(Rect(x: 10, y: 10, width: 20, height: 20)), .solid(RGBA(argb: 0xFFE01E5A)), FillStyle()))
        let c = FrameCompositor(width: 100, height: 60)
        c.render(list, background: .white)
        #expect(c.composition.pixel(x: 80, y: 50) == .white)
        // The same list again with the same background: nothing to do.
        #expect(c.render(list, background: .white).isEmpty)
        let black = RGBA(argb: 0xFF000000)
        let damage = c.render(list, background: black)
        #expect(damage.rects == [IntRect(x: 0, y: 0, width: 100, height: 60)])
        #expect(c.composition.pixel(x: 80, y: 50) == black)
        #expect(c.composition.pixel(x: 20, y: 20) == RGBA(argb: 0xFFE01E5A))
    }
}
