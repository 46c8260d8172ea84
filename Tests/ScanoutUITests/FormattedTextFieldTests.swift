import Testing
import ScanoutUI
import ScanoutTesting

/// `TextField(_:value:format:)`: shows the value formatted and reads typed text back when editing ends.
@Suite @MainActor struct FormattedTextFieldTests {
    private struct Setpoints: View {
        @State var count = 12
        @State var temperature = 21.5
        var body: some View {
            VStack {
                Text("count=\(count)")
                Text(verbatim: "temperature=\(temperature)")
                TextField("Count", value: $count, format: .number).layoutProbe("count")
                TextField("Temperature", value: $temperature, format: .number).layoutProbe("temperature")
            }
            .frame(width: 300)
        }
    }

    private func tapProbe(_ host: TestHost, _ id: String) {
        let f = host.frame(ofProbe: id)!
        host.tap(x: f.maxX - 4, y: f.midY)  // the caret goes to the end
    }

    @Test func integersParseOnSubmitAndBadTextRevertsToTheValue() {
        let host = TestHost(rootView: Setpoints(), width: 400, height: 300)
        host.runFrame()
        #expect(host.contains(text: "12"), "the value is shown formatted: \(host.visibleTexts)")
        tapProbe(host, "count")
        host.type("5")
        #expect(host.contains(text: "count=12"), "the value waits for the end of editing")
        host.press(.return)
        #expect(host.contains(text: "count=125"), "\(host.visibleTexts)")
        tapProbe(host, "count")
        host.type("x")
        host.press(.return)
        #expect(host.contains(text: "count=125"))
        #expect(host.contains(text: "125"), "text that does not parse shows the value again: \(host.visibleTexts)")
    }

    @Test func decimalsKeepTheTypedTextWhileEditingAndParseWhenFocusLeaves() {
        let host = TestHost(rootView: Setpoints(), width: 400, height: 300)
        host.runFrame()
        #expect(host.contains(text: "21.5"))
        tapProbe(host, "temperature")
        for _ in 0..<4 { host.press(.delete) }
        host.type("18.")
        #expect(host.contains(text: "18."), "a trailing separator stays while typing: \(host.visibleTexts)")
        host.type("25")
        host.press(.tab)  // focus moves on: editing of this field ends
        #expect(host.contains(text: "temperature=18.25"), "\(host.visibleTexts)")
    }

    @Test func formatsRoundTrip() {
        let i = IntegerFormatStyle<Int>()
        #expect(i.parse(" -42 ") == -42)
        #expect(i.parse("4x") == nil)
        #expect(i.parse("") == nil)
        let d = FloatingPointFormatStyle<Double>()
        #expect(d.format(3) == "3")
        #expect(d.format(0.1) == "0.1")
        #expect(d.parse("2,5") == 2.5)
        #expect(d.parse("nan") == nil)
        #expect(d.parse("1e400") == nil, "overflow is not a value")
    }
}
