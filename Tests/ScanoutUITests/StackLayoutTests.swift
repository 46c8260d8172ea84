import XCTest
import ScanoutUI
import ScanoutTesting

/// Stacks, spacers and alignment, with SwiftUI's numbers. The host is 300x200 points unless a test says
/// otherwise; the root view is proposed the whole host and centred in it (origins rounded to whole points).
final class StackLayoutTests: XCTestCase, @unchecked Sendable {
    /// A 50x20 view "a" and a 30x40 view "b".
    @ViewBuilder @MainActor static func twoRectangles() -> some View {
        Color.red.frame(width: 50, height: 20).layoutProbe("a")
        Color.blue.frame(width: 30, height: 40).layoutProbe("b")
    }

    // MARK: Spacing and sizing

    /// HStack and VStack put 8 points between subviews by default, size themselves to their subviews, and
    /// centre them across the axis.
    @MainActor func testStacksUseDefaultSpacingOfEight() async {
        var host = laidOut(HStack { Self.twoRectangles() }.layoutProbe("stack"))
        // 50 + 8 + 30 = 88 wide, 40 tall, centred: (300 - 88) / 2 = 106, (200 - 40) / 2 = 80.
        assertFrame(host.probe("stack"), x: 106, y: 80, width: 88, height: 40)
        assertFrame(host.probe("a"), x: 106, y: 90, width: 50, height: 20)
        assertFrame(host.probe("b"), x: 164, y: 80, width: 30, height: 40)

        host = laidOut(VStack { Self.twoRectangles() }.layoutProbe("stack"))
        // 20 + 8 + 40 = 68 tall, 50 wide: (300 - 50) / 2 = 125, (200 - 68) / 2 = 66.
        assertFrame(host.probe("stack"), x: 125, y: 66, width: 50, height: 68)
        assertFrame(host.probe("a"), x: 125, y: 66, width: 50, height: 20)
        assertFrame(host.probe("b"), x: 135, y: 94, width: 30, height: 40)
    }

    @MainActor func testExplicitSpacing() async {
        var host = laidOut(HStack(spacing: 0) {
            Color.red.frame(width: 50, height: 20).layoutProbe("a")
            Color.blue.frame(width: 30, height: 20).layoutProbe("b")
        })
        assertFrame(host.probe("a"), x: 110, y: 90, width: 50, height: 20)
        assertFrame(host.probe("b"), x: 160, y: 90, width: 30, height: 20)

        host = laidOut(VStack(spacing: 20) {
            Color.red.frame(width: 50, height: 20).layoutProbe("a")
            Color.blue.frame(width: 50, height: 20).layoutProbe("b")
        })
        assertFrame(host.probe("a"), x: 125, y: 70, width: 50, height: 20)
        assertFrame(host.probe("b"), x: 125, y: 110, width: 50, height: 20)
    }

    /// Text + Color + Text in a 300-point HStack: the texts are the least flexible, so they are offered space
    /// first and take their ideal widths; the colour takes the rest (300 - 2 x 8 - both texts) and the height
    /// proposed to the stack.
    @MainActor func testRigidTextsGetTheirIdealWidthAndTheColourTakesTheRest() async {
        let hello = idealSize(ofText: "Hello"), world = idealSize(ofText: "World")
        XCTAssertGreaterThan(hello.width, 20)
        let host = laidOut(HStack {
            Text("Hello")
            Color.red.layoutProbe("color")
            Text("World")
        })
        assertFrame(host.text("Hello"), x: 0, y: (200 - hello.height) / 2, width: hello.width, height: hello.height)
        assertFrame(host.probe("color"), x: hello.width + 8, y: 0, width: 300 - 16 - hello.width - world.width, height: 200)
        assertFrame(host.text("World"), x: 300 - world.width, y: (200 - world.height) / 2, width: world.width, height: world.height)
    }

    /// Subviews are offered an equal share of what is left, least flexible first: of 284 points (300 less two
    /// gaps), a frame of at most 50 is offered 284/3 and takes 50, one of at most 100 is offered 234/2 and
    /// takes 100, and the colour takes the remaining 134 — whatever their order in the stack.
    /// A word is cut between characters only when the line is narrower than the word: measured with no width at
    /// all, text is as narrow as its widest character (as SwiftUI's), so it is more flexible than fixed frames
    /// beside it and gets the width they leave, its word whole (found with a turned label between two cells).
    @MainActor func testTextBesideFixedFramesKeepsItsWordWhole() async {
        let ideal = idealSize(ofText: "Turned")
        let host = laidOut(HStack(spacing: 20) {
            Color.red.frame(width: 60, height: 20)
            Text("Turned")
            Color.blue.frame(width: 40, height: 20)
        }.frame(width: 280), width: 300, height: 200)
        let t = host.text("Turned")
        XCTAssertEqual(t.width, ideal.width, accuracy: 0.01, "one line, the word whole")
        XCTAssertEqual(t.height, ideal.height, accuracy: 0.01)
    }

