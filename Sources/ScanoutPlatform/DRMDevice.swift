import CDRM
import Glibc

/// A display mode as the kernel lists it, with the raw `drmModeModeInfo` kept for modesetting.
public struct DRMMode: Sendable, CustomStringConvertible {
    public let info: drmModeModeInfo
    public var width: Int { Int(info.hdisplay) }
    public var height: Int { Int(info.vdisplay) }
    public var isPreferred: Bool { info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0 }
    public var name: String {
        withUnsafeBytes(of: info.name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// The refresh rate from the pixel clock and the totals (exact: 59.94 stays 59.94), else `vrefresh`.
    public var refreshRate: Double {
        var total = Double(info.htotal) * Double(info.vtotal)
        if info.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 { total /= 2 }
        if info.flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0 { total *= 2 }
        if info.vscan > 1 { total *= Double(info.vscan) }
        guard info.clock > 0, total > 0 else { return Double(max(info.vrefresh, 1)) }
        return Double(info.clock) * 1000 / total
    }

    public var displayMode: DisplayMode {
        DisplayMode(width: width, height: height, refreshRate: refreshRate, name: name)
    }

    public var description: String {
        let hz = (refreshRate * 100).rounded() / 100
        return "\(width)x\(height)@\(hz)\(isPreferred ? " preferred" : "")"
    }
}

/// A connector (an output: HDMI-A-1, DSI-1, Virtual-1...) and what is attached to it.
public struct DRMConnector: Sendable {
    public let id: UInt32
    /// The kernel's name: type name, dash, type index ("HDMI-A-1").
    public let name: String
    public let isConnected: Bool
    /// "connected", "disconnected" or "unknown".
    public let status: String
    public let modes: [DRMMode]
    public let encoderIDs: [UInt32]
    public let currentEncoderID: UInt32
    public let widthMillimetres: Int
    public let heightMillimetres: Int

    /// The preferred mode, else the first.
    public var preferredMode: DRMMode? { modes.first(where: \.isPreferred) ?? modes.first }
}

/// A CRTC (scanout engine) and what it shows now.
public struct DRMCRTC: Sendable {
    public let id: UInt32
    public let index: Int
    public let framebufferID: UInt32
    public let mode: DRMMode?
}

/// A plane (primary, overlay, cursor) and the formats it scans out.
public struct DRMPlane: Sendable {
    public let id: UInt32
    public let kind: String
    public let possibleCRTCs: UInt32
    public let formats: [String]
}

/// An open DRM card (`/dev/dri/cardN`): its descriptor and what it has. Paired lifecycle:
/// `DRMDevice.open(path:)` → `close()`.
public final class DRMDevice {
    public let path: String
    public private(set) var fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// Opens `path` read-write (close-on-exec). A refused open names the group that owns the node.
    public static func open(path: String) throws(PlatformError) -> DRMDevice {
        let fd = scanout_open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case EACCES, EPERM:
                throw PlatformError.permissionDenied(device: path, groups: groupsAllowed(toOpen: path, default: ["video", "render"]))
            case ENOENT, ENODEV, ENXIO:
                throw PlatformError.noDRMDevice(detail: "\(path) does not exist")
            default:
                throw PlatformError.system(call: "open", errno: code, context: "opening \(path)")
            }
        }
        return DRMDevice(path: path, fd: fd)
    }

    /// Closes the descriptor (dropping DRM master if held).
    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// The kernel driver's name ("virtio_gpu", "vc4", "rockchip"...).
    public var driverName: String {
        guard let v = drmGetVersion(fd) else { return "unknown" }
        defer { drmFreeVersion(v) }
        guard let name = v.pointee.name else { return "unknown" }
        return String(cString: name)
    }

    public func capability(_ cap: UInt64) -> UInt64? {
        var value: UInt64 = 0
        return drmGetCap(fd, cap, &value) == 0 ? value : nil
    }

    public var supportsDumbBuffers: Bool { (capability(UInt64(DRM_CAP_DUMB_BUFFER)) ?? 0) != 0 }

    /// Turns on the atomic API for this descriptor; false when the driver has no atomic modesetting.
    public func enableAtomic() -> Bool { drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0 }

    /// Lists every plane, not only overlays (needed to see primary and cursor planes).
    public func enableUniversalPlanes() -> Bool { drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0 }

    /// Whether this descriptor is DRM master (may modeset).
    public var isMaster: Bool { drmIsMaster(fd) != 0 }

    /// Becomes DRM master, or explains who holds it.
    public func becomeMaster() throws(PlatformError) {
        if isMaster { return }
        guard drmSetMaster(fd) == 0 else {
            let code = errno
            throw PlatformError.drmMasterBusy(device: path, detail: "drmSetMaster: \(PlatformError.errorString(code))")
        }
    }

    /// Gives DRM master up (a VT switch away: the console or another client may then modeset).
    public func dropMaster() {
        if isMaster { _ = drmDropMaster(fd) }
    }

