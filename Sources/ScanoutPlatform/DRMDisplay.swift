import CDRM
import CUdev
import Glibc
import ScanoutRaster

/// A KMS/DRM connector driven with dumb buffers and page flips.
///
/// | capability          | DRM display                                                                     |
/// |---------------------|---------------------------------------------------------------------------------|
/// | card / connector    | udev's first card with a connected connector, or the board profile's / env's      |
/// | mode                | the connector's preferred mode, or the one asked for (`mode = 1280x800@60`)       |
/// | buffers             | 2 or 3 dumb buffers, mapped; AddFB2 XRGB8888 or RGB565                           |
/// | modeset             | with the first frame: atomic (TEST_ONLY, then ALLOW_MODESET) where the driver     |
/// |                     | has it, else legacy `drmModeSetCrtc`                                             |
/// | present             | atomic nonblocking commit of the plane's FB_ID, or legacy `drmModePageFlip`;      |
/// |                     | `DRM_MODE_PAGE_FLIP_EVENT`, one flip in flight. `SCANOUT_DRM_ATOMIC=0`: legacy    |
/// | vblank              | detected (`flipsWaitForVBlank`); without it flips complete at once (QEMU)        |
/// | exit                | waits for the pending flip, restores the CRTC found at start, frees the buffers  |
/// | hotplug             | udev `drm` change events: unplugged → frames run but are not committed;           |
/// |                     | plugged back → the mode is set again with the newest buffer                      |
/// | blanking            | `setBlanked(true)` turns the CRTC off (the panel sleeps); `false` sets it again   |
/// | DRM master busy     | `open` throws `.drmMasterBusy`; `DRMMasterWait` retries with backoff             |
/// | DRM master lost     | `releaseMaster` / `acquireMaster` (`DisplayOwnership`: VT switches, a commit     |
/// |                     | failing with EACCES); taken back, the mode is set again with a full repaint      |
///
/// Scanout memory is write-combined: the app composes elsewhere and copies rows in (`DisplayTransform.copy`);
/// nothing here reads a mapped buffer.
@MainActor
public final class DRMDisplay: Display, MasterSwitchable {
    public let device: DRMDevice
    public let connector: DRMConnector
    public let crtcID: UInt32
    public let mode: DisplayMode
    public let format: PixelFormat
    /// Whether the connector is plugged in and the display not blanked; frames reach the panel only then.
    public private(set) var presence = ConnectorPresence()
    /// Called on the loop with a line worth logging (unplugged, plugged back, blanked...).
    public var onStatus: (@MainActor (String) -> Void)?
    /// The driver accepted DRM_CLIENT_CAP_ATOMIC.
    public let supportsAtomic: Bool
    /// Atomic commits in use (nil: legacy calls).
    private var atomic: DRMAtomic?
    /// Why atomic commits are not used, when the driver has them.
    private var atomicUnusedReason: String?
    /// Set when the requested mode is missing and the preferred one is used instead.
    public private(set) var modeNotice: String?
    /// How frames reach the screen, for the start-up line.
    public var presentMethod: String {
        if atomic != nil { return "atomic commits" }
        return "legacy page flips" + (atomicUnusedReason.map { " (\($0))" } ?? (supportsAtomic ? "" : " (no atomic modesetting)"))
    }
    public private(set) var flipsWaitForVBlank = false
    public var onFlip: (@MainActor (MonotonicTime) -> Void)?
    public var name: String { "\(device.path) \(connector.name) (\(driverName))" }
    public let driverName: String

    private var modeInfo: drmModeModeInfo
    private var buffers: [DumbBuffer] = []
    private var ring: BufferRing
    private var isModeSet = false
    /// DRM master is ours (false after `releaseMaster` or a commit refused for the lost master).
    private var hasMaster = true
    /// The CRTC was set by us at least once: exit restores what was there before.
    private var tookCRTC = false
    private var saved: drmModeCrtc?
    private var source: LoopSource?
    private var hotplug: HotplugMonitor?
    private weak var loop: MainLoop?
    private var isClosed = false
    /// When the first flip (or modeset) completed.
    public private(set) var firstFlipTime: MonotonicTime?

