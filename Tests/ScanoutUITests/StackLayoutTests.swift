import Testing
import ScanoutUI
import ScanoutTesting

/// Stacks, spacers and alignment, with SwiftUI's numbers. The host is 300x200 points unless a test says
/// otherwise; the root view is proposed the whole host and centred in it (origins rounded to whole points).
@MainActor
struct StackLayoutTests {
    /// A 50x20 view "a" and a 30x40 view "b".
    @ViewBuilder @MainActor static func twoRectangles() -> some View {
        Color.red.frame(width: 50, height: 20).layoutProbe("a")
        Color.blue.frame(width: 30, height: 40).layoutProbe("b")
    }

    // MARK: Spacing and sizing

    /// HStack and VStack put 8 points between subviews by default, size themselves to their subviews, and
    /// centre them across the axis.
    @Test func stacksUseDefaultSpacingOfEight() async {
        var host = laidOut(HStack { Self.twoRectangles() }.layoutProbe("stack"))
        // 50 + 8 + 30 = 88 wide, 40 tall, centred: (300 - 88) / 2 = 106, (200 - 40) / 2 = 80.
        expectFrame(host.probeFrame("stack"), x: 106, y: 80, width: 88, height: 40)
        expectFrame(host.probeFrame("a"), x: 106, y: 90, width: 50, height: 20)
        expectFrame(host.probeFrame("b"), x: 164, y: 80, width: 30, height: 40)

        host = laidOut(VStack { Self.twoRectangles() }.layoutProbe("stack"))
        // 20 + 8 + 40 = 68 tall, 50 wide: (300 - 50) / 2 = 125, (200 - 68) / 2 = 66.
        expectFrame(host.probeFrame("stack"), x: 125, y: 66, width: 50, height: 68)
        expectFrame(host.probeFrame("a"), x: 125, y: 66, width: 50, height: 20)
        expectFrame(host.probeFrame("b"), x: 135, y: 94, width: 30, height: 40)
    }

    @Test func explicitSpacing() async {
        var host = laidOut(HStack(spacing: 0) {
            Color.red.frame(width: 50, height: 20).layoutProbe("a")
            Color.blue.frame(width: 30, height: 20).layoutProbe("b")
        })
        expectFrame(host.probeFrame("a"), x: 110, y: 90, width: 50, height: 20)
        expectFrame(host.probeFrame("b"), x: 160, y: 90, width: 30, height: 20)

        host = laidOut(VStack(spacing: 20) {
            Color.red.frame(width: 50, height: 20).layoutProbe("a")
            Color.blue.frame(width: 50, height: 20).layoutProbe("b")
        })
        expectFrame(host.probeFrame("a"), x: 125, y: 70, width: 50, height: 20)
        expectFrame(host.probeFrame("b"), x: 125, y: 110, width: 50, height: 20)
    }

    /// Text + Color + Text in a 300-point HStack: the texts are the least flexible, so they are offered space
    /// first and take their ideal widths; the colour takes the rest (300 - 2 x 8 - both texts) and the height
    /// proposed to the stack.
    @Test func rigidTextsGetTheirIdealWidthAndTheColourTakesTheRest() async {
        let hello = idealSize(ofText: "Hello"), world = idealSize(ofText: "World")
        #expect(hello.width > 20)
        let host = laidOut(HStack {
            Text("Hello")
            Color.red.layoutProbe("color")
            Text("World")
        })
        expectFrame(host.textFrame("Hello"), x: 0, y: (200 - hello.height) / 2, width: hello.width, height: hello.height)
        expectFrame(host.probeFrame("color"), x: hello.width + 8, y: 0, width: 300 - 16 - hello.width - world.width, height: 200)
        expectFrame(host.textFrame("World"), x: 300 - world.width, y: (200 - world.height) / 2, width: world.width, height: world.height)
    }

    /// Subviews are offered an equal share of what is left, least flexible first: of 284 points (300 less two
    /// gaps), a frame of at most 50 is offered 284/3 and takes 50, one of at most 100 is offered 234/2 and
    /// takes 100, and the colour takes the remaining 134 — whatever their order in the stack.
    /// A word is cut between characters only when the line is narrower than the word: measured with no width at
    /// all, text is as narrow as its widest character (as SwiftUI's), so it is more flexible than fixed frames
    /// beside it and gets the width they leave, its word whole (found with a turned label between two cells).
    @Test func textBesideFixedFramesKeepsItsWordWhole() async {
        let ideal = idealSize(ofText: "Turned")
        let host = laidOut(HStack(spacing: 20) {
            Color.red.frame(width: 60, height: 20)
            Text("Turned")
            Color.blue.frame(width: 40, height: 20)
        }.frame(width: 280), width: 300, height: 200)
        let t = host.textFrame("Turned")
        #expect(abs(t.width - ideal.width) <= 0.01, "one line, the word whole")
        #expect(abs(t.height - ideal.height) <= 0.01)
    }