    /// The card's connectors with their modes.
    public func connectors() throws(PlatformError) -> [DRMConnector] {
        guard let res = drmModeGetResources(fd) else {
            throw PlatformError.lastError("drmModeGetResources", "\(path): reading the card's connectors (is it a KMS device?)")
        }
        defer { drmModeFreeResources(res) }
        var result: [DRMConnector] = []
        for i in 0..<Int(res.pointee.count_connectors) {
            guard let c = drmModeGetConnector(fd, res.pointee.connectors[i]) else { continue }
            defer { drmModeFreeConnector(c) }
            let con = c.pointee
            let typeName = drmModeGetConnectorTypeName(con.connector_type).map { String(cString: $0) } ?? "Unknown\(con.connector_type)"
            let status: String
            switch con.connection {
            case DRM_MODE_CONNECTED: status = "connected"
            case DRM_MODE_DISCONNECTED: status = "disconnected"
            default: status = "unknown"
            }
            let modes = (0..<Int(con.count_modes)).map { DRMMode(info: con.modes[$0]) }
            let encoders = (0..<Int(con.count_encoders)).map { con.encoders[$0] }
            result.append(DRMConnector(id: con.connector_id, name: "\(typeName)-\(con.connector_type_id)",
                                       isConnected: con.connection == DRM_MODE_CONNECTED, status: status,
                                       modes: modes, encoderIDs: encoders, currentEncoderID: con.encoder_id,
                                       widthMillimetres: Int(con.mmWidth), heightMillimetres: Int(con.mmHeight)))
        }
        return result
    }

    /// The card's CRTCs, in index order (bit i of an encoder's `possible_crtcs` is CRTC i).
    public func crtcs() throws(PlatformError) -> [DRMCRTC] {
        guard let res = drmModeGetResources(fd) else {
            throw PlatformError.lastError("drmModeGetResources", "\(path): reading the card's CRTCs")
        }
        defer { drmModeFreeResources(res) }
        return (0..<Int(res.pointee.count_crtcs)).map { i in
            let id = res.pointee.crtcs[i]
            guard let c = drmModeGetCrtc(fd, id) else { return DRMCRTC(id: id, index: i, framebufferID: 0, mode: nil) }
            defer { drmModeFreeCrtc(c) }
            return DRMCRTC(id: id, index: i, framebufferID: c.pointee.buffer_id,
                           mode: c.pointee.mode_valid != 0 ? DRMMode(info: c.pointee.mode) : nil)
        }
    }

    /// Which CRTCs (by index bit) an encoder can feed, and the CRTC it feeds now.
    public func encoder(_ id: UInt32) -> (possibleCRTCs: UInt32, crtcID: UInt32)? {
        guard let e = drmModeGetEncoder(fd, id) else { return nil }
        defer { drmModeFreeEncoder(e) }
        return (e.pointee.possible_crtcs, e.pointee.crtc_id)
    }

    /// The planes (all of them once `enableUniversalPlanes()` succeeded).
    public func planes() -> [DRMPlane] {
        guard let res = drmModeGetPlaneResources(fd) else { return [] }
        defer { drmModeFreePlaneResources(res) }
        return (0..<Int(res.pointee.count_planes)).compactMap { i in
            let id = res.pointee.planes[i]
            guard let p = drmModeGetPlane(fd, id) else { return nil }
            defer { drmModeFreePlane(p) }
            let formats = (0..<Int(p.pointee.count_formats)).map { Self.fourccName(p.pointee.formats[$0]) }
            return DRMPlane(id: id, kind: planeKind(id), possibleCRTCs: p.pointee.possible_crtcs, formats: formats)
        }
    }

    private func planeKind(_ id: UInt32) -> String {
        guard let props = drmModeObjectGetProperties(fd, id, UInt32(DRM_MODE_OBJECT_PLANE)) else { return "plane" }
        defer { drmModeFreeObjectProperties(props) }
        for i in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(fd, props.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(prop) }
            let name = withUnsafeBytes(of: prop.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name == "type" else { continue }
            switch props.pointee.prop_values[i] {
            case UInt64(DRM_PLANE_TYPE_PRIMARY): return "primary"
            case UInt64(DRM_PLANE_TYPE_CURSOR): return "cursor"
            default: return "overlay"
            }
        }
        return "plane"
    }

    /// "XR24" for DRM_FORMAT_XRGB8888.
    public static func fourccName(_ code: UInt32) -> String {
        let bytes = (0..<4).map { UInt8((code >> (8 * UInt32($0))) & 0xFF) }
        return String(decoding: bytes.map { $0 >= 32 && $0 < 127 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    /// Groups that may open `path` (its owning group), for permission errors.
    static func groupsAllowed(toOpen path: String, default fallback: [String]) -> [String] {
        var st = stat()
        guard stat(path, &st) == 0, let group = getgrgid(st.st_gid), let name = group.pointee.gr_name else { return fallback }
        let owner = String(cString: name)
        return owner == "root" ? fallback : [owner]
    }
}
