import ScanoutRender

/// Where an app's string catalogs are (the `bundle:` of `Text(_:tableName:bundle:comment:)`). Foundation's
/// `Bundle` is not in FoundationEssentials, and a board binary does not link Foundation, so Scanout has its own
/// with the names SwiftUI code uses: `Bundle.main`, `Bundle.module`, `Bundle(path:)`, `bundlePath`,
/// `path(forResource:ofType:)`. A bundle is a folder; catalogs are looked for in it as Xcode lays them out:
/// `<table>.xcstrings` (a string catalog) and `<language>.lproj/<table>.strings`.
///
/// In a file that also imports Foundation, name this one `ScanoutUI.Bundle`.
public final class Bundle: Hashable, Sendable, CustomStringConvertible {
    /// The bundle's folder.
    public let bundlePath: String
    /// The folders searched, in order (one for a bundle made from a path; several for `main`).
    let searchPaths: [String]

    /// The bundle at a folder; nil when there is no folder there (as Foundation's).
    public convenience init?(path: String) {
        guard FileContents.isDirectory(path) else { return nil }
        self.init(bundlePath: path, searchPaths: [path])
    }

    init(bundlePath: String, searchPaths: [String]) {
        self.bundlePath = bundlePath
        self.searchPaths = searchPaths
    }

    /// The app's resources: the folders in `SCANOUT_RESOURCES` (colon-separated), the executable's folder, its
    /// `Resources` subfolder, and every `<Package>_<Target>.resources` folder SwiftPM copies next to the
    /// executable.
    public static let main: Bundle = {
        // The folders named images are looked for in, then SwiftPM's.
        var paths = ImageStore.defaultResourceDirectories()
        let executable = ImageStore.executableDirectory() ?? "."
        paths += FileContents.names(inDirectory: executable, withSuffix: ".resources").map { executable + "/" + $0 }
        return Bundle(bundlePath: executable, searchPaths: paths.filter(FileContents.isDirectory))
    }()

    /// The target's resources: SwiftPM's generated `Bundle.module` is Foundation's; on a board every target's
    /// resource folder sits next to the executable, where `main` looks, so this is `main`.
    public static var module: Bundle { main }

    /// The path of a resource file (`name.ext`) in the bundle's folders, or nil.
    public func path(forResource name: String?, ofType ext: String?) -> String? {
        guard let name else { return nil }
        let file = ext.map { $0.isEmpty ? name : name + "." + $0 } ?? name
        for folder in searchPaths where FileStatus.isRegularFile(folder + "/" + file) {
            return folder + "/" + file
        }
        return nil
    }

    public var description: String { "Bundle(\(bundlePath))" }

    public static func == (a: Bundle, b: Bundle) -> Bool { a === b || a.searchPaths == b.searchPaths }
    public func hash(into hasher: inout Hasher) { hasher.combine(searchPaths) }
}
