import XCTest
import ScanoutUI
import ScanoutTesting

final class SmokeTests: XCTestCase, @unchecked Sendable {
    struct Counter: View {
        @State var count = 0
        var body: some View {
            VStack {
                Text("Count \(count)")
                Button("Add") { count += 1 }
            }
        }
    }

    @MainActor func testTextAppearsAndButtonChangesState() async {
        let host = TestHost(rootView: Counter(), width: 200, height: 100)
        host.runFrame()
        XCTAssertTrue(host.contains(text: "Count 0"), "\(host.visibleTexts)")
        XCTAssertEqual(host.committedFrames, 1)
        host.tap(text: "Add")
        XCTAssertTrue(host.contains(text: "Count 1"), "\(host.visibleTexts)")
        let frames = host.committedFrames
        host.runFrame()
        host.runFrame()
        XCTAssertEqual(host.committedFrames, frames, "idle frames commit nothing")
    }
}