    /// Opens the card, picks the connector, a CRTC and the preferred mode, allocates and maps the buffers and
    /// watches the card's descriptor on `loop` for flip events. The screen is not touched until the first
    /// `present()`.
    /// `useAtomic`: atomic commits where the driver supports them (false: legacy calls only).
    public static func open(card: String? = nil, connector: String? = nil, mode: DisplayModeRequest? = nil,
                            format: PixelFormat = .xrgb8888, bufferCount: Int = 2, useAtomic: Bool = true,
                            loop: MainLoop) throws(PlatformError) -> DRMDisplay {
        let choice = try DRMCardFinder.find(card: card, connector: connector)
        let device = try DRMDevice.open(path: choice.path)
        do throws(PlatformError) {
            return try DRMDisplay(device: device, connector: choice.connector, modeRequest: mode, format: format,
                                  bufferCount: bufferCount, useAtomic: useAtomic, loop: loop)
        } catch {
            device.close()
            throw error
        }
    }

    private init(device: DRMDevice, connector: DRMConnector, modeRequest: DisplayModeRequest?, format: PixelFormat,
                 bufferCount: Int, useAtomic: Bool, loop: MainLoop) throws(PlatformError) {
        self.device = device
        self.connector = connector
        self.format = format
        self.loop = loop
        driverName = device.driverName
        guard let preferred = connector.preferredMode else {
            throw PlatformError.noConnectedConnector(card: device.path, connectors: ["\(connector.name) (no modes)"])
        }
        var m = preferred
        if let modeRequest {
            if let match = modeRequest.select(from: connector.modes, width: \.width, height: \.height,
                                              refreshRate: \.refreshRate, isPreferred: \.isPreferred) {
                m = match
            } else {
                // Another monitor than the profile was written for: showing the app in its preferred mode beats
                // not showing it at all. Said once at start.
                modeNotice = "\(connector.name) has no mode \(modeRequest) (it has: "
                    + "\(connector.modes.prefix(12).map(\.description).joined(separator: ", ")) ...); using its preferred "
                    + "mode \(preferred). Set mode (board profile, SCANOUT_MODE, --mode) to one it has"
            }
        }
        modeInfo = m.info
        mode = m.displayMode
        ring = BufferRing(count: max(2, min(3, bufferCount)))
        guard device.supportsDumbBuffers else {
            throw PlatformError.unsupported(device: device.path, detail: "the driver \(device.driverName) has no dumb buffers")
        }
        // Modesetting needs DRM master: a compositor or another app holding it is the common failure.
        try device.becomeMaster()
        supportsAtomic = device.enableAtomic()
        crtcID = try Self.pickCRTC(device: device, connector: connector)
        try Self.checkFormat(format, device: device, crtcID: crtcID, connector: connector.name)
        if supportsAtomic && useAtomic {
            switch DRMAtomic.find(device: device, connectorID: connector.id, crtcID: crtcID) {
            case .success(let a): atomic = a
            case .failure(let why): atomicUnusedReason = why.reason
            }
        } else if supportsAtomic {
            atomicUnusedReason = "atomic turned off: SCANOUT_DRM_ATOMIC=0"
        }
        if let c = drmModeGetCrtc(device.fd, crtcID) {
            saved = c.pointee
            drmModeFreeCrtc(c)
        }
        for _ in 0..<ring.count {
            buffers.append(try DumbBuffer(device: device, width: mode.width, height: mode.height, format: format))
        }
        source = try loop.watch(fd: device.fd, name: "DRM \(device.path)") { [unowned self] in self.handleEvents() }
        // Without udev's netlink socket (a container) there is no hotplug; the display still works.
        hotplug = HotplugMonitor(loop: loop) { [unowned self] devnode in
            if devnode == nil || devnode == self.device.path { self.connectorMayHaveChanged() }
        }
    }

    /// The CRTC's primary plane must scan out `format` (virtio_gpu's and bochs' take XRGB8888 only; vc4's and
    /// small SPI panels' take RGB565 too): said at start, with what the plane takes, rather than as a failed
    /// framebuffer later.
    private static func checkFormat(_ format: PixelFormat, device: DRMDevice, crtcID: UInt32, connector: String) throws(PlatformError) {
        _ = device.enableUniversalPlanes()
        guard let crtc = (try? device.crtcs())?.first(where: { $0.id == crtcID }),
              let primary = device.planes().first(where: { $0.kind == "primary" && $0.possibleCRTCs & (1 << UInt32(crtc.index)) != 0 })
        else { return }  // no plane list (an old driver): AddFB2 decides
        let fourcc = DRMDevice.fourccName(fourcc(format))
        guard primary.formats.contains(fourcc) else {
            throw PlatformError.unsupported(device: device.path, detail: "the primary plane of \(connector) scans out "
                + "\(primary.formats.joined(separator: " ")), not \(fourcc) (\(format)); set format = xrgb8888 in the board "
                + "profile (SCANOUT_FORMAT, --format)")
        }
    }

