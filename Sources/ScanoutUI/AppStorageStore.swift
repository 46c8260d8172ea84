import Glibc
import Observation

/// Where `@AppStorage` values live (Scanout's stand-in for the `UserDefaults` SwiftUI stores them in):
/// one file, `app-storage`, in a folder — by default the app's state folder, `$STATE_DIRECTORY` (systemd's
/// `StateDirectory=`; the first if several) or else `~/.local/state/<program name>`.
///
/// The file is replaced atomically (written to `app-storage.tmp`, fsynced, renamed over the old one, the
/// folder fsynced), so a power cut at any moment leaves the old values or the new ones, never a torn file.
/// Changes are written once per main-loop turn, not once per change (a slider bound to a stored value does
/// not fsync sixty times a second). A file that cannot be read back (damaged on the medium, edited by hand)
/// is set aside as `app-storage.corrupt` with one log line, and the defaults are used.
///
/// Views read values per key: a body re-runs only when a key it read changes.
@MainActor
public final class AppStorageStore: Observable, Equatable {
    /// The store of the app's state folder.
    public static let standard = AppStorageStore(directory: AppStorageStore.defaultDirectory())

    /// A store in `directory` (created when first written). `nil`: values live in memory only.
    public convenience init(directory: String?) { self.init(directory: directory, fileSystem: .system) }

    package init(directory: String?, fileSystem: AppStorageFileSystem) {
        self.directory = directory
        self.fileSystem = fileSystem
    }

    /// The folder of the file, if values are persisted.
    public let directory: String?
    package var fileSystem: AppStorageFileSystem
    /// Problems met (also written to standard error), each once.
    package private(set) var warnings: [String] = []

    private var values: [String: StoredValue] = [:]
    private var loaded = false
    private var flushScheduled = false
    private let registrar = ObservationRegistrar()

    nonisolated public static func == (a: AppStorageStore, b: AppStorageStore) -> Bool { a === b }

    /// The observation token of one key: reads and writes of a key are tracked per key.
    nonisolated subscript(key key: String) -> Int { 0 }

    func value(forKey key: String) -> StoredValue? {
        registrar.access(self, keyPath: \AppStorageStore.[key: key])
        loadIfNeeded()
        return values[key]
    }

    /// Sets (or, with nil, removes) a value; it is written at the end of this main-loop turn.
    func set(_ value: StoredValue?, forKey key: String) {
        loadIfNeeded()
        guard values[key] != value else { return }
        registrar.withMutation(of: self, keyPath: \AppStorageStore.[key: key]) { values[key] = value }
        scheduleFlush()
    }

    private func scheduleFlush() {
        guard directory != nil, !flushScheduled else { return }
        flushScheduled = true
        Task { @MainActor [weak self] in self?.flush() }
    }

    /// Writes pending changes now (they are written at the end of the main-loop turn anyway).
    /// Returns whether the file now holds the values.
    @discardableResult
    package func flush() -> Bool {
        flushScheduled = false
        guard let directory else { return true }
        return write(encode(), in: directory)
    }

    // MARK: Reading

    private var path: String? { directory.map { $0 + "/app-storage" } }

    private func loadIfNeeded() {
        guard !loaded else { return }
        loaded = true
        guard let path, let text = readFile(path) else { return }
        if let decoded = Self.decode(text) {
            values = decoded
        } else {
            let aside = path + ".corrupt"
            _ = fileSystem.rename(path, aside)
            warn("\(path) is damaged and cannot be read; it was set aside as \(aside) and the defaults are used")
        }
    }

    private func readFile(_ path: String) -> String? {
        // No file yet: the defaults.
        FileContents.bytes(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Writing

    private func write(_ text: String, in directory: String) -> Bool {
        let fs = fileSystem
        guard Self.makeDirectories(directory) else {
            warn("cannot create \(directory) (\(Self.errorText())); stored values are kept in memory only")
            return false
        }
        let file = directory + "/app-storage", temporary = file + ".tmp"
        let fd = fs.open(temporary)
        guard fd >= 0 else { return failed("open \(temporary)") }
        var ok = Array(text.utf8).withUnsafeBytes { fs.write(fd, $0) }
        ok = ok && fs.fsync(fd)
        let closed = fs.close(fd)
        guard ok, closed else { return failed("write \(temporary)") }
        guard fs.rename(temporary, file) else { return failed("rename \(temporary) to \(file)") }
        guard fs.syncDirectory(directory) else { return failed("fsync \(directory)") }
        return true
    }

    private func failed(_ step: String) -> Bool {
        warn("cannot \(step) (\(Self.errorText())); the stored values were not saved, the previous file is kept")
        return false
    }

    private func warn(_ message: String) {
        let line = "scanout: app storage: " + message
        guard !warnings.contains(line) else { return }
        warnings.append(line)
        AppLog.error(line)
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }

    private static func makeDirectories(_ path: String) -> Bool {
        var partial = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            partial += (partial.isEmpty || partial.hasSuffix("/") ? "" : "/") + component
            if mkdir(partial, 0o700) != 0, errno != EEXIST { return false }
        }
        return true
    }

    // MARK: The file format

    /// `scanout-app-storage 1`, one `key=type:value` line per value (sorted, `%`-escaped), and `end N`: a
    /// file cut short (or otherwise damaged) does not read back.
    private func encode() -> String {
        var out = "scanout-app-storage 1\n"
        for key in values.keys.sorted() {
            guard let v = values[key] else { continue }
            out += Self.escape(key) + "=" + v.encoded + "\n"
        }
        out += "end \(values.count)\n"
        return out
    }

    nonisolated static func decode(_ text: String) -> [String: StoredValue]? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "scanout-app-storage 1", lines.last == "" else { return nil }
        lines.removeLast()
        guard let end = lines.popLast(), end.hasPrefix("end "), let count = Int(end.dropFirst(4)) else { return nil }
        var values: [String: StoredValue] = [:]
        for line in lines.dropFirst() {
            guard let eq = line.firstIndex(of: "="), let key = unescape(line[..<eq]),
                  let value = StoredValue(encoded: line[line.index(after: eq)...]) else { return nil }
            values[key] = value
        }
        return values.count == count ? values : nil
    }

