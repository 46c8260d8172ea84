import Testing
@testable import ScanoutUI
import ScanoutTesting

/// `TextField(_:text:axis: .vertical)`: a field that grows with its lines (soft-wrapped and after Return) up
/// to its `lineLimit`, then scrolls.
@Suite @MainActor struct VerticalTextFieldTests {
    private struct Notes: View {
        @State var text = ""
        var limit: ClosedRange<Int> = 1...3
        var body: some View {
            VStack(alignment: .leading) {
                Text("notes: \(text.replacingOccurrences(of: "\n", with: "|"))")
                Text(text.contains("\n") ? "has line breaks" : "one paragraph")
                TextField("Notes", text: $text, axis: .vertical)
                    .lineLimit(limit)
                    .textFieldStyle(.roundedBorder)
                    .accessibilityIdentifier("notes")
                    .frame(width: 300)
                Spacer()
            }
        }
    }

    private func height(_ host: TestHost) -> Double { Double(host.frame(ofAccessibilityIdentifier: "notes")?.height ?? -1) }

    @Test func growsWithItsLinesUpToTheLimit() {
        let host = TestHost(rootView: Notes(), width: 800, height: 480)
        host.runFrame()
        #expect(host.contains(text: "Notes"), "the placeholder while empty")
        let one = height(host)
        #expect(one >= 44, "a finger tall: \(one)")
        host.tap(accessibilityIdentifier: "notes")
        host.type("first")
        host.press(.return)
        host.type("second")
        host.runFrame()
        #expect(host.contains(text: "notes: first|second"), "Return starts a line: \(host.visibleTexts)")
        let two = height(host)
        #expect(two > one, "\(one) → \(two)")
        host.press(.return)
        host.type("third")
        host.press(.return)
        host.type("fourth")
        host.runFrame()
        let capped = height(host)
        #expect(capped > two)
        host.press(.return)
        host.type("fifth")
        host.runFrame()
        #expect(height(host) == capped, "three lines at most, then it scrolls")
        #expect(host.contains(text: "fifth"), "the caret's line is scrolled into view: \(host.visibleTexts)")
    }

    @Test func aLongLineWrapsAndTheFieldGrows() {
        let host = TestHost(rootView: Notes(), width: 800, height: 480)
        host.runFrame()
        let one = height(host)
        host.tap(accessibilityIdentifier: "notes")
        host.type("a sentence long enough that it cannot fit on one line of a field three hundred points wide")
        host.runFrame()
        #expect(height(host) > one, "soft-wrapped onto more lines")
        #expect(host.contains(text: "one paragraph"), "wrapping puts no line break into the text")
    }

    @Test func aRangeReservesItsLowerBound() {
        let host = TestHost(rootView: Notes(limit: 3...5), width: 800, height: 480)
        host.runFrame()
        let reserved = height(host)
        let single = TestHost(rootView: Notes(limit: 1...5), width: 800, height: 480)
        single.runFrame()
        #expect(reserved > height(single) + 30, "room for three lines while empty: \(reserved) vs \(height(single))")
    }
}
