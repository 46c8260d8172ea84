import Observation
import Testing
@testable import ScanoutUI
import ScanoutRender
import ScanoutTesting

/// `Text(AttributedString)` with SwiftUI's attributes: each run a joined part in its own style.
@MainActor
struct AttributedTextTests {
    func reading() -> AttributedString {
        let label = AttributedString("Pressure ")
        var value = AttributedString("8.2")
        value.foregroundColor = .red
        value.font = .headline
        var unit = AttributedString(" bar")
        unit.underlineStyle = .single
        unit.baselineOffset = 2
        unit.tracking = 1
        return label + value + unit
    }

    @Test func aJoinedTextsModifiersLeaveWhatItsPartsSet() {
        let joined = (Text(verbatim: "Alarm").foregroundColor(.red) + Text(verbatim: " cleared")).foregroundColor(.gray).bold()
        #expect(joined == Text(verbatim: "Alarm").foregroundColor(.red).bold() + Text(verbatim: " cleared").foregroundColor(.gray).bold())
        var warning = AttributedString("Low ")
        warning.foregroundColor = .orange
        let attributed = Text(warning + AttributedString("oil")).foregroundColor(.black)
        #expect(attributed == Text(verbatim: "Low ").foregroundColor(.orange) + Text(verbatim: "oil").foregroundColor(.black))
        // A single text's later modifier still replaces its earlier one (unchanged).
        #expect(Text(verbatim: "x").foregroundColor(.red).foregroundColor(.blue) == Text(verbatim: "x").foregroundColor(.blue))
    }

    @Test func runsBecomeJoinedParts() {
        let expected = Text(verbatim: "Pressure ")
            + Text(verbatim: "8.2").foregroundColor(.red).font(.headline)
            + Text(verbatim: " bar").underline().baselineOffset(2).tracking(1)
        #expect(Text(reading()) == expected)
        #expect(Text(AttributedString("plain")) == Text(verbatim: "plain"))
        #expect(Text(AttributedString()) == Text(verbatim: ""))
        // Read back through the attribute scope, as SwiftUI code does.
        let runs = reading().runs.map { ($0.foregroundColor, $0.font) }
        #expect(runs.count == 3 && runs[1].0 == .red && runs[1].1 == .headline && runs[0].0 == nil)
    }

    @Observable final class Opened { var urls: [URL] = [] }

    @Test func aScreenDrawsTheRunsAndOpensALink() {
        var text = reading()
        var more = AttributedString(" (manual)")
        more.link = URL(string: "https://example.com/pump")
        more.strikethroughStyle = Text.LineStyle(pattern: .dash, color: .blue)
        text += more
        let opened = Opened()
        let host = TestHost(rootView: Text(text).foregroundColor(.black).padding()
            .environment(\.openURL, OpenURLAction { url in opened.urls.append(url); return .handled }), width: 480, height: 100)
        host.runFrame()
        #expect(host.visibleTexts == ["Pressure ", "8.2", " bar", " (manual)"])  // one run per part
        let runs = host.displayList.items.compactMap { item -> TextRun? in if case .text(let r) = item { return r } else { return nil } }
        let value = runs.first { $0.string.contains("8.2") }!, label = runs.first { $0.string.contains("Pressure") }!
        #expect(value.color == Color.red.resolved(in: .light))
        #expect(label.color == Color.black.resolved(in: .light))
        #expect(value.font.size > label.font.size || value.font.weight != label.font.weight)
        let manual = runs.first { $0.string.contains("manual") }!.frame
        host.tap(x: manual.x + manual.width / 2, y: manual.y + manual.height / 2)
        #expect(opened.urls == [URL(string: "https://example.com/pump")!])
    }
}
