import CLinux
import Glibc
import ScanoutRaster

/// A Linux framebuffer device (`/dev/fb0`): the fallback for old boards and kernels without a KMS driver,
/// and for a kernel's simple framebuffer (firmware-set mode).
///
/// | capability      | fbdev display                                                                      |
/// |-----------------|------------------------------------------------------------------------------------|
/// | device          | `fbdev = /dev/fb0` (board profile), `SCANOUT_FBDEV`, `--fbdev`                      |
/// | mode            | whatever the device is set to (FBIOGET_VSCREENINFO); no modesetting                 |
/// | formats         | XRGB8888 (32 bpp, red at bit 16) and RGB565 (16 bpp), detected from the bitfields   |
/// | buffers         | one: the mapped visible screen. No page flip: frames copy their damaged bands in   |
/// | pacing          | flips complete at once; the frame scheduler's timer paces to the refresh rate     |
/// |                 | (from the pixel clock and margins, else 60 Hz)                                     |
/// | tearing         | possible (no flip, no vblank wait): only the damaged rows are written, in order    |
/// | reads           | never: scanout memory is written only, as on DRM                                   |
/// | rotation        | by the app's `DisplayTransform` copy, as on DRM                                    |
/// | blanking        | FBIOBLANK powerdown after the idle timeout, unblank on input                      |
/// | not supported   | panning/double buffering through FBIOPAN_DISPLAY, palettes, other channel layouts  |
@MainActor
public final class FramebufferDisplay: Display {
    public let name: String
    public let mode: DisplayMode
    public let format: PixelFormat
    public let flipsWaitForVBlank = false
    public var onFlip: (@MainActor (MonotonicTime) -> Void)?
    /// The visible screen in the mapped memory.
    private let screen: PixelBuffer
    private var mapping: (address: UnsafeMutableRawPointer, length: Int, fd: Int32)?
    private weak var loop: MainLoop?
    private var presents = 0
    private var isDrawing = false
    /// A frame was presented and its "flip" has not been delivered yet.
    public private(set) var hasPendingFlip = false
    private var isClosed = false