    nonisolated static func fourcc(_ format: PixelFormat) -> UInt32 {
        switch format {
        case .xrgb8888: return scanout_drm_format_xrgb8888()
        case .argb8888: return scanout_drm_format_argb8888()
        case .rgb565: return scanout_drm_format_rgb565()
        }
    }

    /// The CRTC the connector's encoder drives now, else the first free one an encoder can drive.
    private static func pickCRTC(device: DRMDevice, connector: DRMConnector) throws(PlatformError) -> UInt32 {
        let crtcs = try device.crtcs()
        if connector.currentEncoderID != 0, let e = device.encoder(connector.currentEncoderID), e.crtcID != 0 {
            return e.crtcID
        }
        for encoderID in connector.encoderIDs {
            guard let e = device.encoder(encoderID) else { continue }
            for crtc in crtcs where e.possibleCRTCs & (1 << UInt32(crtc.index)) != 0 && crtc.framebufferID == 0 {
                return crtc.id
            }
            for crtc in crtcs where e.possibleCRTCs & (1 << UInt32(crtc.index)) != 0 {
                return crtc.id
            }
        }
        throw PlatformError.noCRTC(card: device.path, connector: connector.name)
    }

    public func beginFrame() throws(PlatformError) -> DisplayFrame {
        guard !isClosed else { throw PlatformError.invalidState("\(name) is closed") }
        let (index, age) = try ring.begin(display: name)
        return DisplayFrame(buffer: buffers[index].pixels, age: age, index: index)
    }

    public func present() throws(PlatformError) {
        let index = try ring.commit(display: name)
        let fb = buffers[index].framebufferID
        guard presence.isPresenting, hasMaster else {
            // Unplugged or blanked: the frame is kept (it becomes the newest buffer, shown when the display
            // comes back) and "flips" at once; the scheduler paces the frames to the refresh period.
            loop?.post { [weak self] in self?.flipped(at: .now()) }
            return
        }
        if !isModeSet {
            // The first frame sets the mode with its buffer, so the panel never shows an unpainted one.
            if let a = atomic {
                let code = a.modeset(device: device, mode: &modeInfo, framebuffer: fb, width: mode.width, height: mode.height)
                if code == EACCES || code == EPERM {
                    ring.commitFailed()
                    masterLost()
                    throw PlatformError.drmMasterBusy(device: device.path, detail: "atomic modeset: \(PlatformError.errorString(code)) (DRM master lost)")
                }
                if code != 0 {
                    // The driver refused the atomic modeset (its TEST_ONLY commit): the legacy call may still work.
                    atomicUnusedReason = "the atomic modeset failed: \(PlatformError.errorString(code))"
                    atomic = nil
                }
            }
            var connectorID = connector.id
            guard atomic != nil || drmModeSetCrtc(device.fd, crtcID, fb, 0, 0, &connectorID, 1, &modeInfo) == 0 else {
                let code = errno
                ring.commitFailed()
                if code == EACCES || code == EPERM || code == EBUSY {
                    masterLost()
                    throw PlatformError.drmMasterBusy(device: device.path, detail: "drmModeSetCrtc: \(PlatformError.errorString(code))")
                }
                throw PlatformError.system(call: "drmModeSetCrtc", errno: code, context: "\(name): setting mode \(mode)")
            }
            isModeSet = true
            tookCRTC = true
            flipsWaitForVBlank = Self.hasVBlank(device: device, crtcID: crtcID)
            // A modeset has no flip event: the buffer is on screen when the call returns.
            loop?.post { [weak self] in self?.flipped(at: .now()) }
            return
        }
        let userData = Unmanaged.passUnretained(self).toOpaque()
        let failed: Int32
        if let a = atomic {
            failed = a.flip(device: device, framebuffer: fb, userData: userData)
        } else {
            failed = drmModePageFlip(device.fd, crtcID, fb, UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData) == 0 ? 0 : errno
        }
        guard failed == 0 else {
            let code = failed
            ring.commitFailed()
            if code == EACCES || code == EPERM {
                masterLost()
                throw PlatformError.drmMasterBusy(device: device.path, detail: "drmModePageFlip: \(PlatformError.errorString(code)) (DRM master lost, e.g. a VT switch)")
            }
            throw PlatformError.system(call: "drmModePageFlip", errno: code, context: "\(name): presenting a frame")
        }
    }

