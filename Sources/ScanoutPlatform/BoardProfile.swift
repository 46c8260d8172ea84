import Glibc

/// A board profile: `boards/NAME.board`, one `key = value` per line, `#` starts a comment. It holds what a
/// board needs that the hardware does not say by itself (which card and connector, the panel's rotation and
/// touch calibration, the scanout format...). Every key is optional; the keys are the board names of
/// `PlatformOptions`' settings plus `name` and `triple` (read by the cross build from shell).
///
/// Loading checks every value: a bad one is an error naming the file, the line, the key and the accepted
/// values; an unknown key is a warning (a newer profile on an older binary still runs).
public struct BoardProfile: Sendable, Equatable {
    /// One `key = value` line.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: String
        public var line: Int
    }

    /// The file it was read from (as given).
    public var path: String
    /// The human-readable name (`name = Raspberry Pi 4 (HDMI)`).
    public var name: String?
    /// The target triple for cross builds (`triple = aarch64-unknown-linux-gnu`).
    public var triple: String?
    /// The settings, in file order (a later line for the same key wins).
    public var entries: [Entry]
    /// Unknown keys and repeated keys, each naming file:line.
    public var warnings: [String]

    /// Keys that are not settings.
    static let informationalKeys: Set<String> = ["name", "triple"]

    /// Parses `text` read from `path`. Values are checked as `apply` would use them.
    public static func parse(_ text: String, path: String) throws(PlatformError) -> BoardProfile {
        var profile = BoardProfile(path: path, name: nil, triple: nil, entries: [], warnings: [])
        var seen: [String: Int] = [:]
        var scratch = PlatformOptions()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            var content = Substring(rawLine)
            if let hash = content.firstIndex(of: "#") { content = content[..<hash] }
            let trimmedLine = trim(content)
            if trimmedLine.isEmpty { continue }
            guard let eq = trimmedLine.firstIndex(of: "=") else {
                throw PlatformError.boardProfile(file: path, line: line, message: "expected `key = value`, found \"\(trimmedLine)\"")
            }
            let key = trim(trimmedLine[..<eq])
            let value = trim(trimmedLine[trimmedLine.index(after: eq)...])
            guard !key.isEmpty else {
                throw PlatformError.boardProfile(file: path, line: line, message: "a line with no key before `=`")
            }
            if let earlier = seen[key] {
                profile.warnings.append("\(path):\(line): \(key) is set again (line \(earlier) is overridden)")
            }
            seen[key] = line
            switch key {
            case "name":
                profile.name = value
                continue
            case "triple":
                guard !value.isEmpty, !value.contains(" ") else {
                    throw PlatformError.boardProfile(file: path, line: line,
                                                     message: "triple = \(printable(value)) is not valid: expected a target triple, e.g. aarch64-unknown-linux-gnu")
                }
                profile.triple = value
                continue
            default:
                break
            }
            guard let setting = PlatformOptions.table.first(where: { $0.boardKey == key }) else {
                let known = (Array(informationalKeys) + PlatformOptions.table.compactMap(\.boardKey)).sorted()
                profile.warnings.append("\(path):\(line): unknown key \(printable(key)) ignored (known keys: \(known.joined(separator: ", ")))")
                continue
            }
            do throws(PlatformOptions.InvalidValue) {
                try scratch.apply(flag: setting.flag, value: value)
            } catch {
                throw PlatformError.boardProfile(file: path, line: line, message: "\(key) = \(printable(value)) is not valid: expected \(error.expected)")
            }
            profile.entries.append(Entry(key: key, value: value, line: line))
        }
        return profile
    }

    /// Reads and parses the file at `path`.
    public static func load(path: String) throws(PlatformError) -> BoardProfile {
        guard let text = readTextFile(path) else {
            throw PlatformError.system(call: "open", errno: errno, context: "reading the board profile \(path)")
        }
        return try parse(text, path: path)
    }

    /// Sets `options` from the profile's entries (before flags and environment variables are applied, which
    /// override them), and adds its warnings.
    public func apply(to options: inout PlatformOptions) throws(PlatformError) {
        for entry in entries {
            guard let setting = PlatformOptions.table.first(where: { $0.boardKey == entry.key }) else { continue }
            do throws(PlatformOptions.InvalidValue) {
                try options.apply(flag: setting.flag, value: entry.value)
            } catch {
                throw PlatformError.boardProfile(file: path, line: entry.line,
                                                 message: "\(entry.key) = \(entry.value) is not valid: expected \(error.expected)")
            }
        }
        options.board = self
        options.warnings += warnings
    }

    // MARK: Finding a profile

    /// The folders searched for `NAME.board`, in order: `$SCANOUT_BOARDS_DIR`, `<directory of the
    /// executable>/../share/scanout/boards`, `/etc/scanout/boards`, `./boards`.
    public static func searchDirectories(environment: (String) -> String?, executablePath: String?) -> [String] {
        var dirs: [String] = []
        if let d = environment("SCANOUT_BOARDS_DIR"), !d.isEmpty { dirs.append(d) }
        if let exe = executablePath, let slash = exe.lastIndex(of: "/") {
            let dir = exe[..<slash]
            dirs.append((dir.isEmpty ? "" : String(dir)) + "/../share/scanout/boards")
        }
        dirs.append("/etc/scanout/boards")
        dirs.append("./boards")
        return dirs
    }

    /// The file `name` means: a path when it contains `/` or ends in `.board`, else `NAME.board` in the first
    /// search directory that has it. Not found: an error listing the places searched.
    public static func locate(_ name: String, environment: (String) -> String?, executablePath: String?) throws(PlatformError) -> String {
        if name.contains("/") || name.hasSuffix(".board") {
            guard access(name, R_OK) == 0 else {
                throw PlatformError.boardNotFound(name: name, searched: [name])
            }
            return name
        }
        guard !name.isEmpty else { throw PlatformError.invalidOption(name: "--board", value: "", expected: "a board name, e.g. rpi4") }
        let candidates = searchDirectories(environment: environment, executablePath: executablePath).map { "\($0)/\(name).board" }
        guard let found = candidates.first(where: { access($0, R_OK) == 0 }) else {
            throw PlatformError.boardNotFound(name: name, searched: candidates)
        }
        return found
    }

    // MARK: Text

    /// `text` with control characters shown as `\u{XX}` (a binary file read as a profile must not write raw
    /// bytes into the journal), cut to 64 characters.
    static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(64) {
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > 64 ? out + "…" : out
    }

    private static func trim<S: StringProtocol>(_ s: S) -> String {
        var scalars = Substring(s)
        while let first = scalars.first, first == " " || first == "\t" || first == "\r" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars = scalars.dropLast() }
        return String(scalars)
    }

    /// The whole file as UTF-8 text (profiles are small), or nil with `errno` set.
    static func readTextFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
            // A profile is a few hundred bytes; a megabyte means the wrong file.
            if bytes.count > 1 << 20 {
                errno = EFBIG
                return nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
