import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRender

/// `progressViewStyle(_:)`: the default is a bar with a value and a spinner without; `.linear` is a bar
/// always, `.circular` a spinner always; a custom style draws from the configuration (fraction, labels) and
/// can wrap `ProgressView(configuration)`; the bar and a slider's filled track follow `.tint`.
@MainActor
struct ProgressViewStyleTests {
    private func render(_ view: some View, width: Int = 200, height: Int = 80) -> TestHost {
        let host = TestHost(rootView: view.frame(width: Double(width), height: Double(height)), width: width, height: height)
        host.runFrame()
        return host
    }

    private func pixels(_ host: TestHost) -> [RGBA] {
        (0..<host.height).flatMap { y in (0..<host.width).map { host.pixel(x: $0, y: y) } }
    }

    /// How many pixels are bluish (the accent's fill) and how many grey-ish non-white (a spinner's spokes).
    private func counts(_ host: TestHost) -> (blue: Int, grey: Int) {
        var blue = 0, grey = 0
        for p in pixels(host) where p != RGBA(red: 255, green: 255, blue: 255) {
            if Int(p.blue) > Int(p.red) + 60 { blue += 1 } else if abs(Int(p.red) - Int(p.blue)) < 20 { grey += 1 }
        }
        return (blue, grey)
    }

    @Test func theDefaultPicksByTheValueAndTheBuiltInsForceTheirLook() {
        let bar = render(ProgressView(value: 0.5))
        let spinner = render(ProgressView())
        #expect(counts(bar).blue > 100 && counts(spinner).blue == 0)
        #expect(counts(spinner).grey > 20)
        // Unchanged by naming the default.
        #expect(pixels(render(ProgressView(value: 0.5).progressViewStyle(.automatic))) == pixels(bar))
        #expect(pixels(render(ProgressView().progressViewStyle(.automatic))) == pixels(spinner))
        // Linear with a value: the same bar; without: the empty track, no spinner.
        #expect(pixels(render(ProgressView(value: 0.5).progressViewStyle(.linear))) == pixels(bar))
        let emptyTrack = counts(render(ProgressView().progressViewStyle(.linear)))
        #expect(emptyTrack.blue == 0 && emptyTrack.grey > 100, "\(emptyTrack)")
        // Circular with a value: the spinner.
        #expect(pixels(render(ProgressView(value: 0.5).progressViewStyle(.circular))) == pixels(spinner))
    }

    struct Percent: ProgressViewStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack {
                Text("\(Int((configuration.fractionCompleted ?? 0) * 100)) %")
                configuration.label
                ProgressView(configuration).tint(.red)
            }
        }
    }

    @Test func aCustomStyleDrawsFromTheConfiguration() {
        let host = render(VStack {
            ProgressView(value: 3, total: 4) { Text("Filling") }
            ProgressView("Draining", value: 1, total: 4)
        }.progressViewStyle(Percent()), height: 200)
        let texts = host.displayList.textRuns.map(\.run.string)
        #expect(texts.contains("75 %") && texts.contains("25 %"))
        #expect(texts.filter { $0 == "Filling" }.count == 2, "the style's label and the wrapped view's: \(texts)")
        var red = 0
        for p in pixels(host) where Int(p.red) > Int(p.green) + 100 && Int(p.red) > Int(p.blue) + 100 { red += 1 }
        #expect(red > 100, "the wrapped bars in the style's tint: \(red)")
    }

    @Test func theBarAndASlidersTrackFollowTheTint() {
        let tinted = render(VStack { ProgressView(value: 0.5); Slider(value: .constant(0.5)) }.tint(.green), height: 100)
        let plain = render(VStack { ProgressView(value: 0.5); Slider(value: .constant(0.5)) }, height: 100)
        var green = 0
        for p in pixels(tinted) where Int(p.green) > Int(p.red) + 60 && Int(p.green) > Int(p.blue) + 60 { green += 1 }
        #expect(green > 100 && counts(tinted).blue == 0, "green fills, no accent blue: \(green)")
        #expect(counts(plain).blue > 100)
    }
}
