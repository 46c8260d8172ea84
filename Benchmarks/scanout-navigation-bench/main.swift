// scanout-navigation-bench: what a frame of a full-screen slide costs — a NavigationStack push and pop, a
// TabView(.page) page change, a sheet sliding up (over a list, over cards) and an alert fading in over cards —
// against copying one frame of the same size (what a compositor moving unchanged layers by whole pixels cannot
// beat). Each case runs its animation frame by frame
// through the headless host (update, layout, display list, damage + compose into one of two display buffers by
// buffer age) and prints the median of its animated frames: the compose (render + present) and the whole frame.
// usage: scanout-navigation-bench [W H]   (default 1920 1080; CASE=push|push-cards|pop|page|sheet|sheet-cards|alert-cards runs one case;
// CACHING=never draws sliding panels directly instead of copying them from bitmaps, for comparison;
// COMPOSE=bands composes into the display buffer band by band instead of the private frame and its copy;
// SKIP=n leaves the first n animated frames out of what callgrind counts (composeSlideFrame), COUNT=m counts m;
// CASE=rotated runs only the present of a whole frame onto a panel mounted at 90°, 180° and 270°)
import BenchScene
import Observation
import ScanoutPlatform
import ScanoutRaster
import ScanoutRender
import ScanoutUI

/// What a case's tap changes: the case's view reacts to `taps` with its own animated @State change, as a
/// button's action would.
@Observable @MainActor
final class Flow {
    var taps = 0
    var startPushed = false
}

/// A screen of a device panel: a list of labelled readings, as a kiosk's pages are.
struct PanelScreen: View {
    let title: String
    let rows: Int
    var body: some View {
        List {
            Section("Line \(title)") {
                ForEach(0..<rows, id: \.self) { i in
                    HStack {
                        Label("Sensor \(i)", systemImage: i % 2 == 0 ? "thermometer" : "gauge")
                        Spacer()
                        Text("\(20 + i).\(i % 10) °C").monospacedDigit().foregroundStyle(.secondary)
                    }
                }
            }
        }
        .navigationTitle(title)
    }
}

/// A heavier screen: twelve cards with a gradient, a shadow, a ring and a label each.
struct CardsScreen: View {
    var body: some View {
        LazyVGrid(columns: [GridItem(.adaptive(minimum: 220), spacing: 24)], spacing: 24) {
            ForEach(0..<12, id: \.self) { i in
                ZStack {
                    RoundedRectangle(cornerRadius: 16)
                        .fill(LinearGradient(colors: [.blue, .teal], startPoint: .topLeading, endPoint: .bottomTrailing))
                        .shadow(radius: 8, y: 4)
                    Circle().trim(from: 0, to: 0.1 + 0.07 * Double(i)).stroke(.white, style: StrokeStyle(lineWidth: 10, lineCap: .round))
                        .padding(30)
                    Text("\(10 + 7 * i) %").font(.title).foregroundStyle(.white)
                }
                .frame(height: 200)
            }
        }
        .padding(24)
        .navigationTitle("Cards")
    }
}

/// A list screen that pushes a list screen, or (`cards`) the screen of cards.
struct PushCase: View {
    let flow: Flow
    var cards = false
    @State private var path: [Int] = []
    var body: some View {
        NavigationStack(path: $path) {
            PanelScreen(title: "Overview", rows: 30)
                .navigationDestination(for: Int.self) { n in
                    if cards { CardsScreen() } else { PanelScreen(title: "Detail \(n)", rows: 30) }
                }
        }
        .onAppear { if flow.startPushed { path = [1] } }
        .onChange(of: flow.taps) { withAnimation(.easeOut(duration: 0.3)) { if path.isEmpty { path.append(1) } else { path.removeLast() } } }
    }
}

struct PageCase: View {
    let flow: Flow
    @State private var page = 0
    var body: some View {
        TabView(selection: $page) {
            ForEach(0..<3, id: \.self) { i in PanelScreen(title: "Page \(i)", rows: 30).tag(i) }
        }
        .tabViewStyle(.page)
        .onChange(of: flow.taps) { withAnimation(.easeOut(duration: 0.3)) { page = 1 } }
    }
}

