import ScanoutRaster

/// A display mode: the panel's size in pixels and its refresh rate.
public struct DisplayMode: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Refresh rate in Hz (from the pixel clock and totals where the driver gives them, so 59.94 stays 59.94).
    public var refreshRate: Double
    public var name: String

    public init(width: Int, height: Int, refreshRate: Double, name: String? = nil) {
        self.width = width
        self.height = height
        self.refreshRate = refreshRate
        self.name = name ?? "\(width)x\(height)"
    }

    /// One refresh period.
    public var refreshPeriod: Duration {
        .nanoseconds(Int64((1e9 / max(1, refreshRate)).rounded()))
    }

    public var description: String {
        let hz = (refreshRate * 100).rounded() / 100
        return "\(width)x\(height)@\(hz)Hz"
    }
}

/// The buffer a frame draws into, handed out by `Display.beginFrame()`.
public struct DisplayFrame {
    /// The back buffer, in panel pixels and the display's format. On a DRM display this is scanout memory
    /// (write-combined): write it, never read it.
    public let buffer: PixelBuffer
    /// Frames since this buffer's content was last on screen (2 for a double-buffered display in steady
    /// state); 0 when its content is undefined (never presented). Damage tracking repaints the union of the
    /// damage of the last `age` frames.
    public let age: Int
    /// Which of the display's buffers this is.
    public let index: Int
}

/// A way to put pixels on a panel: a DRM/KMS connector, or memory (headless). One protocol, so the frame
/// pipeline above is the same for each backend.
///
/// A frame: `beginFrame()` → draw into `buffer` → `present()` (commit) → later `onFlip` on the main loop
/// when the buffer is on screen. At most one commit is in flight: `beginFrame()` while one is fails.
@MainActor
public protocol Display: AnyObject {
    /// What the display is, for logs ("card0 Virtual-1", "headless").
    var name: String { get }
    var mode: DisplayMode { get }
    var format: PixelFormat { get }
    /// Whether flip events wait for vblank. When false they complete at once and the scheduler paces frames
    /// with its timer.
    var flipsWaitForVBlank: Bool { get }
    /// Called on the main loop when a presented buffer is on screen, with the flip's time.
    var onFlip: (@MainActor (MonotonicTime) -> Void)? { get set }
    /// The back buffer to draw the next frame into.
    func beginFrame() throws(PlatformError) -> DisplayFrame
    /// Commits the buffer from `beginFrame()`; `onFlip` follows.
    func present() throws(PlatformError)
    /// Blanks the panel after the idle timeout (`true`: it sleeps; frames keep running but are not shown) or
    /// wakes it (`false`: the newest frame comes back). A display that cannot blank ignores it.
    func setBlanked(_ blanked: Bool)
    /// Releases the display (a DRM display restores the CRTC it found). Paired with the backend's opening.
    func close()
}

/// Which buffer is the back one, the ages of each, and whether a commit is in flight — the bookkeeping
/// every backend with N buffers shares.
struct BufferRing {
    let count: Int
    private(set) var back = 0
    /// The frame number each buffer was last presented in (0: never).
    private var presentedIn: [Int]
    private(set) var presents = 0
    private(set) var isDrawing = false
    private(set) var isInFlight = false
    /// The buffer on screen (nil before the first flip).
    private(set) var front: Int?
    /// The buffer committed and waiting for its flip.
    private(set) var pending: Int?

    init(count: Int) {
        precondition(count >= 2, "a display needs at least two buffers")
        self.count = count
        presentedIn = Array(repeating: 0, count: count)
    }

    /// Starts drawing into the back buffer: its index and age.
    mutating func begin(display: String) throws(PlatformError) -> (index: Int, age: Int) {
        guard !isInFlight else {
            throw PlatformError.invalidState("\(display): beginFrame() while a commit is in flight (wait for the flip)")
        }
        isDrawing = true
        let age = presentedIn[back] == 0 ? 0 : presents + 1 - presentedIn[back]
        return (back, age)
    }

    /// The back buffer is committed: returns its index.
    mutating func commit(display: String) throws(PlatformError) -> Int {
        guard isDrawing else { throw PlatformError.invalidState("\(display): present() without beginFrame()") }
        isDrawing = false
        isInFlight = true
        presents += 1
        presentedIn[back] = presents
        pending = back
        return back
    }

    /// The commit failed: the buffer stays the back one, nothing is in flight.
    mutating func commitFailed() {
        isInFlight = false
        if let p = pending { presentedIn[p] = 0 }
        pending = nil
        presents -= 1
    }

    /// Someone else drew on the screen (a VT switch, another DRM client): no buffer's content is known to be
    /// on screen, so each counts as never presented (age 0: the next frame repaints all of it).
    mutating func forgetContents() {
        presentedIn = Array(repeating: 0, count: count)
        front = nil
    }

    /// The committed buffer is on screen: the next one becomes the back buffer.
    mutating func flipped() {
        guard isInFlight, let p = pending else { return }
        isInFlight = false
        front = p
        pending = nil
        back = (p + 1) % count
    }
}
