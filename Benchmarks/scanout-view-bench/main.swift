// scanout-view-bench: the kiosk-dashboard bench scene expressed as Scanout views (not raw raster calls), run
// through the whole frame pipeline — update, layout, display list, damage + compose — for the first frame and
// for the damage case (one ring and one label change per frame), plus the cost of a frame with no change.
// Prints a per-stage breakdown and one JSON line per size (medians in ms over FRAMES frames after WARMUP).
//
// usage: scanout-view-bench [W H] [--scene DIR]     (no size: 800x480 and 1920x1080)
import Glibc
import Observation
import BenchScene
import ScanoutRender
import ScanoutUI

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
    return out
}

func fail(_ message: String) -> Never {
    var m = "scanout-view-bench: " + message + "\n"
    m.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(1)
}

func nowMs() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

func median(_ v: [Double]) -> Double {
    let s = v.sorted()
    return s.isEmpty ? 0 : (s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2)
}

func fixed4(_ v: Double) -> String {
    let scaled = Int((v * 10_000).rounded())
    let frac = String(scaled % 10_000)
    return "\(scaled / 10_000)." + String(repeating: "0", count: 4 - frac.count) + frac
}

@MainActor func color(_ argb: UInt32) -> Color {
    Color(red: Double(argb >> 16 & 255) / 255, green: Double(argb >> 8 & 255) / 255, blue: Double(argb & 255) / 255,
          opacity: Double(argb >> 24) / 255)
}

/// A ring's value arc, from `start` turning `sweep` degrees.
struct RingArc: Shape {
    let start: Double, sweep: Double
    func path(in rect: CGRect) -> ScanoutUI.Path {
        var p = ScanoutUI.Path()
        p.addArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: min(rect.width, rect.height) / 2,
                 startAngle: .degrees(start), endAngle: .degrees(start + sweep), clockwise: false)
        return p
    }
}

/// The chart: a polyline in the scene's absolute coordinates (shown in a full-size frame at the origin).
struct Polyline: Shape {
    let points: [CGPoint]
    func path(in rect: CGRect) -> ScanoutUI.Path {
        var p = ScanoutUI.Path()
        p.addLines(points)
        return p
    }
}

struct Card: View {
    let c: BenchScene.RoundedRect
    var body: some View {
        RoundedRectangle(cornerRadius: c.r).fill(color(c.fill))
            .overlay(RoundedRectangle(cornerRadius: c.r).stroke(color(c.stroke), lineWidth: c.strokeWidth))
            .frame(width: c.w, height: c.h)
            .offset(x: c.x, y: c.y)
    }
}

/// The live value of the damage case: only the views given it read it, so only they re-run when it changes.
@Observable @MainActor
final class Live {
    var stateB = false
}

struct Ring: View {
    let r: BenchScene.Ring
    let sweepB: Double
    let live: Live?
    var body: some View {
        let sweep = live?.stateB == true ? sweepB : r.sweep
        ZStack {
            Circle().stroke(color(r.track), lineWidth: r.strokeWidth)
            RingArc(start: r.start, sweep: sweep).stroke(color(r.color), style: StrokeStyle(lineWidth: r.strokeWidth, lineCap: .round))
        }
        .frame(width: 2 * r.r, height: 2 * r.r)
        .offset(x: r.cx - r.r, y: r.cy - r.r)
    }
}

struct Label: View {
    let l: BenchScene.Label
    let textB: String
    let live: Live?
    var body: some View {
        let text = live?.stateB == true ? textB : l.text
        // Text's frame starts at the line's top: the baseline is 0.928 em below (DejaVu Sans' ascender).
        Text(text).font(.system(size: l.size)).foregroundColor(color(l.color)).fixedSize()
            .offset(x: l.x, y: l.y - 0.928 * l.size)
    }
}

struct Dashboard: View {
    let scene: BenchScene
    let image: PixelBuffer
    let live: Live

    var body: some View {
        let d = scene.damage
        ZStack(alignment: .topLeading) {
            LinearGradient(colors: [color(scene.backgroundColors.0), color(scene.backgroundColors.1)], startPoint: .top, endPoint: .bottom)
            ForEach(scene.cards.indices, id: \.self) { Card(c: scene.cards[$0]) }
            ForEach(scene.rings.indices, id: \.self) { i in
                Ring(r: scene.rings[i], sweepB: d.sweepB, live: i == d.ring ? live : nil)
            }
            Polyline(points: scene.polyline.map { CGPoint(x: $0.x, y: $0.y) })
                .stroke(color(scene.polylineColor), style: StrokeStyle(lineWidth: scene.polylineWidth, lineCap: .round, lineJoin: .round))
            Image(pixels: image).resizable().frame(width: scene.imageRect.width, height: scene.imageRect.height)
                .offset(x: scene.imageRect.x, y: scene.imageRect.y)
            ForEach(scene.labels.indices, id: \.self) { i in
                Label(l: scene.labels[i], textB: d.textB, live: i == d.label ? live : nil)
            }
        }
        .frame(width: CGFloat(scene.width), height: CGFloat(scene.height), alignment: .topLeading)
    }
}

