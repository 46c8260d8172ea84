import Glibc

/// Whole-file reads and writes with POSIX calls (the runtime modules do not link Foundation).
enum FileBytes {
    /// The contents of the regular file at `path`.
    static func read(contentsOfFile path: String) throws(ImageError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw .fileNotFound(path: path) }
            throw .unreadable(path: path, reason: systemMessage(code))
        }
        defer { close(fd) }

        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, reason: systemMessage(errno)) }
        // open(2) succeeds on a directory; read(2) would then fail with the same EISDIR.
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadable(path: path, reason: systemMessage(EISDIR))
        default: throw .unreadable(path: path, reason: "not a regular file")
        }

        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { buffer in
            while filled < size {
                let n = Glibc.read(fd, buffer.baseAddress! + filled, size - filled)
                if n > 0 {
                    filled += n
                } else if n == 0 {
                    break  // The file shrank since fstat; keep what is there.
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
        }
        if failure != 0 { throw .unreadable(path: path, reason: systemMessage(failure)) }
        if filled < size { bytes.removeSubrange(filled...) }
        return bytes
    }

    /// Replaces the file at `path` with `bytes` (creating it, mode 0644 before the umask).
    static func write(_ bytes: [UInt8], toFile path: String) throws(ImageError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .writeFailed(path: path, reason: systemMessage(errno)) }

        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n >= 0 {
                    written += n
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
        }
        // close(2) can report a deferred write error (NFS, quota), so its result counts too.
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure != 0 {
            unlink(path)  // Leave no half-written image behind for a later load to trip over.
            throw .writeFailed(path: path, reason: systemMessage(failure))
        }
    }

    /// The C library's text for an `errno` value, e.g. "No such file or directory".
    static func systemMessage(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
