import Glibc
import ScanoutRender

/// Two fingers on the view (the second may go down anywhere in its frame): the gesture starts from where they
/// are when the second goes down, and is recognized once its value moved past the gesture's threshold.
class TwoFingerRecognizer<G: Gesture>: LeafRecognizer<G> {
    override var fingers: Int { 2 }
    /// When the second finger went down: the distance between the fingers and where their centre was.
    private(set) var start: (distance: CGFloat, center: CGPoint)?
    /// The turn since the start, in radians (positive: clockwise on screen), followed across ±180°.
    private(set) var rotation = 0.0
    private var lastAngle = 0.0
    private var isActive = false
    private var last: G.Value?
    /// The scale (x) and the rotation in radians (y) over time, for their velocities.
    private(set) var scaleTracker = VelocityTracker()

    /// The distance between the fingers over their distance at the start.
    var scale: CGFloat {
        guard let s = start, let c = current, s.distance > 0 else { return 1 }
        return c.distance / s.distance
    }
    private var current: (distance: CGFloat, center: CGPoint)?

    /// Whether the gesture is recognized (its value moved far enough from the start).
    func passesThreshold() -> Bool { true }
    func value(time: Double) -> G.Value { fatalError("subclass") }

    override func update(_ points: [CGPoint], time: Double) {
        guard points.count >= 2 else { return }
        let a = points[0], b = points[1]
        let angle = atan2(b.y - a.y, b.x - a.x)
        current = (a.distance(to: b), CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2))
        guard start != nil else {
            start = current
            rotation = 0
            lastAngle = angle
            scaleTracker.reset()
            scaleTracker.add(CGPoint(x: 1, y: 0), time: time)
            return
        }
        var turn = angle - lastAngle
        if turn > Double.pi { turn -= 2 * Double.pi } else if turn <= -Double.pi { turn += 2 * Double.pi }
        rotation += turn
        lastAngle = angle
        scaleTracker.add(CGPoint(x: scale, y: rotation), time: time)
        if !isActive {
            guard passesThreshold() else { return }
            isActive = true
        }
        let v = value(time: time)
        last = v
        sendChanged(v)
    }

    override func end(_ points: [CGPoint], time: Double, cancelled: Bool) {
        defer {
            start = nil
            current = nil
            isActive = false
            last = nil
        }
        guard isActive, !cancelled, let v = last else { return }
        sendEnded(v)
    }
}

/// A pinch (SwiftUI's `MagnificationGesture`): the value is the distance between the two fingers over their
/// distance when the second went down.
public struct MagnificationGesture: Gesture, RecognizedGesture {
    public typealias Value = CGFloat
    public var minimumScaleDelta: CGFloat

    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }

    func makeRecognizer() -> GestureRecognizer { MagnificationRecognizer(self) }
    func configure(_ recognizer: GestureRecognizer) { configureLeaf(recognizer) }
}

final class MagnificationRecognizer: TwoFingerRecognizer<MagnificationGesture> {
    override func passesThreshold() -> Bool { abs(scale - 1) >= gesture.minimumScaleDelta }
    override func value(time: Double) -> CGFloat { scale }
}

/// A pinch with more detail (SwiftUI's `MagnifyGesture`).
public struct MagnifyGesture: Gesture, RecognizedGesture {
    public struct Value: Equatable, Sendable {
        /// The time of the sample, in seconds on the host's clock (SwiftUI's is a `Date`).
        public var time: Double
        /// The distance between the fingers over their distance when the second went down.
        public var magnification: CGFloat
        /// The change of `magnification` per second, over the last 0.1 s.
        public var velocity: CGFloat
        /// The centre between the fingers when the second went down, in the view's coordinates.
        public var startLocation: CGPoint
    }

    public var minimumScaleDelta: CGFloat

    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }

    func makeRecognizer() -> GestureRecognizer { MagnifyRecognizer(self) }
    func configure(_ recognizer: GestureRecognizer) { configureLeaf(recognizer) }
}

final class MagnifyRecognizer: TwoFingerRecognizer<MagnifyGesture> {
    override func passesThreshold() -> Bool { abs(scale - 1) >= gesture.minimumScaleDelta }
    override func value(time: Double) -> MagnifyGesture.Value {
        let c = start?.center ?? .zero
        return MagnifyGesture.Value(time: time, magnification: scale, velocity: scaleTracker.velocity.width,
                                    startLocation: CGPoint(x: c.x - origin.x, y: c.y - origin.y))
    }
}

/// A two-finger turn (SwiftUI's `RotationGesture`): the value is the angle the line between the fingers
/// turned since the second went down (positive: clockwise on screen).
public struct RotationGesture: Gesture, RecognizedGesture {
    public typealias Value = Angle
    public var minimumAngleDelta: Angle

    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }

    func makeRecognizer() -> GestureRecognizer { RotationRecognizer(self) }
    func configure(_ recognizer: GestureRecognizer) { configureLeaf(recognizer) }
}

final class RotationRecognizer: TwoFingerRecognizer<RotationGesture> {
    override func passesThreshold() -> Bool { abs(rotation) >= gesture.minimumAngleDelta.radians }
    override func value(time: Double) -> Angle { .radians(rotation) }
}

/// A two-finger turn with more detail (SwiftUI's `RotateGesture`).
public struct RotateGesture: Gesture, RecognizedGesture {
    public struct Value: Equatable, Sendable {
        /// The time of the sample, in seconds on the host's clock (SwiftUI's is a `Date`).
        public var time: Double
        /// The turn of the line between the fingers since the second went down (positive: clockwise on screen).
        public var rotation: Angle
        /// The turn per second, over the last 0.1 s.
        public var velocity: Angle
        /// The centre between the fingers when the second went down, in the view's coordinates.
        public var startLocation: CGPoint
    }

    public var minimumAngleDelta: Angle

    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }

    func makeRecognizer() -> GestureRecognizer { RotateRecognizer(self) }
    func configure(_ recognizer: GestureRecognizer) { configureLeaf(recognizer) }
}

final class RotateRecognizer: TwoFingerRecognizer<RotateGesture> {
    override func passesThreshold() -> Bool { abs(rotation) >= gesture.minimumAngleDelta.radians }
    override func value(time: Double) -> RotateGesture.Value {
        let c = start?.center ?? .zero
        return RotateGesture.Value(time: time, rotation: .radians(rotation), velocity: .radians(scaleTracker.velocity.height),
                                   startLocation: CGPoint(x: c.x - origin.x, y: c.y - origin.y))
    }
}