func option(_ name: String, _ args: inout [String]) -> String? {
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    defer { args.removeSubrange(i...(i + 1)) }
    return args[i + 1]
}

var args = Array(CommandLine.arguments.dropFirst())
let here = String(String(#filePath).split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/"))
let sceneDir = option("--scene", &args) ?? here + "/scene"
var sizes: [(Int, Int)] = [(800, 480), (1920, 1080)]
if args.count >= 2, let w = Int(args[0]), let h = Int(args[1]) { sizes = [(w, h)] }
let frames = max(1, Int(getenv("FRAMES").map { String(cString: $0) } ?? "") ?? 200)
let warmup = max(0, Int(getenv("WARMUP").map { String(cString: $0) } ?? "") ?? 20)

@MainActor
func run(_ w: Int, _ h: Int) {
    guard let bytes = readFile("\(sceneDir)/scene_\(w)x\(h).txt") else { fail("cannot read the scene in \(sceneDir)") }
    guard let scene = try? BenchScene(text: String(decoding: bytes, as: UTF8.self)) else { fail("malformed scene") }
    guard let raw = readFile("\(sceneDir)/image256.bgra"), raw.count == 256 * 256 * 4 else { fail("cannot read image256.bgra") }
    let image = PixelBuffer(width: 256, height: 256, format: .argb8888)
    raw.withUnsafeBytes { src in for y in 0..<256 { image.row(y).copyMemory(from: src.baseAddress! + y * 1024, byteCount: 1024) } }

    let size = CGSize(width: CGFloat(w), height: CGFloat(h))
    let t0 = nowMs()
    let live = Live()
    let host = ViewHost(rootView: Dashboard(scene: scene, image: image, live: live), size: size)
    let compositor = FrameCompositor(width: w, height: h, format: .xrgb8888)
    let t1 = nowMs(); host.update()
    let t2 = nowMs(); host.layout()
    let t3 = nowMs(); let list = host.makeDisplayList()
    let t4 = nowMs(); compositor.render(list, background: .black)
    let t5 = nowMs()
    let first = (setup: t1 - t0, update: t2 - t1, layout: t3 - t2, list: t4 - t3, compose: t5 - t4)

    var update: [Double] = [], layout: [Double] = [], displayList: [Double] = [], compose: [Double] = [], total: [Double] = []
    var area = 0
    var bodiesPerFrame = 0
    for i in 0..<(warmup + frames) {
        let s0 = nowMs()
        live.stateB.toggle()  // a tap's worth of state: ring 0 and its label
        var bodies = host.bodyEvaluations
        host.update()
        bodies = host.bodyEvaluations - bodies
        let s1 = nowMs()
        host.layout()
        let s2 = nowMs()
        let l = host.makeDisplayList()
        let s3 = nowMs()
        let damage = compositor.render(l, background: .black)
        let s4 = nowMs()
        if i >= warmup {
            update.append(s1 - s0); layout.append(s2 - s1); displayList.append(s3 - s2); compose.append(s4 - s3); total.append(s4 - s0)
            area = damage.area
            bodiesPerFrame = bodies
        }
    }
    // A frame where nothing changed: the scheduler asks the host whether anything needs a frame.
    var idle: [Double] = []
    var time = 1.0
    for _ in 0..<frames {
        time += 1.0 / 60
        let s0 = nowMs()
        host.advanceTime(to: time)
        if host.needsFrame || host.needsLayout {
            host.update(); host.layout(); compositor.render(host.makeDisplayList(), background: .black)
        }
        idle.append(nowMs() - s0)
    }
    print("\(w)x\(h): first frame \(fixed4(first.update + first.layout + first.list + first.compose)) ms "
        + "(update \(fixed4(first.update)), layout \(fixed4(first.layout)), display list \(fixed4(first.list)), compose \(fixed4(first.compose)))")
    print("\(w)x\(h): damage frame \(fixed4(median(total))) ms (update \(fixed4(median(update))), layout \(fixed4(median(layout))), "
        + "display list \(fixed4(median(displayList))), damage+compose \(fixed4(median(compose)))), \(area) px repainted, \(bodiesPerFrame) bodies run; "
        + "no-change frame \(fixed4(median(idle) * 1000)) µs")
    print("{\"bench\":\"scanout-views\",\"W\":\(w),\"H\":\(h),\"first_ms\":\(fixed4(first.update + first.layout + first.list + first.compose)),"
        + "\"damage_ms\":{\"median\":\(fixed4(median(total))),\"update\":\(fixed4(median(update))),\"layout\":\(fixed4(median(layout))),"
        + "\"display_list\":\(fixed4(median(displayList))),\"compose\":\(fixed4(median(compose)))},\"damage_px\":\(area),"
        + "\"no_change_us\":\(fixed4(median(idle) * 1000))}")
}

MainActor.assumeIsolated {
    for (w, h) in sizes { run(w, h) }
}
