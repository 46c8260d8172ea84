import Testing
import ScanoutUI
import ScanoutTesting

/// The caret blink is the only periodic wake-up while a field is focused, and there is none without one.
@Suite @MainActor struct CaretBlinkTests {
    private struct Panel: View {
        @State var text = "abc"
        @FocusState var focused: Bool
        var body: some View {
            VStack {
                TextField("Field", text: $text).focused($focused)
                Button("Done") { focused = false }
            }
            .frame(width: 300)
        }
    }

    private func host() -> TestHost {
        let h = TestHost(rootView: Panel(), width: 400, height: 200)
        h.host.wakesForCaretBlink = true
        h.runFrame()
        return h
    }

    @Test func noFocusedFieldMeansNoWakeUps() {
        let h = host()
        h.advance(seconds: 0.5)
        let before = h.committedFrames
        #expect(h.host.nextWakeTime == nil)
        h.advance(seconds: 3)
        #expect(h.committedFrames == before, "a static screen draws nothing")
    }

    @Test func aFocusedFieldWakesOncePerBlink() {
        let h = host()
        h.tap(text: "abc")
        h.advance(seconds: 0.1)
        let wake = h.host.nextWakeTime
        #expect(wake != nil)
        let before = h.committedFrames
        h.advance(seconds: 3)
        let frames = h.committedFrames - before
        #expect((5...7).contains(frames), "one frame per half-second blink over 3 s: \(frames)")
        h.tap(text: "Done")
        h.advance(seconds: 0.2)
        #expect(h.host.nextWakeTime == nil, "no wake-ups once the focus leaves")
        let after = h.committedFrames
        h.advance(seconds: 2)
        #expect(h.committedFrames == after)
    }

    @Test func theCaretShowsThenHides() {
        let h = host()
        h.tap(text: "abc")
        h.press(.end)
        h.advance(seconds: 0.1)
        let run = h.displayList.textRuns.first { $0.run.string == "abc" }!.frame
        let x = Int(run.maxX.rounded()), y = Int(run.midY)
        let shown = h.pixel(x: x, y: y)
        h.advance(seconds: 0.5)
        let hidden = h.pixel(x: x, y: y)
        #expect(shown.red < 200 && hidden.red > 240, "the caret blinked: \(shown) \(hidden)")
        h.type("d")
        let run2 = h.displayList.textRuns.first { $0.run.string == "abcd" }!.frame
        #expect(h.pixel(x: Int(run2.maxX.rounded()), y: y).red < 200, "typing shows the caret again")
    }
}