    // MARK: DRM master

    /// The kernel refused a commit for want of master: another client has the screen.
    private func masterLost() {
        hasMaster = false
        isModeSet = false
        ring.forgetContents()
    }

    /// Waits up to 500 ms for the flip in flight (a vblank-paced flip completes within a refresh or two); a
    /// flip that does not come is dropped: the scheduler gets it as done, and the buffers' contents are
    /// forgotten anyway when master is taken back.
    public func finishPendingFlip() -> Bool {
        var waited = 0
        while ring.isInFlight && waited < 50 && !isClosed {
            var pfd = pollfd(fd: device.fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 10) == 1 { handleEvents() }
            waited += 1
        }
        guard ring.isInFlight else { return true }
        flipped(at: .now())
        return false
    }

    /// Stops presenting and drops DRM master, leaving the CRTC as it is (the console or the next client sets
    /// its own mode).
    public func releaseMaster() {
        masterLost()
        device.dropMaster()
    }

    /// Takes master back; the next frame sets the mode with a fully repainted buffer.
    public func acquireMaster() throws(PlatformError) {
        try device.becomeMaster()
        hasMaster = true
        isModeSet = false
        ring.forgetContents()
    }

    // MARK: Hotplug and blanking

    /// A udev `change` event on the card: read the connector's status again (without forcing a probe).
    private func connectorMayHaveChanged() {
        guard !isClosed, let c = drmModeGetConnectorCurrent(device.fd, connector.id) else { return }
        let connected = c.pointee.connection == DRM_MODE_CONNECTED
        let hasModes = c.pointee.count_modes > 0
        drmModeFreeConnector(c)
        apply(presence.connectorChanged(connected: connected, hasModes: hasModes))
    }

    /// Blanks the display (the CRTC off: the panel sleeps, as with DPMS off) or wakes it.
    public func setBlanked(_ blanked: Bool) {
        apply(presence.setBlanked(blanked))
    }

    private func apply(_ action: ConnectorPresence.Action) {
        switch action {
        case .none:
            break
        case .stopPresenting(let reason):
            onStatus?("\(connector.name): \(reason); frames are not shown until it is back")
            if isModeSet && hasMaster {
                // A blanked panel gets no signal; an unplugged connector has nothing to drive.
                _ = drmModeSetCrtc(device.fd, crtcID, 0, 0, 0, nil, 0, nil)
                isModeSet = false
            }
        case .remodeset(let reason):
            // The newest buffer (the front one; frames kept being drawn meanwhile) goes up with the mode.
            guard hasMaster, let front = ring.front, !ring.isInFlight else {
                onStatus?("\(connector.name): \(reason); the next frame sets the mode")
                return
            }
            var connectorID = connector.id
            if drmModeSetCrtc(device.fd, crtcID, buffers[front].framebufferID, 0, 0, &connectorID, 1, &modeInfo) == 0 {
                isModeSet = true
                onStatus?("\(connector.name): \(reason); mode \(mode) set again")
            } else {
                onStatus?("\(connector.name): \(reason); setting mode \(mode) failed: \(PlatformError.errorString(errno)); "
                    + "the next frame tries again")
            }
        }
    }

    /// Whether the CRTC counts vblanks: without them (virtio-gpu, bochs) flips complete at once.
    private static func hasVBlank(device: DRMDevice, crtcID: UInt32) -> Bool {
        var sequence: UInt64 = 0
        var ns: UInt64 = 0
        return drmCrtcGetSequence(device.fd, crtcID, &sequence, &ns) == 0
    }

