import Testing
import ScanoutUI
import ScanoutTesting

/// `TestHost.tap(text:)` finds text as a finger would: the first run in drawing order that nothing opaque covers.
@MainActor
struct TapTextTests {
    final class Log {
        var taps: [String] = []
    }

    struct Covered: View {
        let log: Log
        var body: some View {
            ZStack(alignment: .top) {
                Button("Same") { log.taps.append("under") }
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .padding(40)
                // An opaque card over the first button, with its own "Same" lower down.
                VStack {
                    Spacer().frame(height: 120)
                    Button("Same") { log.taps.append("card") }
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .background(Color.white)
            }
        }
    }

    @Test func aCoveredRunIsPassedOver() {
        let log = Log()
        let host = TestHost(rootView: Covered(log: log), width: 400, height: 300)
        host.runFrame()
        #expect(host.visibleTexts.filter { $0 == "Same" }.count == 2)
        host.tap(text: "Same")
        #expect(log.taps == ["card"])
    }

    struct TwoRows: View {
        let log: Log
        var body: some View {
            VStack {
                Button("Go") { log.taps.append("first") }
                Button("Go") { log.taps.append("second") }
            }
        }
    }

    @Test func uncoveredRunsAreTakenInDrawingOrder() {
        let log = Log()
        let host = TestHost(rootView: TwoRows(log: log), width: 400, height: 300)
        host.runFrame()
        host.tap(text: "Go")
        #expect(log.taps == ["first"])
    }
}
