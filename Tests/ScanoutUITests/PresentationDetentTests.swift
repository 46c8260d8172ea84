import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// presentationDetents, presentationDragIndicator and interactiveDismissDisabled on a sheet.
@MainActor
struct PresentationDetentTests {
    @Observable @MainActor final class Model {
        var shown = true
        var detent = PresentationDetent.medium
    }

    struct Screen: View {
        @Bindable var model: Model
        var locked = false
        var body: some View {
            Color.white
                .sheet(isPresented: $model.shown) {
                    VStack {
                        Text("Sheet top")
                        Spacer()
                    }
                    .presentationDetents([.medium, .large], selection: $model.detent)
                    .interactiveDismissDisabled(locked)
                }
        }
    }

    /// The sheet's top edge (its card's, from the text at its top: the card has 8 + 5 points of indicator
    /// and 24 of padding above the text).
    private func sheetTop(_ host: TestHost) -> Double? { host.frame(ofText: "Sheet top").map { Double($0.minY) - 37 } }

    @Test func restsAtTheSmallestDetentAndMovesUpWithADrag() async {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 800, height: 480)
        host.advance(seconds: 0.5)
        let top = sheetTop(host)!
        #expect(abs(top - 240) < 2, "half the screen: \(top)")
        host.drag(fromX: 400, fromY: top + 10, toX: 400, toY: top - 200, steps: 8)
        host.advance(seconds: 0.5)
        let large = sheetTop(host)!
        #expect(abs(large - (480 - 442)) < 2, "the large detent: \(large)")
        #expect(model.detent == .large)
    }

    @Test func dragDownClosesUnlessDisabled() async {
        for locked in [false, true] {
            let model = Model()
            let host = TestHost(rootView: Screen(model: model, locked: locked), width: 800, height: 480)
            host.advance(seconds: 0.5)
            let top = sheetTop(host)!
            host.drag(fromX: 400, fromY: top + 10, toX: 400, toY: 470, steps: 8)
            host.advance(seconds: 0.5)
            #expect(model.shown == locked, locked ? "interactive dismissal disabled: it stays" : "thrown down: it closes")
            host.tap(x: 400, y: 100)
            host.advance(seconds: 0.5)
            #expect(model.shown == locked, "a tap outside closes it only when allowed")
        }
    }

    struct Cornered: View {
        var radius: CGFloat?
        @State private var shown = true
        var body: some View {
            Color.black
                .sheet(isPresented: $shown) {
                    Text("Sheet top").frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
                        .presentationDetents([.medium])
                        .presentationCornerRadius(radius)
                }
        }
    }

    /// The first row from the top (at or below `from`) where column `x` shows the sheet's colour.
    private func edge(_ host: TestHost, x: Int, from: Int, sheet: RGBA) -> Int? {
        (from..<480).first { host.pixel(x: x, y: $0) == sheet }
    }

    @Test func presentationCornerRadiusRoundsTheCard() throws {
        var drops: [CGFloat?: Int] = [:]
        for radius in [nil, 0, 40] as [CGFloat?] {
            let host = TestHost(rootView: Cornered(radius: radius), width: 800, height: 480)
            host.advance(seconds: 0.5)
            let top = try #require(sheetTop(host))
            let sheet = host.pixel(x: 400, y: Int(top) + 20)
            let middle = try #require(edge(host, x: 400, from: Int(top) - 4, sheet: sheet))
            let corner = try #require(edge(host, x: 25, from: Int(top) - 4, sheet: sheet))  // the card is inset 24 pt
            drops[radius] = corner - middle
        }
        #expect(drops[0] == 0, "square corners: \(drops)")
        #expect(drops[nil]! > 5 && drops[nil]! < 16, "the system's 16: \(drops)")
        #expect(drops[40]! > drops[nil]!, "a larger radius: \(drops)")
    }
}
