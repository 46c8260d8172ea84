import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRender

/// `scrollTargetBehavior(_:)`: a paging carousel turns one page per swipe past half a page or per flick and
/// springs back otherwise; a view-aligned one rests at a view's leading edge; an app's own behaviour decides.
@MainActor
struct ScrollTargetBehaviorTests {
    static let colors = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0), Color(red: 0, green: 0, blue: 1),
                         Color(red: 1, green: 1, blue: 0)]
    static let rgba = [RGBA(red: 255, green: 0, blue: 0), RGBA(red: 0, green: 255, blue: 0), RGBA(red: 0, green: 0, blue: 255),
                       RGBA(red: 255, green: 255, blue: 0)]

    struct Carousel<B: ScrollTargetBehavior>: View {
        let behavior: B
        var width: CGFloat = 200
        var body: some View {
            ScrollView(.horizontal) {
                HStack(spacing: 0) {
                    ForEach(0..<4) { i in ScrollTargetBehaviorTests.colors[i].frame(width: width, height: 100) }
                }
                .scrollTargetLayout()
            }
            .scrollTargetBehavior(behavior)
            .frame(width: 200, height: 100)
        }
    }

    /// The index of the colour at the left edge, once the scroll view has come to rest.
    private func settled(_ host: TestHost) -> Int? {
        host.advance(seconds: 1.5)
        return Self.rgba.firstIndex(of: host.pixel(x: 1, y: 50))
    }

    @Test func pagingTurnsOnePageAtATime() {
        let host = TestHost(rootView: Carousel(behavior: .paging), width: 200, height: 100)
        host.runFrame()
        host.drag(fromX: 150, fromY: 50, toX: 30, toY: 50, steps: 10)
        #expect(settled(host) == 1, "past half a page: the next page")
        #expect(host.pixel(x: 198, y: 50) == Self.rgba[1], "exactly on the page")
        host.drag(fromX: 150, fromY: 50, toX: 100, toY: 50, steps: 10)
        #expect(settled(host) == 1, "less than half: back")
        host.fling(fromX: 120, fromY: 50, toX: 80, toY: 50, steps: 2)
        #expect(settled(host) == 2, "a short flick: the next page")
        host.fling(fromX: 20, fromY: 50, toX: 190, toY: 50, steps: 2)
        #expect(settled(host) == 1, "a long flick back: one page only")
    }

    @Test func viewAlignedRestsAtAViewsLeadingEdge() {
        // Views 150 wide: edges at 0, 150, 300, 450 (the last page ends at 400).
        let host = TestHost(rootView: Carousel(behavior: .viewAligned, width: 150), width: 200, height: 100)
        host.runFrame()
        host.drag(fromX: 150, fromY: 50, toX: 30, toY: 50, steps: 10)  // 120: nearest edge 150
        #expect(settled(host) == 1)
        #expect(host.pixel(x: 148, y: 50) == Self.rgba[1] && host.pixel(x: 151, y: 50) == Self.rgba[2], "the second view's edge at the left")
        host.drag(fromX: 150, fromY: 50, toX: 100, toY: 50, steps: 10)  // 200: nearest 150
        #expect(settled(host) == 1)
    }

    struct Back: ScrollTargetBehavior {
        func updateTarget(_ target: inout ScrollTarget, context: ScrollTargetBehaviorContext) {
            target.rect.origin.x = 0
        }
    }

    @Test func anAppsOwnBehaviourDecides() {
        let host = TestHost(rootView: Carousel(behavior: Back()), width: 200, height: 100)
        host.runFrame()
        host.drag(fromX: 150, fromY: 50, toX: 20, toY: 50, steps: 10)
        #expect(settled(host) == 0, "always back to the start")
    }
}
