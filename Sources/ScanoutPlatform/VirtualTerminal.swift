import CLinux
import Glibc

/// The Linux console a Scanout app took over: started from a console (or with one active), the app puts
/// that virtual terminal into graphics mode (`KDSETMODE KD_GRAPHICS`) so the kernel's console stops drawing
/// its text and cursor over the app (fbcon writes into the same scanout memory on fbdev, and redraws the
/// console on a VT event on DRM), and puts it back into text mode on exit — after SIGTERM too, since the
/// runner's teardown runs then. No VT (a container, a serial console only, no permission on /dev/tty0):
/// nothing is done, and `enter` says why.
///
/// Keys (`silenceKeyboard`): the app reads keyboards through libinput, so the terminal's own keyboard handling
/// is turned off (`KDSKBMODE K_OFF`, as compositors do) while it runs: otherwise every key typed into a text
/// field — a password too — would also be queued on the terminal and echoed onto the console, and read by the
/// shell the app was started from once it exits. Started by hand from that console, the app ends on a Ctrl-C
/// no view took (`AppSession`), as the terminal would have.
///
/// VT switching (`takeSwitching`): with `VT_SETMODE VT_PROCESS` the kernel asks the app before switching
/// away (the release signal: stop presenting, drop DRM master, then `acknowledgeRelease()`) and tells it when
/// its VT is back (the acquire signal: `acknowledgeAcquire()`, take master, set the mode again). Without it
/// the console could not take the screen back from the app's DRM master, and the app would not know it lost
/// the screen. `restore()` puts `VT_AUTO` back before the text mode: a VT left in process mode by an app
/// that is gone would refuse to switch.
///
/// Under systemd: with `TTYPath=/dev/tty1` and `StandardInput=tty` the VT is standard input and the app's
/// controlling terminal, so the ioctls are allowed for a non-root service user (`DeviceAllow=/dev/tty1 rw`
/// next to `DevicePolicy=closed`). Without a TTY the active VT is opened through /dev/tty0 (root or the tty
/// group); when that is refused, switching stays the kernel's and a lost DRM master is noticed by the commit
/// that fails (`DisplayOwnership`).
///
/// Paired lifecycle: `enter()` → (`takeSwitching`) → `restore()`.
public final class VirtualTerminal {
    /// The terminal's device (/dev/tty1...).
    public let path: String
    private var device: TerminalDevice?
    private let previousMode: UInt32
    /// The keyboard mode before `silenceKeyboard()` (nil: not changed), put back on `restore()`.
    private var previousKeyboardMode: Int32?
    /// Whether the terminal is the app's standard input (started from it, or given it by systemd).
    public let isStandardInput: Bool
    /// Whether switching is in the app's hands (`VT_PROCESS`), to be given back on `restore()`.
    public private(set) var handlesSwitching = false

    /// A terminal already in graphics mode through `device` (which was in `previousMode`). `enter()` makes
    /// the real one; tests pass a recording device.
    public init(path: String, device: TerminalDevice, previousMode: UInt32, isStandardInput: Bool = false) {
        self.path = path
        self.device = device
        self.previousMode = previousMode
        self.isStandardInput = isStandardInput
    }

