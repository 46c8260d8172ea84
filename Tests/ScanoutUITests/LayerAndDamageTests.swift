import XCTest
import ScanoutUI
import ScanoutTesting

/// Coalesced layers and damage, through the whole pipeline.
final class LayerAndDamageTests: XCTestCase, @unchecked Sendable {
    struct Labels: View {
        @State var third = "label 3"
        var faded = false
        var body: some View {
            VStack(alignment: .leading, spacing: 4) {
                ForEach(1..<11) { i in
                    Text(i == 3 ? third : "label \(i)")
                }
                Button("change") { third = "label three, longer" }
            }
            .opacity(faded ? 0.5 : 1)
            .frame(width: 300, height: 400, alignment: .topLeading)
        }
    }

    @MainActor func testTenLabelsAreOneLayerAndOpacityAddsOne() async {
        let plain = TestHost(rootView: Labels(), width: 300, height: 400)
        plain.runFrame()
        XCTAssertEqual(plain.displayList.layerCount, 1, "a stack of labels is coalesced into the root layer")
        let faded = TestHost(rootView: Labels(faded: true), width: 300, height: 400)
        faded.runFrame()
        XCTAssertEqual(faded.displayList.layerCount, 2, "opacity below 1 over the group gives it a layer")
    }

    @MainActor func testChangingOneLabelDamagesOnlyThatLabel() async {
        let host = TestHost(rootView: Labels(), width: 300, height: 400)
        host.runFrame()
        let old = host.frame(ofText: "label 3")!
        host.tap(text: "change")
        let new = host.frame(ofText: "label three, longer")!
        let button = host.frame(ofText: "change")!
        XCTAssertFalse(host.lastDamage.isEmpty)
        // Every damaged rectangle lies within the old and new line boxes of label 3, or the button (its pressed
        // look ended in this frame), grown by the tracker's glyph-overhang margin — never the other labels.
        let margin = 8.0
        let label = (minY: min(old.minY, new.minY) - margin, maxY: max(old.maxY, new.maxY) + margin,
                     maxX: max(old.maxX, new.maxX) + margin)
        for r in host.lastDamage.rects {
            let inLabel = Double(r.minY) >= label.minY && Double(r.maxY) <= label.maxY && Double(r.maxX) <= label.maxX
            let inButton = Double(r.minY) >= button.minY - margin && Double(r.maxY) <= button.maxY + margin
            XCTAssertTrue(inLabel || inButton, "\(r) is outside label 3 and the button: \(host.lastDamage)")
        }
        let area = host.lastDamage.area
        XCTAssertLessThan(area, 300 * 400 / 5, "a small part of the screen is repainted: \(area) px")
    }

    @MainActor func testNoChangeCommitsAndDrawsNothing() async {
        let host = TestHost(rootView: Labels(), width: 300, height: 400)
        host.runFrame()
        let frames = host.committedFrames
        host.host.setNeedsFrame()  // a frame runs, but nothing changed
        host.runFrame()
        XCTAssertEqual(host.committedFrames, frames)
        XCTAssertTrue(host.lastDamage.isEmpty)
    }
}
