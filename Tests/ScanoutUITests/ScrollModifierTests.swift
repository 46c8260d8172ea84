import Testing
import ScanoutUI
import ScanoutTesting

/// scrollDisabled and scrollIndicators.
@MainActor
struct ScrollModifierTests {
    struct Rows: View {
        var disabled = false
        var indicators = ScrollIndicatorVisibility.automatic
        var body: some View {
            ScrollView {
                VStack(spacing: 0) {
                    ForEach(0..<40) { i in Text("Row \(i)").frame(maxWidth: .infinity).frame(height: 40) }
                }
            }
            .scrollDisabled(disabled)
            .scrollIndicators(indicators)
            .background(Color.white)
        }
    }

    private func top(_ host: TestHost) -> Double { Double(host.frame(ofText: "Row 0")!.midY) }

    @Test func scrollDisabledIgnoresTheFinger() async {
        let host = TestHost(rootView: Rows(disabled: true), width: 320, height: 240)
        host.runFrame()
        let before = top(host)
        host.drag(fromX: 160, fromY: 200, toX: 160, toY: 50, steps: 6)
        host.runFrame()
        #expect(top(host) == before)
        let free = TestHost(rootView: Rows(disabled: false), width: 320, height: 240)
        free.runFrame()
        free.drag(fromX: 160, fromY: 200, toX: 160, toY: 50, steps: 6)
        free.runFrame()
        #expect(top(free) < before, "the same drag scrolls an enabled scroll view")
    }

    /// The indicator is drawn along the trailing edge while the finger scrolls, unless hidden.
    private func indicatorShows(_ visibility: ScrollIndicatorVisibility) -> Bool {
        let host = TestHost(rootView: Rows(indicators: visibility), width: 320, height: 240)
        host.runFrame()
        host.touchDown(x: 100, y: 200)
        host.runFrame()
        for y in stride(from: 190.0, through: 120, by: -10) {
            host.touchMove(x: 100, y: y)
            host.runFrame()
        }
        let column = (0..<240).map { host.pixel(x: 316, y: $0) }
        host.touchUp(x: 100, y: 120)
        host.runFrame()
        return column.contains { $0.red < 200 }
    }

    @Test func scrollIndicatorsHidden() async {
        #expect(indicatorShows(.automatic))
        #expect(indicatorShows(.visible))
        #expect(!indicatorShows(.hidden))
        #expect(!indicatorShows(.never))
    }
}
