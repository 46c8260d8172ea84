// scanout-bench: draws the kiosk-dashboard scene with Scanout's rasterizer under the peers' protocol
// (single thread, WARMUP warm-up frames, FRAMES timed frames, median quoted; then the damage case) and
// prints one JSON line per size in the peers' format. Frames are written as PNG, and as raw BGRA for the
// shared bench's topng.py, to the output folder.
//
// usage: scanout-bench [W H] [--scene DIR] [--out DIR]     (no size: 800x480 and 1920x1080)
//
// It does not import Foundation, like the runtime modules, so its peak RSS is what an app would see
// (Foundation alone maps about 10 MiB); RSS is read after the timed frames, before the frames are written.
import Glibc
import BenchScene
import ScanoutRaster
import ScanoutText
import ScanoutImage

func write(_ fd: Int32, _ text: String) { BenchTools.write(fd, text) }
func fail(_ message: String) -> Never { BenchTools.fail("scanout-bench", message) }

struct Stat { var median, min, max, mean: Double }

func stat(_ v: [Double]) -> Stat {
    Stat(median: BenchTools.median(v), min: v.min() ?? 0, max: v.max() ?? 0, mean: v.reduce(0, +) / Double(max(v.count, 1)))
}

func json(_ s: Stat) -> String {
    "{\"median\":\(BenchTools.fixed4(s.median)),\"min\":\(BenchTools.fixed4(s.min)),\"max\":\(BenchTools.fixed4(s.max)),\"mean\":\(BenchTools.fixed4(s.mean))}"
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
    guard let f = fopen(base + ".bgra", "wb") else { fail("cannot write \(base).bgra: \(String(cString: strerror(errno)))") }
    for y in 0..<buffer.height { _ = fwrite(buffer.row(y), 1, buffer.width * 4, f) }
    fclose(f)
}

var args = Array(CommandLine.arguments.dropFirst())
// Default scene folder: Benchmarks/scene beside this file's folder.
let sceneDir = BenchTools.option("--scene", &args) ?? BenchTools.defaultSceneFolder
let outDir = BenchTools.option("--out", &args) ?? "bench-out"
var sizes: [(Int, Int)] = [(800, 480), (1920, 1080)]
if args.count >= 2, let w = Int(args[0]), let h = Int(args[1]) { sizes = [(w, h)] }
let frames = max(1, Int(BenchTools.environment("FRAMES") ?? "") ?? 200)
let warmup = max(0, Int(BenchTools.environment("WARMUP") ?? "") ?? 20)
if mkdir(outDir, 0o755) != 0 && errno != EEXIST {
    fail("cannot create the output folder \(outDir): \(String(cString: strerror(errno)))")
}

// The image the peers use: 256x256 premultiplied BGRA.
guard let image = BenchTools.loadImage(folder: sceneDir) else {
    fail("cannot read \(sceneDir)/image256.bgra (pass --scene DIR with the bench scene files)")
}
let font: Font
do { font = try Font(path: Font.defaultPath) } catch { fail("\(error)") }
let text = TextRenderer()

for (w, h) in sizes {
    let path = "\(sceneDir)/scene_\(w)x\(h).txt"
    guard let bytes = BenchTools.readFile(path) else { fail("cannot read \(path)") }
    let source = String(decoding: bytes, as: UTF8.self)
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
        let t0 = BenchTools.nowMs()
        renderer.drawFull()
        times[i] = BenchTools.nowMs() - t0
    }
    let full = stat(times)
    for i in 0..<warmup { renderer.drawDamage(state: i & 1) }
    for i in 0..<frames {
        let t0 = BenchTools.nowMs()
        renderer.drawDamage(state: (warmup + i) & 1)
        times[i] = BenchTools.nowMs() - t0
    }
    let damage = stat(times)
    if (warmup + frames - 1) & 1 == 0 { renderer.drawDamage(state: 1) }  // leave state B on screen, as the peers do
    let rss = peakRSSKiB()  // before writing files, whose encoding buffers are not the renderer's
    dump(target, to: "\(outDir)/scanout_\(w)x\(h)_damage")
    renderer.drawFull()  // the timed full frame again (rendering is deterministic)
    dump(target, to: "\(outDir)/scanout_\(w)x\(h)_full")
    let d = scene.damage.rect
    let line = "{\"peer\":\"scanout\",\"version\":\"scanout (Swift)\",\"W\":\(w),\"H\":\(h),\"frames\":\(frames),"
        + "\"full_ms\":\(json(full)),\"damage_ms\":\(json(damage)),\"damage_rect\":[\(d.x),\(d.y),\(d.width),\(d.height)],"
        + "\"peak_rss_kb\":\(rss),\"notes\":\"Swift, ScanoutRaster canvas ARGB8888, glyph mask cache, no kerning\"}\n"
    write(1, line)
}
