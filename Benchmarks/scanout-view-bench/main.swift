// scanout-view-bench: the kiosk-dashboard bench scene expressed as Scanout views (not raw raster calls), run
// through the whole frame pipeline — update, layout, display list, damage + compose — for the first frame and
// for the damage case (one ring and one label change per frame), plus the cost of a frame with no change; and
// eight labels and four dials turning under rotationEffect, composited from cached bitmaps against
// rasterized through the turn; and twelve cards with shadows, blurred once per card (the shadow cache) against
// blurred at every repaint; and whole repaints painted in parallel bands by 1, 2 and 4 threads (with the
// bands' costs on one thread, for a 4-core estimate), and a first frame with twelve shadows the same way.
// Prints a per-stage breakdown and one JSON line per size (medians in ms over FRAMES frames after WARMUP).
//
// usage: scanout-view-bench [W H] [--scene DIR]     (no size: 800x480 and 1920x1080)
// env: FRAMES, WARMUP; BAND_KIB: the band buffer's size for band compositing (default 256); BUFFERS=0 skips
// composing into display buffers and TURNED=0 the turned labels (for profiles of the damage frame alone);
// TURNED=cached or TURNED=direct runs only that variant of the turning cases, TURNED_CASE=labels or
// TURNED_CASE=dials only that case (for profiles). The renderer's default (`.automatic`) caches the labels and
// draws the dials directly (see TransformedGroupCache.worthSampling). SHADOWS=0 skips the shadowed cards,
// SHADOWS=cached or SHADOWS=uncached runs only that variant and SHADOW_CASE=card or SHADOW_CASE=background only
// that case (for profiles: `--toggle-collect=*shadowFirstFrame*` or `*shadowDamageFrame*`). THREADS=0 skips the
// parallel repaints. SCANOUT_RENDER_THREADS sets the threads every other figure's compositor uses.
import Glibc
import Observation
import BenchScene
import ScanoutRender
import ScanoutUI

func fail(_ message: String) -> Never { BenchTools.fail("scanout-view-bench", message) }

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

/// The angle of the turned-labels case: every label reads it, so every label turns each frame.
@Observable @MainActor
final class Turn {
    var degrees = 0.0
}

/// A dark panel of the bench's size behind `content`.
struct Panel<Content: View>: View {
    let size: CGSize
    @ViewBuilder let content: Content
    var body: some View {
        ZStack {
            Color(red: 0.1, green: 0.12, blue: 0.16)
            content
        }
        .frame(width: size.width, height: size.height)
    }
}

/// Eight labels under `rotationEffect`, all turning (a gauge's dial, a spinner with text).
struct TurnedLabels: View {
    let turn: Turn
    let size: CGSize
    var body: some View {
        Panel(size: size) {
            ForEach(0..<8, id: \.self) { i in
                Text("Label \(i): 21.5 °C").font(.system(size: 16)).foregroundColor(.white)
                    .rotationEffect(.degrees(turn.degrees + Double(i) * 45))
            }
        }
    }
}

/// Four dials turning as a whole (a ring, a needle and the value's label each), as a rotating gauge face.
struct TurnedDials: View {
    let turn: Turn
    let size: CGSize
    var body: some View {
        Panel(size: size) {
            HStack(spacing: 24) {
                ForEach(0..<4, id: \.self) { i in
                    ZStack {
                        Circle().stroke(Color(red: 0.9, green: 0.2, blue: 0.35), lineWidth: 8)
                        Rectangle().fill(Color(red: 0.95, green: 0.75, blue: 0)).frame(width: 6, height: 50).offset(y: -25)
                        Text("\(40 + i * 7) %").font(.system(size: 18)).foregroundColor(.white).offset(y: 30)
                    }
                    .frame(width: 140, height: 140)
                    .rotationEffect(.degrees(turn.degrees + Double(i) * 20))
                }
            }
        }
    }
}

