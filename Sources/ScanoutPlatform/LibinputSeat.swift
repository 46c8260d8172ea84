import CInput
import CUdev
import Glibc
import ScanoutRaster

/// The input devices of a udev seat through libinput: touchscreens (multi-touch, by slot), pointers (a mouse
/// or QEMU's tablet acts as one finger with its left button), keyboards (key codes). Hotplug is libinput's
/// udev backend: devices added or removed while running show up as events, no restart needed.
///
/// Events are queued, not acted on: `onInput` fires once when the queue becomes non-empty (the app asks for
/// a frame) and the frame takes every event with `takeEvents()` — intermediate samples included, in order.
/// Positions are in panel pixels (libinput's `_transformed` coordinates over `panelWidth` x `panelHeight`).
///
/// Paired lifecycle: `init` (udev context, seat assignment, fd on the loop) → `close()`.
@MainActor
public final class LibinputSeat {
    public let seat: String
    // Touched on the loop, and by deinit once nothing else can.
    nonisolated(unsafe) private var context: OpaquePointer?
    nonisolated(unsafe) private var udevContext: OpaquePointer?
    nonisolated(unsafe) private let interface: UnsafeMutablePointer<libinput_interface>
    private var source: LoopSource?
    private var tracker: TouchTracker
    private var queue: [InputEvent] = []
    private var deviceList: [OpaquePointer: InputDevice] = [:]
    /// Called when events become pending (once per batch, until `takeEvents()`).
    public var onInput: (@MainActor () -> Void)?
    /// Device nodes libinput could not open, with the reason (permissions, usually).
    public private(set) var openFailures: [String] = []

