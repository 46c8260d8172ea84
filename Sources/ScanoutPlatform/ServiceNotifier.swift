import Glibc

/// systemd's service notification protocol (sd_notify(3)) without libsystemd: one AF_UNIX datagram per
/// message to the socket named by `$NOTIFY_SOCKET` — a path, or an abstract socket when the name starts with
/// '@' (the '@' stands for the leading NUL byte). A message is newline-separated `KEY=value` assignments
/// (`READY=1`, `STATUS=…`, `WATCHDOG=1`, `STOPPING=1`).
///
/// The protocol is a datagram and nothing else, so a dependency on libsystemd (and its own dependencies on a
/// board's image) buys nothing. The socket is non-blocking: when systemd's queue is full the message is
/// dropped rather than stalling the frame loop (a dropped watchdog ping is followed by the next one).
public final class ServiceNotifier {
    /// The socket as `$NOTIFY_SOCKET` named it.
    public let socketName: String
    private var fd: Int32
    private var address = sockaddr_un()
    private let addressLength: socklen_t
    /// Messages that could not be sent (systemd gone, queue full).
    public private(set) var failures = 0
    /// The last send error (errno), for the one log line the caller prints.
    public private(set) var lastError: Int32 = 0

    /// The notifier `$NOTIFY_SOCKET` asks for, or nil when the variable is unset or empty (not started by
    /// systemd with `Type=notify`, or `NotifyAccess=none`): then nothing is sent.
    public static func fromEnvironment(_ environment: (String) -> String?) throws(PlatformError) -> ServiceNotifier? {
        guard let name = environment("NOTIFY_SOCKET"), !name.isEmpty else { return nil }
        return try ServiceNotifier(socket: name)
    }

    /// A notifier sending to `socket`: an absolute path, or '@' and the name of an abstract socket.
    public init(socket name: String) throws(PlatformError) {
        let expected = "an absolute socket path or @abstract-name, shorter than 108 bytes (set by systemd for Type=notify)"
        let bytes = Array(name.utf8)
        guard bytes.first == UInt8(ascii: "/") || bytes.first == UInt8(ascii: "@"), bytes.count >= 2 else {
            throw PlatformError.invalidOption(name: "NOTIFY_SOCKET", value: name, expected: expected)
        }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        // A path needs its terminating NUL; an abstract name is length-delimited (no NUL).
        guard bytes.count + (bytes[0] == UInt8(ascii: "/") ? 1 : 0) <= capacity else {
            throw PlatformError.invalidOption(name: "NOTIFY_SOCKET", value: name, expected: expected)
        }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (i, b) in bytes.enumerated() { path[i] = b }
            if bytes[0] == UInt8(ascii: "@") { path[0] = 0 }
        }
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)!
        addressLength = socklen_t(pathOffset + bytes.count + (bytes[0] == UInt8(ascii: "/") ? 1 : 0))
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw PlatformError.lastError("socket(AF_UNIX, SOCK_DGRAM)", "notifying systemd at \(name)") }
        self.fd = fd
        socketName = name
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// Sends one message (newline-separated assignments). Returns whether it was sent; a failure is counted
    /// and remembered (`lastError`), never thrown: a service manager that went away must not stop the panel.
    @discardableResult
    public func send(_ message: String) -> Bool {
        guard fd >= 0 else { return false }
        var bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { a in
            a.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                sendto(fd, &bytes, bytes.count, Int32(MSG_NOSIGNAL), sa, addressLength)
            }
        }
        guard sent == bytes.count else {
            failures += 1
            lastError = sent < 0 ? errno : EMSGSIZE
            return false
        }
        return true
    }

    /// Closes the socket; later sends do nothing.
    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// The watchdog period systemd expects (`WatchdogSec=`, passed as `$WATCHDOG_USEC`), or nil when the
    /// watchdog is off or meant for another process (`$WATCHDOG_PID` names a different pid).
    public static func watchdogTimeout(_ environment: (String) -> String?, pid: Int32 = getpid()) throws(PlatformError) -> Duration? {
        guard let text = environment("WATCHDOG_USEC"), !text.isEmpty else { return nil }
        guard let usec = Int64(text), usec > 0 else {
            throw PlatformError.invalidOption(name: "WATCHDOG_USEC", value: text, expected: "a positive number of microseconds (set by systemd from WatchdogSec=)")
        }
        if let p = environment("WATCHDOG_PID"), !p.isEmpty {
            guard let owner = Int32(p) else {
                throw PlatformError.invalidOption(name: "WATCHDOG_PID", value: p, expected: "a process id (set by systemd)")
            }
            if owner != pid { return nil }
        }
        return .microseconds(usec)
    }
}

/// `key=value` escaping for STATUS= text: a message is line-based, so a newline would start a new assignment.
extension String {
    var singleLine: String { String(map { $0 == "\n" || $0 == "\r" ? " " : $0 }) }
}
