import Foundation
import Testing
import ScanoutUI
import ScanoutTesting

/// The snippets in ControlsSnippets.swift (which import ScanoutUI only) run and respond.
@Suite @MainActor struct ControlsSnippetsTests {
    @Test func theThermostatPanelRunsAndBindsThroughEveryWrapper() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scanout-snippets-\(UUID().uuidString)").path
        let model = ThermostatModel()
        let host = TestHost(rootView: ThermostatPanel().environment(model).environmentObject(SessionStore())
            .defaultAppStorage(AppStorageStore(directory: folder)), width: 800, height: 480)
        host.runFrame()
        #expect(host.warnings.isEmpty, "\(host.warnings)")
        #expect(host.contains(text: "Hello, Ada") && host.contains(text: "Target 21.0°"))
        host.tap(text: "High")
        #expect(model.fan == .high)
        host.tap(text: "Stop")
        #expect(!model.heating)
    }

    @Test func theDashboardRuns() {
        let host = TestHost(rootView: Dashboard(), width: 400, height: 480)
        host.runFrame()
        #expect(host.warnings.isEmpty, "\(host.warnings)")
        #expect(host.contains(text: "40 %"))
        host.tap(text: "Fill")
        #expect(host.contains(text: "50 %"))
        #expect(host.visibleTexts.contains { $0.hasSuffix("…") })  // the one-line title is cut
    }
}
