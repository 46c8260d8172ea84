import Glibc

/// Whole-file reads and folder listings with POSIX calls (the runtime modules do not link Foundation).
enum FileContents {
    /// The bytes of the file at `path`; nil when it cannot be opened.
    static func bytes(atPath path: String) -> [UInt8]? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in a folder (without "." and ".."), those ending in `suffix` when one is given, sorted by their
    /// bytes so lookups do not depend on the file system's order. (Filtered before sorting, and sorted by bytes
    /// rather than by Unicode order: an app installed in a folder of thousands of programs, such as /usr/bin,
    /// spent a tenth of its first frame sorting their names.)
    static func names(inDirectory path: String, withSuffix suffix: String? = nil) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != "." && name != "..", suffix.map({ name.hasSuffix($0) }) ?? true else { continue }
            names.append(name)
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
