import Glibc
import ScanoutRender

/// A gesture attached with `gesture(_:)` (SwiftUI's `Gesture`): `TapGesture`, `SpatialTapGesture`,
/// `LongPressGesture`, `DragGesture`, `MagnifyGesture`, `RotateGesture` (and the older `MagnificationGesture`,
/// `RotationGesture`), with `onChanged`/`onEnded`, `updating`, `map`, `simultaneously(with:)`,
/// `sequenced(before:)` and `exclusively(before:)`. Not yet: gestures composed from a `body` (attaching one
/// logs a warning and does nothing).
public protocol Gesture<Value> {
    associatedtype Value
}

extension Gesture {
    /// Runs `action` with the gesture's value each time it changes while it is recognized.
    public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> {
        _ChangedGesture(content: self, action: action)
    }

    /// Runs `action` with the gesture's last value when it ends (the finger lifted; not when cancelled).
    public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> {
        _EndedGesture(content: self, action: action)
    }
}

public struct _ChangedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
    let content: Content
    let action: (Value) -> Void
}

public struct _EndedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
    let content: Content
    let action: (Value) -> Void
}

/// The built-in gestures: each makes the recognizer that turns touches into its values.
@MainActor
protocol RecognizedGesture {
    func makeRecognizer() -> GestureRecognizer
    /// Gives the recognizer this gesture value's parameters and actions (each update: the closures capture the
    /// view's current state). Leaves reset the actions; `onChanged`/`onEnded` append theirs.
    func configure(_ recognizer: GestureRecognizer)
}

extension _ChangedGesture: RecognizedGesture where Content: RecognizedGesture {
    func makeRecognizer() -> GestureRecognizer { content.makeRecognizer() }
    func configure(_ recognizer: GestureRecognizer) {
        content.configure(recognizer)
        (recognizer as! ValueRecognizer<Value>).changed.append(action)
    }
}

extension _EndedGesture: RecognizedGesture where Content: RecognizedGesture {
    func makeRecognizer() -> GestureRecognizer { content.makeRecognizer() }
    func configure(_ recognizer: GestureRecognizer) {
        content.configure(recognizer)
        (recognizer as! ValueRecognizer<Value>).ended.append(action)
    }
}

/// Turns the fingers on a view into a gesture's values. The behaviour passes every touch sample: `update`
/// with the fingers down (in the order they went down) after each down or move, `end` when one lifts (or the
/// touch is cancelled), with the positions before it lifted. A gesture ends when any of its fingers lifts; the
/// fingers still down start a new one with their next move.
@MainActor
class GestureRecognizer {
    /// How many fingers the gesture takes.
    var fingers: Int { 1 }
    /// The gesture view's frame origin (its own coordinates, where touches arrive), for local values.
    var origin = CGPoint.zero
    /// The gesture view's coordinates to the root's (through the geometry effects above it), for global values.
    var toRoot = AffineTransform.identity
    /// The gesture view's node, for values in a named coordinate space.
    weak var node: ViewNode?

    /// A root point in `space` (global: itself; named: from the named view's origin; local: from the view's).
    func point(root p: CGPoint, in space: CoordinateSpace) -> CGPoint {
        guard let o = space.origin(from: node, local: origin) else { return p }
        return CGPoint(x: p.x - o.x, y: p.y - o.y)
    }
    func update(_ points: [CGPoint], time: Double) {}
    func end(_ points: [CGPoint], time: Double, cancelled: Bool) {}
    /// Whether the gesture takes a touch that moved from `start` to `point` from the view it went down on
    /// (a button inside a draggable view).
    func claims(movedTo point: CGPoint, from start: CGPoint) -> Bool { false }
    /// Whether the gesture waits for time to pass with the fingers down (a long press): the behaviour then
    /// ticks it every frame until `tick` returns false.
    var needsTicks: Bool { false }
    func tick(_ now: Double) -> Bool { false }
    /// The gesture is over (ended, failed or cancelled): gesture state returns to its initial value.
    func finish() {}
    /// Whether the gesture may still succeed at `time` with no finger down (a double tap waiting for its
    /// second tap); while a finger is down, whether it has failed already (`hasFailed`).
    func isPossible(at time: Double) -> Bool { false }
    var hasFailed: Bool { false }
    /// The gesture made of this one and others, if any (told when this one fails with the finger down).
    weak var container: CompositeRecognizerBase?
    /// This gesture failed before the touch ended (a long press moved too far): its state is reset, and so is
    /// the state of a gesture it is the whole or the first part of.
    func fail() {
        finish()
        container?.partFailed(self)
    }
}

