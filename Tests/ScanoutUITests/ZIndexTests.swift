import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// zIndex: a higher index draws above and is hit first; equal indices keep their order; found through an
/// `if`; a change of index redraws in the new order.
@MainActor
struct ZIndexTests {
    @Observable @MainActor final class Model {
        var redOnTop = true
        var showsBanner = true
        var taps: [String] = []
    }

    struct Stack: View {
        let model: Model
        var body: some View {
            ZStack {
                Color.red.frame(width: 100, height: 100)
                    .onTapGesture { model.taps.append("red") }
                    .zIndex(model.redOnTop ? 1 : 0)
                Color.blue.frame(width: 100, height: 100)
                    .onTapGesture { model.taps.append("blue") }
                if model.showsBanner {
                    Color.green.frame(width: 50, height: 50).zIndex(-1)
                }
            }
        }
    }

    /// (The second half also checks damage: only the order of two identical-looking items changed, and the
    /// frame must be repainted where they overlap.)
    @Test func higherIndexDrawsAboveAndTakesTheTap() async {
        let model = Model()
        let host = TestHost(rootView: Stack(model: model), width: 200, height: 200)
        host.runFrame()
        let top = host.pixel(x: 100, y: 100)
        #expect(top.red > 200 && top.blue < 100, "red (zIndex 1) above blue, though written before it: \(top)")
        host.tap(x: 100, y: 100)
        host.runFrame()
        #expect(model.taps == ["red"])
        // Green (zIndex -1, inside an `if`) is under both.
        #expect(host.pixel(x: 100, y: 100).green < 200)
        model.redOnTop = false
        host.runFrame()
        #expect(host.pixel(x: 100, y: 100).blue > 200, "equal indices: written order, blue last: \(host.pixel(x: 100, y: 100))")
        host.tap(x: 100, y: 100)
        host.runFrame()
        #expect(model.taps == ["red", "blue"])
    }
}
