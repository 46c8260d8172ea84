// scanout-graph-bench: what ScanoutUI's update pipeline costs as the tree grows. A list of N rows (sections of
// 100 rows in a VStack, each row a user view with its own @State that also reads an @Observable item), driven
// through a ViewHost as a display would:
//
//   first frame   update (bodies, reconcile, appear), layout, display list
//   one change    one row's @State, then one row's @Observable property: update time, bodies run, rules
//                 re-evaluated and attributes dirtied (should be flat in N), then layout and display list
//                 (a full relayout and a full display list today: O(N))
//
// Prints a table and one JSON line per size. usage: scanout-graph-bench [N ...] [--no-header]
// (default N: 1000 10000 100000). scripts/bench-graph runs one size per process, so peak RSS is per size.
import Glibc
import Observation
import ScanoutUI

// MARK: The tree

@Observable
final class RowItem {
    var title: String
    init(title: String) { self.title = title }
}

/// The rows' data, and the bindings of the rows a change will be made in (handed out by their bodies).
@MainActor
final class ListModel {
    let items: [RowItem]
    let sectionSize = 100
    let probed: Set<Int>
    var bindings: [Int: Binding<Int>] = [:]

    init(rows: Int, probed: Set<Int>) {
        items = (0..<rows).map { RowItem(title: "Row \($0)") }
        self.probed = probed
    }

    var sectionCount: Int { (items.count + sectionSize - 1) / sectionSize }
    func rows(ofSection s: Int) -> Range<Int> { s * sectionSize..<min(items.count, (s + 1) * sectionSize) }

    func register(_ row: Int, _ binding: @autoclosure () -> Binding<Int>) {
        if probed.contains(row) { bindings[row] = binding() }
    }
}

struct Row: View {
    let index: Int
    let model: ListModel
    @State private var count = 0
    var body: some View {
        let _ = model.register(index, $count)
        HStack(spacing: 4) {
            Text(model.items[index].title)
            Text("\(count)")
        }
        .padding(.horizontal, 8)
    }
}

struct ListSection: View {
    let index: Int
    let model: ListModel
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("Section \(index)").bold()
            ForEach(model.rows(ofSection: index)) { row in
                Row(index: row, model: model)
            }
        }
        .padding(.vertical, 4)
    }
}

struct ListScreen: View {
    let model: ListModel
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0..<model.sectionCount) { s in
                ListSection(index: s, model: model)
            }
        }
    }
}

// MARK: Measuring