    @Test func leastFlexibleSubviewsAreSizedFirst() async {
        let host = laidOut(HStack {
            Color.red.layoutProbe("free")
            Color.green.frame(maxWidth: 100).layoutProbe("100")
            Color.blue.frame(maxWidth: 50).layoutProbe("50")
        })
        expectFrame(host.probeFrame("free"), x: 0, y: 0, width: 134, height: 200)
        expectFrame(host.probeFrame("100"), x: 142, y: 0, width: 100, height: 200)
        expectFrame(host.probeFrame("50"), x: 250, y: 0, width: 50, height: 200)

        let equal = laidOut(HStack {
            Color.red.layoutProbe("a")
            Color.blue.layoutProbe("b")
        })
        expectFrame(equal.probeFrame("a"), x: 0, y: 0, width: 146, height: 200)
        expectFrame(equal.probeFrame("b"), x: 154, y: 0, width: 146, height: 200)
    }

    /// A higher layout priority is offered space first (less the minimum of the lower-priority subviews).
    @Test func layoutPriorityGivesSpaceToHigherPriorityFirst() async {
        let plain = laidOut(HStack {
            Color.red.frame(minWidth: 0, maxWidth: 200).layoutProbe("a")
            Color.blue.frame(minWidth: 0, maxWidth: 200).layoutProbe("b")
        })
        #expect(plain.probeFrame("a").width == 146)
        #expect(plain.probeFrame("b").width == 146)

        let prioritized = laidOut(HStack {
            Color.red.frame(minWidth: 0, maxWidth: 200).layoutProbe("a")
            Color.blue.frame(minWidth: 0, maxWidth: 200).layoutPriority(1).layoutProbe("b")
        })
        // b is offered 300 - 8 - 0 (a's minimum) and takes its maximum, 200; a gets the 92 left.
        expectFrame(prioritized.probeFrame("a"), x: 0, y: 0, width: 92, height: 200)
        expectFrame(prioritized.probeFrame("b"), x: 100, y: 0, width: 200, height: 200)
    }

    /// The same with text: the prioritized label keeps its one line, the other wraps into what is left.
    @Test func layoutPriorityKeepsAPrioritizedLabelOnOneLine() async {
        let long = "The quick brown fox jumps", short = "over the lazy dog"
        let shortIdeal = idealSize(ofText: short)
        let host = laidOut(HStack {
            Text(long)
            Text(short).layoutPriority(1)
        })
        let a = host.textFrame(long), b = host.textFrame(short)
        #expect(b.width == shortIdeal.width)
        #expect(b.height == shortIdeal.height)
        #expect(a.width <= (300 - 8 - shortIdeal.width))
        #expect(a.height > shortIdeal.height, "the lower-priority text wraps")
        #expect(b.minX == (a.minX + a.width + 8))
    }

    // MARK: Spacer

    @Test func spacerPushesTextToTheTrailingEdge() async {
        let right = idealSize(ofText: "Right")
        let host = laidOut(HStack {
            Spacer().layoutProbe("spacer")
            Text("Right")
        })
        // No spacing next to a spacer: it spans everything the text leaves, and has no height.
        let top = ((200 - right.height) / 2).rounded()
        expectFrame(host.textFrame("Right"), x: 300 - right.width, y: top, width: right.width, height: right.height)
        expectFrame(host.probeFrame("spacer"), x: 0, y: top + right.height / 2, width: 300 - right.width, height: 0)

        let both = laidOut(HStack {
            Text("Left")
            Spacer()
            Text("Right")
        })
        #expect(both.textFrame("Left").minX == 0)
        #expect(both.textFrame("Right").maxX == 300)
    }

    /// A spacer has the lowest layout priority: a flexible colour beside it takes all but the spacer's
    /// minimum length (8 by default).
    @Test func spacerMinimumLengthAndLowPriority() async {
        for (minLength, expected) in [(nil, 8.0), (0, 0), (40, 40)] as [(Double?, Double)] {
            let host = laidOut(HStack {
                Color.red.layoutProbe("color")
                Spacer(minLength: minLength).layoutProbe("spacer")
            })
            expectFrame(host.probeFrame("color"), x: 0, y: 0, width: 300 - expected, height: 200, "minLength \(String(describing: minLength))")
            expectFrame(host.probeFrame("spacer"), x: 300 - expected, y: 100, width: expected, height: 0)
        }
    }

