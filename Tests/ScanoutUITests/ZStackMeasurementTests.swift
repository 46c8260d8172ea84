import XCTest
import Observation
import ScanoutUI
import ScanoutTesting

/// Counts how often a layout is asked to size its content.
@MainActor
private final class MeasureCount {
    var sizings = 0
}

/// Sizes like its single subview, counting the questions.
private struct CountingBox: Layout {
    let count: MeasureCount
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> ScanoutUI.CGSize {
        count.sizings += 1
        return subviews.first?.sizeThatFits(proposal) ?? .zero
    }
    func placeSubviews(in bounds: ScanoutUI.CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for s in subviews { s.place(at: bounds.origin, proposal: proposal) }
    }
}

@Observable @MainActor
private final class Caption {
    var text = "short"
}

/// One caption that changes among many boxes that do not: only the caption is measured again (the stack fills
/// its proposal, so the boxes' proposal does not change).
private struct Board: View {
    let caption: Caption
    let count: MeasureCount
    var body: some View {
        ZStack(alignment: .topLeading) {
            Color.clear  // takes the whole proposal: the stack's size, and so its children's proposal, stay
            ForEach(0..<12, id: \.self) { i in
                CountingBox(count: count) { Color.blue.frame(width: 10, height: 10) }
                    .offset(x: Double(i) * 12, y: 0)
            }
            CaptionView(caption: caption).layoutProbe("caption")
        }
        .layoutProbe("stack")
    }
}

private struct CaptionView: View {
    let caption: Caption
    var body: some View { Text(caption.text).fixedSize() }
}

final class ZStackMeasurementTests: XCTestCase, @unchecked Sendable {
    @MainActor func testUnchangedChildrenAnswerFromTheCacheAndTheStackFollowsTheChangedOne() async {
        let caption = Caption(), count = MeasureCount()
        let host = laidOut(Board(caption: caption, count: count), width: 600, height: 200)
        XCTAssertGreaterThan(count.sizings, 0)
        let before = host.probe("stack")
        let captionBefore = host.probe("caption")
        count.sizings = 0
        caption.text = "a much longer caption than before, wider than the boxes"
        host.runFrame()
        XCTAssertEqual(count.sizings, 0, "boxes whose inputs and proposal did not change are not asked again")
        XCTAssertEqual(host.probe("caption").width, idealSize(ofText: caption.text).width, accuracy: 0.01)
        XCTAssertGreaterThan(host.probe("caption").width, captionBefore.width)
        XCTAssertEqual(host.probe("stack"), before)
        // Bring the change back: the caption is measured again, the boxes still not.
        caption.text = "short"
        host.runFrame()
        XCTAssertEqual(count.sizings, 0)
        XCTAssertEqual(host.probe("caption"), captionBefore)
    }
}
