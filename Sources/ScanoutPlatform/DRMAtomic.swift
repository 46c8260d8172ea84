import CDRM
import Glibc

/// Atomic modesetting for one connector, CRTC and primary plane: the property ids a commit names, found once.
///
/// Why atomic where the driver has it: the modeset is checked before anything changes (`TEST_ONLY`), so a
/// mode or format the hardware refuses is an error at start-up rather than a black screen, and flips are
/// nonblocking commits of the primary plane's framebuffer with a page-flip event, the path drivers are
/// written and tested for today. Legacy `drmModeSetCrtc`/`drmModePageFlip` remain the fallback (no atomic,
/// a failed test, `SCANOUT_DRM_ATOMIC=0`).
struct DRMAtomic {
    let connectorID: UInt32
    let crtcID: UInt32
    let planeID: UInt32
    let connectorCRTC: UInt32
    let crtcModeID: UInt32
    let crtcActive: UInt32
    let planeFB: UInt32
    let planeCRTC: UInt32
    let planeSrc: (x: UInt32, y: UInt32, w: UInt32, h: UInt32)
    let planeDst: (x: UInt32, y: UInt32, w: UInt32, h: UInt32)

    /// Why atomic commits cannot drive this connector.
    struct Unusable: Error {
        let reason: String
    }

    /// The ids, or why atomic cannot be used (no primary plane for the CRTC, a property missing).
    static func find(device: DRMDevice, connectorID: UInt32, crtcID: UInt32) -> Result<DRMAtomic, Unusable> {
        guard let crtc = (try? device.crtcs())?.first(where: { $0.id == crtcID }) else { return .failure(Unusable(reason: "CRTC \(crtcID) not found")) }
        guard let plane = device.planes().first(where: { $0.kind == "primary" && $0.possibleCRTCs & (1 << UInt32(crtc.index)) != 0 }) else {
            return .failure(Unusable(reason: "no primary plane for CRTC \(crtcID)"))
        }
        let connector = properties(device, connectorID, UInt32(DRM_MODE_OBJECT_CONNECTOR))
        let crtcProps = properties(device, crtcID, UInt32(DRM_MODE_OBJECT_CRTC))
        let planeProps = properties(device, plane.id, UInt32(DRM_MODE_OBJECT_PLANE))
        var missing: [String] = []
        func id(_ table: [String: UInt32], _ name: String, _ object: String) -> UInt32 {
            if let v = table[name] { return v }
            missing.append("\(object).\(name)")
            return 0
        }
        let atomic = DRMAtomic(
            connectorID: connectorID, crtcID: crtcID, planeID: plane.id,
            connectorCRTC: id(connector, "CRTC_ID", "connector"),
            crtcModeID: id(crtcProps, "MODE_ID", "CRTC"), crtcActive: id(crtcProps, "ACTIVE", "CRTC"),
            planeFB: id(planeProps, "FB_ID", "plane"), planeCRTC: id(planeProps, "CRTC_ID", "plane"),
            planeSrc: (id(planeProps, "SRC_X", "plane"), id(planeProps, "SRC_Y", "plane"),
                       id(planeProps, "SRC_W", "plane"), id(planeProps, "SRC_H", "plane")),
            planeDst: (id(planeProps, "CRTC_X", "plane"), id(planeProps, "CRTC_Y", "plane"),
                       id(planeProps, "CRTC_W", "plane"), id(planeProps, "CRTC_H", "plane")))
        return missing.isEmpty ? .success(atomic) : .failure(Unusable(reason: "missing properties \(missing.joined(separator: ", "))"))
    }

    private static func properties(_ device: DRMDevice, _ object: UInt32, _ type: UInt32) -> [String: UInt32] {
        guard let props = drmModeObjectGetProperties(device.fd, object, type) else { return [:] }
        defer { drmModeFreeObjectProperties(props) }
        var table: [String: UInt32] = [:]
        for i in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(device.fd, props.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(prop) }
            let name = withUnsafeBytes(of: prop.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            table[name] = prop.pointee.prop_id
        }
        return table
    }

    /// Sets the mode with `framebuffer` on the primary plane: a TEST_ONLY commit first, then the real one
    /// (blocking: the buffer is on screen when it returns). Returns errno, 0 on success.
    func modeset(device: DRMDevice, mode: inout drmModeModeInfo, framebuffer: UInt32, width: Int, height: Int) -> Int32 {
        var blob: UInt32 = 0
        guard drmModeCreatePropertyBlob(device.fd, &mode, MemoryLayout<drmModeModeInfo>.size, &blob) == 0 else { return errno }
        defer { _ = drmModeDestroyPropertyBlob(device.fd, blob) }
        guard let req = drmModeAtomicAlloc() else { return ENOMEM }
        defer { drmModeAtomicFree(req) }
        _ = drmModeAtomicAddProperty(req, connectorID, connectorCRTC, UInt64(crtcID))
        _ = drmModeAtomicAddProperty(req, crtcID, crtcModeID, UInt64(blob))
        _ = drmModeAtomicAddProperty(req, crtcID, crtcActive, 1)
        addPlane(req, framebuffer: framebuffer, width: width, height: height)
        let flags = UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET)
        if drmModeAtomicCommit(device.fd, req, flags | UInt32(DRM_MODE_ATOMIC_TEST_ONLY), nil) != 0 { return errno }
        return drmModeAtomicCommit(device.fd, req, flags, nil) == 0 ? 0 : errno
    }

    /// Puts `framebuffer` on the primary plane at the next vblank (nonblocking); the page-flip event carries
    /// `userData`. Returns errno, 0 on success.
    func flip(device: DRMDevice, framebuffer: UInt32, userData: UnsafeMutableRawPointer) -> Int32 {
        guard let req = drmModeAtomicAlloc() else { return ENOMEM }
        defer { drmModeAtomicFree(req) }
        _ = drmModeAtomicAddProperty(req, planeID, planeFB, UInt64(framebuffer))
        let flags = UInt32(DRM_MODE_ATOMIC_NONBLOCK) | UInt32(DRM_MODE_PAGE_FLIP_EVENT)
        return drmModeAtomicCommit(device.fd, req, flags, userData) == 0 ? 0 : errno
    }

    private func addPlane(_ req: OpaquePointer, framebuffer: UInt32, width: Int, height: Int) {
        _ = drmModeAtomicAddProperty(req, planeID, planeFB, UInt64(framebuffer))
        _ = drmModeAtomicAddProperty(req, planeID, planeCRTC, UInt64(crtcID))
        // Source rectangle in 16.16 fixed point; destination in pixels.
        _ = drmModeAtomicAddProperty(req, planeID, planeSrc.x, 0)
        _ = drmModeAtomicAddProperty(req, planeID, planeSrc.y, 0)
        _ = drmModeAtomicAddProperty(req, planeID, planeSrc.w, UInt64(width) << 16)
        _ = drmModeAtomicAddProperty(req, planeID, planeSrc.h, UInt64(height) << 16)
        _ = drmModeAtomicAddProperty(req, planeID, planeDst.x, 0)
        _ = drmModeAtomicAddProperty(req, planeID, planeDst.y, 0)
        _ = drmModeAtomicAddProperty(req, planeID, planeDst.w, UInt64(width))
        _ = drmModeAtomicAddProperty(req, planeID, planeDst.h, UInt64(height))
    }
}