/// Median ms of a frame of a turning case (update, layout, display list, damage + compose), with transformed
/// groups composited from cached bitmaps or (`direct`) rasterized through their transform (text as outlines).
@MainActor
func turningFrame<Content: View>(_ w: Int, _ h: Int, frames: Int, warmup: Int, direct: Bool,
                                 _ content: (Turn, CGSize) -> Content) -> Double {
    let size = CGSize(width: CGFloat(w), height: CGFloat(h))
    let turn = Turn()
    let host = ViewHost(rootView: content(turn, size), size: size)
    let compositor = FrameCompositor(width: w, height: h, format: .xrgb8888)
    compositor.transformedGroupCaching = direct ? .never : .groupsWithTurnedText
    host.update(); host.layout(); compositor.render(host.makeDisplayList(), background: .black)
    var times: [Double] = []
    for i in 0..<(warmup + frames) {
        let s0 = BenchTools.nowMs()
        turn.degrees += 3
        host.update(); host.layout()
        compositor.render(host.makeDisplayList(), background: .black)
        if i >= warmup { times.append(BenchTools.nowMs() - s0) }
    }
    return BenchTools.median(times)
}

/// One frame of the damage case — a tap's worth of state (ring 0 and its label), then update, layout, display
/// list, damage + compose — returning the clock at each stage's end. Kept out of line so that
/// scripts/bench-vs-cairo counts its instructions under callgrind (`--toggle-collect=*dashboardDamageFrame*`).
@MainActor @inline(never)
func dashboardDamageFrame(_ live: Live, _ host: ViewHost, _ compositor: FrameCompositor)
    -> (Double, Double, Double, Double, Double, Damage) {
    let s0 = BenchTools.nowMs()
    live.stateB.toggle()
    host.update()
    let s1 = BenchTools.nowMs()
    host.layout()
    let s2 = BenchTools.nowMs()
    let l = host.makeDisplayList()
    let s3 = BenchTools.nowMs()
    let damage = compositor.render(l, background: .black)
    return (s0, s1, s2, s3, BenchTools.nowMs(), damage)
}

/// The changing value of the shadowed cards' case: only one card reads it.
@Observable @MainActor
final class ShadowLive {
    var tick = 0
}

/// A card of the shadowed-cards case: a title and a value on a white rounded rectangle, with
/// `.shadow(radius: 8, y: 4)` on the whole card (`wholeCard`: the value is inside the shadowed group, so a new
/// value changes the group) or on its background only (the value is drawn beside the shadowed shape).
struct ShadowedCard: View {
    let index: Int
    let wholeCard: Bool
    let live: ShadowLive?
    var body: some View {
        let value = live.map { "21.\($0.tick % 10) °C" } ?? "\(18 + index).5 °C"
        let content = VStack(alignment: .leading, spacing: 6) {
            Text("Sensor \(index + 1)").font(.system(size: 14)).foregroundColor(.gray)
            Text(value).font(.system(size: 28)).foregroundColor(.black)
        }
        .padding(14)
        .frame(width: 170, height: 120, alignment: .topLeading)
        if wholeCard {
            content.background(RoundedRectangle(cornerRadius: 12).fill(Color.white)).shadow(radius: 8, y: 4)
        } else {
            content.background(RoundedRectangle(cornerRadius: 12).fill(Color.white).shadow(radius: 8, y: 4))
        }
    }
}

/// Twelve shadowed cards in three rows; card 5 shows the live value.
struct ShadowedCards: View {
    let wholeCard: Bool
    let live: ShadowLive
    let size: CGSize
    var body: some View {
        ZStack {
            Color(white: 0.92)
            VStack(spacing: 24) {
                ForEach(0..<3, id: \.self) { row in
                    HStack(spacing: 24) {
                        ForEach(0..<4, id: \.self) { column in
                            let i = row * 4 + column
                            ShadowedCard(index: i, wholeCard: wholeCard, live: i == 5 ? live : nil)
                        }
                    }
                }
            }
        }
        .frame(width: size.width, height: size.height)
    }
}

