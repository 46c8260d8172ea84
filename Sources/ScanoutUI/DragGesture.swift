import ScanoutRender

/// A dragging motion (SwiftUI's `DragGesture`): recognized once the finger has moved `minimumDistance` from
/// where it went down (at once with 0); `onChanged` hears every touch sample after that.
public struct DragGesture: Gesture, RecognizedGesture {
    public struct Value: Equatable, Sendable {
        /// The time of the sample, in seconds on the host's clock (SwiftUI's is a `Date`).
        public var time: Double
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize { CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y) }
        /// Points per second, from the samples of the last 0.1 s.
        public var velocity: CGSize
        /// Where the motion would stop if the finger lifted now, decelerating as a scroll view does.
        public var predictedEndLocation: CGPoint {
            CGPoint(x: location.x + Deceleration.distance(for: velocity.width), y: location.y + Deceleration.distance(for: velocity.height))
        }
        public var predictedEndTranslation: CGSize {
            CGSize(width: predictedEndLocation.x - startLocation.x, height: predictedEndLocation.y - startLocation.y)
        }
    }

    public var minimumDistance: CGFloat
    public var coordinateSpace: CoordinateSpace

    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance
        self.coordinateSpace = coordinateSpace
    }

    func makeRecognizer() -> GestureRecognizer { DragRecognizer(self) }
    func configure(_ recognizer: GestureRecognizer) { configureLeaf(recognizer) }
}

final class DragRecognizer: LeafRecognizer<DragGesture> {
    private var start: CGPoint?
    private var isActive = false
    private var tracker = VelocityTracker()

    /// A touch (the view's coordinates) in the gesture's space: the view's (local, made relative to its origin
    /// in `value`), or the screen's (global: where the finger is, through the geometry effects above the view).
    /// Positions, distances and velocity are all tracked in that space.
    private func inSpace(_ p: CGPoint) -> CGPoint {
        if gesture.coordinateSpace == .local { return p }
        let q = toRoot.apply(Point(x: p.x, y: p.y))
        return CGPoint(x: q.x, y: q.y)
    }

    private func relative(_ p: CGPoint) -> CGPoint { point(root: p, in: gesture.coordinateSpace) }

    private func value(at p: CGPoint, time: Double) -> DragGesture.Value {
        DragGesture.Value(time: time, location: relative(p), startLocation: relative(start ?? p), velocity: tracker.velocity)
    }

    override func update(_ points: [CGPoint], time: Double) {
        guard let touch = points.first else { return }
        let p = inSpace(touch)
        if start == nil {
            start = p
            tracker.reset()
        }
        tracker.add(p, time: time)
        if !isActive {
            guard p.distance(to: start!) >= gesture.minimumDistance else { return }
            isActive = true
        }
        sendChanged(value(at: p, time: time))
    }

    override func end(_ points: [CGPoint], time: Double, cancelled: Bool) {
        defer {
            start = nil
            isActive = false
        }
        guard isActive, !cancelled, let touch = points.first else { return }
        let p = inSpace(touch)
        tracker.add(p, time: time)
        sendEnded(value(at: p, time: time))
    }

    override func claims(movedTo point: CGPoint, from start: CGPoint) -> Bool {
        point.distance(to: start) >= gesture.minimumDistance
    }
}
