import Testing
import ScanoutTesting
@testable import HelloPanel

@Suite @MainActor struct CounterViewTests {
    @Test func tappingAddCountsAndResetClears() {
        let host = TestHost(rootView: CounterView(), width: 800, height: 480)
        host.runFrame()
        #expect(host.contains(text: "Count: 0"))
        host.tap(text: "Add one")
        host.tap(text: "Add one")
        #expect(host.contains(text: "Count: 2"))
        host.tap(text: "Reset")
        #expect(host.contains(text: "Count: 0"))
    }
}
