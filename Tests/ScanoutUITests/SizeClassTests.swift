import Testing
import ScanoutUI
import ScanoutTesting

/// The size classes follow the display's size in points; the scene is active; the calendar and time zone
/// are the process's unless set.
@MainActor
struct SizeClassTests {
    struct Classes: View {
        @Environment(\.horizontalSizeClass) private var horizontal
        @Environment(\.verticalSizeClass) private var vertical
        @Environment(\.scenePhase) private var phase
        var body: some View {
            Text("\(horizontal == .regular ? "regular" : "compact") \(vertical == .regular ? "regular" : "compact") \(phase == .active ? "active" : "not active")")
        }
    }

    @Test(arguments: [(800, 480, "regular compact active"), (480, 800, "compact regular active"),
                      (1024, 600, "regular regular active"), (320, 240, "compact compact active")])
    func sizeClassesFollowTheDisplaysSize(width: Int, height: Int, expected: String) async {
        let host = TestHost(rootView: Classes(), width: width, height: height)
        host.runFrame()
        #expect(host.contains(text: expected))
    }

    @Test func aSizeClassSetForASubtreeWins() async {
        let host = TestHost(rootView: Classes().environment(\.horizontalSizeClass, .compact).environment(\.scenePhase, .inactive),
                            width: 1280, height: 800)
        host.runFrame()
        #expect(host.contains(text: "compact regular not active"))
    }

    @Test func calendarAndTimeZoneAreTheProcesssUnlessSet() async {
        var values = EnvironmentValues()
        #expect(values.calendar == Calendar.current)
        #expect(values.timeZone == TimeZone.current)
        let utc = TimeZone(identifier: "UTC")!
        values.timeZone = utc
        #expect(values.timeZone == utc)
    }
}