    /// Opens `seat` ("seat0"), with touch coordinates scaled to a `panelWidth` x `panelHeight` panel, and
    /// watches libinput's descriptor on `loop`.
    public init(seat: String = "seat0", panelWidth: Int, panelHeight: Int, loop: MainLoop?) throws(PlatformError) {
        self.seat = seat
        tracker = TouchTracker(panelWidth: panelWidth, panelHeight: panelHeight)
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, userData in
                guard let path else { return -EINVAL }
                let fd = scanout_input_open(path, flags)
                if fd < 0, let userData {
                    let seat = Unmanaged<LibinputSeat>.fromOpaque(userData).takeUnretainedValue()
                    let reason = "\(String(cString: path)): \(PlatformError.errorString(-fd))"
                    MainActor.assumeIsolated { seat.openFailures.append(reason) }
                }
                return fd
            },
            close_restricted: { fd, _ in _ = Glibc.close(fd) }))
        // On a failure below, deinit releases what was made.
        guard let u = udev_new() else {
            throw PlatformError.input(detail: "udev_new failed: cannot reach udev")
        }
        udevContext = u
        guard let li = libinput_udev_create_context(interface, Unmanaged.passUnretained(self).toOpaque(), u) else {
            throw PlatformError.input(detail: "libinput_udev_create_context failed")
        }
        context = li
        guard libinput_udev_assign_seat(li, seat) == 0 else {
            close()
            throw PlatformError.input(detail: "cannot assign udev seat \(seat) (is systemd-udevd running? libinput needs its device database)")
        }
        if let loop {
            do throws(PlatformError) {
                source = try loop.watch(fd: libinput_get_fd(li), name: "libinput \(seat)") { [unowned self] in self.dispatch() }
            } catch {
                close()
                throw error
            }
        }
        // Devices present at start arrive as "added" events right away.
        dispatch()
    }

    /// The devices on the seat now.
    public var devices: [InputDevice] { deviceList.values.sorted { $0.sysname.count != $1.sysname.count ? $0.sysname.count < $1.sysname.count : $0.sysname < $1.sysname } }

    /// The panel's size touches are scaled to (after a mode change).
    public func setPanelSize(width: Int, height: Int) {
        tracker.panelWidth = Double(width)
        tracker.panelHeight = Double(height)
    }

    /// Every event since the last call, in order.
    public func takeEvents() -> [InputEvent] {
        let events = queue
        queue.removeAll(keepingCapacity: true)
        return events
    }

    /// Whether the seat's devices are closed (`suspend()`).
    public private(set) var isSuspended = false

    /// Closes the seat's devices while the app is switched away (another VT or DRM client has the screen):
    /// what is typed or touched there is not the app's. Keys already read are dropped (the switch's own
    /// Ctrl-Alt-Fn among them); touches are kept, so a finger down ends with libinput's cancel or up.
    public func suspend() {
        guard let li = context, !isSuspended else { return }
        isSuspended = true
        dispatch()
        libinput_suspend(li)
        dispatch()
        queue.removeAll { if case .touch = $0 { return false } else { return true } }
    }

    /// Opens the devices again (they come back as added devices).
    public func resume() {
        guard let li = context, isSuspended else { return }
        isSuspended = false
        _ = libinput_resume(li)
        dispatch()
    }

    /// Reads what libinput has (called when its descriptor is readable; callable any time).
    public func dispatch() {
        guard let li = context else { return }
        _ = libinput_dispatch(li)
        let wasEmpty = queue.isEmpty
        while let event = libinput_get_event(li) {
            handle(event)
            libinput_event_destroy(event)
        }
        if wasEmpty && !queue.isEmpty { onInput?() }
    }

    private func handle(_ event: OpaquePointer) {
        let w = UInt32(max(1, tracker.panelWidth)), h = UInt32(max(1, tracker.panelHeight))
        switch libinput_event_get_type(event) {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            guard let dev = libinput_event_get_device(event) else { return }
            let info = Self.describe(dev)
            deviceList[dev] = info
            queue.append(.deviceAdded(info))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            guard let dev = libinput_event_get_device(event), let info = deviceList.removeValue(forKey: dev) else { return }
            if info.capabilities.contains(.touch) || info.capabilities.contains(.pointer) {
                for t in tracker.cancelAll(time: 0) { queue.append(.touch(t)) }
            }
            queue.append(.deviceRemoved(info))
        case LIBINPUT_EVENT_TOUCH_DOWN:
            guard let t = libinput_event_get_touch_event(event) else { return }
            let p = Point(x: libinput_event_touch_get_x_transformed(t, w), y: libinput_event_touch_get_y_transformed(t, h))
            queue.append(.touch(tracker.touchDown(slot: Int(libinput_event_touch_get_seat_slot(t)), at: p,
                                                  time: libinput_event_touch_get_time_usec(t))))
        case LIBINPUT_EVENT_TOUCH_MOTION:
            guard let t = libinput_event_get_touch_event(event) else { return }
            let p = Point(x: libinput_event_touch_get_x_transformed(t, w), y: libinput_event_touch_get_y_transformed(t, h))
            if let e = tracker.touchMotion(slot: Int(libinput_event_touch_get_seat_slot(t)), to: p,
                                           time: libinput_event_touch_get_time_usec(t)) { queue.append(.touch(e)) }
        case LIBINPUT_EVENT_TOUCH_UP:
            guard let t = libinput_event_get_touch_event(event) else { return }
            if let e = tracker.touchUp(slot: Int(libinput_event_touch_get_seat_slot(t)),
                                       time: libinput_event_touch_get_time_usec(t)) { queue.append(.touch(e)) }
        case LIBINPUT_EVENT_TOUCH_CANCEL:
            guard let t = libinput_event_get_touch_event(event) else { return }
            if let e = tracker.touchCancel(slot: Int(libinput_event_touch_get_seat_slot(t)),
                                           time: libinput_event_touch_get_time_usec(t)) { queue.append(.touch(e)) }
        case LIBINPUT_EVENT_TOUCH_FRAME:
            break  // the batch boundary: the events before it are already queued
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            guard let p = libinput_event_get_pointer_event(event) else { return }
            let at = Point(x: libinput_event_pointer_get_absolute_x_transformed(p, w),
                           y: libinput_event_pointer_get_absolute_y_transformed(p, h))
            if let e = tracker.pointerMoved(to: at, time: libinput_event_pointer_get_time_usec(p)) { queue.append(.touch(e)) }
        case LIBINPUT_EVENT_POINTER_MOTION:
            guard let p = libinput_event_get_pointer_event(event) else { return }
            if let e = tracker.pointerMoved(by: libinput_event_pointer_get_dx(p), libinput_event_pointer_get_dy(p),
                                            time: libinput_event_pointer_get_time_usec(p)) { queue.append(.touch(e)) }
        case LIBINPUT_EVENT_POINTER_BUTTON:
            guard let p = libinput_event_get_pointer_event(event), libinput_event_pointer_get_button(p) == Self.leftButton else { return }
            let pressed = libinput_event_pointer_get_button_state(p) == LIBINPUT_BUTTON_STATE_PRESSED
            if let e = tracker.pointerButton(pressed: pressed, time: libinput_event_pointer_get_time_usec(p)) { queue.append(.touch(e)) }
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            guard let k = libinput_event_get_keyboard_event(event) else { return }
            queue.append(.key(KeyEvent(code: libinput_event_keyboard_get_key(k),
                                       isPressed: libinput_event_keyboard_get_key_state(k) == LIBINPUT_KEY_STATE_PRESSED,
                                       time: libinput_event_keyboard_get_time_usec(k))))
        default:
            break
        }
    }

    /// BTN_LEFT of linux/input-event-codes.h.
    static let leftButton: UInt32 = 0x110
    /// KEY_Q, KEY_A, KEY_Z: a keyboard with these is one to type on.
    static let letterKeys: [UInt32] = [16, 30, 44]

    private static func describe(_ dev: OpaquePointer) -> InputDevice {
        var caps = InputDevice.Capabilities()
        let table: [(libinput_device_capability, InputDevice.Capabilities)] = [
            (LIBINPUT_DEVICE_CAP_KEYBOARD, .keyboard), (LIBINPUT_DEVICE_CAP_POINTER, .pointer),
            (LIBINPUT_DEVICE_CAP_TOUCH, .touch), (LIBINPUT_DEVICE_CAP_TABLET_TOOL, .tabletTool),
            (LIBINPUT_DEVICE_CAP_TABLET_PAD, .tabletPad), (LIBINPUT_DEVICE_CAP_GESTURE, .gesture),
            (LIBINPUT_DEVICE_CAP_SWITCH, .switch),
        ]
        for (cap, flag) in table where libinput_device_has_capability(dev, cap) != 0 { caps.insert(flag) }
        var w = 0.0, h = 0.0
        let size: (width: Double, height: Double)? = libinput_device_get_size(dev, &w, &h) == 0 ? (w, h) : nil
        let touches = caps.contains(.touch) ? Int(max(0, libinput_device_touch_get_touch_count(dev))) : 0
        let letters = caps.contains(.keyboard) && Self.letterKeys.allSatisfy { libinput_device_keyboard_has_key(dev, $0) == 1 }
        return InputDevice(name: libinput_device_get_name(dev).map { String(cString: $0) } ?? "?",
                           sysname: libinput_device_get_sysname(dev).map { String(cString: $0) } ?? "?",
                           capabilities: caps, size: size, touchCount: touches, hasLetterKeys: letters)
    }

    /// Releases the devices, the libinput context and udev.
    public func close() {
        source?.cancel()
        source = nil
        if let li = context { libinput_unref(li) }
        context = nil
        if let u = udevContext { udev_unref(u) }
        udevContext = nil
        deviceList.removeAll()
    }

    deinit {
        // `close()` is the paired call; this only keeps an unclosed seat from leaking.
        if let li = context { libinput_unref(li) }
        if let u = udevContext { udev_unref(u) }
        interface.deallocate()
    }
}
