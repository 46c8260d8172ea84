import Testing
import ScanoutUI
import ScanoutTesting

/// ScrollView: the proposals of seeds/000 (a vertical scroll view proposes its width and nil height), scrolling
/// with the finger within the content's bounds, clipping, and touches at the scrolled positions.
@MainActor
struct ScrollViewTests {
    @MainActor final class Probe {
        var proposals: [ProposedViewSize] = []
        var placements: [ScanoutUI.CGRect] = []
        var taps: [String] = []
    }

    /// A layout that records what it is proposed and where it is placed, and is `size` (nil: the proposal).
    struct ProbeLayout: Layout {
        let probe: Probe
        let size: ScanoutUI.CGSize
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> ScanoutUI.CGSize {
            probe.proposals.append(proposal)
            return size
        }
        func placeSubviews(in bounds: ScanoutUI.CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
            probe.placements.append(bounds)
        }
    }

    @Test func verticalScrollViewProposesItsWidthAndNilHeight() async {
        let probe = Probe()
        let host = TestHost(rootView: ScrollView { ProbeLayout(probe: probe, size: ScanoutUI.CGSize(width: 120, height: 500)) { Color.red } },
                            width: 320, height: 240)
        host.runFrame()
        #expect(!probe.proposals.isEmpty)
        for p in probe.proposals {
            #expect(p.width == 320, "the width it got")
            #expect(p.height == nil, "no height: the content can be as tall as it wants")
        }
        // The content takes its ideal height (500), starts at the top, and is centred across (it is narrower).
        #expect(probe.placements.last == ScanoutUI.CGRect(x: 100, y: 0, width: 120, height: 500))
    }

    @Test func horizontalScrollViewProposesItsHeightAndNilWidth() async {
        let probe = Probe()
        let host = TestHost(rootView: ScrollView(.horizontal) { ProbeLayout(probe: probe, size: ScanoutUI.CGSize(width: 900, height: 100)) { Color.red } },
                            width: 320, height: 240)
        host.runFrame()
        for p in probe.proposals {
            #expect(p.width == nil)
            #expect(p.height == 240)
        }
        #expect(probe.placements.last == ScanoutUI.CGRect(x: 0, y: 70, width: 900, height: 100))
        host.drag(fromX: 300, fromY: 120, toX: 100, toY: 130, steps: 4)
        #expect(probe.placements.last?.minX == -200, "a horizontal drag scrolls; the vertical jitter does not")
        #expect(probe.placements.last?.minY == 70)
    }

    @Test func severalViewsStackAlongTheScrollAxis() async {
        let root = ScrollView(.horizontal) {
            Color.red.frame(width: 150)
            Color.blue.frame(width: 150)
        }
        let host = TestHost(rootView: root, width: 200, height: 100)
        host.runFrame()
        #expect(host.pixel(x: 140, y: 50) == RGBA(red: 255, green: 59, blue: 48))
        #expect(host.pixel(x: 154, y: 50) == RGBA.white, "8 points of stack spacing")
        #expect(host.pixel(x: 190, y: 50) == RGBA(red: 0, green: 122, blue: 255), "side by side, as in an HStack")
    }

    /// A drag goes to the innermost scroll view that scrolls its way.
    @Test func nestedScrollViewsShareDragsByDirection() async {
        let probe = Probe()
        let root = ScrollView {
            VStack(spacing: 0) {
                ScrollView(.horizontal) { ProbeLayout(probe: probe, size: ScanoutUI.CGSize(width: 600, height: 100)) { Color.red } }
                    .frame(height: 100)
                Color.gray.frame(height: 600)
            }
        }
        let host = TestHost(rootView: root, width: 200, height: 300)
        host.runFrame()
        #expect(probe.placements.last == ScanoutUI.CGRect(x: 0, y: 0, width: 600, height: 100))
        host.drag(fromX: 190, fromY: 50, toX: 40, toY: 50, steps: 3)
        #expect(probe.placements.last == ScanoutUI.CGRect(x: -150, y: 0, width: 600, height: 100), "the inner one scrolls sideways")
        host.drag(fromX: 100, fromY: 90, toX: 100, toY: 10, steps: 4)
        #expect(probe.placements.last == ScanoutUI.CGRect(x: -150, y: -80, width: 600, height: 100), "a vertical drag on the inner one is taken by the outer one")
    }

    /// The scroll view takes the whole proposal, whatever its content's size (here inside a VStack).
    @Test func scrollViewFillsTheProposal() async {
        let probe = Probe()
        let root = VStack(spacing: 0) {
            ScrollView { ProbeLayout(probe: probe, size: ScanoutUI.CGSize(width: 50, height: 50)) { Color.red } }
                .background(Color.blue)
            Color.green.frame(height: 40)
        }
        let host = TestHost(rootView: root, width: 100, height: 200)
        host.runFrame()
        #expect(host.pixel(x: 5, y: 150) == RGBA(red: 0, green: 122, blue: 255), "the scroll view fills the space above the green bar")
        #expect(probe.placements.last == ScanoutUI.CGRect(x: 25, y: 0, width: 50, height: 50))
    }

    @Test func dragMovesContentWithTheFingerWithinItsBounds() async {
        let probe = Probe()
        let host = TestHost(rootView: ScrollView { ProbeLayout(probe: probe, size: ScanoutUI.CGSize(width: 200, height: 500)) { Color.red } },
                            width: 200, height: 300)
        host.runFrame()
        host.drag(fromX: 100, fromY: 250, toX: 100, toY: 150, steps: 4)
        #expect(probe.placements.last?.minY == -100, "up by the finger's 100 points")
        host.drag(fromX: 100, fromY: 150, toX: 100, toY: 200, steps: 2)
        #expect(probe.placements.last?.minY == -50)
        host.drag(fromX: 100, fromY: 290, toX: 100, toY: 0, steps: 3)
        #expect(probe.placements.last?.minY == -200, "clamped at the end: content height 500 - viewport 300")
        host.drag(fromX: 100, fromY: 0, toX: 100, toY: 290, steps: 3)
        #expect(probe.placements.last?.minY == 0, "clamped at the top")
        host.drag(fromX: 100, fromY: 100, toX: 100, toY: 105, steps: 1)
        #expect(probe.placements.last?.minY == 0, "a move within the touch slop does not scroll")
    }