struct SheetCase: View {
    let flow: Flow
    /// Over the screen of cards (gradients and shadows: not drawn in dimmed colours) instead of a list.
    var cards = false
    /// An alert instead of the sheet (its card fades in over the scrim).
    var alert = false
    @State private var sheet = false
    @State private var alertShown = false
    var body: some View {
        NavigationStack {
            if cards { CardsScreen() } else { PanelScreen(title: "Overview", rows: 30) }
        }
        .sheet(isPresented: $sheet) {
            PanelScreen(title: "Settings", rows: 20)
        }
        .alert("Pump 2 stopped", isPresented: $alertShown) { Button("OK") {} }
        .onChange(of: flow.taps) { if alert { alertShown = true } else { sheet = true } }
    }
}

struct Result {
    var frames = 0
    var compose: [Double] = []
    /// The present (copy into the display buffer) alone, within `compose`.
    var present: [Double] = []
    var total: [Double] = []
    var area: [Int] = []
    var panelBuilds = 0
    var panelCopies = 0
}

/// Taps (the case view animates its change) and runs every frame until the host stops animating.
@MainActor
func animate<V: View>(_ w: Int, _ h: Int, caching: Bool, pushed: Bool = false, _ root: (Flow) -> V) -> Result {
    let flow = Flow()
    flow.startPushed = pushed
    let host = ViewHost(rootView: root(flow), size: CGSize(width: CGFloat(w), height: CGFloat(h)))
    host.verifiesRecordings = false
    let compositor = FrameCompositor(width: w, height: h, format: .xrgb8888)
    if !caching { compositor.cachesSlidingPanels = false }
    let buffers = [PixelBuffer(width: w, height: h, format: .xrgb8888), PixelBuffer(width: w, height: h, format: .xrgb8888)]
    var drawn = [-1, -1]
    var frame = 0
    var time = 1.0
    func step(recording result: inout Result?) {
        let s0 = BenchTools.nowMs()
        host.advanceTime(to: time)
        _ = host.update(); host.layout()
        let list = host.makeDisplayList()
        if BenchTools.environment("DUMP") == "\(frame)" {
            for (i, item) in list.items.enumerated() { print(i, String(describing: item).prefix(Int(BenchTools.environment("DUMP_WIDTH") ?? "160") ?? 160)) }
        }
        let s1 = BenchTools.nowMs()
        let b = frame % 2, age = drawn[b] < 0 ? 0 : frame - drawn[b]
        // (Only the animated frames past the first SKIP go through composeSlideFrame: callgrind counts those alone.)
        let isCounted = result.map { countedFrames.contains($0.compose.count) } ?? false
        let region = !isCounted ? compose(compositor, list, into: buffers[b], age: age)
            : composeSlideFrame(compositor, list, into: buffers[b], age: age)
        let s2 = BenchTools.nowMs()
        if BenchTools.environment("DUMP_DAMAGE") != nil {
            print("frame \(frame): builds \(compositor.privateFrameRenderer.panelBuilds) backdrop \(compositor.privateFrameRenderer.backdropBuilds) presented \(region.rects); compose \(BenchTools.fixed4(s2 - s1)) ms, present \(BenchTools.fixed4(lastPresentMs)) ms")
        }
        drawn[b] = frame
        frame += 1
        time += 1.0 / 60
        result?.compose.append(s2 - s1); result?.present.append(lastPresentMs); result?.total.append(s2 - s0); result?.area.append(region.area)
    }
    var none: Result? = nil
    for _ in 0..<3 { step(recording: &none) }  // first frame, and both buffers drawn once
    flow.taps += 1
    var result: Result? = Result()
    repeat { step(recording: &result) } while host.isAnimating && result!.compose.count < 600
    result!.frames = result!.compose.count
    result!.panelBuilds = compositor.privateFrameRenderer.panelBuilds + (compositor.bandFrameRenderer?.panelBuilds ?? 0)
    result!.panelCopies = compositor.privateFrameRenderer.panelCopies + (compositor.bandFrameRenderer?.panelCopies ?? 0)
    return result!
}