/// What a recognizer made of others hears from its parts (see `CompositeRecognizer`).
@MainActor
protocol CompositeRecognizerBase: AnyObject {
    func partFailed(_ part: GestureRecognizer)
}

@MainActor
class ValueRecognizer<Value>: GestureRecognizer {
    var changed: [(Value) -> Void] = []
    var ended: [(Value) -> Void] = []
    /// `updating`'s resets of its gesture state, run once when a gesture that changed ends.
    var resets: [() -> Void] = []
    private var hasChanged = false
    func resetActions() {
        changed = []
        ended = []
        resets = []
    }
    func sendChanged(_ value: Value) {
        hasChanged = true
        for action in changed { action(value) }
    }
    func sendEnded(_ value: Value) {
        for action in ended { action(value) }
        finish()
    }
    override func finish() {
        guard hasChanged else { return }
        hasChanged = false
        for reset in resets { reset() }
    }
}

/// The recognizer of a built-in gesture: it reads its parameters from the gesture value (the latest one).
@MainActor
class LeafRecognizer<G: Gesture>: ValueRecognizer<G.Value> {
    var gesture: G
    init(_ gesture: G) { self.gesture = gesture }
}

extension RecognizedGesture where Self: Gesture {
    /// A built-in gesture's `configure`: its recognizer takes the new value, and its actions start empty.
    func configureLeaf(_ recognizer: GestureRecognizer) {
        let r = recognizer as! LeafRecognizer<Self>
        r.gesture = self
        r.resetActions()
    }
}

/// Finger positions over time, for velocities: the change over the samples of the last `window` seconds.
struct VelocityTracker {
    static let window = 0.1
    private var samples: [(time: Double, point: CGPoint)] = []

    mutating func reset() { samples.removeAll() }

    mutating func add(_ point: CGPoint, time: Double) {
        samples.append((time, point))
        samples.removeAll { $0.time < time - Self.window - 1e-9 }
    }

    /// Points per second; zero without two samples at different times in the window.
    var velocity: CGSize {
        guard let first = samples.first, let last = samples.last, last.time - first.time > 1e-9 else { return .zero }
        let dt = last.time - first.time
        return CGSize(width: (last.point.x - first.point.x) / dt, height: (last.point.y - first.point.y) / dt)
    }
}

/// Deceleration after a fling, as UIKit's normal rate: the velocity is multiplied by `rate` each millisecond.
enum Deceleration {
    static let rate = 0.998
    /// The velocity left after `dt` seconds is this factor times the initial one.
    static func decay(after dt: Double) -> Double { pow(rate, dt * 1000) }
    /// How far a velocity carries until it stops: v / (1000 ln(1/rate)) (about v * 0.5 s).
    static func distance(for velocity: CGFloat) -> CGFloat { velocity / (1000 * -log(rate)) }
}

// MARK: Attaching gestures

struct GestureModifier: PrimitiveModifier {
    let gesture: (any RecognizedGesture)?
    func makeBehavior() -> ModifierBehavior { GestureBehavior() }
}

extension View {
    /// Attaches `gesture` to the view: touches on the view's content (see `contentShape`) drive it. A
    /// continuous gesture keeps the touches it has: a scroll view around it does not take them (as in SwiftUI,
    /// a `DragGesture` inside a `ScrollView` blocks scrolling where it is attached).
    public func gesture<G: Gesture>(_ gesture: G) -> some View {
        modifier(GestureModifier(gesture: gesture as? any RecognizedGesture))
    }
}

