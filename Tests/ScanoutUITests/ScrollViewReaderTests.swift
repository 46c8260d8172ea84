import Testing
import ScanoutUI
import ScanoutTesting

/// ScrollViewReader / ScrollViewProxy.scrollTo: anchors, the least scroll without one, clamping at the ends,
/// lazy rows not made yet (stack and list), `.id` targets, animation, a finger taking over, unknown ids.
@MainActor
struct ScrollViewReaderTests {
    /// 40 pt "Go" bar above a scroll view filling the rest (y 40...240 on a 320x240 host): 50 rows of 40 pt.
    struct Rows: View {
        var target: Int
        var anchor: UnitPoint?
        var animated = false
        var body: some View {
            ScrollViewReader { proxy in
                VStack(spacing: 0) {
                    Button("Go") {
                        if animated {
                            withAnimation(.linear(duration: 0.5)) { proxy.scrollTo(target, anchor: anchor) }
                        } else {
                            proxy.scrollTo(target, anchor: anchor)
                        }
                    }
                    .frame(height: 40)
                    ScrollView {
                        VStack(spacing: 0) {
                            ForEach(0..<50) { i in Text("Row \(i)").frame(maxWidth: .infinity).frame(height: 40) }
                        }
                    }
                }
            }
        }
    }

    private func rowTop(_ host: TestHost, _ i: Int) -> Double? { host.frame(ofText: "Row \(i)").map { Double($0.midY) - 20 } }

    @Test func anchorTopCentreAndBottom() async {
        for (anchor, expected) in [(UnitPoint.top, 40.0), (.center, 120.0), (.bottom, 200.0)] {
            let host = TestHost(rootView: Rows(target: 20, anchor: anchor), width: 320, height: 240)
            host.runFrame()
            host.tap(text: "Go")
            host.runFrame()
            #expect(rowTop(host, 20) == expected, "row 20 with anchor \(anchor)")
        }
    }

    @Test func withoutAnchorScrollsTheLeastDistanceThatShowsTheView() async {
        let host = TestHost(rootView: Rows(target: 10, anchor: nil), width: 320, height: 240)
        host.runFrame()
        host.tap(text: "Go")
        host.runFrame()
        // Below the viewport: it comes up to the bottom edge (row 10's bottom at 240).
        #expect(rowTop(host, 10) == 200)
        // Already visible: nothing moves.
        host.tap(text: "Go")
        host.runFrame()
        #expect(rowTop(host, 10) == 200)
    }

    @Test func theEndsClampTheOffset() async {
        let host = TestHost(rootView: Rows(target: 49, anchor: .top), width: 320, height: 240)
        host.runFrame()
        host.tap(text: "Go")
        host.runFrame()
        // The last row cannot reach the top: the content's end meets the viewport's.
        #expect(rowTop(host, 49) == 200)
        #expect(rowTop(host, 45) == 40)
    }

    @Test func animatedScrollMovesOverTheAnimationAndEndsExactly() async {
        let host = TestHost(rootView: Rows(target: 20, anchor: .top, animated: true), width: 320, height: 240)
        host.runFrame()
        host.tap(text: "Go")
        host.runFrame()
        host.advance(seconds: 0.25)
        let halfway = rowTop(host, 20)!
        #expect(halfway < 800 - 40 && halfway > 40, "between its start (840) and its end (40): \(halfway)")
        host.advance(seconds: 0.5)
        #expect(rowTop(host, 20) == 40)
        host.advance(seconds: 0.5)
        #expect(rowTop(host, 20) == 40, "and stays")
    }

    @Test func aFingerStopsAnAnimatedScroll() async {
        let host = TestHost(rootView: Rows(target: 40, anchor: .top, animated: true), width: 320, height: 240)
        host.runFrame()
        host.tap(text: "Go")
        host.advance(seconds: 0.2)
        host.touchDown(x: 160, y: 150)
        host.runFrame()
        let held = rowTop(host, 40)!
        host.advance(seconds: 1)
        #expect(rowTop(host, 40) == held, "the scroll stopped where the finger caught it")
        host.touchUp(x: 160, y: 150)
        host.runFrame()
        #expect(rowTop(host, 40) == held)
    }

    @Test func unknownIDDoesNothing() async {
        let host = TestHost(rootView: Rows(target: 500, anchor: .top), width: 320, height: 240)
        host.runFrame()
        host.tap(text: "Go")
        host.runFrame()
        #expect(rowTop(host, 0) == 40)
        #expect(host.warnings.isEmpty)
    }

