import Testing
import ScanoutUI
import ScanoutTesting

/// `onGeometryChange(for:of:action:)`: the value made of the view's geometry reaches the action at the first
/// layout and at each change, in the same frame.
@MainActor
struct GeometryChangeTests {
    @MainActor final class Log {
        var changes: [String] = []
    }

    struct Measured: View {
        let log: Log
        @State private var wide = false
        @State private var measured: CGFloat = 0
        var body: some View {
            VStack {
                Color.red
                    .frame(width: wide ? 300 : 100, height: 40)
                    .onGeometryChange(for: CGFloat.self) { $0.size.width } action: { measured = $0 }
                    .onGeometryChange(for: CGFloat.self) { $0.size.width } action: { old, new in log.changes.append("\(Int(old))->\(Int(new))") }
                Text("width \(Int(measured))")
                Button("Widen") { wide = true }
            }
        }
    }

    @Test func theActionHearsTheFirstLayoutAndEachChangeInTheSameFrame() async {
        let log = Log()
        let host = TestHost(rootView: Measured(log: log), width: 400, height: 300)
        host.runFrame()
        #expect(host.contains(text: "width 100"), "the first layout's value, shown in the first frame")
        #expect(log.changes == [], "the two-value form waits for a change")
        host.tap(text: "Widen")
        #expect(host.contains(text: "width 300"))
        #expect(log.changes == ["100->300"])
        host.runFrame()
        #expect(log.changes == ["100->300"], "an unchanged value runs nothing")
    }

    @Test func aGlobalFrameFollowsWhereTheViewIsPlaced() async {
        var origins: [CGPoint] = []
        let host = TestHost(rootView: Color.blue.frame(width: 100, height: 100)
            .onGeometryChange(for: CGPoint.self) { $0.frame(in: .global).origin } action: { origins.append($0) },
                            width: 300, height: 200)
        host.runFrame()
        #expect(origins == [CGPoint(x: 100, y: 50)], "centred in the panel")
    }
}
