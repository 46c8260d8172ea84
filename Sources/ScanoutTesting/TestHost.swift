/// ScanoutTesting: the headless host app developers (and Scanout's own tests) drive views with. It runs the
/// same frame pipeline as a display — input, update, layout, render, commit — against a simulated 60 Hz
/// clock, with synthetic touches and a pixel buffer to inspect or save as PNG. Not for shipping apps.
import ScanoutImage
import ScanoutRender
import ScanoutUI

@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)

public typealias RGBA = ScanoutRaster.RGBA

@MainActor
public final class TestHost {
    public let host: ViewHost
    public let width: Int
    public let height: Int
    /// Simulated time in seconds (advanced one refresh period per frame).
    public private(set) var time: Double = 0
    public let refreshInterval = 1.0 / 60
    /// Frames that were committed (drawn and flipped).
    public private(set) var committedFrames = 0
    /// The display list of the last committed frame.
    public private(set) var displayList = DisplayList()
    public var framebuffer: PixelBuffer { compositor.composition }
    /// Repaints only what changed between frames (the damage), as a display would.
    private let compositor: FrameCompositor
    /// The region repainted by the last frame that ran (empty: it drew nothing).
    public private(set) var lastDamage = Damage()
    private var pendingTouches: [(kind: Int, point: CGPoint)] = []
    public var background = RGBA.white

    /// A headless display of `width`x`height` points at scale 1, showing `rootView`.
    public init<V: View>(rootView: V, width: Int, height: Int) {
        self.width = width
        self.height = height
        var env = EnvironmentValues()
        env.displaySize = CGSize(width: CGFloat(width), height: CGFloat(height))
        env.displayScale = 1
        host = ViewHost(rootView: rootView, size: CGSize(width: CGFloat(width), height: CGFloat(height)), environment: env)
        compositor = FrameCompositor(width: width, height: height, format: .xrgb8888)
    }

    /// Runs main-actor jobs (`.task` bodies, `Task { @MainActor in }`) that are ready, as the run loop does.
    /// Inside a main-actor job (an `async` test) this does nothing: use `runMainActorJobs()` there.
    public func drainMainActorJobs() {
        for _ in 0..<4 { dispatchMainQueueCallback(nil) }
    }

    /// Lets the main-actor jobs that are ready run in an `async` test (`.task` bodies, tasks resumed by a
    /// cancellation). `runFrame()` drains them itself when the test is not a main-actor job; an `async` test is
    /// one, and the main queue is not drained inside one of its own jobs, so the test suspends instead: the
    /// jobs queued before it run, then it carries on. Deterministic: no clock is involved.
    public func runMainActorJobs() async {
        for _ in 0..<4 { await Task.yield() }
    }

    /// `count` frames, each after `runMainActorJobs()`: what `advance(seconds:)` is for an `async` test.
    public func runFrames(_ count: Int) async {
        for _ in 0..<count {
            await runMainActorJobs()
            runFrame()
        }
    }

    /// Advances the clock one refresh period and runs that frame if one is due: input, update, layout,
    /// render, commit. A frame where nothing changed commits nothing.
    public func runFrame() {
        time += refreshInterval
        lastDamage = Damage()
        drainMainActorJobs()
        host.advanceTime(to: time)
        let touches = pendingTouches
        pendingTouches.removeAll()
        for t in touches {
            switch t.kind {
            case 0: host.touchDown(at: t.point)
            case 1: host.touchMoved(to: t.point)
            default: host.touchUp(at: t.point)
            }
        }
        guard host.needsFrame || host.needsLayout else { return }
        let changed = host.update()
        guard changed || host.needsLayout || !touches.isEmpty else { return }
        host.layout()
        displayList = host.makeDisplayList()
        lastDamage = compositor.render(displayList, background: background)
        // A frame whose pixels did not change commits nothing.
        if !lastDamage.isEmpty { committedFrames += 1 }
    }

    /// `runFrame()` for `seconds` of simulated time.
    public func advance(seconds: Double) {
        let frames = max(1, Int((seconds / refreshInterval).rounded()))
        for _ in 0..<frames { runFrame() }
    }

    /// A touch down at (x, y), a frame, then up on the next frame.
    public func tap(x: Double, y: Double) {
        pendingTouches.append((0, CGPoint(x: x, y: y)))
        host.setNeedsFrame()
        runFrame()
        pendingTouches.append((2, CGPoint(x: x, y: y)))
        host.setNeedsFrame()
        runFrame()
    }

    /// Taps the centre of the first visible text run equal to `text` (fails the test if there is none).
    public func tap(text: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let frame = frameOfText(text) else {
            reportTestFailure("no visible text \"\(text)\" to tap; visible: \(visibleTexts)", file: file, line: line)
            return
        }
        tap(x: frame.midX, y: frame.midY)
    }

    /// Down at the start, `steps` moves (one frame each) to the end, then up.
    public func drag(fromX: Double, fromY: Double, toX: Double, toY: Double, steps: Int) {
        pendingTouches.append((0, CGPoint(x: fromX, y: fromY)))
        host.setNeedsFrame()
        runFrame()
        let n = max(1, steps)
        for i in 1...n {
            let t = Double(i) / Double(n)
            pendingTouches.append((1, CGPoint(x: fromX + (toX - fromX) * t, y: fromY + (toY - fromY) * t)))
            host.setNeedsFrame()
            runFrame()
        }
        pendingTouches.append((2, CGPoint(x: toX, y: toY)))
        host.setNeedsFrame()
        runFrame()
    }

    private var screen: ScanoutRaster.Rect { ScanoutRaster.Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }

    private func frameOfText(_ text: String) -> ScanoutRaster.Rect? {
        displayList.textRuns.first { $0.run.string == text && Self.intersects($0.frame, screen) }?.frame
    }

    private static func intersects(_ a: ScanoutRaster.Rect, _ b: ScanoutRaster.Rect) -> Bool {
        a.maxX > b.minX && a.minX < b.maxX && a.maxY > b.minY && a.minY < b.maxY
    }

    /// A visible text run equal to `text` is in the last committed frame.
    public func contains(text: String) -> Bool { frameOfText(text) != nil }

    /// Every visible text run of the last committed frame, in drawing order.
    public var visibleTexts: [String] {
        displayList.textRuns.filter { Self.intersects($0.frame, screen) }.map(\.run.string)
    }

    /// The laid-out frame of the first `Text` showing exactly `text` (nil if there is none).
    public func frame(ofText text: String) -> CGRect? { host.frames(ofText: text).first }

    /// The laid-out frame of the view marked `.layoutProbe(id)` (nil if there is none).
    public func frame(ofProbe id: String) -> CGRect? { host.layoutProbe(id)?.frame }

    /// The distinct size proposals the view marked `.layoutProbe(id)` received in the last layout, in order.
    public func proposals(ofProbe id: String) -> [ProposedViewSize] { host.layoutProbe(id)?.proposals ?? [] }

    /// The straight-alpha colour of a pixel of the last committed frame.
    public func pixel(x: Int, y: Int) -> RGBA { framebuffer.pixel(x: x, y: y) }

    /// Writes the last committed frame as PNG.
    public func writePNG(to path: String) throws { try PNGEncoder.write(framebuffer, toFile: path) }

    /// Warnings the runtime printed (e.g. a handler updating too many times per frame).
    public var warnings: [String] { host.warnings }
}
