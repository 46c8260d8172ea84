import ScanoutRaster

/// A display in memory: the same frame pipeline as a panel, with no hardware. Used where there is no
/// display (CI, a laptop), by `--backend headless`, and by tests.
///
/// | capability        | headless                                                                |
/// |-------------------|-------------------------------------------------------------------------|
/// | buffers           | 2 in memory (readable; `lastPresented` is the frame "on screen")        |
/// | flips             | complete at once, on the loop's next iteration (the scheduler paces)    |
/// | vblank            | none                                                                    |
/// | formats           | XRGB8888, ARGB8888, RGB565                                              |
/// | rotation          | by the app's `DisplayTransform` copy, as on DRM                        |
/// | PNG output        | not here (ScanoutPlatform does not encode images); the app writes PNGs  |
@MainActor
public final class HeadlessDisplay: Display {
    public let name = "headless"
    public let mode: DisplayMode
    public let format: PixelFormat
    public let flipsWaitForVBlank = false
    public var onFlip: (@MainActor (MonotonicTime) -> Void)?
    private let buffers: [PixelBuffer]
    private var ring: BufferRing
    private weak var loop: MainLoop?
    private let now: @MainActor () -> MonotonicTime
    /// A flip that waits for `completeFlip()` (when there is no loop to deliver it).
    public private(set) var hasPendingFlip = false

    /// A `width`x`height` display. With a `loop`, flips complete on its next iteration; without one they
    /// wait for `completeFlip()`. `now` stamps flips (the scheduler's clock for simulated runs).
    public init(width: Int, height: Int, format: PixelFormat = .xrgb8888, refreshRate: Double = 60,
                loop: MainLoop?, now: @escaping @MainActor () -> MonotonicTime = { .now() }) {
        mode = DisplayMode(width: width, height: height, refreshRate: refreshRate)
        self.format = format
        buffers = (0..<2).map { _ in PixelBuffer(width: width, height: height, format: format) }
        ring = BufferRing(count: 2)
        self.loop = loop
        self.now = now
    }

    public func beginFrame() throws(PlatformError) -> DisplayFrame {
        let (index, age) = try ring.begin(display: name)
        return DisplayFrame(buffer: buffers[index], age: age, index: index)
    }

    public func present() throws(PlatformError) {
        _ = try ring.commit(display: name)
        hasPendingFlip = true
        if let loop {
            loop.post { [weak self] in self?.completeFlip() }
        }
    }

    /// Completes the pending flip: the committed buffer is "on screen" and `onFlip` runs.
    public func completeFlip() {
        guard hasPendingFlip else { return }
        hasPendingFlip = false
        ring.flipped()
        onFlip?(now())
    }

    /// The buffer on screen: the last presented frame (nil before the first flip).
    public var lastPresented: PixelBuffer? { ring.front.map { buffers[$0] } }

    /// Frames presented so far.
    public var presentedFrames: Int { ring.presents }

    /// Whether the app asked for blanking (nothing to switch off in memory; tests read it).
    public private(set) var isBlanked = false
    public func setBlanked(_ blanked: Bool) { isBlanked = blanked }

    public func close() {
        onFlip = nil
        hasPendingFlip = false
    }
}
