/// Gestures made from gestures: `map(_:)`, `simultaneously(with:)`, `sequenced(before:)` and
/// `exclusively(before:)`. Their recognizers wrap the parts'
/// recognizers and pass every touch sample (and the frames' time) to each.
extension Gesture {
    /// The same gesture with its values transformed by `body`.
    public func map<T>(_ body: @escaping (Value) -> T) -> _MapGesture<Self, T> { _MapGesture(content: self, body: body) }

    /// This gesture and `other` recognized together: the value holds the latest of each (nil until one has one).
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(self, other)
    }

    /// This gesture, then — once it has ended, with the same touch — `other` (a long press, then a drag).
    public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> { SequenceGesture(self, other) }

    /// This gesture or, only when it fails, `other`: a double tap exclusively before a single tap runs the
    /// single tap's actions once the double tap can no longer happen (0.3 s after the tap).
    public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> { ExclusiveGesture(self, other) }
}

public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture {
    public enum Value {
        case first(First.Value)
        case second(Second.Value)
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }
}

extension ExclusiveGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension ExclusiveGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}

public struct SequenceGesture<First: Gesture, Second: Gesture>: Gesture {
    /// The first gesture's value while it runs; after it ended, its last value and the second's (nil until
    /// the second has one).
    public enum Value {
        case first(First.Value)
        case second(First.Value, Second.Value?)
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }
}

extension SequenceGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension SequenceGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}

public struct _MapGesture<Content: Gesture, Value>: Gesture {
    let content: Content
    let body: (Content.Value) -> Value
}

public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
    public struct Value {
        public var first: First.Value?
        public var second: Second.Value?
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }
}

extension SimultaneousGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension SimultaneousGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}

/// A recognizer made of others: the behaviour's touches, geometry and ticks go to every part.
@MainActor
class CompositeRecognizer<Value>: ValueRecognizer<Value>, CompositeRecognizerBase {
    let parts: [GestureRecognizer]
    init(_ parts: [GestureRecognizer]) {
        self.parts = parts
        super.init()
        for p in parts { p.container = self }
    }

    /// A part failed: a gesture made of one part (`map`) fails with it; `simultaneously` goes on with the other.
    func partFailed(_ part: GestureRecognizer) { if parts.count == 1 { fail() } }

    override var fingers: Int { parts.map(\.fingers).max() ?? 1 }
    override var needsTicks: Bool { parts.contains { $0.needsTicks } }

    /// Gives every part the gesture view's geometry, as the behaviour gave it to this recognizer.
    func passGeometry() {
        for p in parts {
            p.origin = origin
            p.toRoot = toRoot
        }
    }
    override func update(_ points: [CGPoint], time: Double) {
        passGeometry()
        for p in parts { p.update(points, time: time) }
    }
    override func end(_ points: [CGPoint], time: Double, cancelled: Bool) {
        passGeometry()
        for p in parts { p.end(points, time: time, cancelled: cancelled) }
    }
    override func claims(movedTo point: CGPoint, from start: CGPoint) -> Bool {
        parts.contains { $0.claims(movedTo: point, from: start) }
    }
    override func tick(_ now: Double) -> Bool {
        var more = false
        for p in parts where p.needsTicks { more = p.tick(now) || more }
        return more
    }
    override func finish() {
        for p in parts { p.finish() }
        super.finish()
    }
}

final class MapRecognizer<Input, Output>: CompositeRecognizer<Output> {
    init(_ content: GestureRecognizer) { super.init([content]) }
    var content: ValueRecognizer<Input> { parts[0] as! ValueRecognizer<Input> }
}

extension _MapGesture: RecognizedGesture where Content: RecognizedGesture {
    func makeRecognizer() -> GestureRecognizer { MapRecognizer<Content.Value, Value>(content.makeRecognizer()) }
    func configure(_ recognizer: GestureRecognizer) {
        let r = recognizer as! MapRecognizer<Content.Value, Value>
        r.resetActions()
        content.configure(r.content)
        let body = self.body
        r.content.changed.append { [unowned r] in r.sendChanged(body($0)) }
        r.content.ended.append { [unowned r] in r.sendEnded(body($0)) }
    }
}

/// A recognizer made of two gestures: it configures both from their gesture values and hears their values
/// through the four hooks below (a part's own actions run as it makes them unless `holdsSecondActions`).
@MainActor
class PairRecognizer<First: Gesture, Second: Gesture, Value>: CompositeRecognizer<Value> {
    init(_ first: GestureRecognizer, _ second: GestureRecognizer) { super.init([first, second]) }
    var first: ValueRecognizer<First.Value> { parts[0] as! ValueRecognizer<First.Value> }
    var second: ValueRecognizer<Second.Value> { parts[1] as! ValueRecognizer<Second.Value> }

