import XCTest
import ScanoutUI
import ScanoutTesting

/// frame, padding, fixedSize, offset, position and aspectRatio, with SwiftUI's numbers. The host is 300x200
/// points unless a test says otherwise.
final class LayoutModifierTests: XCTestCase, @unchecked Sendable {
    // MARK: frame

    /// A fixed frame has exactly the given size and aligns its content in it (centre by default); an
    /// unspecified dimension is the content's, for the proposal.
    @MainActor func testFixedFrame() async {
        let hi = idealSize(ofText: "Hi")
        let centred = laidOut(Text("Hi").frame(width: 100, height: 50).layoutProbe("f"))
        assertFrame(centred.probe("f"), x: 100, y: 75, width: 100, height: 50)
        assertFrame(centred.text("Hi"), x: 100 + (100 - hi.width) / 2, y: 75 + (50 - hi.height) / 2, width: hi.width, height: hi.height)

        let topLeading = laidOut(Text("Hi").frame(width: 100, height: 50, alignment: .topLeading))
        assertFrame(topLeading.text("Hi"), x: 100, y: 75, width: hi.width, height: hi.height)
        let bottomTrailing = laidOut(Text("Hi").frame(width: 100, height: 50, alignment: .bottomTrailing))
        assertFrame(bottomTrailing.text("Hi"), x: 200 - hi.width, y: 125 - hi.height, width: hi.width, height: hi.height)

        let widthOnly = laidOut(Color.red.frame(width: 100).layoutProbe("f"))
        assertFrame(widthOnly.probe("f"), x: 100, y: 0, width: 100, height: 200)
    }

    /// `maxWidth: .infinity` takes the whole proposal (and aligns the content in it).
    @MainActor func testFlexibleFrameWithInfiniteMaximumFillsTheProposal() async {
        let hi = idealSize(ofText: "Hi")
        let host = laidOut(Text("Hi").frame(maxWidth: .infinity).layoutProbe("f"))
        assertFrame(host.probe("f"), x: 0, y: ((200 - hi.height) / 2).rounded(), width: 300, height: hi.height)
        XCTAssertEqual(host.text("Hi").minX, (300 - hi.width) / 2)

        let leading = laidOut(Text("Hi").frame(maxWidth: .infinity, alignment: .leading))
        XCTAssertEqual(leading.text("Hi").minX, 0)

        let both = laidOut(Color.red.frame(maxWidth: .infinity, maxHeight: .infinity).layoutProbe("f"))
        assertFrame(both.probe("f"), x: 0, y: 0, width: 300, height: 200)
    }

    /// A minimum larger than the content makes the frame that large (even beyond the proposal); a minimum and
    /// a maximum together clamp the proposal, whatever the content's size.
    @MainActor func testFlexibleFrameMinimumAndClamping() async {
        let grown = laidOut(Text("Hi").frame(minWidth: 200).layoutProbe("f"))
        XCTAssertEqual(grown.probe("f").width, 200)
        let beyond = laidOut(Text("Hi").frame(minWidth: 200).layoutProbe("f"), width: 100)
        XCTAssertEqual(beyond.probe("f").width, 200)
        XCTAssertEqual(beyond.probe("f").minX, -50, "centred in the 100-point host")

        for (hostWidth, expected) in [(300, 150.0), (100, 100), (30, 50)] {
            let host = laidOut(Text("Hi").frame(minWidth: 50, maxWidth: 150).layoutProbe("f"), width: hostWidth)
            XCTAssertEqual(host.probe("f").width, expected, "proposed \(hostWidth)")
        }

        let capped = laidOut(Color.red.frame(maxWidth: 100, maxHeight: 50).layoutProbe("f"))
        assertFrame(capped.probe("f"), x: 100, y: 75, width: 100, height: 50)
    }

    /// With nothing proposed (fixedSize), a flexible frame is its content's ideal size, or the ideal size
    /// given to it.
    @MainActor func testFlexibleFrameWithUnspecifiedProposal() async {
        let ideal = laidOut(Color.red.frame(maxWidth: .infinity).fixedSize().layoutProbe("f"))
        assertSize(ideal.probe("f"), width: 10, height: 10)
        let given = laidOut(Color.red.frame(idealWidth: 120, idealHeight: 30).fixedSize().layoutProbe("f"))
        assertSize(given.probe("f"), width: 120, height: 30)
    }

    // MARK: padding

