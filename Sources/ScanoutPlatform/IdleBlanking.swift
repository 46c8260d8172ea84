/// Blanking the display after a time without input, and waking it with a touch that does nothing else: the
/// finger that wakes a dark panel cannot see what it would press, so its whole touch (down, moves, up) is
/// swallowed. Pure state: the runner arms the timer and blanks the display; this decides which events pass.
public struct IdleBlanking: Sendable, Equatable {
    /// Seconds without input before blanking.
    public let timeout: Double
    public private(set) var isBlanked = false
    /// Fingers whose touch woke the display, dropped until they lift.
    public private(set) var swallowed: Set<Int> = []

    public init(timeout: Double) {
        precondition(timeout > 0, "an idle timeout is positive")
        self.timeout = timeout
    }

    /// The idle timeout passed: the display goes dark.
    public mutating func blank() { isBlanked = true }

    /// Filters a frame's input: while blanked, a touch going down wakes the display and that finger's events
    /// are dropped until it lifts; a key press wakes it and is dropped too. Returns the events that pass and
    /// whether the display must wake now. Device events always pass.
    public mutating func filter(_ events: [InputEvent]) -> (events: [InputEvent], wake: Bool) {
        var passed: [InputEvent] = []
        var wake = false
        for event in events {
            switch event {
            case .touch(let t):
                if isBlanked, t.phase == .down {
                    isBlanked = false
                    wake = true
                    swallowed.insert(t.id)
                    continue
                }
                if swallowed.contains(t.id) {
                    if t.phase == .up || t.phase == .cancelled { swallowed.remove(t.id) }
                    continue
                }
                passed.append(event)
            case .key(let k):
                if isBlanked {
                    if k.isPressed {
                        isBlanked = false
                        wake = true
                    }
                    continue
                }
                passed.append(event)
            case .deviceAdded, .deviceRemoved:
                passed.append(event)
            }
        }
        return (passed, wake)
    }

    /// Whether `events` hold anything that counts as use (restarts the idle timeout).
    public static func isActivity(_ events: [InputEvent]) -> Bool {
        events.contains { if case .touch = $0 { return true }; if case .key = $0 { return true }; return false }
    }
}
