import Observation
import Testing
@testable import ScanoutUI
import ScanoutTesting

/// A text answers a stack's probes (the same width at several heights) from what it measured, and only where
/// the height cannot change the answer: a minimum scale factor makes it count, and a changed environment (the
/// font) measures again.
@MainActor
struct TextMeasuringTests {
    /// Asks its one subview for its size at each of `proposals` (in order) before answering for itself.
    final class Answers { var sizes: [CGSize] = [] }
    struct Probing: Layout {
        let proposals: [ProposedViewSize]
        let answers: Answers
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            answers.sizes = proposals.map { subviews[0].sizeThatFits($0) }
            return subviews[0].sizeThatFits(proposal)
        }
        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
            subviews[0].place(at: bounds.origin, proposal: proposal)
        }
    }

    private func sizes(of text: Text, scaling: CGFloat = 1, at proposals: [ProposedViewSize]) -> [CGSize] {
        let answers = Answers()
        let host = TestHost(rootView: Probing(proposals: proposals, answers: answers) { text.minimumScaleFactor(scaling) },
                            width: 400, height: 300)
        host.runFrame()
        return answers.sizes
    }

    private let note = Text("Temperature of the north tank").font(.system(size: 20))

    @Test func theHeightsAStackTriesGetOneAnswerPerWidth() {
        let probes = [ProposedViewSize(width: 120, height: 0), ProposedViewSize(width: 120, height: .infinity),
                      ProposedViewSize(width: 120, height: 30), ProposedViewSize(width: 0, height: 30),
                      ProposedViewSize(width: 120, height: nil)]
        let s = sizes(of: note, at: probes)
        #expect(s[0] == s[1] && s[1] == s[2] && s[2] == s[4], "\(s)")
        #expect(s[0].height > 30, "wraps at 120 points: \(s[0])")
        #expect(s[3].width < s[0].width, "narrower at no width")
        // Each answer is what a text asked only that question says.
        for (p, size) in zip(probes, s) { #expect(sizes(of: note, at: [p]) == [size], "\(p)") }
    }

    /// A row of texts in stacks and padding (what a VStack of rows asks at four heights) is measured once per
    /// width: the other heights are answered from it, with the sizes measuring each alone gives.
    @Test func aRowOfTextsAnswersEveryHeightFromOneMeasurement() {
        struct Row: View {
            var body: some View {
                HStack { Text("Pump 4"); VStack { Text("42 bar"); Text("nominal") } }.padding(.horizontal, 8)
            }
        }
        func measured(_ proposals: [ProposedViewSize]) -> (sizes: [CGSize], writes: UInt64) {
            let answers = Answers()
            let host = TestHost(rootView: Probing(proposals: proposals, answers: answers) { Row() }, width: 400, height: 300)
            host.runFrame()
            return (answers.sizes, host.host.layoutCacheWrites)
        }
        let heights: [CGFloat?] = [0, .infinity, 30, nil, 200]
        let all = measured(heights.map { ProposedViewSize(width: 150, height: $0) })
        let one = measured([ProposedViewSize(width: 150, height: 0)])
        #expect(all.writes == one.writes, "the row measured again for another height")
        #expect(Set(all.sizes.map { "\($0)" }).count == 1, "\(all.sizes)")
        for h in heights { #expect(measured([ProposedViewSize(width: 150, height: h)]).sizes == [all.sizes[0]]) }
        // A flexible child (a spacer) makes the height count: every height is measured.
        struct Flexible: View {
            var body: some View { VStack { Text("Pump 4"); Spacer() } }
        }
        let answers = Answers()
        let host = TestHost(rootView: Probing(proposals: [ProposedViewSize(width: 150, height: 40), ProposedViewSize(width: 150, height: 200)],
                                              answers: answers) { Flexible() }, width: 400, height: 300)
        host.runFrame()
        #expect(answers.sizes[0].height < answers.sizes[1].height, "\(answers.sizes)")
    }

    @Test func aMinimumScaleFactorMakesTheHeightCountAfterAnAnswerForTheWidth() {
        let tall = ProposedViewSize(width: 120, height: .infinity), short = ProposedViewSize(width: 120, height: 30)
        let s = sizes(of: note, scaling: 0.5, at: [tall, short, tall])
        #expect(s[1].height <= 31, "shrunk to fit 30 points (sizes round up to whole points): \(s[1])")
        #expect(s[0].height > s[1].height, "unshrunk where the height allows: \(s)")
        #expect(s[2] == s[0])
        #expect(sizes(of: note, scaling: 0.5, at: [short]) == [s[1]])
    }

    @Observable @MainActor final class Style { var large = false }
    struct Screen: View {
        let style: Style
        var body: some View {
            VStack { Text("Pump 4") }.font(style.large ? .largeTitle : .body)
        }
    }

    @Test func aChangedFontMeasuresAgain() {
        let style = Style()
        let host = TestHost(rootView: Screen(style: style), width: 400, height: 300)
        host.runFrame()
        let small = host.frame(ofText: "Pump 4")?.size
        style.large = true
        host.runFrame()
        let large = host.frame(ofText: "Pump 4")?.size
        style.large = false
        host.runFrame()
        #expect(small != nil && large != nil)
        if let small, let large { #expect(large.width > small.width * 1.5 && large.height > small.height, "\(small) → \(large)") }
        #expect(host.frame(ofText: "Pump 4")?.size == small)
    }
}
