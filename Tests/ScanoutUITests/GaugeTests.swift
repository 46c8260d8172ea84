import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRaster

/// Gauge: the value placed in its range, clamped, in every style, tinted.
@Suite @MainActor struct GaugeTests {
    private static func close(_ a: RGBA, _ b: RGBA, within d: Int = 4) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= d && abs(Int(a.green) - Int(b.green)) <= d && abs(Int(a.blue) - Int(b.blue)) <= d
    }
    private static let blue = RGBA(red: 0, green: 122, blue: 255)
    private static let track = RGBA(red: 229, green: 229, blue: 234)

    @Test func theLinearCapacityBarFillsUpToTheValue() throws {
        let host = TestHost(rootView: Gauge(value: 30, in: 0...120) { Text("Tank") } currentValueLabel: { Text("30 l") }
            minimumValueLabel: { Text("0") } maximumValueLabel: { Text("120") }
            .layoutProbe("gauge").padding(10), width: 420, height: 120)
        host.runFrame()
        #expect(host.contains(text: "Tank") && host.contains(text: "30 l") && host.contains(text: "0") && host.contains(text: "120"))
        let f = try #require(host.frame(ofProbe: "gauge"))
        let tank = try #require(host.frame(ofText: "Tank"))
        let y = Int(tank.maxY) + 6 + 4  // the bar's middle, below the label row
        #expect(Self.close(host.pixel(x: Int(f.minX + 0.2 * f.width), y: y), Self.blue))
        #expect(Self.close(host.pixel(x: Int(f.minX + 0.3 * f.width), y: y), Self.track))
        #expect(Self.close(host.pixel(x: Int(f.minX + 0.8 * f.width), y: y), Self.track))
    }

    @Test func valuesOutsideTheRangeAreClampedAndNaNIsEmpty() throws {
        for (value, filled) in [(-5.0, false), (500, true), (.nan, false)] {
            let host = TestHost(rootView: Gauge(value: value, in: 0...100) { Text("Level") }.tint(.red).layoutProbe("gauge").padding(10),
                                width: 320, height: 80)
            host.runFrame()
            let f = try #require(host.frame(ofProbe: "gauge"))
            let label = try #require(host.frame(ofText: "Level"))
            let y = Int(label.maxY) + 6 + 4
            let end = host.pixel(x: Int(f.maxX) - 8, y: y)
            #expect(Self.close(end, filled ? RGBA(red: 255, green: 59, blue: 48) : Self.track), "\(value): \(end)")
        }
    }

    @Test func theCircularCapacityRingFillsClockwiseFromTheTop() throws {
        let host = TestHost(rootView: Gauge(value: 0.25) { Text("CPU") } currentValueLabel: { Text("25") }
            .gaugeStyle(.accessoryCircularCapacity).layoutProbe("dial"), width: 200, height: 200)
        host.runFrame()
        let f = try #require(host.frame(ofProbe: "dial"))
        #expect(f.width == 72 && f.height == 72)
        #expect(host.contains(text: "25"))
        let r = 36 - 3.5
        // A quarter: from 12 to 3 o'clock in the tint, the rest track.
        let at1h30 = host.pixel(x: Int(f.midX + r * 0.7071), y: Int(f.midY - r * 0.7071))
        let at6 = host.pixel(x: Int(f.midX), y: Int(f.midY + r))
        #expect(Self.close(at1h30, Self.blue), "\(at1h30)")
        #expect(Self.close(at6, Self.track), "\(at6)")
    }

    @Test func theOpenDialPutsItsMarkerAtTheValue() throws {
        let host = TestHost(rootView: Gauge(value: 50, in: 0...100) { Text("kW") } currentValueLabel: { Text("50") }
            .gaugeStyle(.accessoryCircular).tint(.green).layoutProbe("dial"), width: 200, height: 200)
        host.runFrame()
        let f = try #require(host.frame(ofProbe: "dial"))
        let r = 36 - 3.5
        // Half of the 270° ring: straight up.
        #expect(Self.close(host.pixel(x: Int(f.midX), y: Int(f.midY - r)), RGBA(red: 52, green: 199, blue: 89)))
        // The gap at the bottom is empty.
        #expect(host.pixel(x: Int(f.midX), y: Int(f.midY + r)) == RGBA(red: 255, green: 255, blue: 255))
    }

    /// A custom style reads the fraction.
    private struct Percent: GaugeStyle {
        func makeBody(configuration: Configuration) -> some View {
            Text("\(Int((configuration.value * 100).rounded())) %")
        }
    }

    @Test func aCustomGaugeStyle() {
        let host = TestHost(rootView: Gauge(value: 3, in: 2...6) { Text("x") }.gaugeStyle(Percent()), width: 200, height: 60)
        host.runFrame()
        #expect(host.contains(text: "25 %"))
    }
}
