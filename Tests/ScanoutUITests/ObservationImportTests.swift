import Testing
import ScanoutUI
import ScanoutTesting

/// This file imports only ScanoutUI (and the test libraries): `@Observable` must compile and drive views.
@Observable private final class Thermostat {
    var setpoint = 21
}

private struct SetpointView: View {
    let model: Thermostat
    var body: some View {
        VStack {
            Text("Setpoint \(model.setpoint)")
            Button("Warmer") { model.setpoint += 1 }
        }
    }
}

@Suite @MainActor struct ObservationImportTests {
    @Test func observableModelUpdatesTheView() {
        let model = Thermostat()
        let host = TestHost(rootView: SetpointView(model: model), width: 200, height: 100)
        host.runFrame()
        #expect(host.contains(text: "Setpoint 21"))
        host.tap(text: "Warmer")
        host.runFrame()
        #expect(host.contains(text: "Setpoint 22"))
        model.setpoint = 30  // a change from outside the view
        host.runFrame()
        #expect(host.contains(text: "Setpoint 30"))
    }
}