    @MainActor func testLeastFlexibleSubviewsAreSizedFirst() async {
        let host = laidOut(HStack {
            Color.red.layoutProbe("free")
            Color.green.frame(maxWidth: 100).layoutProbe("100")
            Color.blue.frame(maxWidth: 50).layoutProbe("50")
        })
        assertFrame(host.probe("free"), x: 0, y: 0, width: 134, height: 200)
        assertFrame(host.probe("100"), x: 142, y: 0, width: 100, height: 200)
        assertFrame(host.probe("50"), x: 250, y: 0, width: 50, height: 200)

        let equal = laidOut(HStack {
            Color.red.layoutProbe("a")
            Color.blue.layoutProbe("b")
        })
        assertFrame(equal.probe("a"), x: 0, y: 0, width: 146, height: 200)
        assertFrame(equal.probe("b"), x: 154, y: 0, width: 146, height: 200)
    }

    /// A higher layout priority is offered space first (less the minimum of the lower-priority subviews).
    @MainActor func testLayoutPriorityGivesSpaceToHigherPriorityFirst() async {
        let plain = laidOut(HStack {
            Color.red.frame(minWidth: 0, maxWidth: 200).layoutProbe("a")
            Color.blue.frame(minWidth: 0, maxWidth: 200).layoutProbe("b")
        })
        XCTAssertEqual(plain.probe("a").width, 146)
        XCTAssertEqual(plain.probe("b").width, 146)

        let prioritized = laidOut(HStack {
            Color.red.frame(minWidth: 0, maxWidth: 200).layoutProbe("a")
            Color.blue.frame(minWidth: 0, maxWidth: 200).layoutPriority(1).layoutProbe("b")
        })
        // b is offered 300 - 8 - 0 (a's minimum) and takes its maximum, 200; a gets the 92 left.
        assertFrame(prioritized.probe("a"), x: 0, y: 0, width: 92, height: 200)
        assertFrame(prioritized.probe("b"), x: 100, y: 0, width: 200, height: 200)
    }

    /// The same with text: the prioritized label keeps its one line, the other wraps into what is left.
    @MainActor func testLayoutPriorityKeepsAPrioritizedLabelOnOneLine() async {
        let long = "The quick brown fox jumps", short = "over the lazy dog"
        let shortIdeal = idealSize(ofText: short)
        let host = laidOut(HStack {
            Text(long)
            Text(short).layoutPriority(1)
        })
        let a = host.text(long), b = host.text(short)
        XCTAssertEqual(b.width, shortIdeal.width)
        XCTAssertEqual(b.height, shortIdeal.height)
        XCTAssertLessThanOrEqual(a.width, 300 - 8 - shortIdeal.width)
        XCTAssertGreaterThan(a.height, shortIdeal.height, "the lower-priority text wraps")
        XCTAssertEqual(b.minX, a.minX + a.width + 8)
    }

    // MARK: Spacer

    @MainActor func testSpacerPushesTextToTheTrailingEdge() async {
        let right = idealSize(ofText: "Right")
        let host = laidOut(HStack {
            Spacer().layoutProbe("spacer")
            Text("Right")
        })
        // No spacing next to a spacer: it spans everything the text leaves, and has no height.
        let top = ((200 - right.height) / 2).rounded()
        assertFrame(host.text("Right"), x: 300 - right.width, y: top, width: right.width, height: right.height)
        assertFrame(host.probe("spacer"), x: 0, y: top + right.height / 2, width: 300 - right.width, height: 0)

        let both = laidOut(HStack {
            Text("Left")
            Spacer()
            Text("Right")
        })
        XCTAssertEqual(both.text("Left").minX, 0)
        XCTAssertEqual(both.text("Right").maxX, 300)
    }

    /// A spacer has the lowest layout priority: a flexible colour beside it takes all but the spacer's
    /// minimum length (8 by default).
    @MainActor func testSpacerMinimumLengthAndLowPriority() async {
        for (minLength, expected) in [(nil, 8.0), (0, 0), (40, 40)] as [(Double?, Double)] {
            let host = laidOut(HStack {
                Color.red.layoutProbe("color")
                Spacer(minLength: minLength).layoutProbe("spacer")
            })
            assertFrame(host.probe("color"), x: 0, y: 0, width: 300 - expected, height: 200, "minLength \(String(describing: minLength))")
            assertFrame(host.probe("spacer"), x: 300 - expected, y: 100, width: expected, height: 0)
        }
    }

