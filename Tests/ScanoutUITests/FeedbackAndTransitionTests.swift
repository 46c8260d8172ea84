import Testing
import ScanoutUI
import ScanoutTesting

/// sensoryFeedback and contentTransition compile as SwiftUI's and leave the view working: the count changes
/// at once (no haptics, no digit roll on a panel).
@MainActor
struct FeedbackAndTransitionTests {
    struct Counter: View {
        @State private var count = 0
        var body: some View {
            VStack {
                Text("\(count)")
                    .contentTransition(.numericText())
                Button("Add") { withAnimation { count += 1 } }
                    .sensoryFeedback(.increase, trigger: count)
                    .sensoryFeedback(.impact(weight: .light), trigger: count) { old, new in new > old }
            }
        }
    }

    @Test func theCountChangesAtOnce() async {
        let host = TestHost(rootView: Counter(), width: 320, height: 200)
        host.runFrame()
        host.tap(text: "Add")
        host.runFrame()
        #expect(host.contains(text: "1"))
        #expect(!host.contains(text: "0"))
    }
}
