import Testing
import ScanoutUI
import ScanoutTesting

/// A text resolves its font, case, line limit and the rest from its environment once per change of it (see
/// `TextBehavior.Style`): a change of any of them between frames (font, case, line limit, Dynamic Type size,
/// colour, alignment) lays it out and draws it as a fresh host would.
@Suite @MainActor struct TextEnvironmentChangeTests {
    struct Panel: View {
        @State var step: Int
        var body: some View {
            VStack {
                Button("Next") { step += 1 }
                VStack {
                    Text("Pressure in the second loop is nominal").accessibilityIdentifier("t")
                }
                .font(step % 2 == 1 ? .largeTitle : .body)
                .textCase(step % 3 == 2 ? .uppercase : nil)
                .lineLimit(step >= 3 ? 1 : nil)
                .dynamicTypeSize(step == 4 ? .xxLarge : .large)
                .foregroundColor(step == 5 ? .red : .primary)
                .multilineTextAlignment(step == 2 || step == 6 ? .center : .leading)
            }
            .frame(width: 240)
        }
    }

    func frameAndPixels(_ host: TestHost) -> (CGRect?, [UInt32]) {
        host.runFrame()
        let b = host.framebuffer
        var pixels: [UInt32] = []
        for y in 0..<b.height { for x in 0..<b.width { pixels.append(b.premultipliedPixel(x: x, y: y)) } }
        return (host.frame(ofAccessibilityIdentifier: "t"), pixels)
    }

    @Test func eachChangeOfTheEnvironmentIsSeenByTheText() {
        let live = TestHost(rootView: Panel(step: 0), width: 320, height: 400)
        var seen: [CGRect] = []
        for step in 0...7 {
            if step > 0 { live.tap(text: "Next") }
            let (frame, pixels) = frameAndPixels(live)
            let fresh = frameAndPixels(TestHost(rootView: Panel(step: step), width: 320, height: 400))
            #expect(frame == fresh.0, "step \(step)")
            let differing = zip(pixels, fresh.1).filter { $0 != $1 }.count
            #expect(pixels.count == fresh.1.count && differing == 0, "step \(step): drawn as a fresh host draws it")
            if let frame { seen.append(frame) }
        }
        // The steps really change the text's size (large title, one line, a larger Dynamic Type size).
        #expect(Set(seen.map(\.size.height)).count >= 3)
    }
}