    private func handleEvents() {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, sec, usec, userData in
            guard let userData else { return }
            let display = Unmanaged<DRMDisplay>.fromOpaque(userData).takeUnretainedValue()
            let time = MonotonicTime(seconds: Int64(sec), nanoseconds: Int64(usec) * 1000)
            MainActor.assumeIsolated { display.flipped(at: time) }
        }
        _ = drmHandleEvent(device.fd, &context)
    }

    private func flipped(at time: MonotonicTime) {
        guard ring.isInFlight else { return }
        ring.flipped()
        if firstFlipTime == nil { firstFlipTime = .now() }
        onFlip?(time)
    }

    /// "2 buffers" or "3 buffers", for the start-up line.
    public var buffersDescription: String { "\(ring.count) buffers" }

    /// Waits (briefly) for a pending flip, restores the CRTC found at start, frees the buffers, closes the card.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        onFlip = nil
        // Freeing a buffer the pending flip still scans out would fail; wait up to 200 ms for its event.
        var waited = 0
        while ring.isInFlight && waited < 20 {
            var pfd = pollfd(fd: device.fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 10) == 1 { handleEvents() }
            waited += 1
        }
        source?.cancel()
        source = nil
        hotplug?.close()
        hotplug = nil
        // Without master (switched away) the screen is someone else's: nothing to restore.
        if tookCRTC && hasMaster {
            if var s = saved, s.mode_valid != 0, s.buffer_id != 0 {
                var connectorID = connector.id
                _ = drmModeSetCrtc(device.fd, s.crtc_id, s.buffer_id, s.x, s.y, &connectorID, 1, &s.mode)
            } else {
                _ = drmModeSetCrtc(device.fd, crtcID, 0, 0, 0, nil, 0, nil)
            }
        }
        for b in buffers { b.release(device: device) }
        buffers.removeAll()
        device.close()
    }
}

/// A dumb buffer: created, added as a framebuffer, mapped. Paired with `release`.
private struct DumbBuffer {
    let handle: UInt32
    let framebufferID: UInt32
    let map: UnsafeMutableRawPointer
    let size: Int
    let pixels: PixelBuffer

    init(device: DRMDevice, width: Int, height: Int, format: PixelFormat) throws(PlatformError) {
        let fourcc = DRMDisplay.fourcc(format)
        var handle: UInt32 = 0
        var pitch: UInt32 = 0
        var size: UInt64 = 0
        guard drmModeCreateDumbBuffer(device.fd, UInt32(width), UInt32(height), UInt32(format.bytesPerPixel * 8), 0,
                                      &handle, &pitch, &size) == 0 else {
            throw PlatformError.lastError("drmModeCreateDumbBuffer", "\(device.path): allocating a \(width)x\(height) \(format) buffer")
        }
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var fb: UInt32 = 0
        let added = withUnsafeMutablePointer(to: &handles) { h in
            withUnsafeMutablePointer(to: &pitches) { p in
                withUnsafeMutablePointer(to: &offsets) { o in
                    drmModeAddFB2(device.fd, UInt32(width), UInt32(height), fourcc,
                                  UnsafeRawPointer(h).assumingMemoryBound(to: UInt32.self),
                                  UnsafeRawPointer(p).assumingMemoryBound(to: UInt32.self),
                                  UnsafeRawPointer(o).assumingMemoryBound(to: UInt32.self), &fb, 0)
                }
            }
        }
        guard added == 0 else {
            let e = PlatformError.lastError("drmModeAddFB2", "\(device.path): \(format) framebuffers (try SCANOUT_FORMAT=xrgb8888)")
            _ = drmModeDestroyDumbBuffer(device.fd, handle)
            throw e
        }
        var offset: UInt64 = 0
        guard drmModeMapDumbBuffer(device.fd, handle, &offset) == 0 else {
            let e = PlatformError.lastError("drmModeMapDumbBuffer", "\(device.path): mapping a buffer")
            _ = drmModeRmFB(device.fd, fb)
            _ = drmModeDestroyDumbBuffer(device.fd, handle)
            throw e
        }
        let m = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, device.fd, off_t(offset))
        guard let m, m != MAP_FAILED else {
            let e = PlatformError.lastError("mmap", "\(device.path): mapping a \(size)-byte buffer")
            _ = drmModeRmFB(device.fd, fb)
            _ = drmModeDestroyDumbBuffer(device.fd, handle)
            throw e
        }
        self.handle = handle
        self.framebufferID = fb
        self.map = m
        self.size = Int(size)
        pixels = PixelBuffer(wrapping: m, width: width, height: height, stride: Int(pitch), format: format)
    }

    func release(device: DRMDevice) {
        munmap(map, size)
        _ = drmModeRmFB(device.fd, framebufferID)
        _ = drmModeDestroyDumbBuffer(device.fd, handle)
    }
}
