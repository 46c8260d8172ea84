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

/// Writes straight to a file descriptor (C's stdout/stderr globals are not concurrency-safe in Swift 6).
func write(_ fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    write(2, "scanout-bench: " + message + "\n")
    exit(1)
}

func readFile(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n <= 0 { break }
        out += chunk[0..<n]
    }
    return ferror(f) == 0 ? out : nil
}

/// `v` with four decimals, without Foundation's String(format:).
func fixed4(_ v: Double) -> String {
    let scaled = Int((v * 10_000).rounded())
    let frac = String(scaled % 10_000)
    return "\(scaled / 10_000)." + String(repeating: "0", count: 4 - frac.count) + frac
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
    "{\"median\":\(fixed4(s.median)),\"min\":\(fixed4(s.min)),\"max\":\(fixed4(s.max)),\"mean\":\(fixed4(s.mean))}"
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
let here = String(String(#filePath).split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/"))
let sceneDir = option("--scene", &args) ?? here + "/scene"
let outDir = option("--out", &args) ?? "bench-out"
var sizes: [(Int, Int)] = [(800, 480), (1920, 1080)]
if args.count >= 2, let w = Int(args[0]), let h = Int(args[1]) { sizes = [(w, h)] }
func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
let frames = max(1, Int(environment("FRAMES") ?? "") ?? 200)
let warmup = max(0, Int(environment("WARMUP") ?? "") ?? 20)
if mkdir(outDir, 0o755) != 0 && errno != EEXIST {
    fail("cannot create the output folder \(outDir): \(String(cString: strerror(errno)))")
}

// The image the peers use: 256x256 premultiplied BGRA.
guard let imageBytes = readFile(sceneDir + "/image256.bgra"), imageBytes.count == 256 * 256 * 4 else {
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
    guard let bytes = readFile(path) else { fail("cannot read \(path)") }
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
        let t0 = nowMs()
        renderer.drawFull()
        times[i] = nowMs() - t0
    }
    let full = stat(times)
    for i in 0..<warmup { renderer.drawDamage(state: i & 1) }
    for i in 0..<frames {
        let t0 = nowMs()
        renderer.drawDamage(state: (warmup + i) & 1)
        times[i] = nowMs() - t0
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
