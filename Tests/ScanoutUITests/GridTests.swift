import Testing
@testable import ScanoutUI
import ScanoutTesting

/// `Grid`/`GridRow`: columns as wide as their widest cell, views across the grid, spans, column alignment.
@MainActor
struct GridTests {
    struct Readings: View {
        var body: some View {
            Grid(alignment: .leading, horizontalSpacing: 12, verticalSpacing: 6) {
                GridRow {
                    Text("Temperature").layoutProbe("label 0")
                    Text("21.5 °C").layoutProbe("value 0")
                    Text("ok").layoutProbe("state 0")
                }
                Divider().layoutProbe("divider")
                GridRow {
                    Text("Humidity").layoutProbe("label 1")
                    Text("40 %").layoutProbe("value 1").gridColumnAlignment(.trailing)
                    Text("high").layoutProbe("state 1")
                }
                GridRow {
                    Text("Both columns, spanned").layoutProbe("span").gridCellColumns(2)
                    Text("x").layoutProbe("state 2")
                }
            }
            .layoutProbe("grid")
        }
    }

    func frame(_ host: TestHost, _ id: String) throws -> CGRect { try #require(host.frame(ofProbe: id)) }

    @Test func cellsLineUpInColumns() throws {
        let host = TestHost(rootView: Readings(), width: 600, height: 300)
        host.runFrame()
        let l0 = try frame(host, "label 0"), l1 = try frame(host, "label 1")
        let v0 = try frame(host, "value 0"), v1 = try frame(host, "value 1")
        let s0 = try frame(host, "state 0"), s1 = try frame(host, "state 1")
        // Columns: labels leading-aligned at the grid's left; values in one column whose width is the widest
        // value's, aligned trailing (gridColumnAlignment); states in a third column.
        #expect(l0.minX == l1.minX)
        #expect(v0.maxX == v1.maxX)
        #expect(v0.minX >= l0.minX + max(l0.width, l1.width) + 12 - 0.5)
        #expect(s0.minX == s1.minX)
        // Rows stack with the vertical spacing; the divider runs across the grid between them.
        let divider = try frame(host, "divider"), grid = try frame(host, "grid")
        #expect(divider.width == grid.width)
        #expect(divider.minY >= l0.maxY + 6 - 0.5 && l1.minY >= divider.maxY + 6 - 0.5)
        // The spanned cell covers the first two columns; the third stays aligned.
        let span = try frame(host, "span"), s2 = try frame(host, "state 2")
        #expect(span.minX == l0.minX)
        #expect(s2.minX == s0.minX)
    }

    @Test func aRowOutsideAGridIsAnHStack() throws {
        struct Lone: View {
            var body: some View {
                GridRow {
                    Text("A").layoutProbe("a")
                    Text("B").layoutProbe("b")
                }
            }
        }
        let host = TestHost(rootView: Lone(), width: 300, height: 100)
        host.runFrame()
        let a = try frame(host, "a"), b = try frame(host, "b")
        #expect(b.minX > a.maxX)
        #expect(abs(a.midY - b.midY) < 1)
    }
}

/// A readings table in a `Grid`, at 800x480 in light and dark.
@MainActor
struct GridGoldenTests {
    struct Screen: View {
        let rows = [("Boiler", "82.4 °C", "Normal"), ("Return line", "61.0 °C", "Normal"),
                    ("Pressure", "2.31 bar", "High"), ("Flow", "14 L/min", "Normal")]
        var body: some View {
            VStack(alignment: .leading, spacing: 16) {
                Text("Heating circuit").font(.title)
                Grid(alignment: .leading, horizontalSpacing: 32, verticalSpacing: 12) {
                    GridRow {
                        Text("Sensor").font(.headline)
                        Text("Value").font(.headline).gridColumnAlignment(.trailing)
                        Text("State").font(.headline)
                    }
                    Divider()
                    ForEach(rows, id: \.0) { r in
                        GridRow {
                            Text(r.0)
                            Text(r.1).monospacedDigit()
                            Text(r.2).foregroundStyle(r.2 == "High" ? Color.orange : Color.secondary)
                        }
                    }
                    Divider()
                    GridRow {
                        Text("Last service 2026-10-02, next due in 38 days").foregroundStyle(.secondary).gridCellColumns(3)
                    }
                }
            }
            .padding(24)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    @Test func gridGoldens() {
        expectContainerGoldens("containers-grid-table", { Screen() })
    }
}