    /// A spacer follows the axis of its stack, through modifiers; outside stacks it grows both ways.
    @MainActor func testSpacerAxis() async {
        let vertical = laidOut(VStack { Spacer().layoutProbe("s") })
        assertFrame(vertical.probe("s"), x: 150, y: 0, width: 0, height: 200)

        let throughModifier = laidOut(HStack {
            Spacer().frame(height: 10).layoutProbe("s")
            Text("x")
        })
        XCTAssertEqual(throughModifier.probe("s").height, 10)
        XCTAssertEqual(throughModifier.probe("s").width, 300 - idealSize(ofText: "x").width)

        let alone = laidOut(Spacer().layoutProbe("s"))
        assertFrame(alone.probe("s"), x: 0, y: 0, width: 300, height: 200)
        let inZStack = laidOut(ZStack { Spacer().layoutProbe("s") })
        assertFrame(inZStack.probe("s"), x: 0, y: 0, width: 300, height: 200)
        let ideal = laidOut(Spacer().fixedSize().layoutProbe("s"))
        assertSize(ideal.probe("s"), width: 8, height: 8)
    }

    // MARK: Alignment

    @MainActor func testStackAlignmentPlacesSubviews() async {
        func row(_ alignment: VerticalAlignment) -> some View { HStack(alignment: alignment) { Self.twoRectangles() } }
        XCTAssertEqual(laidOut(row(.top)).probe("a").minY, 80)
        XCTAssertEqual(laidOut(row(.center)).probe("a").minY, 90)
        XCTAssertEqual(laidOut(row(.bottom)).probe("a").minY, 100)
        XCTAssertEqual(laidOut(row(.bottom)).probe("b").minY, 80)

        func column(_ alignment: HorizontalAlignment) -> some View { VStack(alignment: alignment) { Self.twoRectangles() } }
        XCTAssertEqual(laidOut(column(.leading)).probe("b").minX, 125)
        XCTAssertEqual(laidOut(column(.center)).probe("b").minX, 135)
        XCTAssertEqual(laidOut(column(.trailing)).probe("b").minX, 145)
        XCTAssertEqual(laidOut(column(.trailing)).probe("a").minX, 125)
    }

    @MainActor func testNestedStacks() async {
        let host = laidOut(VStack {
            HStack {
                Color.red.frame(width: 50, height: 20).layoutProbe("a")
                Color.blue.frame(width: 30, height: 20).layoutProbe("b")
            }.layoutProbe("row")
            Color.green.frame(width: 100, height: 10).layoutProbe("c")
        }.layoutProbe("column"))
        // The column is 100 wide (its widest subview) and 20 + 8 + 10 tall; the 88-wide row is centred in it.
        assertFrame(host.probe("column"), x: 100, y: 81, width: 100, height: 38)
        assertFrame(host.probe("row"), x: 106, y: 81, width: 88, height: 20)
        assertFrame(host.probe("a"), x: 106, y: 81, width: 50, height: 20)
        assertFrame(host.probe("b"), x: 164, y: 81, width: 30, height: 20)
        assertFrame(host.probe("c"), x: 100, y: 109, width: 100, height: 10)
    }

    /// A ZStack is as large as its largest subview and aligns the others in it.
    @MainActor func testZStackSizeIsTheLargestSubviewAndAlignsTheOthers() async {
        func stack(_ alignment: Alignment) -> some View {
            ZStack(alignment: alignment) {
                Color.red.frame(width: 100, height: 50).layoutProbe("a")
                Color.blue.frame(width: 60, height: 80).layoutProbe("b")
            }.layoutProbe("z")
        }
        let centred = laidOut(stack(.center))
        assertFrame(centred.probe("z"), x: 100, y: 60, width: 100, height: 80)
        assertFrame(centred.probe("a"), x: 100, y: 75, width: 100, height: 50)
        assertFrame(centred.probe("b"), x: 120, y: 60, width: 60, height: 80)

        let topLeading = laidOut(stack(.topLeading))
        assertFrame(topLeading.probe("a"), x: 100, y: 60, width: 100, height: 50)
        assertFrame(topLeading.probe("b"), x: 100, y: 60, width: 60, height: 80)

        let bottomTrailing = laidOut(stack(.bottomTrailing))
        assertFrame(bottomTrailing.probe("a"), x: 100, y: 90, width: 100, height: 50)
        assertFrame(bottomTrailing.probe("b"), x: 140, y: 60, width: 60, height: 80)
    }

    // MARK: alignmentGuide

