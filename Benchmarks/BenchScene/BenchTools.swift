import Glibc
import ScanoutRaster

/// What the benchmark executables share: file and argument handling, timing, and number formatting without
/// Foundation (the benchmarks keep it out so their peak RSS is what an app would see).
public enum BenchTools {
    /// Writes straight to a file descriptor (C's stdout/stderr globals are not concurrency-safe in Swift 6).
    public static func write(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
    }

    /// Prints `tool: message` to stderr and exits 1.
    public static func fail(_ tool: String, _ message: String) -> Never {
        write(2, tool + ": " + message + "\n")
        exit(1)
    }

    public static func readFile(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n <= 0 { break }
            out += chunk[0..<n]
        }
        return ferror(f) == 0 ? out : nil
    }

    /// Removes `name VALUE` from `args` and returns VALUE.
    public static func option(_ name: String, _ args: inout [String]) -> String? {
        guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
        defer { args.removeSubrange(i...(i + 1)) }
        return args[i + 1]
    }

    public static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    public static func nowMs() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
    }

    public static func median(_ v: [Double]) -> Double {
        let s = v.sorted()
        return s.isEmpty ? 0 : (s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2)
    }

    /// `v` with four decimals, without Foundation's String(format:).
    public static func fixed4(_ v: Double) -> String {
        let scaled = Int((v * 10_000).rounded())
        let frac = String(scaled % 10_000)
        return "\(scaled / 10_000)." + String(repeating: "0", count: 4 - frac.count) + frac
    }

    /// `v` with two decimals (ratios).
    public static func fixed2(_ v: Double) -> String {
        let scaled = Int((v * 100).rounded())
        let frac = String(scaled % 100)
        return "\(scaled / 100)." + String(repeating: "0", count: 2 - frac.count) + frac
    }

    /// The scene folder beside the benchmark sources (`Benchmarks/scene`).
    public static let defaultSceneFolder: String = {
        String(String(#filePath).split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/")) + "/scene"
    }()

    /// The scene's 256x256 image, as the peers use it (premultiplied BGRA in `image256.bgra`).
    public static func loadImage(folder: String) -> PixelBuffer? {
        guard let raw = readFile(folder + "/image256.bgra"), raw.count == 256 * 256 * 4 else { return nil }
        let image = PixelBuffer(width: 256, height: 256, format: .argb8888)
        raw.withUnsafeBytes { src in
            for y in 0..<256 { image.row(y).copyMemory(from: src.baseAddress! + y * 1024, byteCount: 1024) }
        }
        return image
    }
}
