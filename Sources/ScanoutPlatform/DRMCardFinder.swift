import CUdev
import Glibc

/// Finds the DRM card and connector to drive: an explicit card path and/or connector name (board profile,
/// `SCANOUT_DRM_CARD`, `SCANOUT_DRM_CONNECTOR`), else the first card, in udev's order, with a connected
/// connector.
public enum DRMCardFinder {
    /// What one card offers, or why it could not be looked at.
    public struct Candidate {
        public var path: String
        public var connectors: Result<[DRMConnector], PlatformError>

        public init(path: String, connectors: Result<[DRMConnector], PlatformError>) {
            self.path = path
            self.connectors = connectors
        }
    }

    /// The card nodes (/dev/dri/card*) udev knows in the `drm` subsystem, sorted; when udev has none (no
    /// udev database, e.g. a minimal container), the nodes in /dev/dri.
    public static func cardPaths() -> [String] {
        var paths: [String] = []
        if let udev = udev_new() {
            defer { udev_unref(udev) }
            if let e = udev_enumerate_new(udev) {
                defer { udev_enumerate_unref(e) }
                udev_enumerate_add_match_subsystem(e, "drm")
                udev_enumerate_add_match_sysname(e, "card[0-9]*")
                udev_enumerate_scan_devices(e)
                var entry = udev_enumerate_get_list_entry(e)
                while let item = entry {
                    if let syspath = udev_list_entry_get_name(item),
                       let dev = udev_device_new_from_syspath(udev, syspath) {
                        if let node = udev_device_get_devnode(dev) { paths.append(String(cString: node)) }
                        udev_device_unref(dev)
                    }
                    entry = udev_list_entry_get_next(item)
                }
            }
        }
        if paths.isEmpty, let dir = opendir("/dev/dri") {
            defer { closedir(dir) }
            while let ent = readdir(dir) {
                let name = withUnsafeBytes(of: ent.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasPrefix("card"), name.dropFirst(4).allSatisfy(\.isNumber), name.count > 4 {
                    paths.append("/dev/dri/" + name)
                }
            }
        }
        return paths.sorted { a, b in
            // card2 before card10
            a.count != b.count ? a.count < b.count : a < b
        }
    }

    /// Looks at each card (or only `card`) and picks a connector. Errors name what is missing.
    public static func find(card: String? = nil, connector: String? = nil) throws(PlatformError) -> (path: String, connector: DRMConnector) {
        let paths = card.map { [$0] } ?? cardPaths()
        let candidates = paths.map { Candidate(path: $0, connectors: connectors(of: $0)) }
        return try choose(from: candidates, connector: connector)
    }

    /// The choice itself, on cards already looked at (so it can be tested without hardware):
    /// the named connector if one is named, else the first connected connector of the first card that has
    /// one. A card that could not be opened is skipped unless no card works; then its error is the answer.
    public static func choose(from candidates: [Candidate], connector name: String?) throws(PlatformError) -> (path: String, connector: DRMConnector) {
        guard !candidates.isEmpty else {
            throw PlatformError.noDRMDevice(detail: "no /dev/dri/card* device exists")
        }
        var firstError: PlatformError?
        var unconnected: (path: String, names: [String])?
        for c in candidates {
            switch c.connectors {
            case .failure(let error):
                if firstError == nil { firstError = error }
            case .success(let connectors):
                if let name {
                    guard let match = connectors.first(where: { $0.name == name }) else {
                        if candidates.count == 1 {
                            throw PlatformError.connectorNotFound(name: name, card: c.path, available: connectors.map(\.name))
                        }
                        continue
                    }
                    guard match.isConnected, !match.modes.isEmpty else {
                        throw PlatformError.noConnectedConnector(card: c.path, connectors: ["\(match.name) (\(match.status))"])
                    }
                    return (c.path, match)
                }
                if let match = connectors.first(where: { $0.isConnected && !$0.modes.isEmpty }) {
                    return (c.path, match)
                }
                if unconnected == nil { unconnected = (c.path, connectors.map { "\($0.name) (\($0.status))" }) }
            }
        }
        if let name, unconnected == nil, firstError == nil {
            throw PlatformError.connectorNotFound(name: name, card: candidates.map(\.path).joined(separator: ", "), available: [])
        }
        if let u = unconnected { throw PlatformError.noConnectedConnector(card: u.path, connectors: u.names) }
        throw firstError ?? PlatformError.noDRMDevice(detail: "no card could be used")
    }

    private static func connectors(of path: String) -> Result<[DRMConnector], PlatformError> {
        do throws(PlatformError) {
            let device = try DRMDevice.open(path: path)
            defer { device.close() }
            return .success(try device.connectors())
        } catch {
            return .failure(error)
        }
    }
}
