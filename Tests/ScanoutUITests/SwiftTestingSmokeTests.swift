import Testing
import ScanoutUI
import ScanoutTesting

private struct Counter: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Text("Count \(count)")
            Button("Add") { count += 1 }
        }
    }
}

@Suite struct SwiftTestingSmokeTests {
    @Test @MainActor func tapThroughTestHost() {
        let host = TestHost(rootView: Counter(), width: 200, height: 100)
        host.advance(seconds: 0.1)
        #expect(host.contains(text: "Count 0"))
        host.tap(text: "Add")
        #expect(host.contains(text: "Count 1"))
    }
}