    /// Puts the VT the app was started on (standard input, when it is a VT), else the active one
    /// (`/dev/tty0`'s VT_GETSTATE), into graphics mode. Returns the terminal, or why there is none.
    public static func enter() -> Result<VirtualTerminal, PlatformError> {
        var fd: Int32 = -1
        var path = "standard input"
        var mode: UInt32 = 0
        var standardInput = false
        // A VT answers KDGETMODE; a serial line or a pipe does not.
        if isatty(0) == 1, scanout_linux_ioctl(0, scanout_KDGETMODE(), &mode) == 0 {
            fd = dup(0)
            standardInput = true
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
        return .success(VirtualTerminal(path: path, device: TTYDevice(fd: fd), previousMode: mode, isStandardInput: standardInput))
    }

    /// Whether the terminal was in text mode before (and goes back to it on `restore()`).
    public var wasTextMode: Bool { previousMode == UInt32(KD_TEXT) }

    /// Takes VT switching into the app's hands: the kernel sends `releaseSignal` before switching away and
    /// `acquireSignal` when the VT is back (the app's main loop reads both from its signalfd). Returns why
    /// not, when the terminal refuses (then switching stays the kernel's).
    public func takeSwitching(releaseSignal: Int32, acquireSignal: Int32) -> PlatformError? {
        guard let device else { return .invalidState("\(path) is restored") }
        let code = device.setSwitching(process: true, releaseSignal: releaseSignal, acquireSignal: acquireSignal)
        guard code == 0 else { return .system(call: "VT_SETMODE", errno: code, context: "\(path): VT_PROCESS") }
        handlesSwitching = true
        return nil
    }

    /// Turns the terminal's keyboard off (`K_OFF`): keys reach the app through libinput only, none is queued
    /// on the terminal or echoed onto the console. Returns why not, when the terminal refuses.
    public func silenceKeyboard() -> PlatformError? {
        guard let device else { return .invalidState("\(path) is restored") }
        guard previousKeyboardMode == nil else { return nil }
        let (mode, readError) = device.keyboardMode()
        guard readError == 0 else { return .system(call: "KDGKBMODE", errno: readError, context: path) }
        let code = device.setKeyboardMode(Int32(K_OFF))
        guard code == 0 else { return .system(call: "KDSKBMODE", errno: code, context: "\(path): K_OFF") }
        previousKeyboardMode = mode
        return nil
    }

    /// Whether the terminal's keyboard is off while the app runs.
    public var isKeyboardSilenced: Bool { previousKeyboardMode != nil }

    /// The app has stopped presenting and dropped DRM master: the kernel may switch away now.
    public func acknowledgeRelease() {
        guard handlesSwitching else { return }
        _ = device?.releaseDisplay(1)
    }

    /// The VT is back: acknowledged before the app takes master and sets its mode again.
    public func acknowledgeAcquire() {
        guard handlesSwitching else { return }
        _ = device?.releaseDisplay(Int32(VT_ACKACQ))
    }

    /// Gives switching back to the kernel (`VT_AUTO`) and puts the terminal back into the mode it had
    /// (text mode: the console redraws itself).
    public func restore() {
        guard let device else { return }
        if handlesSwitching {
            _ = device.setSwitching(process: false, releaseSignal: 0, acquireSignal: 0)
            handlesSwitching = false
        }
        if let keyboard = previousKeyboardMode {
            _ = device.setKeyboardMode(keyboard)
            previousKeyboardMode = nil
        }
        _ = device.setDisplayMode(previousMode)
        device.close()
        self.device = nil
    }

    deinit { if device != nil { restore() } }

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

/// The console ioctls `VirtualTerminal` needs; each returns 0 or the errno.
public protocol TerminalDevice: AnyObject {
    /// `KDSETMODE`: `KD_TEXT` or `KD_GRAPHICS`.
    func setDisplayMode(_ mode: UInt32) -> Int32
    /// `VT_SETMODE`: `VT_PROCESS` with the signals, or `VT_AUTO`.
    func setSwitching(process: Bool, releaseSignal: Int32, acquireSignal: Int32) -> Int32
    /// `VT_RELDISP`: 1 (release allowed) or `VT_ACKACQ`.
    func releaseDisplay(_ value: Int32) -> Int32
    /// `KDGKBMODE`: the keyboard mode (`K_XLATE`, `K_UNICODE`, `K_OFF` ...) and 0, or the errno.
    func keyboardMode() -> (mode: Int32, error: Int32)
    /// `KDSKBMODE`.
    func setKeyboardMode(_ mode: Int32) -> Int32
    func close()
}

/// A VT's descriptor.
final class TTYDevice: TerminalDevice {
    private var fd: Int32

    init(fd: Int32) { self.fd = fd }

    func setDisplayMode(_ mode: UInt32) -> Int32 {
        scanout_linux_ioctl_value(fd, scanout_KDSETMODE(), UInt(mode)) == 0 ? 0 : errno
    }

    func setSwitching(process: Bool, releaseSignal: Int32, acquireSignal: Int32) -> Int32 {
        var mode = vt_mode()
        mode.mode = CChar(process ? VT_PROCESS : VT_AUTO)
        mode.relsig = Int16(releaseSignal)
        mode.acqsig = Int16(acquireSignal)
        return scanout_linux_ioctl(fd, scanout_VT_SETMODE(), &mode) == 0 ? 0 : errno
    }

    func releaseDisplay(_ value: Int32) -> Int32 {
        scanout_linux_ioctl_value(fd, scanout_VT_RELDISP(), UInt(value)) == 0 ? 0 : errno
    }

    func keyboardMode() -> (mode: Int32, error: Int32) {
        var mode: Int32 = 0
        return scanout_linux_ioctl(fd, scanout_KDGKBMODE(), &mode) == 0 ? (mode, 0) : (0, errno)
    }

    func setKeyboardMode(_ mode: Int32) -> Int32 {
        scanout_linux_ioctl_value(fd, scanout_KDSKBMODE(), UInt(mode)) == 0 ? 0 : errno
    }

    func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }
}
