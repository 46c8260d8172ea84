import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// Forms SwiftUI code still writes: `edgesIgnoringSafeArea` (deprecated, as `ignoresSafeArea(edges:)`),
/// `equatable()`/`EquatableView` (the body evaluated again only when `==` says so), `onOpenURL` (accepted).
@MainActor
struct DeprecatedAndExplicitFormsTests {
    @Test func edgesIgnoringSafeAreaReachesTheEdgesItNames() {
        let host = TestHost(rootView: ZStack { Color.red.edgesIgnoringSafeArea(.top); Text("Over") }, width: 300, height: 200)
        host.safeAreaInsets = EdgeInsets(top: 20, leading: 0, bottom: 30, trailing: 0)
        host.runFrame()
        let red = host.pixel(x: 150, y: 100)
        #expect(red.red > 200 && red.green < 80)
        #expect(host.pixel(x: 150, y: 5) == red, "past the top inset")
        #expect(host.pixel(x: 150, y: 195) != red, "not past the bottom one")
    }

    @Observable final class Model {
        var reading = 20
        var noise = 0
        var bodies = 0
    }

    /// Equal when the rounded reading is: the noise is left out of `==`.
    struct Gauge: View, Equatable {
        let reading: Int
        let noise: Int
        let model: Model
        var body: some View {
            model.bodies += 1
            return Text("\(reading / 10 * 10) °C")
        }
        nonisolated static func == (a: Gauge, b: Gauge) -> Bool { a.reading / 10 == b.reading / 10 }
    }

    struct Screen: View {
        let model: Model
        var body: some View {
            VStack {
                Gauge(reading: model.reading, noise: model.noise, model: model).equatable()
                Text("noise \(model.noise)")
            }
            .onOpenURL { _ in model.reading = -1 }
        }
    }

    @Test func anEquatableViewIsEvaluatedAgainOnlyWhenItsEqualitySaysSo() {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 300, height: 200)
        host.runFrame()
        #expect(model.bodies == 1)
        #expect(host.contains(text: "20 °C"))
        model.noise = 5
        model.reading = 24
        host.runFrame()
        #expect(host.contains(text: "noise 5"), "the screen was evaluated again")
        #expect(model.bodies == 1, "equal by its ==: not evaluated again")
        model.reading = 31
        host.runFrame()
        #expect(model.bodies == 2)
        #expect(host.contains(text: "30 °C"))
    }
}
