import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// `anchorPreference`, `transformAnchorPreference`, `transformPreference`, `overlayPreferenceValue` and
/// `backgroundPreferenceValue`: geometry passed up and read back in an ancestor's coordinates.
@MainActor
struct AnchorPreferenceTests {
    struct TabBounds: PreferenceKey {
        static let defaultValue: [Int: Anchor<CGRect>] = [:]
        static func reduce(value: inout [Int: Anchor<CGRect>], nextValue: () -> [Int: Anchor<CGRect>]) {
            value.merge(nextValue()) { $1 }
        }
    }

    @Observable final class Model { var selected = 0; var wide = false }

    /// A tab strip whose underline sits under the selected tab, wherever layout puts it.
    struct Strip: View {
        let model: Model
        var body: some View {
            VStack {
                HStack(spacing: 30) {
                    ForEach(0..<3) { i in
                        Text(i == 1 && model.wide ? "Second, wider" : "Tab \(i)")
                            .anchorPreference(key: TabBounds.self, value: .bounds) { [i: $0] }
                    }
                }
                .padding(.top, 40)
                .overlayPreferenceValue(TabBounds.self) { anchors in
                    GeometryReader { proxy in
                        if let a = anchors[model.selected] {
                            Color.red.frame(width: proxy[a].width, height: 4).offset(x: proxy[a].minX, y: proxy[a].maxY + 2)
                        }
                    }
                }
                Spacer()
            }
            .frame(maxWidth: .infinity)
        }
    }

    /// Columns of red pixels in row `y`.
    private func redColumns(_ host: TestHost, y: Int) -> ClosedRange<Int>? {
        let xs = (0..<host.width).filter { let p = host.pixel(x: $0, y: y); return p.red > 200 && p.green < 60 }
        guard let first = xs.first, let last = xs.last else { return nil }
        return first...last
    }

    @Test func anUnderlineFollowsTheSelectedTab() throws {
        let model = Model()
        let host = TestHost(rootView: Strip(model: model), width: 480, height: 200)
        host.runFrame()
        let tab0 = try #require(host.frame(ofText: "Tab 0"))
        let y = Int(tab0.maxY) + 4
        var bar = try #require(redColumns(host, y: y), "the underline is drawn in the first frame")
        #expect(abs(Double(bar.lowerBound) - tab0.minX) <= 1 && abs(Double(bar.upperBound + 1) - tab0.maxX) <= 1, "\(bar) under \(tab0)")
        model.selected = 2
        host.runFrame()
        let tab2 = try #require(host.frame(ofText: "Tab 2"))
        bar = try #require(redColumns(host, y: y))
        #expect(abs(Double(bar.lowerBound) - tab2.minX) <= 1 && abs(Double(bar.upperBound + 1) - tab2.maxX) <= 1, "\(bar) under \(tab2)")
        // A layout change alone (the middle tab grows, the last one moves right) moves the underline in the same frame.
        model.wide = true
        host.runFrame()
        let moved = try #require(host.frame(ofText: "Tab 2"))
        #expect(moved.minX > tab2.minX + 20)
        bar = try #require(redColumns(host, y: y))
        #expect(abs(Double(bar.lowerBound) - moved.minX) <= 1, "\(bar) under \(moved)")
    }

    struct Tip: PreferenceKey {
        static let defaultValue: Anchor<CGPoint>? = nil
        static func reduce(value: inout Anchor<CGPoint>?, nextValue: () -> Anchor<CGPoint>?) { value = value ?? nextValue() }
    }

    struct Labels: PreferenceKey {
        static let defaultValue: [String] = []
        static func reduce(value: inout [String], nextValue: () -> [String]) { value += nextValue() }
    }

    struct Pointer: View {
        @State private var labels: [String] = []
        var body: some View {
            VStack(alignment: .leading) {
                Text("Pump").preference(key: Labels.self, value: ["pump"])
                Text("Valve").preference(key: Labels.self, value: ["valve"])
                    .anchorPreference(key: Tip.self, value: .bottomTrailing) { $0 }
                Text("Labels: \(labels.joined(separator: ","))")
            }
            .transformPreference(Labels.self) { $0 = $0.map { $0.uppercased() } }
            .onPreferenceChange(Labels.self) { labels = $0 }
            .padding(50)
            .backgroundPreferenceValue(Tip.self, alignment: .topLeading) { tip in
                GeometryReader { proxy in
                    if let tip {
                        Color.blue.frame(width: 6, height: 6).offset(x: proxy[tip].x, y: proxy[tip].y)
                    }
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    @Test func aPointAnchorBehindAndATransformedPreference() throws {
        let host = TestHost(rootView: Pointer(), width: 400, height: 300)
        host.runFrame()
        host.runFrame()
        #expect(host.contains(text: "Labels: PUMP,VALVE"), "transformPreference changed the content's value")
        let valve = try #require(host.frame(ofText: "Valve"))
        // The blue square's top-left corner is at the label's bottom-trailing point.
        let p = host.pixel(x: Int(valve.maxX) + 2, y: Int(valve.maxY) + 2)
        #expect(p.blue > 200 && p.red < 60, "\(p) at \(valve.maxX), \(valve.maxY)")
        let before = host.pixel(x: Int(valve.maxX) - 3, y: Int(valve.maxY) + 2)
        #expect(!(before.blue > 200 && before.red < 60))
    }

    struct Accumulated: PreferenceKey {
        static let defaultValue: [Anchor<CGRect>] = []
        static func reduce(value: inout [Anchor<CGRect>], nextValue: () -> [Anchor<CGRect>]) { value += nextValue() }
    }

    final class Seen { var rects: [CGRect] = [] }

    @Test func transformAnchorPreferenceAddsToTheContentsValue() throws {
        let box = Seen()
        let host = TestHost(rootView: VStack {
            Text("Inner").anchorPreference(key: Accumulated.self, value: .bounds) { [$0] }
                .padding(10)
                .transformAnchorPreference(key: Accumulated.self, value: .bounds) { $0.append($1) }
                .overlayPreferenceValue(Accumulated.self) { anchors in
                    GeometryReader { proxy in
                        let _ = box.rects = anchors.map { proxy[$0] }  // as the proxy reads them, last layout's
                        Color.clear
                    }
                }
        }, width: 300, height: 200)
        host.runFrame()
        let seen = box.rects
        #expect(seen.count == 2, "\(seen)")
        if seen.count == 2 {
            #expect(seen[1].origin == .zero, "the outer view's own bounds, in its own coordinates")
            #expect(seen[0].minX == 10 && seen[0].minY == 10 && seen[0].width == seen[1].width - 20)
        }
    }
}
