import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRaster
import GoldenImages

/// `List`, `Section`, selection, lazy rows and the list styles, through TestHost.
@Suite @MainActor struct ListTests {
    struct Machine: Identifiable, Hashable {
        let id: Int
        var name: String
    }

    static let machines = (1...5).map { Machine(id: $0, name: "Press \($0)") }

    private struct SingleSelection: View {
        @State var selected: Int?
        var body: some View {
            VStack(spacing: 0) {
                Text("Selected: \(selected.map(String.init) ?? "none")")
                List(ListTests.machines, selection: $selected) { machine in
                    Text(machine.name)
                }
            }
        }
    }

    @Test func tappingARowSelectsIt() {
        let host = TestHost(rootView: SingleSelection(), width: 400, height: 480)
        host.runFrame()
        #expect(host.contains(text: "Selected: none"))
        host.tap(text: "Press 3")
        host.runFrame()
        #expect(host.contains(text: "Selected: 3"))
        host.tap(text: "Press 1")
        host.runFrame()
        #expect(host.contains(text: "Selected: 1"))
    }

    @Test func aTapOnTheCellOutsideTheTextSelectsToo() throws {
        let host = TestHost(rootView: SingleSelection(), width: 400, height: 480)
        host.runFrame()
        let label = try #require(host.frame(ofText: "Press 2"))
        host.tap(x: 300, y: Double(label.midY))
        host.runFrame()
        #expect(host.contains(text: "Selected: 2"))
    }

    private struct MultipleSelection: View {
        @State var selected: Set<Int> = []
        var body: some View {
            VStack(spacing: 0) {
                Text("Count: \(selected.count)")
                List(ListTests.machines, selection: $selected) { Text($0.name) }
            }
        }
    }

    @Test func multipleSelectionTogglesRows() {
        let host = TestHost(rootView: MultipleSelection(), width: 400, height: 480)
        host.runFrame()
        host.tap(text: "Press 2"); host.runFrame()
        host.tap(text: "Press 4"); host.runFrame()
        #expect(host.contains(text: "Count: 2"))
        host.tap(text: "Press 2"); host.runFrame()
        #expect(host.contains(text: "Count: 1"))
    }

    final class Counter { var appeared = Set<Int>(); var alive = 0 }

    private struct Thousands: View {
        let counter: Counter
        var body: some View {
            List {
                ForEach(0..<5000, id: \.self) { i in
                    Text("Row \(i)").onAppear { counter.appeared.insert(i) }
                }
            }
        }
    }

    @Test func thousandsOfRowsMakeOnlyTheVisibleOnes() async {
        let counter = Counter()
        let host = TestHost(rootView: Thousands(counter: counter), width: 400, height: 480)
        await host.runFrames(3)
        #expect(host.contains(text: "Row 0"))
        #expect(!host.contains(text: "Row 100"))
        #expect(counter.appeared.count > 5)
        #expect(counter.appeared.count < 20)
        host.fling(fromX: 200, fromY: 400, toX: 200, toY: 50, steps: 8)
        await host.runFrames(120)
        #expect(!host.contains(text: "Row 0"))
        #expect(counter.appeared.count < 200)
    }

    private struct Sections: View {
        var body: some View {
            List {
                Section("Network") {
                    Text("Address")
                    Text("Gateway")
                }
                Section {
                    Text("Brightness")
                } header: {
                    Text("Display")
                } footer: {
                    Text("Dims after five minutes without a touch.")
                }
            }
        }
    }

    @Test func sectionsShowHeadersRowsAndFootersInOrder() throws {
        let host = TestHost(rootView: Sections(), width: 400, height: 480)
        host.runFrame()
        let order = try ["Network", "Address", "Gateway", "Display", "Brightness", "Dims after five minutes without a touch."]
            .map { try #require(host.frame(ofText: $0)).minY }
        #expect(order == order.sorted())
        // Rows are at least a fingertip high.
        let a = try #require(host.frame(ofText: "Address")), g = try #require(host.frame(ofText: "Gateway"))
        #expect(g.minY - a.minY >= 44)
    }

    @Test func plainRowsSpanTheWidthAndGroupedOnesAreInset() throws {
        struct Styled: View {
            let plain: Bool
            var body: some View {
                if plain { List { Text("Row") }.listStyle(.plain) } else { List { Text("Row") }.listStyle(.insetGrouped) }
            }
        }
        let plain = TestHost(rootView: Styled(plain: true), width: 400, height: 200)
        plain.runFrame()
        let inset = TestHost(rootView: Styled(plain: false), width: 400, height: 200)
        inset.runFrame()
        let p = try #require(plain.frame(ofText: "Row")), i = try #require(inset.frame(ofText: "Row"))
        #expect(i.minX > p.minX)
    }
}
