// scanout-text-bench: frame times of a TextEditor holding a 10,000-line text, scrolled by a finger dragging
// 6 points per frame, and of typing into it, through the whole frame pipeline (input, update, layout,
// display list, damage + compose) of the headless host.
// Prints median and worst frame times in ms over FRAMES frames (default 300) at 800x480.
// PARAGRAPH=Benchmarks/scene/arabic-paragraph.txt instead times a 2,000-character Arabic paragraph laid out and
// drawn (Paragraph.swift), to compare with Benchmarks/peers/pango_paragraph.c (scripts/bench-paragraph runs both).
import Glibc
import ScanoutTesting
import ScanoutUI

struct Notes: View {
    @State var text: String
    var body: some View {
        TextEditor(text: $text).frame(width: 760, height: 440)
    }
}

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func report(_ name: String, _ times: [Double]) {
    let s = times.sorted()
    let median = s[s.count / 2] * 1000, worst = s.last! * 1000
    print("\(name): median \((median * 100).rounded() / 100) ms, worst \((worst * 100).rounded() / 100) ms over \(s.count) frames")
}

@MainActor func run() {
    let frames = Int(getenv("FRAMES").map { String(cString: $0) } ?? "") ?? 300
    let big = (0..<10_000).map { "line \($0): the quick brown fox jumps over the lazy dog" }.joined(separator: "\n")
    let host = TestHost(rootView: Notes(text: big), width: 800, height: 480)
    let setup = now()
    host.runFrame()
    print("first frame (10,000 lines): \(((now() - setup) * 1000 * 100).rounded() / 100) ms")

    var scroll: [Double] = []
    var y = 450.0
    host.touchDown(x: 400, y: y)
    host.runFrame()
    for _ in 0..<frames {
        y -= 6
        if y < 30 {  // lift and start again lower down
            host.touchUp(x: 400, y: y)
            host.runFrame()
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
    host.runFrame()
    report("scroll", scroll)

    host.tap(x: 400, y: 240)
    var typing: [Double] = []
    for i in 0..<min(frames, 200) {
        let t = now()
        host.press(KeyEquivalent(Character(UnicodeScalar(UInt8(97 + i % 26)))))  // two frames: down and up
        typing.append(now() - t)
    }
    report("typing (a key pressed and released: two frames)", typing)
}

if let file = getenv("PARAGRAPH").map({ String(cString: $0) }) {
    runParagraph(file: file, runs: Int(getenv("FRAMES").map { String(cString: $0) } ?? "") ?? 50)
} else {
    MainActor.assumeIsolated { run() }
}
