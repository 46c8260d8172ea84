import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// TapGesture / SpatialTapGesture through gesture(_:), and onTapGesture with a location.
@MainActor
struct TapGestureTests {
    @Observable @MainActor final class Log { var entries: [String] = [] }

    struct Pad: View {
        let log: Log
        var body: some View {
            VStack(spacing: 0) {
                Color.blue.frame(width: 200, height: 100)
                    .gesture(TapGesture().onEnded { log.entries.append("tap") })
                Color.green.frame(width: 200, height: 100)
                    .gesture(TapGesture(count: 2).onEnded { log.entries.append("double") })
                Color.red.frame(width: 200, height: 100)
                    .onTapGesture { location in log.entries.append("at \(Int(location.x)),\(Int(location.y))") }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    @Test func tapGestureEndsOnATapNotOnADrag() async {
        let log = Log()
        let host = TestHost(rootView: Pad(log: log), width: 400, height: 300)
        host.runFrame()
        host.tap(x: 50, y: 50)
        host.runFrame()
        #expect(log.entries == ["tap"])
        host.drag(fromX: 20, fromY: 50, toX: 150, toY: 50, steps: 5)
        host.runFrame()
        #expect(log.entries == ["tap"], "a drag is not a tap")
    }

    @Test func doubleTapNeedsTwoTapsCloseTogether() async {
        let log = Log()
        let host = TestHost(rootView: Pad(log: log), width: 400, height: 300)
        host.runFrame()
        host.tap(x: 50, y: 150)
        host.advance(seconds: 1)
        host.tap(x: 50, y: 150)
        host.runFrame()
        #expect(log.entries.isEmpty, "two taps a second apart")
        host.tap(x: 50, y: 150)
        host.tap(x: 52, y: 151)
        host.runFrame()
        #expect(log.entries == ["double"])
    }

    @Test func spatialTapReportsTheLocationInTheView() async {
        let log = Log()
        let host = TestHost(rootView: Pad(log: log), width: 400, height: 300)
        host.runFrame()
        host.tap(x: 30, y: 240)
        host.runFrame()
        #expect(log.entries == ["at 30,40"], "in the red view's coordinates (it starts at y 200)")
    }
}
