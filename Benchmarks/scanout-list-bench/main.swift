// scanout-list-bench: a List of N rows (default 10,000) beside the same rows in a ScrollView + LazyVStack,
// through the whole frame pipeline of the headless host at 800x480 (input, update, layout, display list,
// damage + compose): the first frame, a scroll frame (a finger dragging 6 points per frame), and a frame after
// one visible row's @Observable value changed. Prints the first frame and the median and worst of FRAMES
// frames (default 300) each. usage: scanout-list-bench [N]
import BenchScene
import Observation
import ScanoutTesting
import ScanoutUI

@Observable
final class Machine: Identifiable {
    let id: Int
    var reading: Int
    init(id: Int) { self.id = id; reading = id % 100 }
}

struct MachineRow: View {
    let machine: Machine
    var body: some View {
        HStack {
            Text("Machine \(machine.id)")
            Spacer()
            Text("\(machine.reading) %").monospacedDigit()
        }
    }
}

struct InList: View {
    let machines: [Machine]
    var body: some View {
        List(machines) { MachineRow(machine: $0) }
    }
}

struct InLazyStack: View {
    let machines: [Machine]
    var body: some View {
        ScrollView {
            LazyVStack(spacing: 0) {
                ForEach(machines) { MachineRow(machine: $0).padding(.horizontal, 16).frame(minHeight: 44) }
            }
        }
    }
}

func now() -> Double { BenchTools.nowMs() / 1000 }

func ms(_ seconds: Double) -> Double { (seconds * 1000 * 100).rounded() / 100 }

func summary(_ times: [Double]) -> String {
    let s = times.sorted()
    return "median \(ms(s[s.count / 2])) ms, worst \(ms(s.last!)) ms"
}

@MainActor func measure<V: View>(_ name: String, rows: Int, frames: Int, _ make: ([Machine]) -> V) {
    let machines = (0..<rows).map { Machine(id: $0) }
    let t0 = now()
    let host = TestHost(rootView: make(machines), width: 800, height: 480)
    host.host.verifiesRecordings = false  // (tests check every frame against a fresh recording; an app does not)
    host.runFrame()
    let first = now() - t0

    var scroll: [Double] = []
    var y = 450.0
    host.touchDown(x: 400, y: y)
    host.runFrame()
    for _ in 0..<frames {
        y -= 6
        if y < 30 {  // lift and start again lower down: the list keeps scrolling the same way
            host.touchUp(x: 400, y: y)
            host.advance(seconds: 0.5)
            y = 450
            host.touchDown(x: 400, y: y)
            host.runFrame()
            continue
        }
        host.touchMove(x: 400, y: y)
        let t = now()
        host.runFrame()
        scroll.append(now() - t)
    }
    host.touchUp(x: 400, y: y)
    host.advance(seconds: 1)

    // A row on screen now: the first visible "Machine n".
    let visible = host.visibleTexts.compactMap { $0.hasPrefix("Machine ") ? Int($0.dropFirst(8)) : nil }
    let target = machines[visible.first ?? 0]
    var change: [Double] = []
    for i in 0..<frames {
        target.reading = i % 100
        let t = now()
        host.runFrame()
        change.append(now() - t)
    }
    print("\(name) (\(rows) rows): first frame \(ms(first)) ms; scroll frame \(summary(scroll)); row change \(summary(change)); "
          + "\(visible.count) rows visible")
}

let args = CommandLine.arguments.dropFirst()
let rows = args.first.flatMap { Int($0) } ?? 10_000
let frames = Int(BenchTools.environment("FRAMES") ?? "") ?? 300
MainActor.assumeIsolated {
    measure("List", rows: rows, frames: frames) { InList(machines: $0) }
    measure("ScrollView + LazyVStack", rows: rows, frames: frames) { InLazyStack(machines: $0) }
}