    /// A spacer follows the axis of its stack, through modifiers; outside stacks it grows both ways.
    @Test func spacerAxis() async {
        let vertical = laidOut(VStack { Spacer().layoutProbe("s") })
        expectFrame(vertical.probeFrame("s"), x: 150, y: 0, width: 0, height: 200)

        let throughModifier = laidOut(HStack {
            Spacer().frame(height: 10).layoutProbe("s")
            Text("x")
        })
        #expect(throughModifier.probeFrame("s").height == 10)
        #expect(throughModifier.probeFrame("s").width == (300 - idealSize(ofText: "x").width))

        let alone = laidOut(Spacer().layoutProbe("s"))
        expectFrame(alone.probeFrame("s"), x: 0, y: 0, width: 300, height: 200)
        let inZStack = laidOut(ZStack { Spacer().layoutProbe("s") })
        expectFrame(inZStack.probeFrame("s"), x: 0, y: 0, width: 300, height: 200)
        let ideal = laidOut(Spacer().fixedSize().layoutProbe("s"))
        expectSize(ideal.probeFrame("s"), width: 8, height: 8)
    }

    // MARK: Alignment

    @Test func stackAlignmentPlacesSubviews() async {
        func row(_ alignment: VerticalAlignment) -> some View { HStack(alignment: alignment) { Self.twoRectangles() } }
        #expect(laidOut(row(.top)).probeFrame("a").minY == 80)
        #expect(laidOut(row(.center)).probeFrame("a").minY == 90)
        #expect(laidOut(row(.bottom)).probeFrame("a").minY == 100)
        #expect(laidOut(row(.bottom)).probeFrame("b").minY == 80)

        func column(_ alignment: HorizontalAlignment) -> some View { VStack(alignment: alignment) { Self.twoRectangles() } }
        #expect(laidOut(column(.leading)).probeFrame("b").minX == 125)
        #expect(laidOut(column(.center)).probeFrame("b").minX == 135)
        #expect(laidOut(column(.trailing)).probeFrame("b").minX == 145)
        #expect(laidOut(column(.trailing)).probeFrame("a").minX == 125)
    }

    @Test func nestedStacks() async {
        let host = laidOut(VStack {
            HStack {
                Color.red.frame(width: 50, height: 20).layoutProbe("a")
                Color.blue.frame(width: 30, height: 20).layoutProbe("b")
            }.layoutProbe("row")
            Color.green.frame(width: 100, height: 10).layoutProbe("c")
        }.layoutProbe("column"))
        // The column is 100 wide (its widest subview) and 20 + 8 + 10 tall; the 88-wide row is centred in it.
        expectFrame(host.probeFrame("column"), x: 100, y: 81, width: 100, height: 38)
        expectFrame(host.probeFrame("row"), x: 106, y: 81, width: 88, height: 20)
        expectFrame(host.probeFrame("a"), x: 106, y: 81, width: 50, height: 20)
        expectFrame(host.probeFrame("b"), x: 164, y: 81, width: 30, height: 20)
        expectFrame(host.probeFrame("c"), x: 100, y: 109, width: 100, height: 10)
    }

    /// A ZStack is as large as its largest subview and aligns the others in it.
    @Test func zStackSizeIsTheLargestSubviewAndAlignsTheOthers() async {
        func stack(_ alignment: Alignment) -> some View {
            ZStack(alignment: alignment) {
                Color.red.frame(width: 100, height: 50).layoutProbe("a")
                Color.blue.frame(width: 60, height: 80).layoutProbe("b")
            }.layoutProbe("z")
        }
        let centred = laidOut(stack(.center))
        expectFrame(centred.probeFrame("z"), x: 100, y: 60, width: 100, height: 80)
        expectFrame(centred.probeFrame("a"), x: 100, y: 75, width: 100, height: 50)
        expectFrame(centred.probeFrame("b"), x: 120, y: 60, width: 60, height: 80)

        let topLeading = laidOut(stack(.topLeading))
        expectFrame(topLeading.probeFrame("a"), x: 100, y: 60, width: 100, height: 50)
        expectFrame(topLeading.probeFrame("b"), x: 100, y: 60, width: 60, height: 80)

        let bottomTrailing = laidOut(stack(.bottomTrailing))
        expectFrame(bottomTrailing.probeFrame("a"), x: 100, y: 90, width: 100, height: 50)
        expectFrame(bottomTrailing.probeFrame("b"), x: 140, y: 60, width: 60, height: 80)
    }

    // MARK: alignmentGuide