func print(fd: Int32, _ text: String) {
    var text = text + "\n"
    text.withUTF8 { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
}

/// Milliseconds `work` takes on the monotonic clock.
@MainActor
func milliseconds(_ work: () -> Void) -> Double {
    let start = ContinuousClock.now
    work()
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// `ms` with three decimals (no Foundation here: the runtime does without it, and so does its benchmark).
func ms(_ value: Double) -> String {
    let micro = Int((value * 1000).rounded())
    let frac = String(micro % 1000)
    return "\(micro / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
}

func padded(_ s: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }

/// Peak resident set size so far, in MiB.
func peakRSSMiB() -> Int {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss / 1024
}

/// The cost of one change: update (time, bodies, rule evaluations, attributes dirtied), then layout and
/// display list. Medians over the probed rows (integers are the same for each in practice; the median is quoted).
struct ChangeCost {
    var update: [Double] = [], layout: [Double] = [], displayList: [Double] = []
    var bodies: [Double] = [], evaluations: [Double] = [], invalidations: [Double] = []

    @MainActor mutating func measure(_ host: ViewHost, change: () -> Void) {
        let (b, e, i) = (host.bodyEvaluations, host.graph.evaluations, host.graph.invalidations)
        change()
        update.append(milliseconds { host.update() })
        bodies.append(Double(host.bodyEvaluations - b))
        evaluations.append(Double(host.graph.evaluations - e))
        invalidations.append(Double(host.graph.invalidations - i))
        layout.append(milliseconds { host.layout() })
        displayList.append(milliseconds { _ = host.makeDisplayList() })
    }

    func json(_ prefix: String) -> String {
        "\"\(prefix)_update_ms\":\(ms(median(update))),\"\(prefix)_bodies\":\(Int(median(bodies))),"
            + "\"\(prefix)_rule_evaluations\":\(Int(median(evaluations))),\"\(prefix)_invalidations\":\(Int(median(invalidations))),"
            + "\"\(prefix)_layout_ms\":\(ms(median(layout))),\"\(prefix)_display_list_ms\":\(ms(median(displayList)))"
    }
}

struct SizeResult {
    let rows: Int
    var userViews = 0
    var firstUpdate: [Double] = [], firstLayout: [Double] = [], firstDisplayList: [Double] = []
    var state = ChangeCost(), observable = ChangeCost()
}

@MainActor
func run(rows: Int) -> SizeResult {
    var result = SizeResult(rows: rows)
    let probes = 5
    let probed = Set((0..<probes).map { (rows / (probes + 1)) * ($0 + 1) })
    let size = CGSize(width: 480, height: 800)
    // The first frame is made again on fresh hosts (fewer times for big trees); the changes use the last one.
    let repeats = rows <= 10_000 ? 5 : 1
    var host: ViewHost!
    var model: ListModel!
    for _ in 0..<repeats {
        host = nil
        model = ListModel(rows: rows, probed: probed)
        let m = model!
        var h: ViewHost!
        result.firstUpdate.append(milliseconds {
            h = ViewHost(rootView: ListScreen(model: m), size: size)
            h.update()
        })
        host = h
        result.firstLayout.append(milliseconds { h.layout() })
        result.firstDisplayList.append(milliseconds { _ = h.makeDisplayList() })
    }
    result.userViews = host.bodyEvaluations
    for row in probed.sorted() {
        result.state.measure(host) { model.bindings[row]!.wrappedValue += 1 }
    }
    for row in probed.sorted() {
        result.observable.measure(host) { model.items[row].title = "Changed \(row)" }
    }
    return result
}

// MARK: Main

var arguments = Array(CommandLine.arguments.dropFirst())
let header = !arguments.contains("--no-header")
arguments.removeAll { $0 == "--no-header" }
let sizes = arguments.isEmpty ? [1000, 10_000, 100_000] : arguments.map { Int($0) ?? 0 }.filter { $0 > 0 }

/// Table columns: title (two lines) and value, right-aligned in a fixed width.
let columns = [("", "rows"), ("user", "views"),
               ("first frame", "update ms"), ("first frame", "layout ms"), ("first frame", "disp.list ms"),
               ("@State chg", "update ms"), ("@State chg", "bodies"), ("@State chg", "rules run"), ("@State chg", "dirtied"),
               ("@State chg", "layout ms"), ("@State chg", "disp.list ms"),
               ("@Observable", "update ms"), ("@Observable", "bodies"), ("peak RSS", "MiB")]
func row(_ cells: [String]) -> String { cells.map { padded($0, 13) }.joined() }

MainActor.assumeIsolated {
    _ = run(rows: 200)  // warm-up: fonts, metadata, caches
    if header {
        print(fd: 1, row(columns.map(\.0)))
        print(fd: 1, row(columns.map(\.1)))
    }
    var lines: [String] = []
    for rows in sizes {
        let r = run(rows: rows)
        let s = r.state, o = r.observable
        print(fd: 1, row(["\(r.rows)", "\(r.userViews)",
                          ms(median(r.firstUpdate)), ms(median(r.firstLayout)), ms(median(r.firstDisplayList)),
                          ms(median(s.update)), "\(Int(median(s.bodies)))", "\(Int(median(s.evaluations)))",
                          "\(Int(median(s.invalidations)))", ms(median(s.layout)), ms(median(s.displayList)),
                          ms(median(o.update)), "\(Int(median(o.bodies)))", "\(peakRSSMiB())"]))
        lines.append("{\"bench\":\"scanout-graph\",\"rows\":\(r.rows),\"user_views\":\(r.userViews),"
            + "\"first_update_ms\":\(ms(median(r.firstUpdate))),\"first_layout_ms\":\(ms(median(r.firstLayout))),"
            + "\"first_display_list_ms\":\(ms(median(r.firstDisplayList))),"
            + s.json("state_change") + "," + o.json("observable_change") + ",\"peak_rss_mib\":\(peakRSSMiB())}")
    }
    for line in lines { print(fd: 1, line) }
}