/// Damage + compose of one frame into a display buffer; out of line so that callgrind can count it alone
/// (`--toggle-collect=*composeSlideFrame*`).
@MainActor @inline(never)
func composeSlideFrame(_ compositor: FrameCompositor, _ list: DisplayList, into buffer: PixelBuffer, age: Int) -> Damage {
    compose(compositor, list, into: buffer, age: age)
}

/// Damage + compose of one frame into a display buffer, through the private frame or (`COMPOSE=bands`) by bands.
@MainActor
func compose(_ compositor: FrameCompositor, _ list: DisplayList, into buffer: PixelBuffer, age: Int) -> Damage {
    if banded {
        compositor.render(list, background: .black, into: buffer, age: age)
        return compositor.repaintRegion(forBufferAge: age)
    }
    compositor.render(list, background: .black)
    let s0 = BenchTools.nowMs()
    defer { lastPresentMs = BenchTools.nowMs() - s0 }
    return compositor.present(into: buffer, age: age)
}

/// The animated frames callgrind counts: SKIP=n leaves out the first n (where bitmaps are drawn), COUNT=m counts
/// m frames from there.
let countedFrames = {
    let skip = Int(BenchTools.environment("SKIP") ?? "0") ?? 0
    return skip..<(BenchTools.environment("COUNT").flatMap { Int($0) }.map { skip + $0 } ?? Int.max)
}()

/// How long the last `compose` took to present (copy the repaint region into the display buffer).
nonisolated(unsafe) var lastPresentMs = 0.0

/// COMPOSE=bands composes straight into the display buffer band by band (the measured alternative to the
/// private frame and its copy).
let banded = BenchTools.environment("COMPOSE") == "bands"

/// Median ms of copying one w×h frame into another buffer (the floor a slide composited by copies meets),
/// with `buffers` of them copied in turn: 2, the same two every time (in the cache); 8, out of it (as
/// membench's cold copy: what a slide's copy from a panel's bitmap into a display buffer meets, with the
/// private frame, two display buffers and the bitmaps larger than the last-level cache).
func copyFrame(_ w: Int, _ h: Int, buffers count: Int) -> Double {
    let buffers = (0..<count).map { _ in PixelBuffer(width: w, height: h, format: .xrgb8888) }
    for b in buffers { b.baseAddress.initializeMemory(as: UInt8.self, repeating: 1, count: b.stride * h) }
    var times: [Double] = []
    for i in 0..<60 {
        let a = buffers[(2 * i) % count], b = buffers[(2 * i + 1) % count]
        let s0 = BenchTools.nowMs()
        b.baseAddress.copyMemory(from: a.baseAddress, byteCount: a.stride * h)
        times.append(BenchTools.nowMs() - s0)
    }
    return BenchTools.median(times)
}

/// Median ms of presenting a whole frame onto the panel through `DisplayTransform` at each rotation (what an
/// app on a panel mounted in portrait pays for every full-screen frame of a slide): a logical frame of
/// `w` x `h` pixels onto a panel of `h` x `w` (90°, 270°) or `w` x `h` (0°, 180°), into two display buffers in
/// turn as page flips alternate them.
func rotatedPresents(_ w: Int, _ h: Int, dimmedBy dimming: Dimming? = nil) -> [(DisplayRotation, Double)] {
    let frame = PixelBuffer(width: w, height: h, format: .xrgb8888)
    let words = frame.baseAddress.bindMemory(to: UInt32.self, capacity: frame.stride / 4 * h)
    for i in 0..<(frame.stride / 4 * h) { words[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) | 0xFF00_0000 }
    return DisplayRotation.allCases.map { rotation in
        let transform = DisplayTransform(panelWidth: rotation.swapsAxes ? h : w, panelHeight: rotation.swapsAxes ? w : h, rotation: rotation)
        let panels = (0..<2).map { _ in PixelBuffer(width: transform.panelWidth, height: transform.panelHeight, format: .xrgb8888) }
        var times: [Double] = []
        for i in 0..<70 {
            let target = panels[i % 2]
            let s0 = BenchTools.nowMs()
            try! transform.copy(frame, offsetX: 0, offsetY: 0, to: target, region: frame.bounds, dimmedBy: dimming,
                                streamed: target.streams(presentOf: w * h))
            if i >= 10 { times.append(BenchTools.nowMs() - s0) }
        }
        return (rotation, BenchTools.median(times))
    }
}

