import Foundation
import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRaster
import ScanoutImage
import GoldenImages

/// Every control of issue 15 on one 800x480 panel, in light and in dark, against golden images
/// (`Tests/Goldens/ui-controls-sheet-{light,dark}.png`; `SCANOUT_RECORD_GOLDENS=1` re-records them).
@Suite @MainActor struct ControlsSheetTests {
    enum Fan: String, CaseIterable, Identifiable {
        case off, low, high
        var id: Self { self }
    }

    struct Sheet: View {
        @State var heating = true
        @State var eco = true
        @State var alarm = true
        @State var boost = true
        @State var fan = Fan.low
        @State var target = 21
        @State var program = 1
        @State var hour = 7

        var body: some View {
            HStack(alignment: .top, spacing: 24) {
                VStack(alignment: .leading, spacing: 12) {
                    HStack(spacing: 10) {
                        Button("Default") {}
                        Button("Bordered") {}.buttonStyle(.bordered)
                        Button("Prominent") {}.buttonStyle(.borderedProminent)
                        Button("Delete", role: .destructive) {}.buttonStyle(.bordered)
                    }
                    HStack(spacing: 10) {
                        Button("Small") {}.buttonStyle(.bordered).controlSize(.small)
                        Button("Large") {}.buttonStyle(.borderedProminent).controlSize(.large).tint(.green)
                        Button("Plain") {}.buttonStyle(.plain)
                        Button("Off") {}.buttonStyle(.borderedProminent).disabled(true)
                    }
                    HStack(spacing: 16) {
                        Label { Text("Favourite") } icon: { Circle().fill(Color.yellow).frame(width: 18, height: 18) }
                        Label { Text("Title only") } icon: { Circle().frame(width: 18, height: 18) }.labelStyle(.titleOnly)
                        Label { Text("Icon") } icon: { Rectangle().fill(Color.red).frame(width: 18, height: 18) }.labelStyle(.iconOnly)
                    }
                    Toggle("Heating", isOn: $heating)
                    Toggle("Eco mode", isOn: $eco).tint(.orange)
                    Toggle("Alarm", isOn: $alarm).toggleStyle(.checkbox)
                    HStack {
                        Toggle("Boost", isOn: $boost).toggleStyle(.button)
                        Toggle("Night", isOn: .constant(false)).toggleStyle(.button)
                        Label("Home", systemImage: "house.fill")
                        Image(systemName: "bolt.fill").foregroundStyle(.orange).imageScale(.large)
                    }
                    HStack(spacing: 16) {
                        Gauge(value: 0.62) { Text("Tank") } currentValueLabel: { Text("62 %") }
                            minimumValueLabel: { Text("0") } maximumValueLabel: { Text("100") }
                            .frame(width: 180)
                        Gauge(value: 21.5, in: 10...30) { Text("°C") } currentValueLabel: { Text("21.5") }
                            minimumValueLabel: { Text("10") } maximumValueLabel: { Text("30") }
                            .gaugeStyle(.accessoryCircular).tint(.orange)
                        Gauge(value: 0.8) { Text("CPU") } currentValueLabel: { Text("80") }
                            .gaugeStyle(.accessoryCircularCapacity).tint(.green)
                    }
                }
                .frame(width: 420)
                VStack(alignment: .leading, spacing: 12) {
                    Picker("Fan", selection: $fan) {
                        ForEach(Fan.allCases) { Text($0.rawValue.capitalized) }
                    }
                    .pickerStyle(.segmented)
                    Stepper("Target \(target) °C", value: $target, in: 16...24)
                    Picker("Program", selection: $program) {
                        Text("Comfort").tag(1)
                        Text("Away").tag(2)
                    }
                    Picker("Wake at", selection: $hour) {
                        ForEach(0..<24) { Text("\($0):00") }
                    }
                    .pickerStyle(.wheel)
                }
            }
            .padding(16)
            .frame(width: 800, height: 480, alignment: .topLeading)
        }
    }

    private func render(_ scheme: ColorScheme) -> TestHost {
        let host = TestHost(rootView: Sheet().preferredColorScheme(scheme), width: 800, height: 480)
        host.background = scheme == .dark ? RGBA(red: 0, green: 0, blue: 0) : RGBA(red: 255, green: 255, blue: 255)
        host.runFrame()
        return host
    }

    /// Compares with the golden (every channel within 2 levels), or records it.
    private func expectGolden(_ host: TestHost, _ name: String) throws {
        let url = GoldenImage.goldensFolder.appendingPathComponent(name + ".png")
        if ProcessInfo.processInfo.environment["SCANOUT_RECORD_GOLDENS"] == "1" {
            try host.writePNG(to: url.path)
            Issue.record("recorded \(url.path); look at it, then run the tests without SCANOUT_RECORD_GOLDENS")
            return
        }
        let expected = try ImageDecoder.load(contentsOfFile: url.path)
        try #require(expected.width == 800 && expected.height == 480)
        let d = GoldenImage.difference(host.framebuffer, expected, over: GoldenTolerance.standard.maxChannelDelta)
        if d.pixelsOver > 0 { try? host.writePNG(to: NSTemporaryDirectory() + name + "-actual.png") }
        #expect(d.pixelsOver == 0, "\(name): \(d.pixelsOver) pixels differ (max \(d.maxDelta)); actual in \(NSTemporaryDirectory())")
    }

    @Test func lightSheet() throws {
        let host = render(.light)
        #expect(host.warnings.isEmpty, "\(host.warnings)")
        try expectGolden(host, "ui-controls-sheet-light")
    }

    @Test func darkSheet() throws {
        let host = render(.dark)
        try expectGolden(host, "ui-controls-sheet-dark")
    }
}