    nonisolated static func escape(_ s: String) -> String {
        var out = ""
        for ch in s.unicodeScalars {
            switch ch {
            case "%": out += "%25"
            case "\n": out += "%0A"
            case "\r": out += "%0D"
            case "=": out += "%3D"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    nonisolated static func unescape(_ s: Substring) -> String? {
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == "%" {
                let j = s.index(i, offsetBy: 3, limitedBy: s.endIndex) ?? s.endIndex
                guard s.distance(from: i, to: j) == 3, let code = UInt8(s[s.index(after: i)..<j], radix: 16) else { return nil }
                out.unicodeScalars.append(Unicode.Scalar(code))
                i = j
            } else {
                out.append(s[i])
                i = s.index(after: i)
            }
        }
        return out
    }

    // MARK: The default folder

    nonisolated static func defaultDirectory() -> String? {
        if let state = getenv("STATE_DIRECTORY").map({ String(cString: $0) }), !state.isEmpty {
            return String(state.split(separator: ":").first ?? Substring(state))
        }
        guard let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty else { return nil }
        let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "app") } ?? "app"
        return home + "/.local/state/" + program
    }
}

/// A value in the store.
enum StoredValue: Equatable, Sendable {
    case bool(Bool), int(Int), double(Double), string(String)

    var encoded: String {
        switch self {
        case .bool(let b): return "b:" + (b ? "1" : "0")
        case .int(let i): return "i:\(i)"
        case .double(let d): return "d:\(d)"
        case .string(let s): return "s:" + AppStorageStore.escape(s)
        }
    }

    init?(encoded: Substring) {
        guard encoded.count >= 2, encoded.dropFirst().first == ":" else { return nil }
        let body = encoded.dropFirst(2)
        switch encoded.first {
        case "b" where body == "1" || body == "0": self = .bool(body == "1")
        case "i": guard let i = Int(body) else { return nil }; self = .int(i)
        case "d": guard let d = Double(body) else { return nil }; self = .double(d)
        case "s": guard let s = AppStorageStore.unescape(body) else { return nil }; self = .string(s)
        default: return nil
        }
    }
}

/// The system calls of an atomic write, replaceable so tests can fail (or "cut the power" at) each one.
package struct AppStorageFileSystem: Sendable {
    package var open: @Sendable (String) -> Int32
    package var write: @Sendable (Int32, UnsafeRawBufferPointer) -> Bool
    package var fsync: @Sendable (Int32) -> Bool
    package var close: @Sendable (Int32) -> Bool
    package var rename: @Sendable (String, String) -> Bool
    package var syncDirectory: @Sendable (String) -> Bool

    package init(open: @escaping @Sendable (String) -> Int32, write: @escaping @Sendable (Int32, UnsafeRawBufferPointer) -> Bool,
                 fsync: @escaping @Sendable (Int32) -> Bool, close: @escaping @Sendable (Int32) -> Bool,
                 rename: @escaping @Sendable (String, String) -> Bool, syncDirectory: @escaping @Sendable (String) -> Bool) {
        self.open = open; self.write = write; self.fsync = fsync; self.close = close; self.rename = rename; self.syncDirectory = syncDirectory
    }

    package static let system = AppStorageFileSystem(
        open: { Glibc.open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600) },
        write: { fd, bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        },
        fsync: { Glibc.fsync($0) == 0 },
        close: { Glibc.close($0) == 0 },
        rename: { Glibc.rename($0, $1) == 0 },
        syncDirectory: { path in
            let fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { return false }
            defer { Glibc.close(fd) }
            return Glibc.fsync(fd) == 0
        })
}
