/// A press held in place (SwiftUI's `LongPressGesture`): the finger goes down and stays within
/// `maximumDistance` of where it went down for `minimumDuration` seconds. `onChanged` (and `updating`) hear
/// `true` when the finger goes down; `onEnded` hears `true` once the time has passed, with the finger still
/// down — the gesture is then over, and lifting does nothing more. Lifting early or moving too far fails it
/// (no `onEnded`; gesture state returns to its initial value).
public struct LongPressGesture: Gesture, RecognizedGesture {
    public typealias Value = Bool
    public var minimumDuration: Double
    public var maximumDistance: CGFloat

    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
    }

    func makeRecognizer() -> GestureRecognizer { LongPressRecognizer(self) }
    func configure(_ recognizer: GestureRecognizer) { configureLeaf(recognizer) }
}

/// Waits for the press's time on the frames' clock (the behaviour ticks it while a press is pending).
final class LongPressRecognizer: LeafRecognizer<LongPressGesture> {
    private var press: (start: CGPoint, time: Double)?
    /// The press succeeded or failed: the rest of this touch is ignored.
    private var isOver = false

    override var needsTicks: Bool { press != nil }
    override var hasFailed: Bool { isOver && press == nil && !succeeded }
    private var succeeded = false

    override func update(_ points: [CGPoint], time: Double) {
        guard let p = points.first, !isOver else { return }
        guard let press else {
            self.press = (p, time)
            sendChanged(true)
            return
        }
        if p.distance(to: press.start) > gesture.maximumDistance {
            self.press = nil
            isOver = true
            fail()
        }
    }

    override func tick(_ now: Double) -> Bool {
        guard let press else { return false }
        guard now - press.time >= gesture.minimumDuration - 1e-6 else { return true }
        self.press = nil
        isOver = true
        succeeded = true
        sendEnded(true)
        return false
    }

    override func end(_ points: [CGPoint], time: Double, cancelled: Bool) {
        press = nil
        isOver = false
        succeeded = false
    }
}
