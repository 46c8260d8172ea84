import Testing
@testable import ScanoutUI
import ScanoutTesting

/// Bad input for text fields: a megabyte pasted in stays bounded and responsive.
@Suite @MainActor struct TextInputBadInputTests {
    private struct Field: View {
        @State var text = ""
        var body: some View {
            VStack {
                Text("count: \(text.utf8.count)")
                TextField("Field", text: $text)
            }
            .frame(width: 300)
        }
    }

    @Test func aMegabytePasteIntoAFieldIsTakenAndDrawn() {
        let host = TestHost(rootView: Field(), width: 400, height: 200)
        host.runFrame()
        host.tap(text: "Field")
        TextPasteboard.string = String(repeating: "0123456789\n", count: 100_000)
        host.press("v", modifiers: .control)
        TextPasteboard.string = nil
        #expect(host.contains(text: "count: 1100000"), "\(host.visibleTexts.prefix(1))")
        host.type("x")
        #expect(host.contains(text: "count: 1100001"))
        host.press(.home)
        host.type("y")
        #expect(host.contains(text: "count: 1100002"))
    }
}