@MainActor
func main() {
    var args = Array(CommandLine.arguments.dropFirst())
    let w = args.count >= 2 ? Int(args[0]) ?? 1920 : 1920, h = args.count >= 2 ? Int(args[1]) ?? 1080 : 1080
    args.removeAll()
    let only = BenchTools.environment("CASE")
    let caching = BenchTools.environment("CACHING") != "never"
    let copy = copyFrame(w, h, buffers: 2), cold = copyFrame(w, h, buffers: 8)
    print("\(w)x\(h): copying one frame \(BenchTools.fixed4(copy)) ms (median of 60; \(BenchTools.fixed4(cold)) ms out of the cache)")
    var json: [String] = ["\"copy_ms\":\(BenchTools.fixed4(copy))", "\"copy_cold_ms\":\(BenchTools.fixed4(cold))"]
    func report(_ name: String, _ r: Result) {
        let compose = BenchTools.median(r.compose), total = BenchTools.median(r.total), present = BenchTools.median(r.present)
        let area = r.area.sorted()[r.area.count / 2]
        print("\(w)x\(h): \(name): \(r.frames) frames, compose median \(BenchTools.fixed4(compose)) ms "
            + "= \(BenchTools.fixed4(compose / copy))x a frame's copy, \(BenchTools.fixed4(compose / cold))x one out of the cache (of it the present \(BenchTools.fixed4(present)) ms; whole frame \(BenchTools.fixed4(total)) ms), "
            + "median \(area) px presented; \(r.panelBuilds) panel bitmaps drawn, \(r.panelCopies) copies from them")
        json.append("\"\(name)\":{\"frames\":\(r.frames),\"compose_ms\":\(BenchTools.fixed4(compose)),\"frame_ms\":\(BenchTools.fixed4(total)),"
            + "\"present_ms\":\(BenchTools.fixed4(present)),\"copies\":\(BenchTools.fixed4(compose / copy)),\"cold_copies\":\(BenchTools.fixed4(compose / cold))}")
    }
    if only == nil || only == "push" {
        report("push", animate(w, h, caching: caching) { PushCase(flow: $0) })
    }
    if only == nil || only == "push-cards" {
        report("push-cards", animate(w, h, caching: caching) { PushCase(flow: $0, cards: true) })
    }
    if only == nil || only == "pop" {
        report("pop", animate(w, h, caching: caching, pushed: true) { PushCase(flow: $0) })
    }
    if only == nil || only == "page" {
        report("page", animate(w, h, caching: caching) { PageCase(flow: $0) })
    }
    if only == nil || only == "sheet" {
        report("sheet", animate(w, h, caching: caching) { SheetCase(flow: $0) })
    }
    if only == nil || only == "sheet-cards" {
        report("sheet-cards", animate(w, h, caching: caching) { SheetCase(flow: $0, cards: true) })
    }
    if only == nil || only == "alert-cards" {
        report("alert-cards", animate(w, h, caching: caching) { SheetCase(flow: $0, cards: true, alert: true) })
    }
    // (Last: its nine full-screen buffers come and go, which the cases above should not meet.)
    if only == nil || only == "rotated" {
        let scrim = Dimming(color: .black, opacity: 0.3)
        for (name, figures) in [("", rotatedPresents(w, h)), ("_dimmed", rotatedPresents(w, h, dimmedBy: scrim))] {
            print("\(w)x\(h): a whole frame presented\(name.isEmpty ? "" : " under an alert's scrim") onto a panel mounted at "
                + figures.map { "\($0.0.degrees)°: \(BenchTools.fixed4($0.1)) ms (\(BenchTools.fixed4($0.1 / copy))x)" }.joined(separator: ", "))
            for (rotation, ms) in figures {
                json.append("\"present\(name)_\(rotation.degrees)\":{\"ms\":\(BenchTools.fixed4(ms)),\"copies\":\(BenchTools.fixed4(ms / copy))}")
            }
        }
    }
    print("{\"bench\":\"scanout-navigation\",\"W\":\(w),\"H\":\(h),\(json.joined(separator: ","))}")
}

MainActor.assumeIsolated { main() }
