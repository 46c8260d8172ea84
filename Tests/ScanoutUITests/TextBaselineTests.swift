import Testing
import ScanoutUI
import ScanoutRender
import ScanoutTesting

/// Texts of different sizes lined up on their baselines (`HStack(alignment: .firstTextBaseline)`): a value and
/// its unit, as on a gauge's readout. Containers pass their texts' baselines on: a VStack's first baseline is
/// its first text's, its last its last's; padding moves them.
@Suite @MainActor struct TextBaselineTests {
    func baseline(of text: String, size: Double, in host: TestHost) -> Double {
        Double(host.frame(ofText: text)!.minY) + TextEngine.shared.metrics(FontDescriptor(size: size)).ascender
    }

    @Test func aValueAndItsUnitShareTheirBaseline() {
        let host = TestHost(rootView: HStack(alignment: .firstTextBaseline) {
            Text("21.5").font(.system(size: 48))
            Text("°C").font(.system(size: 16))
        }, width: 300, height: 200)
        host.runFrame()
        #expect(abs(baseline(of: "21.5", size: 48, in: host) - baseline(of: "°C", size: 16, in: host)) < 0.01)
        // Bottom alignment is not the same: the descenders differ.
        let bottoms = TestHost(rootView: HStack(alignment: .bottom) {
            Text("21.5").font(.system(size: 48))
            Text("°C").font(.system(size: 16))
        }, width: 300, height: 200)
        bottoms.runFrame()
        #expect(abs(baseline(of: "21.5", size: 48, in: bottoms) - baseline(of: "°C", size: 16, in: bottoms)) > 5)
    }

    @Test func stacksAndPaddingPassTheirTextsBaselinesOn() {
        let host = TestHost(rootView: HStack(alignment: .firstTextBaseline) {
            VStack(alignment: .leading) {
                Text("Pump").font(.system(size: 40))
                Text("running").font(.system(size: 14))
            }
            Text("820").font(.system(size: 20)).padding(.top, 30)
        }, width: 400, height: 300)
        host.runFrame()
        #expect(abs(baseline(of: "Pump", size: 40, in: host) - baseline(of: "820", size: 20, in: host)) < 0.01)

        let last = TestHost(rootView: HStack(alignment: .lastTextBaseline) {
            VStack(alignment: .leading) {
                Text("Pump").font(.system(size: 40))
                Text("running").font(.system(size: 14))
            }
            Text("820").font(.system(size: 20))
        }, width: 400, height: 300)
        last.runFrame()
        #expect(abs(baseline(of: "running", size: 14, in: last) - baseline(of: "820", size: 20, in: last)) < 0.01)
    }

    /// A wrapped text's last baseline is its last line's.
    @Test func aWrappedTextsLastBaselineIsItsLastLines() {
        let host = TestHost(rootView: HStack(alignment: .lastTextBaseline) {
            Text("one two three four five six seven").font(.system(size: 16)).frame(width: 80)
            Text("end").font(.system(size: 30))
        }, width: 300, height: 300)
        host.runFrame()
        let wrapped = host.frame(ofText: "one two three four five six seven")!
        let m = TextEngine.shared.metrics(FontDescriptor(size: 16))
        let lastBaseline = Double(wrapped.maxY) - (m.lineHeight - m.ascender)
        #expect(wrapped.height > 3 * m.lineHeight - 1, "wrapped")
        #expect(abs(lastBaseline - baseline(of: "end", size: 30, in: host)) < 1)
    }
}
