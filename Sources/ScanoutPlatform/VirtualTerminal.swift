import CLinux
import Glibc

/// The Linux console a Scanout app took over: started from a console (or with one active), the app puts
/// that virtual terminal into graphics mode (`KDSETMODE KD_GRAPHICS`) so the kernel's console stops drawing
/// its text and cursor over the app (fbcon writes into the same scanout memory on fbdev, and redraws the
/// console on a VT event on DRM), and puts it back into text mode on exit — after SIGTERM too, since the
/// runner's teardown runs then. No VT (a container, a serial console only, no permission on /dev/tty0):
/// nothing is done, and `enter` says why.
///
/// Keyboard input to the terminal is left as it is (typing still reaches the shell below): turning it off
/// (`KDSKBMODE K_OFF`) would also take Ctrl-C away from whoever started the app by hand.
///
/// Paired lifecycle: `enter()` → `restore()`.
public final class VirtualTerminal {
    /// The terminal's device (/dev/tty1...).
    public let path: String
    private var fd: Int32
    private let previousMode: UInt32

    private init(path: String, fd: Int32, previousMode: UInt32) {
        self.path = path
        self.fd = fd
        self.previousMode = previousMode
    }

    /// Puts the VT the app was started on (standard input, when it is a VT), else the active one
    /// (`/dev/tty0`'s VT_GETSTATE), into graphics mode. Returns the terminal, or why there is none.
    public static func enter() -> Result<VirtualTerminal, PlatformError> {
        var fd: Int32 = -1
        var path = "standard input"
        var mode: UInt32 = 0
        // A VT answers KDGETMODE; a serial line or a pipe does not.
        if isatty(0) == 1, scanout_linux_ioctl(0, scanout_KDGETMODE(), &mode) == 0 {
            fd = dup(0)
            if let name = ttyname(0) { path = String(cString: name) }
        } else {
            let console = open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY)
            guard console >= 0 else {
                return .failure(.system(call: "open", errno: errno, context: "no virtual terminal: /dev/tty0"))
            }
            var state = vt_stat()
            let ok = scanout_linux_ioctl(console, scanout_VT_GETSTATE(), &state) == 0
            let code = errno
            close(console)
            guard ok else { return .failure(.system(call: "VT_GETSTATE", errno: code, context: "no virtual terminal: /dev/tty0")) }
            path = "/dev/tty\(state.v_active)"
            fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { return .failure(.system(call: "open", errno: errno, context: "the active virtual terminal \(path)")) }
            guard scanout_linux_ioctl(fd, scanout_KDGETMODE(), &mode) == 0 else {
                let e = PlatformError.system(call: "KDGETMODE", errno: errno, context: path)
                close(fd)
                return .failure(e)
            }
        }
        guard fd >= 0 else { return .failure(.system(call: "dup", errno: errno, context: "the virtual terminal")) }
        if mode != UInt32(KD_GRAPHICS) {
            guard scanout_linux_ioctl_value(fd, scanout_KDSETMODE(), UInt(KD_GRAPHICS)) == 0 else {
                let e = PlatformError.system(call: "KDSETMODE", errno: errno, context: "\(path): switching to graphics mode")
                close(fd)
                return .failure(e)
            }
        }
        return .success(VirtualTerminal(path: path, fd: fd, previousMode: mode))
    }

    /// Whether the terminal was in text mode before (and goes back to it on `restore()`).
    public var wasTextMode: Bool { previousMode == UInt32(KD_TEXT) }

    /// Puts the terminal back into the mode it had (text mode: the console redraws itself).
    public func restore() {
        guard fd >= 0 else { return }
        _ = scanout_linux_ioctl_value(fd, scanout_KDSETMODE(), UInt(previousMode))
        close(fd)
        fd = -1
    }

    deinit { if fd >= 0 { restore() } }

    /// The active VT's number and mode ("tty1 text"), for the probe; nil without a VT.
    public static func describeActive() -> String? {
        let console = open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard console >= 0 else { return nil }
        defer { close(console) }
        var state = vt_stat()
        guard scanout_linux_ioctl(console, scanout_VT_GETSTATE(), &state) == 0 else { return nil }
        var mode: UInt32 = 0
        let tty = open("/dev/tty\(state.v_active)", O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard tty >= 0 else { return "tty\(state.v_active)" }
        defer { close(tty) }
        guard scanout_linux_ioctl(tty, scanout_KDGETMODE(), &mode) == 0 else { return "tty\(state.v_active)" }
        return "tty\(state.v_active) \(mode == UInt32(KD_GRAPHICS) ? "graphics" : "text") mode"
    }
}
