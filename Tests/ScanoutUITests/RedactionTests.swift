import Testing
import ScanoutUI
import ScanoutTesting

/// `redacted(reason:)`, `unredacted()`, `privacySensitive()`: text drawn as placeholder bars, images as boxes.
@MainActor
struct RedactionTests {
    struct Card: View {
        @State private var loading = true
        var body: some View {
            VStack {
                Text("Pump 4.2 bar").layoutProbe("pump")
                Text("Serial 1234").privacySensitive()
                Text("Joined ") + Text("text").bold()
                Image(systemName: "bell")
                Text("Always shown").unredacted()
                Button("Loaded") { loading = false }.unredacted()
            }
            .redacted(reason: loading ? .placeholder : [])
        }
    }

    @Test func placeholdersHideTheTextAndDrawItsShape() throws {
        let host = TestHost(rootView: Card(), width: 300, height: 300)
        host.runFrame()
        #expect(!host.contains(text: "Pump 4.2 bar") && !host.contains(text: "Serial 1234") && !host.visibleTexts.contains("text"))
        #expect(host.contains(text: "Always shown"), "unredacted() shows its content")
        let pump = try #require(host.frame(ofProbe: "pump"))
        let middle = (Int(pump.minX)..<Int(pump.maxX)).map { host.pixel(x: $0, y: Int(pump.midY)) }
        let white = RGBA(red: 255, green: 255, blue: 255)
        #expect(middle.allSatisfy { $0 != white }, "a bar across the whole line where the text was")
        #expect(middle.allSatisfy { Int($0.red) > 180 }, "faint: \(middle.first.map { "\($0)" } ?? "")")
        #expect(host.pixel(x: Int(pump.midX), y: Int(pump.minY)) == white, "the bar is thinner than the line")
        host.tap(text: "Loaded")
        #expect(host.contains(text: "Pump 4.2 bar") && host.contains(text: "Serial 1234"), "redaction removed: the texts again")
        #expect(host.visibleTexts.contains("text"), "the joined text's parts too: \(host.visibleTexts)")
    }

    @Test func privacyRedactsOnlyPrivacySensitiveContent() {
        let host = TestHost(rootView: VStack {
            Text("Operator")
            Text("PIN 8812").privacySensitive()
        }.redacted(reason: .privacy), width: 300, height: 200)
        host.runFrame()
        #expect(host.contains(text: "Operator"))
        #expect(!host.contains(text: "PIN 8812"))
        var reasons: RedactionReasons = [.placeholder]
        reasons.formUnion(.privacy)
        #expect(reasons.contains(.privacy) && reasons.contains(.placeholder) && !reasons.contains(.invalidated))
    }
}
