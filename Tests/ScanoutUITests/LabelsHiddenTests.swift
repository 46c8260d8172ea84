import Testing
import ScanoutUI
import ScanoutTesting

/// `labelsHidden()` leaves controls without their labels, each as small as itself.
@MainActor
struct LabelsHiddenTests {
    @Test func controlsDropTheirLabelsAndShrinkToThemselves() throws {
        struct Screen: View {
            @State var on = true
            @State var count = 2
            @State var choice = 1
            var body: some View {
                VStack(alignment: .leading) {
                    Toggle("Night mode", isOn: $on).accessibilityIdentifier("labelled")
                    Toggle("Night mode", isOn: $on).labelsHidden().accessibilityIdentifier("toggle")
                    Stepper("Count \(count)", value: $count).labelsHidden().accessibilityIdentifier("stepper")
                    Picker("Speed", selection: $choice) { Text("Slow").tag(0); Text("Fast").tag(1) }
                        .pickerStyle(.menu).labelsHidden().accessibilityIdentifier("picker")
                }
                .frame(width: 400)
            }
        }
        let host = TestHost(rootView: Screen(), width: 600, height: 400)
        host.runFrame()
        #expect(host.contains(text: "Night mode"), "the labelled toggle shows its label")
        #expect(!host.contains(text: "Count 2") && !host.contains(text: "Speed"))
        let labelled = try #require(host.frame(ofAccessibilityIdentifier: "labelled"))
        let toggle = try #require(host.frame(ofAccessibilityIdentifier: "toggle"))
        #expect(labelled.width == 400, "a labelled toggle fills the row")
        #expect(toggle.width < 80, "the switch alone: \(toggle)")
        #expect(try #require(host.frame(ofAccessibilityIdentifier: "stepper")).width < 200)
        // The switch alone still toggles: its track turns from green to grey.
        let before = host.pixel(x: Int(toggle.minX) + 6, y: Int(toggle.midY))
        host.tap(x: toggle.midX, y: toggle.midY)
        for _ in 0..<30 { host.runFrame() }
        let after = host.pixel(x: Int(toggle.minX) + 6, y: Int(toggle.midY))
        #expect(Int(before.green) > Int(before.red) + 60, "on: green \(before)")
        #expect(after != before && Int(after.green) < Int(after.red) + 30, "off: grey \(after)")
    }
}
