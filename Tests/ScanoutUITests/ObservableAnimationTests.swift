import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// `withAnimation` around a change of an `@Observable` model animates the views that read it, as a `@State`
/// change does.
@MainActor
struct ObservableAnimationTests {
    @Observable final class Model { var x = 0.0 }

    struct Mover: View {
        let model: Model
        var body: some View {
            Text("Box").offset(x: model.x).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    @Test func aModelChangedInsideWithAnimationAnimates() throws {
        let model = Model()
        let host = TestHost(rootView: Mover(model: model), width: 400, height: 100)
        host.runFrame()
        let start = try #require(host.drawnFrame(ofText: "Box")).minX
        withAnimation(.linear(duration: 1)) { model.x = 100 }
        host.runFrame()
        host.advance(seconds: 0.5)
        let mid = try #require(host.drawnFrame(ofText: "Box")).minX - start
        #expect(abs(mid - 50) <= 3, "half way: \(mid)")
        host.advance(seconds: 0.6)
        #expect(try #require(host.drawnFrame(ofText: "Box")).minX - start == 100)
        // Outside withAnimation it jumps.
        model.x = 0
        host.runFrame()
        #expect(try #require(host.drawnFrame(ofText: "Box")).minX == start)
    }
}