    func firstChanged(_ v: First.Value) {}
    func firstEnded(_ v: First.Value) {}
    func secondChanged(_ v: Second.Value) {}
    func secondEnded(_ v: Second.Value) {}

    /// The second part's own actions (`onChanged`/`onEnded` attached to it), when it holds them back.
    var secondActions: (changed: [(Second.Value) -> Void], ended: [(Second.Value) -> Void]) = ([], [])
    /// Whether the second part's own actions wait for this recognizer to let its values go (`exclusively`).
    var holdsSecondActions: Bool { false }

    func configure<A: RecognizedGesture, B: RecognizedGesture>(first a: A, second b: B) {
        resetActions()
        a.configure(first)
        b.configure(second)
        if holdsSecondActions {
            secondActions = (second.changed, second.ended)
            second.changed = []
            second.ended = []
        }
        first.changed.append { [unowned self] in self.firstChanged($0) }
        first.ended.append { [unowned self] in self.firstEnded($0) }
        second.changed.append { [unowned self] in self.secondChanged($0) }
        second.ended.append { [unowned self] in self.secondEnded($0) }
    }
}

/// Keeps each part's latest value; ends when a part ends and the other is not in the middle of its gesture.
final class SimultaneousRecognizer<First: Gesture, Second: Gesture>: PairRecognizer<First, Second, SimultaneousGesture<First, Second>.Value> {
    typealias Combined = SimultaneousGesture<First, Second>.Value
    private var latest = Combined(first: nil, second: nil)
    private var firstActive = false, secondActive = false

    override func firstChanged(_ v: First.Value) {
        latest.first = v
        firstActive = true
        sendChanged(latest)
    }
    override func secondChanged(_ v: Second.Value) {
        latest.second = v
        secondActive = true
        sendChanged(latest)
    }
    override func firstEnded(_ v: First.Value) {
        latest.first = v
        firstActive = false
        if !secondActive { sendEnded(latest) }
    }
    override func secondEnded(_ v: Second.Value) {
        latest.second = v
        secondActive = false
        if !firstActive { sendEnded(latest) }
    }
    override func finish() {
        super.finish()
        latest = Combined(first: nil, second: nil)
        firstActive = false
        secondActive = false
    }
}

extension SimultaneousGesture: RecognizedGesture where First: RecognizedGesture, Second: RecognizedGesture {
    func makeRecognizer() -> GestureRecognizer {
        SimultaneousRecognizer<First, Second>(first.makeRecognizer(), second.makeRecognizer())
    }
    func configure(_ recognizer: GestureRecognizer) {
        (recognizer as! SimultaneousRecognizer<First, Second>).configure(first: first, second: second)
    }
}

/// Passes the touch to the first part until it ends, then to the second; a touch lifted (or a first part
/// that fails) before the second part ends ends nothing.
final class SequenceRecognizer<First: Gesture, Second: Gesture>: PairRecognizer<First, Second, SequenceGesture<First, Second>.Value> {
    /// The first part's value once it ended: the second part runs.
    private var firstEnded: First.Value?
    /// The fingers and time of the last sample: the second part starts from them when the first ends.
    private var lastSample: (points: [CGPoint], time: Double)?

    private var current: GestureRecognizer { firstEnded == nil ? parts[0] : parts[1] }

    override var fingers: Int { current.fingers }
    override var needsTicks: Bool { current.needsTicks }

    override func update(_ points: [CGPoint], time: Double) {
        lastSample = (points, time)
        passGeometry()
        current.update(points, time: time)
    }
    override func partFailed(_ part: GestureRecognizer) { if part === parts[0] { fail() } }
    override func end(_ points: [CGPoint], time: Double, cancelled: Bool) {
        passGeometry()
        current.end(points, time: time, cancelled: cancelled)
    }
    override func claims(movedTo point: CGPoint, from start: CGPoint) -> Bool {
        firstEnded != nil || current.claims(movedTo: point, from: start)
    }
    override func tick(_ now: Double) -> Bool { current.needsTicks ? current.tick(now) : false }