    @MainActor func testPadding() async {
        let hi = idealSize(ofText: "Hi")
        let all = laidOut(Text("Hi").padding().layoutProbe("p"))
        let p = all.probe("p")
        assertSize(p, width: hi.width + 32, height: hi.height + 32, "default padding is 16")
        XCTAssertEqual(all.text("Hi").minX, p.minX + 16)
        XCTAssertEqual(all.text("Hi").minY, p.minY + 16)

        let leading = laidOut(Text("Hi").padding(.leading, 10).layoutProbe("p"))
        assertSize(leading.probe("p"), width: hi.width + 10, height: hi.height)
        XCTAssertEqual(leading.text("Hi").minX, leading.probe("p").minX + 10)

        let horizontal = laidOut(Text("Hi").padding(.horizontal).layoutProbe("p"))
        assertSize(horizontal.probe("p"), width: hi.width + 32, height: hi.height)

        let insets = laidOut(Text("Hi").padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)).layoutProbe("p"))
        assertSize(insets.probe("p"), width: hi.width + 6, height: hi.height + 4)
        XCTAssertEqual(insets.text("Hi").minX, insets.probe("p").minX + 2)
        XCTAssertEqual(insets.text("Hi").minY, insets.probe("p").minY + 1)

        let length = laidOut(Color.red.padding(5).layoutProbe("p"))
        assertFrame(length.probe("p"), x: 0, y: 0, width: 300, height: 200)
        XCTAssertNotNil(length.frame(ofProbe: "p"))
    }

    // MARK: fixedSize

    /// fixedSize gives the view its ideal size whatever is proposed: the text stays on one line.
    @MainActor func testFixedSizeIgnoresTheProposal() async {
        let sentence = "A fairly long sentence that wraps"
        let ideal = idealSize(ofText: sentence)
        XCTAssertGreaterThan(ideal.width, 120)

        let wrapped = laidOut(Text(sentence), width: 120)
        XCTAssertLessThanOrEqual(wrapped.text(sentence).width, 120)
        XCTAssertGreaterThan(wrapped.text(sentence).height, ideal.height)

        let fixed = laidOut(Text(sentence).fixedSize(), width: 120)
        assertSize(fixed.text(sentence), width: ideal.width, height: ideal.height)

        let verticalOnly = laidOut(Text(sentence).fixedSize(horizontal: false, vertical: true), width: 120)
        XCTAssertLessThanOrEqual(verticalOnly.text(sentence).width, 120)
    }

    // MARK: offset and position

    /// offset moves the drawing (and the content's frame) but not the layout around it.
    @MainActor func testOffsetMovesDrawingButNotLayout() async {
        let host = laidOut(HStack(spacing: 0) {
            Color.red.frame(width: 50, height: 50).layoutProbe("inner").offset(x: 20, y: 10).layoutProbe("outer")
            Color.blue.frame(width: 50, height: 50).layoutProbe("b")
        })
        assertFrame(host.probe("outer"), x: 100, y: 75, width: 50, height: 50)
        assertFrame(host.probe("inner"), x: 120, y: 85, width: 50, height: 50)
        assertFrame(host.probe("b"), x: 150, y: 75, width: 50, height: 50)
        assertColor(host.pixel(x: 105, y: 80), Swatch.white, "the red square moved away")
        assertColor(host.pixel(x: 130, y: 130), Swatch.red, "drawn at its offset")
        assertColor(host.pixel(x: 160, y: 80), Swatch.blue)
    }

    /// position takes the whole proposal and centres its content (proposed the same size) at the point.
    @MainActor func testPosition() async {
        let host = laidOut(Color.red.frame(width: 20, height: 20).layoutProbe("c").position(x: 50, y: 40).layoutProbe("p"))
        assertFrame(host.probe("p"), x: 0, y: 0, width: 300, height: 200)
        assertFrame(host.probe("c"), x: 40, y: 30, width: 20, height: 20)
        assertColor(host.pixel(x: 50, y: 40), Swatch.red)

        let flexible = laidOut(Color.red.layoutProbe("c").position(x: 0, y: 0))
        assertFrame(flexible.probe("c"), x: -150, y: -100, width: 300, height: 200)

        let ideal = laidOut(Color.red.frame(width: 20, height: 30).position(x: 0, y: 0).fixedSize().layoutProbe("p"))
        assertSize(ideal.probe("p"), width: 20, height: 30)
    }

    // MARK: aspectRatio

    /// A given ratio fits inside, or fills, the proposal.
    @MainActor func testAspectRatioWithARatio() async {
        let fill = laidOut(Color.red.layoutProbe("c").aspectRatio(2, contentMode: .fill), width: 200, height: 200)
        assertFrame(fill.probe("c"), x: -100, y: 0, width: 400, height: 200)
        let fit = laidOut(Color.red.layoutProbe("c").aspectRatio(2, contentMode: .fit), width: 200, height: 200)
        assertFrame(fit.probe("c"), x: 0, y: 50, width: 200, height: 100)

        let wideFit = laidOut(Color.red.layoutProbe("c").aspectRatio(2, contentMode: .fit), width: 300, height: 100)
        assertSize(wideFit.probe("c"), width: 200, height: 100)
        let wideFill = laidOut(Color.red.layoutProbe("c").aspectRatio(2, contentMode: .fill), width: 300, height: 100)
        assertSize(wideFill.probe("c"), width: 300, height: 150)

        let size = laidOut(Color.red.layoutProbe("c").aspectRatio(ScanoutUI.CGSize(width: 4, height: 3), contentMode: .fit), width: 300, height: 300)
        assertSize(size.probe("c"), width: 300, height: 225)
        let scaled = laidOut(Color.red.frame(idealWidth: 30, idealHeight: 10).layoutProbe("c").scaledToFit(), width: 300, height: 300)
        assertSize(scaled.probe("c"), width: 300, height: 100)
    }
}
