import ScanoutRaster

/// The simulator window's mouse and keyboard as a board's input: the mouse through `WindowPointer` (one
/// finger, Ctrl for a second mirrored one), keys as evdev codes (`SDLScancode`), so the app's frame takes
/// them exactly as it takes libinput's. `WindowDisplay` feeds it from SDL's events.
///
/// The window shows panel pixels, so the pointer is already where the panel's touch lands after
/// calibration: a position is reported as the raw touch that the board profile's calibration maps there
/// (the app applies the calibration to every touch, as on the board).
@MainActor
public final class WindowInput: InputSource {
    public var onInput: (@MainActor () -> Void)?
    private var queue: [InputEvent] = []
    private(set) var pointer: WindowPointer
    private let transform: DisplayTransform

    /// `transform`: the app's panel transform (its calibration is undone for the pointer's positions).
    public init(pointer: WindowPointer, transform: DisplayTransform) {
        self.pointer = pointer
        self.transform = transform
    }

    public func takeEvents() -> [InputEvent] {
        let events = queue
        queue.removeAll(keepingCapacity: true)
        return events
    }

    public func close() { onInput = nil }

    /// The window's pointer and keyboard, announced as a board's devices would be.
    func announce(_ device: InputDevice) { append([.deviceAdded(device)]) }

    func buttonDown(windowX x: Int, y: Int, secondFinger: Bool) {
        append(touches(pointer.buttonDown(windowX: x, y: y, secondFinger: secondFinger, time: Self.now())))
    }

    func moved(windowX x: Int, y: Int) {
        append(touches(pointer.moved(windowX: x, y: y, time: Self.now())))
    }

    func buttonUp(windowX x: Int, y: Int) {
        append(touches(pointer.buttonUp(windowX: x, y: y, time: Self.now())))
    }

    func cancelTouches() { append(touches(pointer.cancel(time: Self.now()))) }

    /// A key at SDL scancode `scancode` went down or up (SDL's own repeats are left out: the app repeats a
    /// held key by its keymap's rate, as on a board).
    func key(scancode: Int32, isPressed: Bool) {
        guard let code = SDLScancode.evdevCode(scancode) else { return }
        append([.key(KeyEvent(code: code, isPressed: isPressed, time: Self.now()))])
    }

    private func touches(_ events: [TouchEvent]) -> [InputEvent] {
        events.map { t in
            var raw = t
            let logical = transform.logicalPoint(fromPanel: t.position)
            if let r = transform.rawTouch(forLogical: logical) { raw.position = r }
            return .touch(raw)
        }
    }

    private func append(_ events: [InputEvent]) {
        guard !events.isEmpty else { return }
        let wasEmpty = queue.isEmpty
        queue += events
        if wasEmpty { onInput?() }
    }

    /// CLOCK_MONOTONIC in microseconds, as libinput stamps its events (the app measures velocities with it).
    private static func now() -> UInt64 { UInt64(max(0, MonotonicTime.now().nanoseconds / 1000)) }
}