    /// Rows of varying heights in a LazyVStack: the target is not made when asked for; it is scrolled to its
    /// estimated place, made, measured, and ends exactly at the anchor in the same frame.
    struct LazyRows: View {
        var target: Int
        @State var appeared: Set<Int> = []
        var body: some View {
            ScrollViewReader { proxy in
                VStack(spacing: 0) {
                    Button("Go") { proxy.scrollTo(target, anchor: .top) }.frame(height: 40)
                    ScrollView {
                        LazyVStack(spacing: 0) {
                            ForEach(0..<1000) { i in
                                Text("Row \(i)").frame(height: CGFloat(30 + (i % 4) * 10))
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func lazyRowNotMadeYetIsScrolledToExactly() async {
        let host = TestHost(rootView: LazyRows(target: 700), width: 320, height: 240)
        host.runFrame()
        #expect(host.frame(ofText: "Row 700") == nil, "not made before the scroll")
        host.tap(text: "Go")
        host.runFrame()
        // Row 700 is 30 pt tall (700 % 4 == 0), its text centred in it: its row's top is at the viewport's top
        // (within the half point of rounding the offset to whole points: rows above it that were never made
        // are placed at estimated, fractional, positions).
        let mid700 = host.frame(ofText: "Row 700").map { Double($0.midY) } ?? 0
        #expect(abs(mid700 - (40 + 15)) < 0.5, "\(mid700)")
        // And row 701 (40 pt) follows it.
        let mid701 = host.frame(ofText: "Row 701").map { Double($0.midY) } ?? 0
        #expect(abs(mid701 - (40 + 30 + 20)) < 0.5, "\(mid701)")
        #expect(host.visibleTexts.contains("Row 700"))
        #expect(!host.visibleTexts.contains("Row 0"))
    }

    struct ListRowsView: View {
        var body: some View {
            ScrollViewReader { proxy in
                VStack(spacing: 0) {
                    Button("Go") { proxy.scrollTo(500, anchor: .top) }.frame(height: 40)
                    List(0..<1000, id: \.self) { i in Text("Item \(i)") }
                }
            }
        }
    }

    @Test func listRowNotMadeYetIsScrolledToTheTop() async {
        let host = TestHost(rootView: ListRowsView(), width: 320, height: 400)
        host.runFrame()
        #expect(host.frame(ofText: "Item 500") == nil)
        host.tap(text: "Go")
        host.runFrame()
        let f = host.frame(ofText: "Item 500")
        #expect(f != nil)
        // The cell's top meets the list's top; the text sits inside the cell.
        if let f { #expect(f.minY > 40 && f.minY < 40 + 44, "\(f)") }
        #expect(host.visibleTexts.contains("Item 501"))
        #expect(!host.visibleTexts.contains("Item 499") || host.frame(ofText: "Item 499")!.maxY <= 40)
    }

    /// A view marked with `.id`, scrolled to from `onAppear` (a log opening at its newest line).
    struct Log: View {
        var body: some View {
            ScrollViewReader { proxy in
                ScrollView {
                    VStack(spacing: 0) {
                        ForEach(0..<30) { i in Text("Line \(i)").frame(height: 30) }
                        Text("End").frame(height: 30).id("end")
                    }
                }
                .onAppear { proxy.scrollTo("end", anchor: .bottom) }
            }
        }
    }

    @Test func idTargetFromOnAppear() async {
        let host = TestHost(rootView: Log(), width: 320, height: 240)
        host.runFrame()
        host.runFrame()
        // "End" (its 30 pt frame's centre) sits at the viewport's bottom.
        let mid = host.frame(ofText: "End").map { Double($0.midY) } ?? 0
        #expect(abs(mid - (240 - 15)) < 0.5, "\(mid)")
    }

    /// The reader inside the scroll view, as often written.
    struct ReaderInside: View {
        var body: some View {
            ScrollView {
                ScrollViewReader { proxy in
                    VStack(spacing: 0) {
                        Button("Go") { proxy.scrollTo(25, anchor: .top) }.frame(height: 40)
                        ForEach(0..<50) { i in Text("Row \(i)").frame(maxWidth: .infinity).frame(height: 40) }
                    }
                }
            }
        }
    }

    @Test func readerInsideTheScrollViewScrollsIt() async {
        let host = TestHost(rootView: ReaderInside(), width: 320, height: 240)
        host.runFrame()
        host.tap(text: "Go")
        host.runFrame()
        #expect(host.frame(ofText: "Row 25").map { Double($0.midY) } == 20)
    }

    struct Strip: View {
        var body: some View {
            ScrollViewReader { proxy in
                VStack {
                    Button("Go") { proxy.scrollTo(12, anchor: .leading) }.frame(height: 40)
                    ScrollView(.horizontal) {
                        HStack(spacing: 0) { ForEach(0..<20) { i in Text("T\(i)").frame(width: 60, height: 40) } }
                    }
                }
            }
        }
    }

    @Test func horizontalScrollViewWithLeadingAnchor() async {
        let host = TestHost(rootView: Strip(), width: 320, height: 240)
        host.runFrame()
        host.tap(text: "Go")
        host.runFrame()
        #expect(host.frame(ofText: "T12").map { Double($0.midX) } == 30)
    }
}
