import ScanoutRaster

/// A touch point going down, moving, lifting or being cancelled — view-agnostic, in panel pixels
/// (`DisplayTransform.logicalPoint(fromTouch:)` turns it into the app's points).
public struct TouchEvent: Sendable, Equatable, CustomStringConvertible {
    public enum Phase: Sendable, Equatable {
        case down, moved, up, cancelled
    }

    public var phase: Phase
    /// Which finger: the seat slot (0, 1, ...) while it is down, or `TouchEvent.pointerID` for a pointer
    /// (a mouse, QEMU's tablet) acting as one finger with its left button.
    public var id: Int
    /// Where, in panel pixels. For `up` and `cancelled` (which carry no position) the last known one.
    public var position: Point
    /// The event's time in microseconds (CLOCK_MONOTONIC).
    public var time: UInt64

    public static let pointerID = -1

    public init(phase: Phase, id: Int, position: Point, time: UInt64) {
        self.phase = phase
        self.id = id
        self.position = position
        self.time = time
    }

    public var description: String { "touch \(id) \(phase) at (\(position.x), \(position.y))" }
}

/// A key press or release: the evdev key code (`KEY_*` of linux/input-event-codes.h), no layout applied.
public struct KeyEvent: Sendable, Equatable {
    public var code: UInt32
    public var isPressed: Bool
    public var time: UInt64

    public init(code: UInt32, isPressed: Bool, time: UInt64) {
        self.code = code
        self.isPressed = isPressed
        self.time = time
    }
}

/// An input device as libinput sees it.
public struct InputDevice: Sendable, Equatable, CustomStringConvertible {
    public struct Capabilities: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let keyboard = Capabilities(rawValue: 1)
        public static let pointer = Capabilities(rawValue: 2)
        public static let touch = Capabilities(rawValue: 4)
        public static let tabletTool = Capabilities(rawValue: 8)
        public static let tabletPad = Capabilities(rawValue: 16)
        public static let gesture = Capabilities(rawValue: 32)
        public static let `switch` = Capabilities(rawValue: 64)

        public var names: [String] {
            let all: [(Capabilities, String)] = [(.keyboard, "keyboard"), (.pointer, "pointer"), (.touch, "touch"),
                                                  (.tabletTool, "tablet-tool"), (.tabletPad, "tablet-pad"),
                                                  (.gesture, "gesture"), (.switch, "switch")]
            return all.filter { contains($0.0) }.map(\.1)
        }
    }

    public var name: String
    /// The kernel's event node name ("event3").
    public var sysname: String
    public var capabilities: Capabilities
    /// Physical size in millimetres, when the device knows it.
    public var size: (width: Double, height: Double)?
    /// Simultaneous touches (0 when not a touch device or unknown).
    public var touchCount: Int
    /// A keyboard a person types on (it has letter keys), not a power button, a lid switch's or a remote's
    /// few keys: while one is attached, an `auto` on-screen keyboard stays away.
    public var hasLetterKeys = false

    public static func == (a: InputDevice, b: InputDevice) -> Bool {
        a.name == b.name && a.sysname == b.sysname && a.capabilities == b.capabilities && a.touchCount == b.touchCount
            && a.size?.width == b.size?.width && a.size?.height == b.size?.height && a.hasLetterKeys == b.hasLetterKeys
    }

    public var description: String {
        var s = "\(sysname): \(name) [\(capabilities.names.joined(separator: ", "))]"
        if let size { s += " \(Int(size.width.rounded()))x\(Int(size.height.rounded())) mm" }
        if touchCount > 0 { s += ", \(touchCount) touches" }
        if hasLetterKeys { s += ", letter keys" }
        return s
    }
}

/// What the input devices reported since the last frame.
public enum InputEvent: Sendable, Equatable {
    case touch(TouchEvent)
    case key(KeyEvent)
    case deviceAdded(InputDevice)
    case deviceRemoved(InputDevice)
}

/// Turns libinput's touch and pointer events into `TouchEvent`s: remembers where each finger is (libinput's
/// up and cancel events have no position), drops motion of fingers that are not down, and makes a pointer
/// with its left button one more finger. Pure state: no libinput calls, so it is tested directly.
public struct TouchTracker: Sendable {
    private var active: [Int: Point] = [:]
    private var pointer: Point?
    private var pointerDown = false
    /// The panel's size in pixels, for relative pointer motion (a mouse) to stay on it.
    public var panelWidth: Double
    public var panelHeight: Double

    public init(panelWidth: Int, panelHeight: Int) {
        self.panelWidth = Double(panelWidth)
        self.panelHeight = Double(panelHeight)
    }

    /// The fingers down now (pointer included while its button is held).
    public var activeIDs: [Int] { active.keys.sorted() }

    public mutating func touchDown(slot: Int, at p: Point, time: UInt64) -> TouchEvent {
        active[slot] = p
        return TouchEvent(phase: .down, id: slot, position: p, time: time)
    }

    public mutating func touchMotion(slot: Int, to p: Point, time: UInt64) -> TouchEvent? {
        guard active[slot] != nil else { return nil }
        active[slot] = p
        return TouchEvent(phase: .moved, id: slot, position: p, time: time)
    }

    public mutating func touchUp(slot: Int, time: UInt64) -> TouchEvent? {
        guard let p = active.removeValue(forKey: slot) else { return nil }
        return TouchEvent(phase: .up, id: slot, position: p, time: time)
    }

    public mutating func touchCancel(slot: Int, time: UInt64) -> TouchEvent? {
        guard let p = active.removeValue(forKey: slot) else { return nil }
        return TouchEvent(phase: .cancelled, id: slot, position: p, time: time)
    }

    /// Every finger down is cancelled (its device went away).
    public mutating func cancelAll(time: UInt64) -> [TouchEvent] {
        let events = active.keys.sorted().map { TouchEvent(phase: .cancelled, id: $0, position: active[$0]!, time: time) }
        active.removeAll()
        pointerDown = false
        return events
    }

    /// An absolute pointer position (a tablet, QEMU's virtio-tablet): a move of the pointer finger while the
    /// button is held.
    public mutating func pointerMoved(to p: Point, time: UInt64) -> TouchEvent? {
        pointer = p
        guard pointerDown else { return nil }
        active[TouchEvent.pointerID] = p
        return TouchEvent(phase: .moved, id: TouchEvent.pointerID, position: p, time: time)
    }

    /// A relative pointer motion (a mouse), kept on the panel.
    public mutating func pointerMoved(by dx: Double, _ dy: Double, time: UInt64) -> TouchEvent? {
        let from = pointer ?? Point(x: panelWidth / 2, y: panelHeight / 2)
        let p = Point(x: min(max(0, from.x + dx), panelWidth - 1), y: min(max(0, from.y + dy), panelHeight - 1))
        return pointerMoved(to: p, time: time)
    }

    /// The left button: the pointer finger goes down or up where the pointer is.
    public mutating func pointerButton(pressed: Bool, time: UInt64) -> TouchEvent? {
        guard let p = pointer, pressed != pointerDown else { return nil }
        pointerDown = pressed
        if pressed {
            active[TouchEvent.pointerID] = p
            return TouchEvent(phase: .down, id: TouchEvent.pointerID, position: p, time: time)
        }
        active[TouchEvent.pointerID] = nil
        return TouchEvent(phase: .up, id: TouchEvent.pointerID, position: p, time: time)
    }
}
