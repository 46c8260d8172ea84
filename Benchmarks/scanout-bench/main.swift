// scanout-bench: draws the kiosk-dashboard scene with Scanout's rasterizer under the peers' protocol
// (single thread, WARMUP warm-up frames, FRAMES timed frames, median quoted; then the damage case) and
// prints one JSON line per size in the peers' format. Frames are written as PNG, and as raw BGRA for the
// shared bench's topng.py, to the output folder.
//
// usage: scanout-bench [W H] [--scene DIR] [--out DIR]     (no size: 800x480 and 1920x1080)
import Foundation
import BenchScene
import ScanoutRaster
import ScanoutText
import ScanoutImage

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(("scanout-bench: " + message + "\n").data(using: .utf8)!)
    exit(1)
}

func option(_ name: String, _ args: inout [String]) -> String? {
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    let v = args[i + 1]
    args.removeSubrange(i...(i + 1))
    return v
}

func nowMs() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

struct Stat { var median, min, max, mean: Double }

func stat(_ v: [Double]) -> Stat {
    let s = v.sorted()
    let n = s.count
    let med = n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2])
    return Stat(median: med, min: s.first ?? 0, max: s.last ?? 0, mean: s.reduce(0, +) / Double(max(n, 1)))
}

func json(_ s: Stat) -> String {
    String(format: "{\"median\":%.4f,\"min\":%.4f,\"max\":%.4f,\"mean\":%.4f}", s.median, s.min, s.max, s.mean)
}

func peakRSSKiB() -> Int {
    var u = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &u)
    return u.ru_maxrss
}

func dump(_ buffer: PixelBuffer, to base: String) {
    do {
        try PNGEncoder.write(buffer, toFile: base + ".png")
    } catch {
        fail("cannot write \(base).png: \(error)")
    }
    var raw = Data(capacity: buffer.width * buffer.height * 4)
    for y in 0..<buffer.height { raw.append(Data(bytes: buffer.row(y), count: buffer.width * 4)) }
    _ = FileManager.default.createFile(atPath: base + ".bgra", contents: raw)
}

var args = Array(CommandLine.arguments.dropFirst())
let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let sceneDir = option("--scene", &args) ?? here.appendingPathComponent("scene").path
let outDir = option("--out", &args) ?? "bench-out"
var sizes: [(Int, Int)] = [(800, 480), (1920, 1080)]
if args.count >= 2, let w = Int(args[0]), let h = Int(args[1]) { sizes = [(w, h)] }
let env = ProcessInfo.processInfo.environment
let frames = max(1, Int(env["FRAMES"] ?? "") ?? 200)
let warmup = max(0, Int(env["WARMUP"] ?? "") ?? 20)
do {
    try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
} catch {
    fail("cannot create the output folder \(outDir): \(error)")
}

// The image the peers use: 256x256 premultiplied BGRA.
guard let imageBytes = FileManager.default.contents(atPath: sceneDir + "/image256.bgra"), imageBytes.count == 256 * 256 * 4 else {
    fail("cannot read \(sceneDir)/image256.bgra (pass --scene DIR with the bench scene files)")
}
let image = PixelBuffer(width: 256, height: 256, format: .argb8888)
imageBytes.withUnsafeBytes { src in
    for y in 0..<256 { image.row(y).copyMemory(from: src.baseAddress! + y * 1024, byteCount: 1024) }
}
let font: Font
do { font = try Font(path: Font.defaultPath) } catch { fail("\(error)") }
let text = TextRenderer()

for (w, h) in sizes {
    let path = "\(sceneDir)/scene_\(w)x\(h).txt"
    guard let source = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    let scene: BenchScene
    do { scene = try BenchScene(text: source) } catch { fail("\(error)") }
    let target = PixelBuffer(width: w, height: h, format: .argb8888)
    // Scene text: no kerning, unhinted outlines, grayscale AA (the peers' protocol).
    let renderer = BenchSceneRenderer(scene: scene, target: target, image: image) { canvas, label, string in
        text.draw(string, font: font, size: label.size, at: Point(x: label.x, y: label.y),
                  color: RGBA(argb: label.color), kerning: false, on: canvas)
    }
    var times = [Double](repeating: 0, count: frames)
    for _ in 0..<warmup { renderer.drawFull() }
    for i in 0..<frames {
        let t0 = nowMs()
        renderer.drawFull()
        times[i] = nowMs() - t0
    }
    let full = stat(times)
    dump(target, to: "\(outDir)/scanout_\(w)x\(h)_full")
    for i in 0..<warmup { renderer.drawDamage(state: i & 1) }
    for i in 0..<frames {
        let t0 = nowMs()
        renderer.drawDamage(state: (warmup + i) & 1)
        times[i] = nowMs() - t0
    }
    let damage = stat(times)
    if (warmup + frames - 1) & 1 == 0 { renderer.drawDamage(state: 1) }  // leave state B on screen, as the peers do
    dump(target, to: "\(outDir)/scanout_\(w)x\(h)_damage")
    let d = scene.damage.rect
    let line = "{\"peer\":\"scanout\",\"version\":\"scanout (Swift)\",\"W\":\(w),\"H\":\(h),\"frames\":\(frames),"
        + "\"full_ms\":\(json(full)),\"damage_ms\":\(json(damage)),\"damage_rect\":[\(d.x),\(d.y),\(d.width),\(d.height)],"
        + "\"peak_rss_kb\":\(peakRSSKiB()),\"notes\":\"Swift, ScanoutRaster canvas ARGB8888, glyph mask cache, no kerning\"}\n"
    FileHandle.standardOutput.write(line.data(using: .utf8)!)
}
