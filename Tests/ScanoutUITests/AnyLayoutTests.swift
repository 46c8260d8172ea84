import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// HStackLayout/VStackLayout/ZStackLayout as views, and AnyLayout switching between them with the views
/// (and their state) kept.
@MainActor
struct AnyLayoutTests {
    @Observable @MainActor final class Model { var wide = true }

    struct Counter: View {
        let name: String
        @State private var count = 0
        var body: some View {
            Button("\(name) \(count)") { count += 1 }.frame(width: 100, height: 40)
        }
    }

    struct Screen: View {
        let model: Model
        var body: some View {
            let layout = model.wide ? AnyLayout(HStackLayout(spacing: 0)) : AnyLayout(VStackLayout(spacing: 0))
            layout {
                Counter(name: "A")
                Counter(name: "B")
            }
        }
    }

    @Test func switchingLayoutKeepsStateAndMovesViews() async {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 400, height: 300)
        host.runFrame()
        host.tap(text: "B 0")
        host.runFrame()
        let beside = host.frame(ofText: "B 1")!, a = host.frame(ofText: "A 0")!
        #expect(abs(Double(beside.midY - a.midY)) < 1 && beside.midX > a.midX, "side by side")
        model.wide = false
        host.runFrame()
        let below = host.frame(ofText: "B 1")
        #expect(below != nil, "B kept its count across the switch")
        if let below, let a2 = host.frame(ofText: "A 0") {
            #expect(abs(Double(below.midX - a2.midX)) < 1 && below.midY > a2.midY, "stacked")
        }
    }

    @Test func stackLayoutsAsViewsAndSpacers() async {
        let host = TestHost(rootView: VStackLayout(alignment: .leading) {
            HStackLayout {
                Text("Left")
                Spacer()
                Text("Right")
            }
            ZStackLayout(alignment: .bottomTrailing) {
                Color.gray.frame(width: 200, height: 100)
                Text("Corner")
            }
        }.frame(width: 300), width: 300, height: 300)
        host.runFrame()
        let left = host.frame(ofText: "Left")!, right = host.frame(ofText: "Right")!
        #expect(left.minX < 5 && right.maxX > 295, "the spacer pushes them apart along the row")
        let corner = host.frame(ofText: "Corner")!
        #expect(abs(Double(corner.maxX) - 200) < 1, "bottom-trailing in the 200-point box: \(corner)")
    }
}
