import Glibc

/// What went wrong reaching the OS or the hardware, in words that name what is missing and what to do.
/// Every ScanoutPlatform call that can fail throws one of these; nothing in the module traps on a failed
/// system call.
public enum PlatformError: Error, Equatable, CustomStringConvertible {
    /// A system call failed: the call, `errno`, and what it was for.
    case system(call: String, errno: Int32, context: String)
    /// No DRM device node exists (no /dev/dri/card*), or none has a usable display.
    case noDRMDevice(detail: String)
    /// The card has connectors, but none with a display attached.
    case noConnectedConnector(card: String, connectors: [String])
    /// `SCANOUT_DRM_CONNECTOR` (or the option) names a connector the card does not have.
    case connectorNotFound(name: String, card: String, available: [String])
    /// The connector has no CRTC it can be driven by that is free.
    case noCRTC(card: String, connector: String)
    /// Opening a device node was refused (EACCES/EPERM).
    case permissionDenied(device: String, groups: [String])
    /// Another process holds DRM master on the card (a compositor, another kiosk app, a display manager).
    case drmMasterBusy(device: String, detail: String)
    /// The driver lacks something Scanout needs (dumb buffers, a pixel format).
    case unsupported(device: String, detail: String)
    /// libinput or udev could not be set up.
    case input(detail: String)
    /// A command-line option or environment variable has a value Scanout cannot use.
    case invalidOption(name: String, value: String, expected: String)
    /// A command-line argument no option matches.
    case unknownOption(String)
    /// A call was made in the wrong state (present without beginFrame, a second commit in flight...).
    case invalidState(String)
    /// A board profile line Scanout cannot use: the file, the line (1-based) and what is wrong with it.
    case boardProfile(file: String, line: Int, message: String)
    /// A signal asked the process to stop while it waited (for DRM master...): not a failure, exit 0.
    case stopped(while: String)
    /// `--board NAME` found no `NAME.board` in any of the places searched.
    case boardNotFound(name: String, searched: [String])

    public var description: String {
        switch self {
        case .system(let call, let code, let context):
            return "\(context): \(call) failed: \(PlatformError.errorString(code)) (errno \(code))"
        case .noDRMDevice(let detail):
            return "no DRM display device: \(detail). Load the GPU's KMS driver (check `ls /dev/dri`), "
                + "or run with --backend headless (SCANOUT_BACKEND=headless)"
        case .noConnectedConnector(let card, let connectors):
            let list = connectors.isEmpty ? "none" : connectors.joined(separator: ", ")
            return "\(card) has no connected display (connectors: \(list)). Plug a display in, check the cable "
                + "and the panel's device-tree overlay, or name one with SCANOUT_DRM_CONNECTOR"
        case .connectorNotFound(let name, let card, let available):
            return "\(card) has no connector named \(name) (it has: \(available.joined(separator: ", "))). "
                + "Set SCANOUT_DRM_CONNECTOR to one of those"
        case .noCRTC(let card, let connector):
            return "\(card): no free CRTC can drive \(connector)"
        case .permissionDenied(let device, let groups):
            let g = groups.joined(separator: " or ")
            return "permission denied opening \(device): run as a user in the \(g) group, "
                + "or from a logind seat session that owns the device"
        case .drmMasterBusy(let device, let detail):
            return "another process is driving \(device) (DRM master is taken: \(detail)). Stop the display "
                + "manager, compositor or other kiosk app (e.g. `systemctl stop display-manager`), then start again"
        case .unsupported(let device, let detail):
            return "\(device): \(detail)"
        case .input(let detail):
            return "input: \(detail)"
        case .invalidOption(let name, let value, let expected):
            return "\(name)=\(value) is not valid: expected \(expected)"
        case .unknownOption(let arg):
            return "unknown option \(arg)"
        case .invalidState(let detail):
            return detail
        case .boardProfile(let file, let line, let message):
            return "\(file):\(line): \(message)"
        case .stopped(let what):
            return "stopped by a signal while \(what)"
        case .boardNotFound(let name, let searched):
            return "no board profile \(name): looked for \(searched.joined(separator: ", ")). Give a path "
                + "(--board path/to/NAME.board) or put the file in one of those places (SCANOUT_BOARDS_DIR names a folder)"
        }
    }

    /// `strerror` as a Swift string.
    public static func errorString(_ code: Int32) -> String {
        guard let s = strerror(code) else { return "error \(code)" }
        return String(cString: s)
    }

    /// A `.system` error for the current `errno`.
    static func lastError(_ call: String, _ context: String) -> PlatformError {
        .system(call: call, errno: errno, context: context)
    }
}
