import ScanoutRaster

/// The simulator window's mouse as fingers: the left button is one finger (id 0) that goes down, moves and
/// lifts with the pointer; with Ctrl held when the button goes down, a second finger (id 1) moves mirrored
/// around the window's centre, so dragging pinches and turns (`MagnifyGesture`, `RotateGesture`).
/// Positions are in panel pixels (the window's pixels divided by the zoom). Pure state: tested directly.
public struct WindowPointer: Sendable {
    public let panelWidth: Double
    public let panelHeight: Double
    /// Window pixels per panel pixel.
    public let zoom: Double
    /// Whether the button is down, and with the mirrored finger.
    public private(set) var isDown = false
    public private(set) var isPinching = false
    private var last = Point(x: 0, y: 0)

    public static let fingerID = 0
    public static let mirroredFingerID = 1

    public init(panelWidth: Int, panelHeight: Int, zoom: Double = 1) {
        self.panelWidth = Double(panelWidth)
        self.panelHeight = Double(panelHeight)
        self.zoom = zoom
    }

    /// The panel position under window pixel (x, y): its centre, kept on the panel.
    public func panelPoint(windowX x: Int, y: Int) -> Point {
        Point(x: min(max(0, (Double(x) + 0.5) / zoom), panelWidth - 0.5),
              y: min(max(0, (Double(y) + 0.5) / zoom), panelHeight - 0.5))
    }

    /// The point mirrored around the panel's centre.
    public func mirrored(_ p: Point) -> Point { Point(x: panelWidth - p.x, y: panelHeight - p.y) }

    /// The left button went down at window pixel (x, y); `secondFinger`: Ctrl was held.
    public mutating func buttonDown(windowX x: Int, y: Int, secondFinger: Bool, time: UInt64) -> [TouchEvent] {
        guard !isDown else { return [] }
        isDown = true
        isPinching = secondFinger
        last = panelPoint(windowX: x, y: y)
        return fingers(.down, at: last, time: time)
    }

    /// The pointer moved; fingers follow while the button is down.
    public mutating func moved(windowX x: Int, y: Int, time: UInt64) -> [TouchEvent] {
        guard isDown else { return [] }
        let p = panelPoint(windowX: x, y: y)
        guard p != last else { return [] }
        last = p
        return fingers(.moved, at: p, time: time)
    }

    /// The left button came up: the fingers lift where they are.
    public mutating func buttonUp(windowX x: Int, y: Int, time: UInt64) -> [TouchEvent] {
        guard isDown else { return [] }
        var events = moved(windowX: x, y: y, time: time)
        events += fingers(.up, at: last, time: time)
        isDown = false
        isPinching = false
        return events
    }

    /// The window lost the pointer's grab (focus went elsewhere): the fingers are cancelled.
    public mutating func cancel(time: UInt64) -> [TouchEvent] {
        guard isDown else { return [] }
        isDown = false
        defer { isPinching = false }
        return fingers(.cancelled, at: last, time: time)
    }

    private func fingers(_ phase: TouchEvent.Phase, at p: Point, time: UInt64) -> [TouchEvent] {
        var events = [TouchEvent(phase: phase, id: Self.fingerID, position: p, time: time)]
        if isPinching { events.append(TouchEvent(phase: phase, id: Self.mirroredFingerID, position: mirrored(p), time: time)) }
        return events
    }
}
