import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// `scrollPosition(id:anchor:)`: the binding follows the scrolled-to view of the `scrollTargetLayout()`
/// container, and setting it scrolls there.
@MainActor
struct ScrollPositionTests {
    @Observable final class Model { var position: Int? }

    struct Rows: View {
        @Bindable var model: Model
        let lazy: Bool
        var body: some View {
            VStack(spacing: 0) {
                Text("at \(model.position.map(String.init) ?? "none")").frame(height: 40)
                ScrollView {
                    if lazy {
                        LazyVStack(spacing: 0) { rows }.scrollTargetLayout()
                    } else {
                        VStack(spacing: 0) { rows }.scrollTargetLayout()
                    }
                }
                .scrollPosition(id: $model.position)
            }
        }
        private var rows: some View {
            ForEach(0..<60, id: \.self) { i in Text("Row \(i)").frame(maxWidth: .infinity).frame(height: 40) }
        }
    }

    @Test(arguments: [false, true]) func followsTheContentAndScrollsWhenSet(lazy: Bool) throws {
        let model = Model()
        let host = TestHost(rootView: Rows(model: model, lazy: lazy), width: 300, height: 440)
        host.runFrame()
        host.runFrame()
        #expect(model.position == 0, "the first row is at the top")
        let top = try #require(host.frame(ofText: "Row 0")).minY  // (each text is centred in its 40-point row)
        // A finger moves the content up by 410 points: row 10 reaches past the top edge (row 10 spans 400-440).
        host.drag(fromX: 150, fromY: 400, toX: 150, toY: -10, steps: 20)
        host.advance(seconds: 0.05)
        #expect(model.position == 10, "\(String(describing: model.position))")
        #expect(host.contains(text: "at 10"))
        // Set by the app: row 30 comes to the top.
        model.position = 30
        host.advance(seconds: 0.1)
        let row = try #require(host.frame(ofText: "Row 30"))
        #expect(row.minY == top, "\(row)")
        #expect(model.position == 30)
        // Inside withAnimation it moves over several frames.
        withAnimation(.linear(duration: 0.3)) { model.position = 5 }
        host.runFrame()
        host.advance(seconds: 0.1)
        let moving = host.frame(ofText: "Row 5")?.minY
        #expect(moving == nil || moving! < top, "still on its way: \(String(describing: moving))")
        host.advance(seconds: 0.5)
        #expect(host.frame(ofText: "Row 5")?.minY == top)
        #expect(model.position == 5)
    }
}