/// One damage frame of the shadowed cards: the live value changes, then update, layout, display list,
/// damage + compose. Out of line for callgrind's `--toggle-collect=*shadowDamageFrame*`.
@MainActor @inline(never)
func shadowDamageFrame(_ live: ShadowLive, _ host: ViewHost, _ compositor: FrameCompositor) -> Damage {
    live.tick += 1
    host.update(); host.layout()
    return compositor.render(host.makeDisplayList(), background: .black)
}

/// The first frame's compose of the shadowed cards: `list` painted whole by a compositor made afresh. Out of
/// line for callgrind's `--toggle-collect=*shadowFirstFrame*`.
@MainActor @inline(never)
func shadowFirstFrame(_ list: DisplayList, cached: Bool, _ w: Int, _ h: Int) -> Double {
    let fresh = FrameCompositor(width: w, height: h, format: .xrgb8888)
    fresh.cachesShadows = cached
    let s0 = BenchTools.nowMs()
    fresh.render(list, background: .black)
    return BenchTools.nowMs() - s0
}

/// The shadowed cards with the shadow cache on or off: median ms of the first frame's compose (the whole
/// list painted by a compositor made afresh; update and layout do not depend on the cache) and of a damage
/// frame, the damage's area, and the shadows blurred whole per damage frame (0 without the cache).
@MainActor
func shadowedCards(_ w: Int, _ h: Int, frames: Int, warmup: Int, wholeCard: Bool, cached: Bool)
    -> (first: Double, damage: Double, area: Int, builds: Double) {
    let size = CGSize(width: CGFloat(w), height: CGFloat(h))
    let live = ShadowLive()
    let host = ViewHost(rootView: ShadowedCards(wholeCard: wholeCard, live: live, size: size), size: size)
    host.update(); host.layout()
    let list = host.makeDisplayList()
    var first: [Double] = []
    for _ in 0..<max(5, frames / 10) { first.append(shadowFirstFrame(list, cached: cached, w, h)) }
    let compositor = FrameCompositor(width: w, height: h, format: .xrgb8888)
    compositor.cachesShadows = cached
    compositor.render(list, background: .black)
    var times: [Double] = []
    var area = 0
    let builds0 = compositor.shadowBuilds
    for i in 0..<(warmup + frames) {
        let s0 = BenchTools.nowMs()
        let damage = shadowDamageFrame(live, host, compositor)
        if i >= warmup { times.append(BenchTools.nowMs() - s0); area = damage.area }
    }
    return (BenchTools.median(first), BenchTools.median(times), area,
            Double(compositor.shadowBuilds - builds0) / Double(warmup + frames))
}

/// Whole repaints of `list` (what a rotation or a theme switch composes) by a compositor painting in bands on
/// `threads` threads, however quick: median ms over `runs`. `fresh`: each by a compositor made afresh (a first frame's
/// compose: its shadows are blurred too).
@MainActor
func wholeRepaint(_ list: DisplayList, _ w: Int, _ h: Int, threads: Int, runs: Int, fresh: Bool = false) -> Double {
    func compositor() -> FrameCompositor {
        let c = FrameCompositor(width: w, height: h, format: .xrgb8888)
        c.renderThreads = threads
        c.parallelMinimumTime = 0  // in bands however quick (the default leaves a repaint under 2 ms to one thread)
        return c
    }
    var comp = compositor()
    comp.render(list, background: .black)  // warm: glyphs, shadows, outlines
    var times: [Double] = []
    for _ in 0..<runs {
        if fresh { comp = compositor() }
        comp.invalidateAll()
        let s0 = BenchTools.nowMs()
        comp.render(list, background: .black)
        times.append(BenchTools.nowMs() - s0)
    }
    return BenchTools.median(times)
}

