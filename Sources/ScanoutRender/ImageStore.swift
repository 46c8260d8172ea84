import Glibc
import ScanoutImage

/// Why an image could not be shown: the file (or name) and the decoder's explanation.
public struct ImageLoadError: Error, Sendable, CustomStringConvertible {
    /// `ImageError`'s description (it names the file), or why a named image was not found.
    public let description: String
}

/// Decoded image files, by path: each file is read and decoded once. A failure is remembered too (with the
/// decoder's message), so a view that asks again on every update does not touch the disk again; call
/// `removeAll()` after changing files on disk. Decoded images are kept up to `byteBudget` bytes of pixels,
/// least recently used first out (views showing an evicted image keep it alive).
@MainActor
public final class ImageStore {
    public static let shared = ImageStore()

    /// How many bytes of decoded pixels the store keeps.
    public var byteBudget = 64 << 20 { didSet { evict() } }

    private struct Entry {
        var result: Result<ImageContent, ImageLoadError>
        var lastUse: UInt64
        var bytes: Int
    }
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0
    private var bytes = 0

    public init() {}

    /// Reads and decodes the PNG or JPEG file at `path` on the calling thread, keeping nothing (the store's
    /// loads, and `AsyncImage`'s off the main actor).
    public nonisolated static func decode(contentsOfFile path: String) throws(ImageLoadError) -> PixelBuffer {
        do {
            return try ImageDecoder.load(contentsOfFile: path)
        } catch {
            throw ImageLoadError(description: String(describing: error))
        }
    }

    /// The decoded image at `path`, or why it cannot be shown.
    public func image(contentsOfFile path: String) -> Result<ImageContent, ImageLoadError> {
        clock &+= 1
        if let e = entries[path] {
            entries[path]!.lastUse = clock
            return e.result
        }
        let result: Result<ImageContent, ImageLoadError>
        var size = 0
        do {
            let pixels = try Self.decode(contentsOfFile: path)
            size = pixels.stride * pixels.height
            result = .success(ImageContent(pixels))
        } catch {
            result = .failure(error)
        }
        entries[path] = Entry(result: result, lastUse: clock, bytes: size)
        bytes += size
        evict()
        return result
    }

    /// The image file for `name` in the first of `directories` that has one: `name` itself if it ends in
    /// `.png`, `.jpg` or `.jpeg`, else `name.png`, `name.jpg`, `name.jpeg`. A file that exists but cannot be
    /// decoded is an error (the search does not go on past it).
    public func image(named name: String, in directories: [String]) -> Result<ImageContent, ImageLoadError> {
        let extensions = ["png", "jpg", "jpeg"]
        let hasExtension = extensions.contains { name.lowercased().hasSuffix("." + $0) }
        let candidates = hasExtension ? [name] : extensions.map { "\(name).\($0)" }
        for directory in directories {
            let folder = directory.hasSuffix("/") || directory.isEmpty ? directory : directory + "/"
            for file in candidates where FileStatus.isRegularFile(folder + file) {
                return image(contentsOfFile: folder + file)
            }
        }
        let tried = candidates.joined(separator: ", ")
        let places = directories.isEmpty ? "no resource directories are set" : "looked in " + directories.joined(separator: ", ")
        return .failure(ImageLoadError(description: "no image named \(name) (\(tried)); \(places); "
            + "add the file to a resource directory or set SCANOUT_RESOURCES"))
    }

    /// Forgets every image and failure (files are read again when next asked for).
    public func removeAll() {
        entries.removeAll()
        bytes = 0
    }

    private func evict() {
        while bytes > byteBudget, let oldest = entries.filter({ $0.value.bytes > 0 }).min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes -= oldest.value.bytes
            entries[oldest.key] = nil
        }
    }

    /// Where named images (and string catalogs) are looked for by default: the folders in `SCANOUT_RESOURCES`
    /// (colon-separated), then the executable's folder, its `Resources` subfolder, and the installed app's
    /// share folder (`/usr/local/bin/app` → `/usr/local/share/app`, as `systemd/install --resources` puts it).
    public nonisolated static func defaultResourceDirectories() -> [String] {
        var dirs: [String] = []
        if let list = getenv("SCANOUT_RESOURCES") {
            dirs += String(cString: list).split(separator: ":").map(String.init)
        }
        if let exe = executableDirectory() {
            dirs += [exe, exe + "/Resources"]
            if let name = executableName(), exe.hasSuffix("/bin") {
                dirs.append(String(exe.dropLast(4)) + "/share/" + name)
            }
        }
        return dirs
    }

    /// The running executable's file name.
    package nonisolated static func executableName() -> String? {
        executablePath()?.split(separator: "/").last.map(String.init)
    }

    /// The folder of the running executable.
    package nonisolated static func executableDirectory() -> String? {
        guard let path = executablePath() else { return nil }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The running executable's path (from /proc/self/exe).
    private nonisolated static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

package enum FileStatus {
    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
