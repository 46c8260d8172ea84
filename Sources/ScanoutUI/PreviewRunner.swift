import Glibc
import ScanoutPlatform

/// `--previews DIR`: renders every `#Preview` of the program headless, each through the same session an app
/// runs in (the board profile's screen unless its traits say otherwise), and writes it as
/// `DIR/<file>-<line>[-<name>].png`. SwiftUI developers see their screens while writing them this way.
@MainActor
enum PreviewRunner {
    /// Frames of simulated time each preview runs before its snapshot (one second at 60 Hz: `onAppear`,
    /// `.task` and appear animations have settled). `--frames` overrides it.
    static let defaultFrames = 60

    /// Creates `path` and its missing parents (as `mkdir -p`); returns the folder that could not be made.
    static func makeDirectories(_ path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST { return prefix }
            prefix += "/"
        }
        return nil
    }

    static func run(into directory: String, options: PlatformOptions, program: String) -> Int32 {
        if let failed = makeDirectories(directory) {
            AppLog.error("\(program): cannot create the previews folder \(failed): \(String(cString: strerror(errno)))")
            return 1
        }
        let entries = ExecutableSymbols.functions(withPrefix: "scanout_preview_").map { symbol -> PreviewEntry in
            typealias Registration = @convention(c) () -> UnsafeMutableRawPointer
            let register = unsafeBitCast(symbol.address, to: Registration.self)
            return Unmanaged<PreviewEntry>.fromOpaque(register()).takeRetainedValue()
        }.sorted { ($0.fileID, $0.line) < ($1.fileID, $1.line) }
        if entries.isEmpty {
            AppLog.error("\(program): no #Preview found in this program (previews are found through its exported "
                         + "symbols: a stripped binary has none; build it with `swift build`)")
            return 1
        }
        var failures = 0
        for entry in entries {
            let preview = entry.make()
            var o = options
            o.backend = .headless
            o.frames = options.frames ?? defaultFrames
            o.snapshotEvery = nil
            o.previewsDirectory = nil
            (o.headlessWidth, o.headlessHeight) = size(of: preview, screen: (options.headlessWidth, options.headlessHeight))
            let path = directory + "/" + fileName(for: entry, preview: preview)
            o.snapshotPath = path
            let where_ = "\(entry.fileID):\(entry.line)"
            do throws(PlatformError) {
                let session = try AppSession(scene: WindowGroup { AnyView(preview.body()) }, options: o)
                let status = session.run()
                if status == 0 {
                    print("preview \(preview.name.map { "\"\($0)\" " } ?? "")(\(where_)): \(o.headlessWidth)x\(o.headlessHeight) → \(path)")
                } else {
                    failures += 1
                }
            } catch {
                AppLog.error("\(program): preview at \(where_): \(error)")
                failures += 1
            }
        }
        return failures == 0 ? 0 : 1
    }

    /// The screen a preview is drawn on: the traits' fixed size, or the screen turned to the asked orientation.
    static func size(of preview: Preview, screen: (Int, Int)) -> (Int, Int) {
        var (w, h) = screen
        for trait in preview.traits {
            switch trait.kind {
            case .fixed(let width, let height) where width.isFinite && height.isFinite:
                w = max(1, min(PlatformOptions.maximumSide, Int(width.rounded())))
                h = max(1, min(PlatformOptions.maximumSide, Int(height.rounded())))
            case .portrait where w > h, .landscape where h > w:
                (w, h) = (h, w)
            default:
                break
            }
        }
        return (w, h)
    }

    /// `Dashboard-42.png`, or `Dashboard-42-Dark_mode.png` for a named preview: letters, digits, `-` and `_`.
    static func fileName(for entry: PreviewEntry, preview: Preview) -> String {
        var base = entry.fileID.split(separator: "/").last.map(String.init) ?? entry.fileID
        if base.hasSuffix(".swift") { base.removeLast(6) }
        var name = base + "-" + String(entry.line)
        if let title = preview.name, !title.isEmpty { name += "-" + title }
        return String(name.unicodeScalars.prefix(120).map { s -> Character in
            let keep = ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "-" || s == "_"
            return keep ? Character(s) : "_"
        }) + ".png"
    }
}