    // MARK: Touches

    struct TapList: View {
        let probe: Probe
        var body: some View {
            ScrollView {
                VStack(spacing: 0) {
                    ForEach(0..<30) { i in
                        Text("Row \(i)")
                            .frame(maxWidth: .infinity)
                            .frame(height: 40)
                            .onTapGesture { probe.taps.append("row \(i)") }
                    }
                }
            }
        }
    }

    @Test func tapsInAScrolledScrollViewHitTheRowsThere() async {
        let probe = Probe()
        let host = TestHost(rootView: TapList(probe: probe), width: 200, height: 300)
        host.runFrame()
        host.tap(x: 100, y: 20)
        #expect(probe.taps == ["row 0"])
        host.drag(fromX: 100, fromY: 250, toX: 100, toY: 50, steps: 5)
        #expect(probe.taps == ["row 0"], "a drag is not a tap")
        host.tap(x: 100, y: 20)
        host.tap(x: 100, y: 290)
        host.tap(text: "Row 8")
        #expect(probe.taps == ["row 0", "row 5", "row 12", "row 8"], "rows 200 points further down")
    }

    /// A scroll view shorter than the screen, over a tappable background: content scrolled out of the viewport is
    /// clipped, for drawing and for touches.
    struct ClippedList: View {
        let probe: Probe
        var body: some View {
            ZStack(alignment: .top) {
                Color.green.onTapGesture { probe.taps.append("background") }
                ScrollView {
                    VStack(spacing: 0) {
                        ForEach(0..<30) { i in
                            Color.red.frame(height: 40).onTapGesture { probe.taps.append("row \(i)") }
                        }
                    }
                }
                .frame(height: 100)
            }
        }
    }

    @Test func contentOutsideTheViewportIsClippedAndTakesNoTouches() async {
        let probe = Probe()
        let host = TestHost(rootView: ClippedList(probe: probe), width: 200, height: 300)
        host.runFrame()
        #expect(host.pixel(x: 100, y: 50) == RGBA(red: 255, green: 59, blue: 48))
        #expect(host.pixel(x: 100, y: 150) == RGBA(red: 52, green: 199, blue: 89), "rows below the viewport are not drawn")
        host.tap(x: 100, y: 150)
        host.drag(fromX: 100, fromY: 90, toX: 100, toY: 10, steps: 4)
        host.tap(x: 100, y: 10)
        host.tap(x: 100, y: 150)
        #expect(probe.taps == ["background", "row 2", "background"])
    }

    @Test func buttonUnderADragDoesNotFire() async {
        let probe = Probe()
        let root = ScrollView {
            VStack(spacing: 0) {
                ForEach(0..<20) { i in
                    Button("Button \(i)") { probe.taps.append("button \(i)") }.frame(height: 40)
                }
            }
        }
        let host = TestHost(rootView: root, width: 200, height: 300)
        host.runFrame()
        host.drag(fromX: 100, fromY: 220, toX: 100, toY: 20, steps: 4)
        #expect(probe.taps == [], "the scroll view took the touch from the button")
        #expect(!host.contains(text: "Button 0"))
        host.tap(text: "Button 6")
        #expect(probe.taps == ["button 6"])
    }

    // MARK: Lazy rows and pixels

    struct LazyPanel: View {
        var body: some View {
            VStack(spacing: 0) {
                Text("Header").frame(maxWidth: .infinity).frame(height: 40).background(Color.yellow)
                ScrollView {
                    LazyVStack(alignment: .leading, spacing: 4) {
                        ForEach(0..<200) { i in
                            Text("Item \(i)")
                                .padding(.horizontal, 8)
                                .frame(maxWidth: .infinity, alignment: .leading)
                                .frame(height: 30)
                                .background(i % 2 == 0 ? Color.cyan : Color.mint)
                        }
                    }
                }
                Text("Footer").frame(maxWidth: .infinity).frame(height: 40).background(Color.orange)
            }
        }
    }

    @Test func scrolledLazyListIsClippedBetweenHeaderAndFooter() async throws {
        let host = TestHost(rootView: LazyPanel(), width: 240, height: 320)
        host.runFrame()
        host.drag(fromX: 120, fromY: 260, toX: 120, toY: 60, steps: 5)
        host.drag(fromX: 120, fromY: 260, toX: 120, toY: 115, steps: 5)
        try host.writePNG(to: "/tmp/scanout-scroll-lazy.png")
        // 345 points down in 34-point rows: row 10 starts at 340, 5 points above the viewport's top (y 40).
        #expect(host.pixel(x: 230, y: 38) == RGBA(red: 255, green: 204, blue: 0), "the header is not covered")
        #expect(host.pixel(x: 230, y: 42) == RGBA(red: 50, green: 173, blue: 230), "row 10 (cyan) below the header")
        #expect(host.pixel(x: 230, y: 282) == RGBA(red: 255, green: 149, blue: 0), "the footer is not covered")
        #expect(host.contains(text: "Item 11"), "\(host.visibleTexts)")
        #expect(host.visibleTexts.first == "Header")
        #expect(host.visibleTexts.last == "Footer")
    }
}
