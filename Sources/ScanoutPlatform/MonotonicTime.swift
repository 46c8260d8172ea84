import Glibc

/// A point in time on CLOCK_MONOTONIC (the clock timerfds, DRM flip timestamps and libinput use), in
/// nanoseconds. Fake clocks make their own, from zero.
public struct MonotonicTime: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = MonotonicTime(nanoseconds: 0)

    /// Now, on CLOCK_MONOTONIC.
    public static func now() -> MonotonicTime {
        var ts = Glibc.timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return MonotonicTime(seconds: Int64(ts.tv_sec), nanoseconds: Int64(ts.tv_nsec))
    }

    public init(seconds: Int64, nanoseconds: Int64) {
        self.nanoseconds = seconds * 1_000_000_000 + nanoseconds
    }

    public var timespec: timespec {
        Glibc.timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    }

    public static func < (a: MonotonicTime, b: MonotonicTime) -> Bool { a.nanoseconds < b.nanoseconds }

    public static func + (t: MonotonicTime, d: Duration) -> MonotonicTime {
        MonotonicTime(nanoseconds: t.nanoseconds + d.nanoseconds)
    }

    public static func - (t: MonotonicTime, d: Duration) -> MonotonicTime {
        MonotonicTime(nanoseconds: t.nanoseconds - d.nanoseconds)
    }

    public static func - (a: MonotonicTime, b: MonotonicTime) -> Duration {
        .nanoseconds(a.nanoseconds - b.nanoseconds)
    }

    public var description: String {
        let ms = Double(nanoseconds) / 1_000_000
        return "\(ms) ms"
    }
}

extension Duration {
    /// The duration in whole nanoseconds (truncated).
    public var nanoseconds: Int64 {
        let c = components
        return c.seconds * 1_000_000_000 + c.attoseconds / 1_000_000_000
    }

    /// The duration in milliseconds, as a Double (for reports).
    public var milliseconds: Double { Double(nanoseconds) / 1_000_000 }
}

/// Time since boot (CLOCK_BOOTTIME), for "boot to first frame" figures.
public enum Uptime {
    /// Seconds since boot, now.
    public static func now() -> Double {
        var ts = Glibc.timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Seconds since boot when this process started (field 22 of /proc/self/stat), or nil.
    public static func processStart() -> Double? {
        guard let f = fopen("/proc/self/stat", "r") else { return nil }
        defer { fclose(f) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), f) != nil else { return nil }
        let line = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // The command name (field 2) is in parentheses and may contain spaces: count fields after the last ')'.
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state); starttime is field 22.
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        return hz > 0 ? ticks / hz : nil
    }
}
