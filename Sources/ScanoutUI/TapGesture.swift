import ScanoutRender

/// A tap as a gesture value (SwiftUI's `TapGesture`), for `gesture(_:)` and composition:
/// `TapGesture(count: 2).onEnded { … }`. A tap is a touch that lifts within `TapGesture.slop` of where it
/// went down; with `count` above 1 the taps must follow each other within `maximumInterval` and `slop`.
public struct TapGesture: Gesture, RecognizedGesture {
    public typealias Value = Void
    public var count: Int
    public init(count: Int = 1) { self.count = count }

    func makeRecognizer() -> GestureRecognizer { TapRecognizer(self) }
    func configure(_ recognizer: GestureRecognizer) { configureLeaf(recognizer) }
}

/// A tap that reports where it landed (SwiftUI's `SpatialTapGesture`).
public struct SpatialTapGesture: Gesture, RecognizedGesture {
    public struct Value: Equatable, Sendable {
        public var location: CGPoint
    }
    public var count: Int
    public var coordinateSpace: CoordinateSpace
    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) {
        self.count = count; self.coordinateSpace = coordinateSpace
    }

    func makeRecognizer() -> GestureRecognizer { SpatialTapRecognizer(self) }
    func configure(_ recognizer: GestureRecognizer) { configureLeaf(recognizer) }
}

/// Counts taps: the finger lifts near where it went down; consecutive taps close in time and place.
struct TapCounter {
    static let slop: CGFloat = 10
    static let maximumInterval = 0.3
    private var down: CGPoint?
    private var last: (time: Double, point: CGPoint, count: Int)?

    mutating func began(at p: CGPoint) { if down == nil { down = p } }

    /// Whether, with no finger down, a tap at `time` may still complete the count (a double tap's first tap
    /// was made less than `maximumInterval` ago).
    func awaitsAnotherTap(at time: Double) -> Bool {
        guard let l = last else { return false }
        return time - l.time <= Self.maximumInterval + 1e-9
    }

    /// The finger lifted at `p`: returns whether this tap completes `count` taps.
    mutating func ended(at p: CGPoint, time: Double, cancelled: Bool, count: Int) -> Bool {
        defer { down = nil }
        guard !cancelled, let d = down, p.distance(to: d) <= Self.slop else {
            last = nil
            return false
        }
        var n = 1
        if let l = last, time - l.time <= Self.maximumInterval + 1e-9, p.distance(to: l.point) <= Self.slop { n = l.count + 1 }
        if n >= count {
            last = nil
            return true
        }
        last = (time, p, n)
        return false
    }
}

final class TapRecognizer: LeafRecognizer<TapGesture> {
    private var counter = TapCounter()
    override func isPossible(at time: Double) -> Bool { counter.awaitsAnotherTap(at: time) }
    override func update(_ points: [CGPoint], time: Double) { if let p = points.first { counter.began(at: p) } }
    override func end(_ points: [CGPoint], time: Double, cancelled: Bool) {
        guard let p = points.first else { return }
        if counter.ended(at: p, time: time, cancelled: cancelled, count: gesture.count) { sendEnded(()) }
    }
}

final class SpatialTapRecognizer: LeafRecognizer<SpatialTapGesture> {
    private var counter = TapCounter()
    override func isPossible(at time: Double) -> Bool { counter.awaitsAnotherTap(at: time) }
    override func update(_ points: [CGPoint], time: Double) { if let p = points.first { counter.began(at: p) } }
    override func end(_ points: [CGPoint], time: Double, cancelled: Bool) {
        guard let p = points.first, counter.ended(at: p, time: time, cancelled: cancelled, count: gesture.count) else { return }
        let location: CGPoint
        if gesture.coordinateSpace == .local {
            location = CGPoint(x: p.x - origin.x, y: p.y - origin.y)
        } else {
            let q = toRoot.apply(Point(x: p.x, y: p.y))
            location = point(root: CGPoint(x: q.x, y: q.y), in: gesture.coordinateSpace)
        }
        sendEnded(SpatialTapGesture.Value(location: location))
    }
}

extension View {
    /// Runs `action` with the tap's location (SwiftUI's `onTapGesture(count:coordinateSpace:perform:)`).
    public func onTapGesture(count: Int = 1, coordinateSpace: CoordinateSpace = .local,
                             perform action: @escaping (CGPoint) -> Void) -> some View {
        gesture(SpatialTapGesture(count: count, coordinateSpace: coordinateSpace).onEnded { action($0.location) })
    }

    /// `gesture(_:)`: Scanout recognizes one gesture per touch, the innermost view's first, so a gesture
    /// attached with this runs as `gesture(_:)` does (SwiftUI also runs the view's own gestures with it).
    public func simultaneousGesture<G: Gesture>(_ gesture: G) -> some View { self.gesture(gesture) }

    /// `gesture(_:)` (SwiftUI lets this one win over the gestures of views inside).
    public func highPriorityGesture<G: Gesture>(_ gesture: G) -> some View { self.gesture(gesture) }
}
