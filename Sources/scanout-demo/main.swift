// scanout-demo: the kiosk panel. Until the display backends exist it runs headless: it drives the frame
// pipeline (update, layout, display list, render) for a few simulated seconds and writes what it drew as PNG.
//
// usage: scanout-demo [--out DIR] [--size WxH] [--frames N]
import Glibc
import ScanoutImage
import ScanoutRender
import ScanoutUI

func fail(_ message: String) -> Never {
    var m = "scanout-demo: " + message + "\n"
    m.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(1)
}

func option(_ name: String, _ args: inout [String]) -> String? {
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    defer { args.removeSubrange(i...(i + 1)) }
    return args[i + 1]
}
var args = Array(CommandLine.arguments.dropFirst())
let outDir = option("--out", &args) ?? "out"
let sizeText = option("--size", &args) ?? "800x480"
let parts = sizeText.split(separator: "x").compactMap { Int($0) }
guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { fail("--size wants WxH, e.g. 800x480 (got \(sizeText))") }
let frames = max(1, Int(option("--frames", &args) ?? "") ?? 3)
if mkdir(outDir, 0o755) != 0 && errno != EEXIST { fail("cannot create \(outDir): \(String(cString: strerror(errno)))") }

@MainActor
func run() {
    let width = parts[0], height = parts[1]
    let target = PixelBuffer(width: width, height: height, format: .xrgb8888)
    let renderer = DisplayListRenderer(target: target)
    var committed = 0
    let host = ViewHost(rootView: Dashboard(tick: 0), size: CGSize(width: CGFloat(width), height: CGFloat(height)))
    for tick in 0..<frames {
        // Each frame shows new live values: the root view value changes; bodies re-run only where inputs changed.
        if tick > 0 { host.setRootView(Dashboard(tick: tick)) }
        host.update()
        host.layout()
        renderer.render(host.makeDisplayList(), background: .black)
        committed += 1
        let path = "\(outDir)/scanout-demo-\(width)x\(height)-\(tick).png"
        do { try PNGEncoder.write(target, toFile: path) } catch { fail("cannot write \(path): \(error)") }
        print("scanout-demo: frame \(tick) written to \(path)")
    }
    for w in host.warnings { print("scanout-demo: warning: \(w)") }
    print("scanout-demo: headless, \(committed) frames (no display backend yet)")
}
MainActor.assumeIsolated { run() }