/// The cost of each of `count` bands of rows of a whole repaint of `list`, painted one after another on one
/// thread by a compositor (median ms of `runs`): the per-band figures behind a 4-thread estimate on a machine
/// with fewer cores.
@MainActor
func bandCosts(_ list: DisplayList, _ w: Int, _ h: Int, count: Int, runs: Int) -> [Double] {
    let comp = FrameCompositor(width: w, height: h, format: .xrgb8888)
    comp.renderThreads = 1
    comp.render(list, background: .black)  // warm
    var costs = [[Double]](repeating: [], count: count)
    for _ in 0..<runs {
        for (k, t) in comp.timeBands(of: list, background: .black, count: count, clock: BenchTools.nowMs).enumerated() { costs[k].append(t) }
    }
    return costs.map { BenchTools.median($0) }
}

/// The time `threads` threads take to paint bands of these costs as the pool hands them out (each band, in
/// order, to the first thread free).
func scheduled(_ costs: [Double], threads: Int) -> Double {
    var free = [Double](repeating: 0, count: threads)
    for c in costs {
        let i = free.indices.min { free[$0] < free[$1] }!
        free[i] += c
    }
    return free.max() ?? 0
}

var args = Array(CommandLine.arguments.dropFirst())
let sceneDir = BenchTools.option("--scene", &args) ?? BenchTools.defaultSceneFolder
var sizes: [(Int, Int)] = [(800, 480), (1920, 1080)]
if args.count >= 2, let w = Int(args[0]), let h = Int(args[1]) { sizes = [(w, h)] }
let frames = max(1, Int(BenchTools.environment("FRAMES") ?? "") ?? 200)
let warmup = max(0, Int(BenchTools.environment("WARMUP") ?? "") ?? 20)