/// Feeds the touches on its content to the gesture's recognizer (and the frames' time, while it waits for it).
final class GestureBehavior: ModifierBehavior, AnimationTicking {
    private var recognizer: GestureRecognizer?
    /// The fingers down, in the order they went down (the first one is the touch the host routed here).
    private var touches: [(id: Int, point: CGPoint)] = []
    private static let firstTouch = Int.min

    override func updateModifier(_ modifier: any ViewModifier) {
        let m = modifier.known(as: GestureModifier.self)
        guard let gesture = m.gesture else {
            if recognizer == nil { node.host.warn("\(node.owningViewName): gesture(_:) supports only the built-in gestures; this one does nothing") }
            return
        }
        if recognizer == nil { recognizer = gesture.makeRecognizer() }
        gesture.configure(recognizer!)
    }

    override func handlesTouch(at point: CGPoint) -> Bool {
        recognizer != nil && node.environment.current.isEnabled && node.frameContains(asDrawn: point) && node.hitContent(at: point)
    }

    private var points: [CGPoint] { touches.map(\.point) }

    private func update() {
        guard let r = recognizer else { return }
        r.origin = node.frame.origin
        r.toRoot = node.transformToRoot()
        r.node = node
        r.update(points, time: node.host.touchEventTime)
        if r.needsTicks { node.host.startAnimating(self) }
    }

    private func lift(_ id: Int, at point: CGPoint, cancelled: Bool) {
        guard let i = touches.firstIndex(where: { $0.id == id }), let r = recognizer else { return }
        touches[i].point = point
        r.origin = node.frame.origin
        r.toRoot = node.transformToRoot()
        r.node = node
        r.end(points, time: node.host.touchEventTime, cancelled: cancelled)
        touches.remove(at: i)
        if touches.isEmpty { r.finish() }
        if r.needsTicks { node.host.startAnimating(self) }  // an exclusive gesture waiting for its first part to fail
    }

    override func touchBegan(at point: CGPoint) {
        touches.removeAll { $0.id == Self.firstTouch }
        touches.insert((Self.firstTouch, point), at: 0)
        update()
    }
    override func touchMoved(to point: CGPoint, from start: CGPoint) {
        guard let i = touches.firstIndex(where: { $0.id == Self.firstTouch }) else { return }
        touches[i].point = point
        update()
    }
    override func touchEnded(at point: CGPoint, from start: CGPoint) { lift(Self.firstTouch, at: point, cancelled: false) }
    override func touchCancelled() {
        guard let t = touches.first(where: { $0.id == Self.firstTouch }) else { return }
        lift(Self.firstTouch, at: t.point, cancelled: true)
    }

    override func claimsTouch(movedTo point: CGPoint, from start: CGPoint) -> Bool {
        guard let r = recognizer else { return false }
        return touches.contains { $0.id == Self.firstTouch } || r.claims(movedTo: point, from: start)
    }

    func tick(_ now: Double) -> Bool {
        guard node.isAlive, let r = recognizer else { return false }
        return r.tick(now)
    }

    override func acceptsAdditionalTouch(at point: CGPoint) -> Bool {
        guard let r = recognizer else { return false }
        return touches.count < r.fingers && node.frameContains(asDrawn: point)
    }
    override func additionalTouchBegan(id: Int, at point: CGPoint) {
        touches.append((id, point))
        update()
    }
    override func additionalTouchMoved(id: Int, to point: CGPoint) {
        guard let i = touches.firstIndex(where: { $0.id == id }) else { return }
        touches[i].point = point
        update()
    }
    override func additionalTouchEnded(id: Int, at point: CGPoint, cancelled: Bool) { lift(id, at: point, cancelled: cancelled) }
}
