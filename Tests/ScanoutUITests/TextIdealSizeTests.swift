import Testing
@testable import ScanoutUI
import ScanoutTesting

/// A text offered at least its ideal width takes its ideal size without being broken again (a stack asks for
/// the ideal size before it offers a share) — except where the width changes what is shown: one line truncated
/// in the middle or at the head joins its paragraphs. Either way the text is as wide and tall as when it is
/// offered the width first (straight from the root, no ideal size asked).
@Suite @MainActor struct TextIdealSizeTests {
    private func sizes(of text: some View, string: String) throws -> (afterIdeal: ScanoutUI.CGSize, offeredFirst: ScanoutUI.CGSize) {
        let stacked = TestHost(rootView: HStack { text }, width: 300, height: 200)
        stacked.runFrame()
        let direct = TestHost(rootView: text, width: 300, height: 200)
        direct.runFrame()
        let a = try #require(stacked.frame(ofText: string)), b = try #require(direct.frame(ofText: string))
        return (a.size, b.size)
    }

    @Test func aWideEnoughOfferGivesTheIdealSize() throws {
        let s = try sizes(of: Text("Line A01"), string: "Line A01")
        #expect(s.afterIdeal == s.offeredFirst)
        let two = try sizes(of: Text("Oven 1\nOven 2"), string: "Oven 1\nOven 2")
        #expect(two.afterIdeal == two.offeredFirst)
    }

    @Test func oneLineTruncatedInTheMiddleJoinsItsParagraphsAtAnyWidth() throws {
        let string = "Oven 1\nOven 2"
        for mode in [Text.TruncationMode.middle, .head] {
            let s = try sizes(of: Text(string).lineLimit(1).truncationMode(mode), string: string)
            #expect(s.afterIdeal == s.offeredFirst, "\(mode)")
        }
    }
}