    /// Opens and maps `path`. Errors name the device and what it lacks.
    public static func open(path: String = "/dev/fb0", loop: MainLoop?) throws(PlatformError) -> FramebufferDisplay {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case EACCES, EPERM:
                throw PlatformError.permissionDenied(device: path, groups: DRMDevice.groupsAllowed(toOpen: path, default: ["video"]))
            case ENOENT, ENODEV, ENXIO:
                throw PlatformError.unsupported(device: path, detail: "no such framebuffer device (is the fbdev driver or the DRM "
                    + "driver's fbdev emulation loaded? `ls /dev/fb*`); choose another with --fbdev /dev/fbN, SCANOUT_FBDEV or fbdev = /dev/fbN in the board profile")
            default:
                throw PlatformError.system(call: "open", errno: code, context: "opening \(path)")
            }
        }
        var v = fb_var_screeninfo()
        var f = fb_fix_screeninfo()
        guard scanout_linux_ioctl(fd, scanout_FBIOGET_VSCREENINFO(), &v) == 0 else {
            let e = PlatformError.lastError("FBIOGET_VSCREENINFO", "\(path) (is it a framebuffer device?)")
            Glibc.close(fd)
            throw e
        }
        guard scanout_linux_ioctl(fd, scanout_FBIOGET_FSCREENINFO(), &f) == 0 else {
            let e = PlatformError.lastError("FBIOGET_FSCREENINFO", "\(path)")
            Glibc.close(fd)
            throw e
        }
        let layout = Layout(bitsPerPixel: Int(v.bits_per_pixel),
                            red: (Int(v.red.offset), Int(v.red.length)), green: (Int(v.green.offset), Int(v.green.length)),
                            blue: (Int(v.blue.offset), Int(v.blue.length)))
        guard let format = layout.pixelFormat, f.type == UInt32(FB_TYPE_PACKED_PIXELS) else {
            Glibc.close(fd)
            throw PlatformError.unsupported(device: path, detail: "\(layout) is not a layout Scanout draws (XRGB8888 or "
                + "RGB565 packed pixels); set the mode with fbset, or use the DRM backend")
        }
        let width = Int(v.xres), height = Int(v.yres), stride = Int(f.line_length)
        let bpp = format.bytesPerPixel
        let offset = Int(v.yoffset) * stride + Int(v.xoffset) * bpp
        let length = Int(f.smem_len)
        guard width > 0, height > 0, stride >= width * bpp, offset + (height - 1) * stride + width * bpp <= length else {
            Glibc.close(fd)
            throw PlatformError.unsupported(device: path, detail: "\(width)x\(height), \(stride) bytes per line do not fit its "
                + "\(length)-byte memory")
        }
        let memory = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        guard let memory, memory != MAP_FAILED else {
            let e = PlatformError.lastError("mmap", "\(path): mapping \(length) bytes of framebuffer memory")
            Glibc.close(fd)
            throw e
        }
        let display = FramebufferDisplay(memory: memory + offset, width: width, height: height, stride: stride, format: format,
                                         refreshRate: refreshRate(v), name: "\(path) (\(fixedName(f)))", loop: loop)
        display.mapping = (memory, length, fd)
        return display
    }

    /// A display over memory that stands for a framebuffer (tests; `open` maps the device's).
    public init(memory: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, format: PixelFormat,
                refreshRate: Double = 60, name: String = "fbdev", loop: MainLoop?) {
        self.name = name
        self.format = format
        self.loop = loop
        mode = DisplayMode(width: width, height: height, refreshRate: refreshRate)
        screen = PixelBuffer(wrapping: memory, width: width, height: height, stride: stride, format: format)
    }

    /// The one buffer: the screen itself. Its content is the last presented frame (age 1) once one was.
    public func beginFrame() throws(PlatformError) -> DisplayFrame {
        guard !isClosed else { throw PlatformError.invalidState("\(name) is closed") }
        guard !hasPendingFlip else {
            throw PlatformError.invalidState("\(name): beginFrame() while a commit is in flight (wait for the flip)")
        }
        isDrawing = true
        return DisplayFrame(buffer: screen, age: presents > 0 ? 1 : 0, index: 0)
    }

    /// The frame is already on screen (it was copied there); the "flip" is delivered on the loop's next
    /// iteration, or by `completeFlip()` without a loop.
    public func present() throws(PlatformError) {
        guard isDrawing else { throw PlatformError.invalidState("\(name): present() without beginFrame()") }
        isDrawing = false
        presents += 1
        hasPendingFlip = true
        loop?.post { [weak self] in self?.completeFlip() }
    }

    public func completeFlip() {
        guard hasPendingFlip else { return }
        hasPendingFlip = false
        onFlip?(.now())
    }

    /// Frames presented so far.
    public var presentedFrames: Int { presents }

    /// Whether the device is blanked (FBIOBLANK powerdown).
    public private(set) var isBlanked = false
    /// Called with a line worth logging (blanking that the driver refused).
    public var onStatus: (@MainActor (String) -> Void)?

    /// Powers the panel down (FB_BLANK_POWERDOWN) or up again; frames keep being copied into the memory, so
    /// the screen is current when it wakes.
    public func setBlanked(_ blanked: Bool) {
        guard blanked != isBlanked else { return }
        isBlanked = blanked
        guard let fd = mapping?.fd else { return }
        let level = blanked ? FB_BLANK_POWERDOWN : FB_BLANK_UNBLANK
        if scanout_linux_ioctl_value(fd, scanout_FBIOBLANK(), UInt(level)) == 0 {
            onStatus?("\(name): \(blanked ? "blanked after the idle timeout" : "woken by input")")
        } else {
            onStatus?("\(name): FBIOBLANK \(blanked ? "powerdown" : "unblank") failed: \(PlatformError.errorString(errno))")
        }
    }

    /// Unmaps the memory and closes the device; the screen keeps the last frame.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        onFlip = nil
        if let m = mapping {
            munmap(m.address, m.length)
            Glibc.close(m.fd)
        }
        mapping = nil
    }

    // MARK: Device description

    /// A framebuffer's pixel layout as FBIOGET_VSCREENINFO gives it: bits per pixel and each colour's
    /// (offset, length) in bits.
    public struct Layout: Sendable, Equatable, CustomStringConvertible {
        public var bitsPerPixel: Int
        public var red: (offset: Int, length: Int)
        public var green: (offset: Int, length: Int)
        public var blue: (offset: Int, length: Int)

        public init(bitsPerPixel: Int, red: (Int, Int), green: (Int, Int), blue: (Int, Int)) {
            self.bitsPerPixel = bitsPerPixel
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// The Scanout format with exactly this layout, or nil (BGR order, 24 bpp, palettes...).
        public var pixelFormat: PixelFormat? {
            switch (bitsPerPixel, red.offset, red.length, green.offset, green.length, blue.offset, blue.length) {
            case (32, 16, 8, 8, 8, 0, 8): return .xrgb8888
            case (16, 11, 5, 5, 6, 0, 5): return .rgb565
            default: return nil
            }
        }

        public static func == (a: Layout, b: Layout) -> Bool {
            a.bitsPerPixel == b.bitsPerPixel && a.red == b.red && a.green == b.green && a.blue == b.blue
        }

        public var description: String {
            "\(bitsPerPixel) bpp, red \(red.length)@\(red.offset), green \(green.length)@\(green.offset), blue \(blue.length)@\(blue.offset)"
        }
    }

    /// The refresh rate from the pixel clock (picoseconds per pixel) and the margins; 60 Hz when the driver
    /// leaves them out (most emulated and simple framebuffers) or they give something implausible.
    nonisolated static func refreshRate(_ v: fb_var_screeninfo) -> Double {
        let htotal = Double(v.xres + v.left_margin + v.right_margin + v.hsync_len)
        let vtotal = Double(v.yres + v.upper_margin + v.lower_margin + v.vsync_len)
        guard v.pixclock > 0, htotal > 0, vtotal > 0 else { return 60 }
        let hz = 1e12 / Double(v.pixclock) / htotal / vtotal
        return (20...250).contains(hz) ? hz : 60
    }

    private static func fixedName(_ f: fb_fix_screeninfo) -> String {
        withUnsafeBytes(of: f.id) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
