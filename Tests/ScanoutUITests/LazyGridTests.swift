import Testing
@testable import ScanoutUI
import ScanoutTesting

/// `LazyVGrid`/`LazyHGrid` with fixed, flexible and adaptive `GridItem`s.
@MainActor
struct LazyGridTests {
    struct Tiles: View {
        let columns: [GridItem]
        let count: Int
        var body: some View {
            ScrollView {
                LazyVGrid(columns: columns, spacing: 10) {
                    ForEach(0..<count, id: \.self) { i in
                        Color.blue.frame(height: 40).layoutProbe("tile \(i)")
                    }
                }
                .padding(0)
            }
        }
    }

    func frames(_ host: TestHost, _ count: Int) throws -> [CGRect] {
        try (0..<count).map { try #require(host.frame(ofProbe: "tile \($0)")) }
    }

    @Test func flexibleColumnsShareTheWidth() throws {
        let host = TestHost(rootView: Tiles(columns: Array(repeating: GridItem(.flexible()), count: 3), count: 7), width: 332, height: 400)
        host.runFrame()
        let f = try frames(host, 7)
        // (332 - 2 × 8) / 3 = 105.33 each, 8 apart; rows of 40, 10 apart.
        #expect(abs(f[0].width - 105.33) < 1)
        #expect(abs(f[1].minX - (f[0].maxX + 8)) < 1)
        #expect(f[3].minY == f[0].maxY + 10)
        #expect(f[3].minX == f[0].minX)
        #expect(f[6].minY == f[3].maxY + 10)  // the seventh tile starts a third row
        #expect(abs(f[2].maxX - 332) < 1)
    }

    @Test func adaptiveColumnsFitAsManyAsTheyCan() throws {
        let host = TestHost(rootView: Tiles(columns: [GridItem(.adaptive(minimum: 100))], count: 10), width: 440, height: 400)
        host.runFrame()
        let f = try frames(host, 10)
        // (440 + 8) / (100 + 8) = 4.1: four columns of (440 - 24) / 4 = 104.
        #expect(f[3].minY == f[0].minY)
        #expect(f[4].minY > f[0].minY)
        #expect(abs(f[0].width - 104) < 1)
    }

    @Test func fixedAndFlexibleColumnsMix() throws {
        let host = TestHost(rootView: Tiles(columns: [GridItem(.fixed(60)), GridItem(.flexible(maximum: 100)), GridItem(.flexible())], count: 3),
                            width: 400, height: 300)
        host.runFrame()
        let f = try frames(host, 3)
        #expect(f[0].width == 60)
        #expect(f[1].width == 100)                       // capped at its maximum
        #expect(abs(f[2].width - (400 - 60 - 16) / 2) < 1)  // its share of what the fixed column left
    }

    struct Rows: View {
        var body: some View {
            ScrollView(.horizontal) {
                LazyHGrid(rows: [GridItem(.fixed(50)), GridItem(.fixed(50))], spacing: 12) {
                    ForEach(0..<5, id: \.self) { i in
                        Color.green.frame(width: 70).layoutProbe("cell \(i)")
                    }
                }
            }
        }
    }

    @Test func aHorizontalGridFillsRowsDownThenColumnsAcross() throws {
        let host = TestHost(rootView: Rows(), width: 400, height: 200)
        host.runFrame()
        let c0 = try #require(host.frame(ofProbe: "cell 0")), c1 = try #require(host.frame(ofProbe: "cell 1"))
        let c2 = try #require(host.frame(ofProbe: "cell 2"))
        #expect(c1.minX == c0.minX && c1.minY == c0.maxY + 8)
        #expect(c2.minX == c0.maxX + 12 && c2.minY == c0.minY)
        #expect(c0.height == 50)
    }

    struct Dashboard: View {
        @State var taps = 0
        var body: some View {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))]) {
                ForEach(["Oven", "Fridge", "Door", "Lights"], id: \.self) { name in
                    Button(name) { taps += 1 }
                }
                Text("Taps \(taps)")
            }
        }
    }

    @Test func cellsTakeTouches() {
        let host = TestHost(rootView: Dashboard(), width: 600, height: 300)
        host.runFrame()
        host.tap(text: "Door")
        #expect(host.contains(text: "Taps 1"))
    }
}

/// A dashboard of tiles in an adaptive grid, at 800x480 in light and dark.
@MainActor
struct LazyGridGoldenTests {
    struct Tile: View {
        let name: String
        let value: String
        let symbol: String
        var body: some View {
            VStack(alignment: .leading, spacing: 6) {
                Label(name, systemImage: symbol).font(.headline)
                Text(value).font(.title).monospacedDigit()
            }
            .padding(14)
            .frame(maxWidth: .infinity, minHeight: 96, alignment: .leading)
            .background(.blue.opacity(0.15), in: RoundedRectangle(cornerRadius: 12))
        }
    }

    struct Screen: View {
        let tiles = [("Oven", "182 °C", "flame"), ("Fridge", "4 °C", "thermometer"), ("Door", "Closed", "lock"),
                     ("Lights", "On", "lightbulb"), ("Power", "2.4 kW", "bolt"), ("Water", "38 L", "drop"),
                     ("Fan", "1200 rpm", "fan"), ("Alarms", "None", "bell")]
        var body: some View {
            ScrollView {
                LazyVGrid(columns: [GridItem(.adaptive(minimum: 170))], spacing: 12) {
                    ForEach(tiles, id: \.0) { t in Tile(name: t.0, value: t.1, symbol: t.2) }
                }
                .padding(16)
            }
        }
    }

    @Test func gridGoldens() {
        expectContainerGoldens("containers-grid", { Screen() })
    }
}