    override func firstChanged(_ v: First.Value) { sendChanged(.first(v)) }
    override func firstEnded(_ v: First.Value) {
        firstEnded = v
        sendChanged(.second(v, nil))
        // The second part takes the touch where it is now (a drag counts from where the press ended).
        if let (points, time) = lastSample {
            passGeometry()
            parts[1].update(points, time: time)
        }
    }
    override func secondChanged(_ v: Second.Value) {
        guard let f = firstEnded else { return }
        sendChanged(.second(f, v))
    }
    override func secondEnded(_ v: Second.Value) {
        guard let f = firstEnded else { return }
        sendEnded(.second(f, v))
    }
    override func finish() {
        super.finish()
        firstEnded = nil
        lastSample = nil
    }
}

extension SequenceGesture: RecognizedGesture where First: RecognizedGesture, Second: RecognizedGesture {
    func makeRecognizer() -> GestureRecognizer { SequenceRecognizer<First, Second>(first.makeRecognizer(), second.makeRecognizer()) }
    func configure(_ recognizer: GestureRecognizer) {
        (recognizer as! SequenceRecognizer<First, Second>).configure(first: first, second: second)
    }
}

/// Both parts see every touch. The first part's values go out at once (and the second's are dropped until the
/// touches after it); the second's wait while the first may still succeed — a finger down on it that has not
/// failed, or a tap awaiting the next — and go out once it cannot (checked after each sample and each frame).
final class ExclusiveRecognizer<First: Gesture, Second: Gesture>: PairRecognizer<First, Second, ExclusiveGesture<First, Second>.Value> {
    private enum Winner { case none, first, second }
    private var winner = Winner.none
    /// The second part's values held back while the first may still succeed (true: an end).
    private var held: [(value: Second.Value, isEnd: Bool)] = []
    private var fingersDown = 0
    private var now = 0.0
    /// The last gesture ended: the next touch starts a new contest (what is held still waits for its answer).
    private var isOver = false

    override var holdsSecondActions: Bool { true }

    private var firstMaySucceed: Bool {
        fingersDown > 0 ? !parts[0].hasFailed : parts[0].isPossible(at: now)
    }

    override var needsTicks: Bool { super.needsTicks || !held.isEmpty }

    override func update(_ points: [CGPoint], time: Double) {
        if isOver {
            isOver = false
            if winner != .none && held.isEmpty { winner = .none }
        }
        fingersDown = points.count
        now = time
        super.update(points, time: time)
        settle()
    }
    override func end(_ points: [CGPoint], time: Double, cancelled: Bool) {
        now = time
        fingersDown = max(0, points.count - 1)
        super.end(points, time: time, cancelled: cancelled)
        settle()
    }
    override func tick(_ now: Double) -> Bool {
        self.now = now
        let more = super.tick(now)
        settle()
        return more || !held.isEmpty
    }
    override func finish() {
        super.finish()
        isOver = true
    }

    override func firstChanged(_ v: First.Value) { firstWon(); sendChanged(.first(v)) }
    override func firstEnded(_ v: First.Value) { firstWon(); sendEnded(.first(v)) }
    private func firstWon() {
        winner = .first
        held.removeAll()
    }

    override func secondChanged(_ v: Second.Value) { secondValue(v, isEnd: false) }
    override func secondEnded(_ v: Second.Value) { secondValue(v, isEnd: true) }
    private func secondValue(_ v: Second.Value, isEnd: Bool) {
        switch winner {
        case .first: return
        case .second: send(v, isEnd: isEnd)
        case .none: held.append((v, isEnd))
        }
    }

    /// Lets the held values of the second part go once the first part cannot succeed any more.
    private func settle() {
        guard winner == .none, !held.isEmpty, !firstMaySucceed else { return }
        winner = .second
        let values = held
        held.removeAll()
        for h in values { send(h.value, isEnd: h.isEnd) }
        if isOver { winner = .none }  // the touch that made them is over: the next one starts afresh
    }

    /// (The second part's own actions run only when its values go out.)
    private func send(_ v: Second.Value, isEnd: Bool) {
        if isEnd {
            for action in secondActions.ended { action(v) }
            sendEnded(.second(v))
        } else {
            for action in secondActions.changed { action(v) }
            sendChanged(.second(v))
        }
    }
}

extension ExclusiveGesture: RecognizedGesture where First: RecognizedGesture, Second: RecognizedGesture {
    func makeRecognizer() -> GestureRecognizer { ExclusiveRecognizer<First, Second>(first.makeRecognizer(), second.makeRecognizer()) }
    func configure(_ recognizer: GestureRecognizer) {
        (recognizer as! ExclusiveRecognizer<First, Second>).configure(first: first, second: second)
    }
}
