import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRender

/// `TextEditor`: multi-line editing, scrolling, and a 10,000-line text drawn a screenful at a time.
@Suite @MainActor struct TextEditorTests {
    private struct Notes: View {
        @State var text: String
        var body: some View {
            VStack {
                Text("lines: \(text.split(separator: "\n", omittingEmptySubsequences: false).count) chars: \(text.count)")
                TextEditor(text: $text).frame(width: 300, height: 200).layoutProbe("editor")
            }
        }
    }

    @Test func typingReturnAndArrowsEditLines() {
        let host = TestHost(rootView: Notes(text: ""), width: 400, height: 300)
        host.runFrame()
        let f = host.frame(ofProbe: "editor")!
        host.tap(x: f.midX, y: f.midY)
        #expect(host.focusedViewName != nil)
        host.type("abc\ndefgh")
        #expect(host.contains(text: "lines: 2 chars: 9"), "\(host.visibleTexts)")
        #expect(host.contains(text: "abc") && host.contains(text: "defgh"))
        host.press(.upArrow)  // column 5 on a 3-character line: its end
        host.type("X")
        #expect(host.contains(text: "abcX"), "\(host.visibleTexts)")
        host.press(.downArrow)
        host.press(.home)
        host.type("Y")
        #expect(host.contains(text: "Ydefgh"), "\(host.visibleTexts)")
    }

    @Test func aLongPressSelectsTheWordUnderTheFinger() {
        let host = TestHost(rootView: Notes(text: "one two three\nfour"), width: 400, height: 300)
        host.runFrame()
        let f = host.frame(ofProbe: "editor")!
        // "two" starts after "one " on the first line (8 points of inset, the body font's advances).
        let x = Double(f.minX) + 8 + TextEngine.shared.width(of: "one t", font: FontDescriptor(size: 17))
        let y = Double(f.minY) + 8 + 5
        host.touchDown(x: x, y: y)
        host.runFrame()
        host.advance(seconds: 0.7)
        host.touchUp(x: x, y: y)
        host.runFrame()
        host.type("2")
        #expect(host.contains(text: "one 2 three"), "\(host.visibleTexts)")
    }

    @Test func aTenThousandLineTextDrawsOnlyTheLinesInView() {
        let big = (0..<10_000).map { "line \($0)" }.joined(separator: "\n")
        let host = TestHost(rootView: Notes(text: big), width: 400, height: 300)
        host.runFrame()
        #expect(host.contains(text: "lines: 10000 chars: \(big.count)"))
        #expect(host.contains(text: "line 0"))
        let runs = host.displayList.textRuns.filter { $0.run.string.hasPrefix("line ") }.count
        #expect(runs < 20, "\(runs) lines recorded for a 200-point editor")
        let f = host.frame(ofProbe: "editor")!
        host.drag(fromX: f.midX, fromY: f.maxY - 10, toX: f.midX, toY: f.minY + 10, steps: 6)
        #expect(!host.contains(text: "line 0"), "a drag scrolls: \(host.visibleTexts)")
        host.tap(x: f.midX, y: f.midY)
        host.press(.pageDown)
        for _ in 0..<200 { host.press(.pageDown) }
        let shown = host.visibleTexts.compactMap { $0.hasPrefix("line ") ? Int($0.dropFirst(5)) : nil }
        #expect((shown.max() ?? 0) > 1500, "the caret's line (200 pages down) is scrolled into view: \(host.visibleTexts)")
    }

    @Test func theOnScreenKeyboardTypesIntoAnEditor() {
        let host = TestHost(rootView: Notes(text: "").onScreenKeyboard(.always), width: 800, height: 480)
        host.runFrame()
        let f = host.frame(ofProbe: "editor")!
        host.tap(x: f.midX, y: f.minY + 10)
        host.advance(seconds: 0.4)
        host.tap(text: "h")
        host.tap(text: "return")
        host.tap(text: "i")
        #expect(host.contains(text: "lines: 2 chars: 3"), "\(host.visibleTexts)")
    }
}