    /// A custom leading guide moves one subview of a leading-aligned VStack; the stack grows to the union.
    @Test func alignmentGuideShiftsASubview() async {
        let host = laidOut(VStack(alignment: .leading) {
            Color.red.frame(width: 100, height: 10).layoutProbe("a")
            Color.blue.frame(width: 100, height: 10).alignmentGuide(.leading) { _ in -20 }.layoutProbe("b")
        }.layoutProbe("stack"))
        // b's leading guide is 20 points left of its edge, so its edge is 20 points right of a's: 120 wide.
        expectFrame(host.probeFrame("stack"), x: 90, y: 86, width: 120, height: 28)
        expectFrame(host.probeFrame("a"), x: 90, y: 86, width: 100, height: 10)
        expectFrame(host.probeFrame("b"), x: 110, y: 104, width: 100, height: 10)

        let hanging = laidOut(VStack(alignment: .leading) {
            Color.red.frame(width: 100, height: 10).layoutProbe("a")
            Color.blue.frame(width: 100, height: 10).alignmentGuide(.leading) { d in d[.trailing] }.layoutProbe("b")
        }.layoutProbe("stack"))
        // b hangs left: its trailing edge lines up with a's leading edge.
        expectFrame(hanging.probeFrame("stack"), x: 50, y: 86, width: 200, height: 28)
        #expect(hanging.probeFrame("b").minX == 50)
        #expect(hanging.probeFrame("a").minX == 150)
    }

    /// An overlay's (and a background's) view is aligned by its own guides: a badge set just past the card's
    /// trailing edge with `alignmentGuide(.trailing) { $0[.leading] }`, as SwiftUI does.
    @Test func overlayAndBackgroundHonourTheLayersGuides() async {
        let host = laidOut(Color.red.frame(width: 100, height: 100).layoutProbe("card")
            .overlay(alignment: .topTrailing) {
                Color.blue.frame(width: 20, height: 20).alignmentGuide(.trailing) { $0[.leading] - 2 }
                    .alignmentGuide(.top) { $0[.bottom] }.layoutProbe("badge")
            }
            .background(alignment: .leading) {
                Color.green.frame(width: 10, height: 10).alignmentGuide(.leading) { $0[.trailing] }.layoutProbe("tab")
            })
        expectFrame(host.probeFrame("card"), x: 100, y: 50, width: 100, height: 100)
        expectFrame(host.probeFrame("badge"), x: 202, y: 30, width: 20, height: 20)
        expectFrame(host.probeFrame("tab"), x: 90, y: 95, width: 10, height: 10)
    }

    @Test func alignmentGuidesInRowsZStacksAndThroughPadding() async {
        let row = laidOut(HStack(alignment: .top) {
            Color.red.frame(width: 20, height: 20).layoutProbe("a")
            Color.blue.frame(width: 20, height: 20).alignmentGuide(.top) { d in d.height / 2 }.layoutProbe("b")
        }.layoutProbe("row"))
        // b's top guide is its middle: a's top lines up with it, 10 points below b's top; 30 tall.
        expectFrame(row.probeFrame("row"), x: 126, y: 85, width: 48, height: 30)
        #expect(row.probeFrame("a").minY == 95)
        #expect(row.probeFrame("b").minY == 85)

        let badge = laidOut(ZStack(alignment: .topLeading) {
            Color.red.frame(width: 100, height: 100).layoutProbe("card")
            Color.blue.frame(width: 20, height: 20)
                .alignmentGuide(.leading) { _ in -30 }
                .alignmentGuide(.top) { _ in -30 }
                .layoutProbe("badge")
        })
        expectFrame(badge.probeFrame("card"), x: 100, y: 50, width: 100, height: 100)
        expectFrame(badge.probeFrame("badge"), x: 130, y: 80, width: 20, height: 20)

        // Padding keeps the guide where it was on the content: the padded view moves 15, its content 20.
        let padded = laidOut(VStack(alignment: .leading) {
            Color.red.frame(width: 100, height: 10).layoutProbe("a")
            Color.blue.frame(width: 100, height: 10).layoutProbe("b").alignmentGuide(.leading) { _ in -20 }.padding(.leading, 5)
        })
        #expect((padded.probeFrame("b").minX - padded.probeFrame("a").minX) == 20)
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

    @Test func customLayoutContainer() async {
        let a = idealSize(ofText: "A"), longer = idealSize(ofText: "Longer text")
        let host = laidOut(EqualWidthRow {
            Text("A").frame(maxWidth: .infinity).layoutProbe("a")
            Text("Longer text").frame(maxWidth: .infinity).layoutProbe("b")
        }.layoutProbe("row"))
        let width = 2 * longer.width + 10
        let x = ((300 - width) / 2).rounded()
        expectFrame(host.probeFrame("row"), x: x, y: ((200 - longer.height) / 2).rounded(), width: width, height: longer.height)
        expectFrame(host.probeFrame("a"), x: x, y: host.probeFrame("row").minY, width: longer.width, height: longer.height)
        expectFrame(host.probeFrame("b"), x: x + longer.width + 10, y: host.probeFrame("row").minY, width: longer.width, height: longer.height)
        // The short text is centred in its cell by its flexible frame.
        #expect(abs(host.textFrame("A").midX - host.probeFrame("a").midX) <= 0.001)
        #expect(host.textFrame("A").width == a.width)
    }
}
