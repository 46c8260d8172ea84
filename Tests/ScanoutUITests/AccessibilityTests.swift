import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// Accessibility modifiers compile as SwiftUI's and let tests find views by identifier or label.
@MainActor
struct AccessibilityTests {
    @Observable @MainActor final class Log { var taps = 0 }

    struct Screen: View {
        let log: Log
        var body: some View {
            VStack {
                Image(systemName: "power")
                    .accessibilityLabel("Power")
                    .accessibilityHint("Turns the line off")
                    .accessibilityAddTraits(.isButton)
                Button { log.taps += 1 } label: { Image(systemName: "plus") }
                    .accessibilityIdentifier("increment")
                    .accessibilityLabel(Text("Increase"))
                Text("Decoration").accessibilityHidden(true)
                HStack { Text("Speed"); Text("820") }
                    .accessibilityElement(children: .combine)
                    .accessibilityValue("820 rpm")
            }
        }
    }

    @Test func viewsAreFoundAndTappedByIdentifierAndLabel() async {
        let log = Log()
        let host = TestHost(rootView: Screen(log: log), width: 320, height: 300)
        host.runFrame()
        #expect(host.frame(ofAccessibilityLabel: "Power") != nil)
        #expect(host.frame(ofAccessibilityLabel: "Increase") == host.frame(ofAccessibilityIdentifier: "increment"))
        #expect(host.frame(ofAccessibilityIdentifier: "missing") == nil)
        host.tap(accessibilityIdentifier: "increment")
        host.runFrame()
        #expect(log.taps == 1)
    }
}