@MainActor
func run(_ w: Int, _ h: Int) {
    guard let bytes = BenchTools.readFile("\(sceneDir)/scene_\(w)x\(h).txt") else { fail("cannot read the scene in \(sceneDir)") }
    guard let scene = try? BenchScene(text: String(decoding: bytes, as: UTF8.self)) else { fail("malformed scene") }
    guard let image = BenchTools.loadImage(folder: sceneDir) else { fail("cannot read \(sceneDir)/image256.bgra") }

    let size = CGSize(width: CGFloat(w), height: CGFloat(h))
    let t0 = BenchTools.nowMs()
    let live = Live()
    let host = ViewHost(rootView: Dashboard(scene: scene, image: image, live: live), size: size)
    let compositor = FrameCompositor(width: w, height: h, format: .xrgb8888)
    let t1 = BenchTools.nowMs(); host.update()
    let t2 = BenchTools.nowMs(); host.layout()
    let t3 = BenchTools.nowMs(); let list = host.makeDisplayList()
    let t4 = BenchTools.nowMs(); compositor.render(list, background: .black)
    let t5 = BenchTools.nowMs()
    let first = (setup: t1 - t0, update: t2 - t1, layout: t3 - t2, list: t4 - t3, compose: t5 - t4)

    var update: [Double] = [], layout: [Double] = [], displayList: [Double] = [], compose: [Double] = [], total: [Double] = []
    var area = 0
    var bodiesPerFrame = 0
    var recordedPerFrame = 0, createdPerFrame: UInt64 = 0
    for i in 0..<(warmup + frames) {
        var bodies = host.bodyEvaluations
        let recorded = host.recordedNodes, created = host.nodesCreated
        let (s0, s1, s2, s3, s4, damage) = dashboardDamageFrame(live, host, compositor)
        bodies = host.bodyEvaluations - bodies
        if i >= warmup {
            update.append(s1 - s0); layout.append(s2 - s1); displayList.append(s3 - s2); compose.append(s4 - s3); total.append(s4 - s0)
            area = damage.area
            bodiesPerFrame = bodies
            recordedPerFrame = host.recordedNodes - recorded
            createdPerFrame = host.nodesCreated - created
        }
    }
    // A frame where nothing changed: the scheduler asks the host whether anything needs a frame.
    var idle: [Double] = []
    var time = 1.0
    for _ in 0..<frames {
        time += 1.0 / 60
        let s0 = BenchTools.nowMs()
        host.advanceTime(to: time)
        if host.needsFrame || host.needsLayout {
            host.update(); host.layout(); compositor.render(host.makeDisplayList(), background: .black)
        }
        idle.append(BenchTools.nowMs() - s0)
    }
    // Composing into display buffers (double buffering, by buffer age): the private frame repainted and the
    // buffer's missing region copied from it, against band compositing straight into the buffer.
    func composeIntoBuffers(banded: Bool) -> (damage: Double, full: Double) {
        let comp = FrameCompositor(width: w, height: h, format: .xrgb8888)
        if let kib = Int(BenchTools.environment("BAND_KIB") ?? "") { comp.bandBytes = kib * 1024 }
        let buffers = [PixelBuffer(width: w, height: h, format: .xrgb8888), PixelBuffer(width: w, height: h, format: .xrgb8888)]
        var drawn = [-1, -1]
        var times: [Double] = []
        for i in 0..<(warmup + frames) {
            live.stateB.toggle()
            host.update(); host.layout()
            let l = host.makeDisplayList()
            let b = i % 2, age = drawn[b] < 0 ? 0 : i - drawn[b]
            let s0 = BenchTools.nowMs()
            if banded { comp.render(l, background: .black, into: buffers[b], age: age) } else {
                comp.render(l, background: .black); comp.present(into: buffers[b], age: age)
            }
            if i >= warmup { times.append(BenchTools.nowMs() - s0) }
            drawn[b] = i
        }
        var full: [Double] = []
        for _ in 0..<max(5, frames / 10) {
            comp.invalidateAll()
            let l = host.makeDisplayList()
            let s0 = BenchTools.nowMs()
            if banded { comp.render(l, background: .black, into: buffers[0], age: 0) } else {
                comp.render(l, background: .black); comp.present(into: buffers[0], age: 0)
            }
            full.append(BenchTools.nowMs() - s0)
        }
        return (BenchTools.median(times), BenchTools.median(full))
    }
    let compareBuffers = BenchTools.environment("BUFFERS") != "0"
    let copied = compareBuffers ? composeIntoBuffers(banded: false) : (damage: 0.0, full: 0.0)
    let banded = compareBuffers ? composeIntoBuffers(banded: true) : (damage: 0.0, full: 0.0)
    print("\(w)x\(h): first frame \(BenchTools.fixed4(first.update + first.layout + first.list + first.compose)) ms "
        + "(update \(BenchTools.fixed4(first.update)), layout \(BenchTools.fixed4(first.layout)), display list \(BenchTools.fixed4(first.list)), compose \(BenchTools.fixed4(first.compose)))")
    print("\(w)x\(h): damage frame \(BenchTools.fixed4(BenchTools.median(total))) ms (update \(BenchTools.fixed4(BenchTools.median(update))), layout \(BenchTools.fixed4(BenchTools.median(layout))), "
        + "display list \(BenchTools.fixed4(BenchTools.median(displayList))), damage+compose \(BenchTools.fixed4(BenchTools.median(compose)))), \(area) px repainted, \(bodiesPerFrame) bodies run, \(createdPerFrame) nodes made, \(recordedPerFrame) nodes recorded; "
        + "no-change frame \(BenchTools.fixed4(BenchTools.median(idle) * 1000)) µs")
    print("\(w)x\(h): into 2 display buffers: damage \(BenchTools.fixed4(copied.damage)) ms private frame + copy, \(BenchTools.fixed4(banded.damage)) ms bands "
        + "(\(Int(BenchTools.environment("BAND_KIB") ?? "") ?? FrameCompositor.defaultBandBytes / 1024) KiB); whole frame \(BenchTools.fixed4(copied.full)) ms private frame + copy, \(BenchTools.fixed4(banded.full)) ms bands")
    var parallelJSON = "{}"
    if BenchTools.environment("THREADS") != "0" {
        // Whole repaints in parallel bands (issue 19, goal 2): 1, 2 and 4 threads on this machine, and 4
        // threads as a 4-core board would run them, from the bands' costs on one thread.
        let runs = max(9, frames / 10)
        let whole = [1, 2, 4].map { wholeRepaint(list, w, h, threads: $0, runs: runs) }
        let bands = bandCosts(list, w, h, count: 4 * FrameCompositor.bandsPerThread, runs: runs)
        let estimate4 = scheduled(bands, threads: 4)
        var trips: [Double] = []
        for _ in 0..<runs * 10 {
            let s0 = BenchTools.nowMs()
            RenderWorkers.shared.run(jobs: 2, threads: 2) { _, _ in }
            trips.append(BenchTools.nowMs() - s0)
        }
        let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        print("\(w)x\(h): whole repaint of the dashboard (a rotation, a theme switch) in parallel bands: "
            + "1 thread \(BenchTools.fixed4(whole[0])) ms, 2 threads \(BenchTools.fixed4(whole[1])) ms (\(BenchTools.fixed2(whole[0] / whole[1]))x), "
            + "4 threads \(BenchTools.fixed4(whole[2])) ms on \(cores) cores; "
            + "\(bands.count) bands on one thread \(BenchTools.fixed4(bands.reduce(0, +))) ms, longest \(BenchTools.fixed4(bands.max() ?? 0)) ms: "
            + "4 cores would take ~\(BenchTools.fixed4(estimate4)) ms (\(BenchTools.fixed2(whole[0] / estimate4))x) plus waking the helpers "
            + "(one round trip here \(BenchTools.fixed4(BenchTools.median(trips) * 1000)) µs)")
        // A first frame's compose with shadows: twelve cards, each shadow blurred whole (one job each).
        let cardsHost = ViewHost(rootView: ShadowedCards(wholeCard: true, live: ShadowLive(), size: size), size: size)
        cardsHost.update(); cardsHost.layout()
        let cards = cardsHost.makeDisplayList()
        let first = [1, 2, 4].map { wholeRepaint(cards, w, h, threads: $0, runs: runs, fresh: true) }
        print("\(w)x\(h): first frame's compose of 12 shadowed cards (each shadow blurred once): "
            + "1 thread \(BenchTools.fixed4(first[0])) ms, 2 threads \(BenchTools.fixed4(first[1])) ms (\(BenchTools.fixed2(first[0] / first[1]))x), "
            + "4 threads \(BenchTools.fixed4(first[2])) ms on \(cores) cores")
        parallelJSON = "{\"cores\":\(cores),\"repaint_ms\":[\(whole.map(BenchTools.fixed4).joined(separator: ","))],"
            + "\"repaint_4_cores_estimate_ms\":\(BenchTools.fixed4(estimate4)),\"round_trip_us\":\(BenchTools.fixed4(BenchTools.median(trips) * 1000)),"
            + "\"shadowed_first_ms\":[\(first.map(BenchTools.fixed4).joined(separator: ","))]}"
    }
    let turned = BenchTools.environment("TURNED") ?? ""
    let runCached = turned != "0" && turned != "direct", runDirect = turned != "0" && turned != "cached"
    func turning<Content: View>(direct: Bool, _ content: @escaping (Turn, CGSize) -> Content) -> Double {
        (direct ? runDirect : runCached) ? turningFrame(w, h, frames: frames, warmup: warmup, direct: direct, content) : 0
    }
    let onlyDials = BenchTools.environment("TURNED_CASE") == "dials", onlyLabels = BenchTools.environment("TURNED_CASE") == "labels"
    let labelsCached = onlyDials ? 0 : turning(direct: false) { TurnedLabels(turn: $0, size: $1) }
    let labelsDirect = onlyDials ? 0 : turning(direct: true) { TurnedLabels(turn: $0, size: $1) }
    let dialsCached = onlyLabels ? 0 : turning(direct: false) { TurnedDials(turn: $0, size: $1) }
    let dialsDirect = onlyLabels ? 0 : turning(direct: true) { TurnedDials(turn: $0, size: $1) }
    print("\(w)x\(h): turning under rotationEffect, ms a frame composited from cached bitmaps / rasterized through the turn: "
        + "8 labels \(BenchTools.fixed4(labelsCached)) / \(BenchTools.fixed4(labelsDirect)), "
        + "4 dials (ring, needle, label) \(BenchTools.fixed4(dialsCached)) / \(BenchTools.fixed4(dialsDirect))")
    let shadows = BenchTools.environment("SHADOWS") ?? "", shadowCase = BenchTools.environment("SHADOW_CASE") ?? ""
    let zero = (first: 0.0, damage: 0.0, area: 0, builds: 0.0)
    func shadowed(wholeCard: Bool, cached: Bool) -> (first: Double, damage: Double, area: Int, builds: Double) {
        guard shadows != "0", shadows != (cached ? "uncached" : "cached"),
              shadowCase != (wholeCard ? "background" : "card") else { return zero }
        return shadowedCards(w, h, frames: frames, warmup: warmup, wholeCard: wholeCard, cached: cached)
    }
    var shadowJSON: [String] = []
    for wholeCard in [true, false] {
        let on = shadowed(wholeCard: wholeCard, cached: true), off = shadowed(wholeCard: wholeCard, cached: false)
        let name = wholeCard ? "card" : "background"
        print("\(w)x\(h): 12 cards, shadow(radius: 8, y: 4) on the \(wholeCard ? "whole card" : "card's background"), ms cached / uncached: "
            + "first frame's compose \(BenchTools.fixed4(on.first)) / \(BenchTools.fixed4(off.first)), "
            + "damage frame (one card's value) \(BenchTools.fixed4(on.damage)) / \(BenchTools.fixed4(off.damage)), "
            + "\(max(on.area, off.area)) px repainted, \(BenchTools.fixed4(on.builds)) shadows blurred whole a frame")
        shadowJSON.append("\"\(name)\":{\"first_cached\":\(BenchTools.fixed4(on.first)),\"first_uncached\":\(BenchTools.fixed4(off.first)),"
            + "\"damage_cached\":\(BenchTools.fixed4(on.damage)),\"damage_uncached\":\(BenchTools.fixed4(off.damage))}")
    }
    print("{\"bench\":\"scanout-views\",\"W\":\(w),\"H\":\(h),\"first_ms\":\(BenchTools.fixed4(first.update + first.layout + first.list + first.compose)),"
        + "\"damage_ms\":{\"median\":\(BenchTools.fixed4(BenchTools.median(total))),\"update\":\(BenchTools.fixed4(BenchTools.median(update))),\"layout\":\(BenchTools.fixed4(BenchTools.median(layout))),"
        + "\"display_list\":\(BenchTools.fixed4(BenchTools.median(displayList))),\"compose\":\(BenchTools.fixed4(BenchTools.median(compose)))},\"damage_px\":\(area),"
        + "\"no_change_us\":\(BenchTools.fixed4(BenchTools.median(idle) * 1000)),"
        + "\"parallel\":\(parallelJSON),"
        + "\"buffers\":{\"damage_copy_ms\":\(BenchTools.fixed4(copied.damage)),\"damage_bands_ms\":\(BenchTools.fixed4(banded.damage)),"
        + "\"full_copy_ms\":\(BenchTools.fixed4(copied.full)),\"full_bands_ms\":\(BenchTools.fixed4(banded.full))},"
        + "\"turning_ms\":{\"labels_cached\":\(BenchTools.fixed4(labelsCached)),\"labels_direct\":\(BenchTools.fixed4(labelsDirect)),"
        + "\"dials_cached\":\(BenchTools.fixed4(dialsCached)),\"dials_direct\":\(BenchTools.fixed4(dialsDirect))},"
        + "\"shadowed_cards_ms\":{\(shadowJSON.joined(separator: ","))}}")
}

MainActor.assumeIsolated {
    for (w, h) in sizes { run(w, h) }
}