    /// A custom leading guide moves one subview of a leading-aligned VStack; the stack grows to the union.
    @MainActor func testAlignmentGuideShiftsASubview() async {
        let host = laidOut(VStack(alignment: .leading) {
            Color.red.frame(width: 100, height: 10).layoutProbe("a")
            Color.blue.frame(width: 100, height: 10).alignmentGuide(.leading) { _ in -20 }.layoutProbe("b")
        }.layoutProbe("stack"))
        // b's leading guide is 20 points left of its edge, so its edge is 20 points right of a's: 120 wide.
        assertFrame(host.probe("stack"), x: 90, y: 86, width: 120, height: 28)
        assertFrame(host.probe("a"), x: 90, y: 86, width: 100, height: 10)
        assertFrame(host.probe("b"), x: 110, y: 104, width: 100, height: 10)

        let hanging = laidOut(VStack(alignment: .leading) {
            Color.red.frame(width: 100, height: 10).layoutProbe("a")
            Color.blue.frame(width: 100, height: 10).alignmentGuide(.leading) { d in d[.trailing] }.layoutProbe("b")
        }.layoutProbe("stack"))
        // b hangs left: its trailing edge lines up with a's leading edge.
        assertFrame(hanging.probe("stack"), x: 50, y: 86, width: 200, height: 28)
        XCTAssertEqual(hanging.probe("b").minX, 50)
        XCTAssertEqual(hanging.probe("a").minX, 150)
    }

    @MainActor func testAlignmentGuidesInRowsZStacksAndThroughPadding() async {
        let row = laidOut(HStack(alignment: .top) {
            Color.red.frame(width: 20, height: 20).layoutProbe("a")
            Color.blue.frame(width: 20, height: 20).alignmentGuide(.top) { d in d.height / 2 }.layoutProbe("b")
        }.layoutProbe("row"))
        // b's top guide is its middle: a's top lines up with it, 10 points below b's top; 30 tall.
        assertFrame(row.probe("row"), x: 126, y: 85, width: 48, height: 30)
        XCTAssertEqual(row.probe("a").minY, 95)
        XCTAssertEqual(row.probe("b").minY, 85)

        let badge = laidOut(ZStack(alignment: .topLeading) {
            Color.red.frame(width: 100, height: 100).layoutProbe("card")
            Color.blue.frame(width: 20, height: 20)
                .alignmentGuide(.leading) { _ in -30 }
                .alignmentGuide(.top) { _ in -30 }
                .layoutProbe("badge")
        })
        assertFrame(badge.probe("card"), x: 100, y: 50, width: 100, height: 100)
        assertFrame(badge.probe("badge"), x: 130, y: 80, width: 20, height: 20)

        // Padding keeps the guide where it was on the content: the padded view moves 15, its content 20.
        let padded = laidOut(VStack(alignment: .leading) {
            Color.red.frame(width: 100, height: 10).layoutProbe("a")
            Color.blue.frame(width: 100, height: 10).layoutProbe("b").alignmentGuide(.leading) { _ in -20 }.padding(.leading, 5)
        })
        XCTAssertEqual(padded.probe("b").minX - padded.probe("a").minX, 20)
    }

    // MARK: Custom layouts

    /// Places subviews side by side, each as wide as the widest one's ideal width.
    struct EqualWidthRow: Layout {
        var spacing = 10.0

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> ScanoutUI.CGSize {
            let cell = cellSize(subviews)
            let n = Double(subviews.count)
            return ScanoutUI.CGSize(width: cell.width * n + spacing * max(0, n - 1), height: cell.height)
        }

        func placeSubviews(in bounds: ScanoutUI.CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
            let cell = cellSize(subviews)
            var x = bounds.minX
            for subview in subviews {
                subview.place(at: ScanoutUI.CGPoint(x: x, y: bounds.midY), anchor: .leading,
                              proposal: ProposedViewSize(width: cell.width, height: cell.height))
                x += cell.width + spacing
            }
        }

        private func cellSize(_ subviews: Subviews) -> ScanoutUI.CGSize {
            let ideals = subviews.map { $0.sizeThatFits(.unspecified) }
            return ScanoutUI.CGSize(width: ideals.map(\.width).max() ?? 0, height: ideals.map(\.height).max() ?? 0)
        }
    }

    @MainActor func testCustomLayoutContainer() async {
        let a = idealSize(ofText: "A"), longer = idealSize(ofText: "Longer text")
        let host = laidOut(EqualWidthRow {
            Text("A").frame(maxWidth: .infinity).layoutProbe("a")
            Text("Longer text").frame(maxWidth: .infinity).layoutProbe("b")
        }.layoutProbe("row"))
        let width = 2 * longer.width + 10
        let x = ((300 - width) / 2).rounded()
        assertFrame(host.probe("row"), x: x, y: ((200 - longer.height) / 2).rounded(), width: width, height: longer.height)
        assertFrame(host.probe("a"), x: x, y: host.probe("row").minY, width: longer.width, height: longer.height)
        assertFrame(host.probe("b"), x: x + longer.width + 10, y: host.probe("row").minY, width: longer.width, height: longer.height)
        // The short text is centred in its cell by its flexible frame.
        XCTAssertEqual(host.text("A").midX, host.probe("a").midX, accuracy: 0.001)
        XCTAssertEqual(host.text("A").width, a.width)
    }
}
