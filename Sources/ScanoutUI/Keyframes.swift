/// Keyframe animation (SwiftUI's `Keyframes`, `KeyframeTrack`, the four keyframe kinds, `KeyframeTimeline`):
/// each track moves one property of a value (by key path) through its keyframes, one after another, all
/// tracks at once; the value at any time is what `KeyframeTimeline.value(time:)` says and what
/// `KeyframeAnimator` shows frame by frame.

/// Keyframes for the properties of a `Value` (SwiftUI's `Keyframes`): tracks, made with `KeyframesBuilder`.
public protocol Keyframes<Value> {
    associatedtype Value = Body.Value
    associatedtype Body: Keyframes
    @KeyframesBuilder<Value> var body: Body { get }
}

/// Keyframes for one value (SwiftUI's `KeyframeTrackContent`): `LinearKeyframe`, `SpringKeyframe`,
/// `CubicKeyframe`, `MoveKeyframe`, made into a sequence with `KeyframeTrackContentBuilder`.
public protocol KeyframeTrackContent<Value> {
    associatedtype Value: Animatable = Body.Value
    associatedtype Body: KeyframeTrackContent
    @KeyframeTrackContentBuilder<Value> var body: Body { get }
}

/// One keyframe: where the value goes and how.
enum KeyframeSegment<Value: Animatable> {
    case linear(Value, duration: Double, curve: UnitCurve)
    /// `duration`: the given one, else the spring's settling duration.
    case spring(Value, duration: Double, spring: Spring, startVelocity: Value?)
    case cubic(Value, duration: Double, startVelocity: Value?, endVelocity: Value?)
    case move(Value)

    var target: Value {
        switch self {
        case .linear(let v, _, _), .spring(let v, _, _, _), .cubic(let v, _, _, _), .move(let v): return v
        }
    }

    var duration: Double {
        switch self {
        case .linear(_, let d, _), .spring(_, let d, _, _), .cubic(_, let d, _, _): return max(0, d)
        case .move: return 0
        }
    }
}

/// A track's keyframes made into pieces of curve in the value's animatable data, from its value at the start.
@MainActor
struct KeyframeCurve<Value: Animatable> {
    typealias Data = Value.AnimatableData
    private enum Motion {
        case linear(UnitCurve)
        case cubic(Data, Data)
        case spring(Spring, Data)
        case move
    }
    private struct Piece {
        var motion: Motion
        var from: Data
        var to: Data
        var start: Double
        var duration: Double
    }
    private var pieces: [Piece] = []
    private let initial: Value
    let duration: Double

    init(_ segments: [KeyframeSegment<Value>], from initial: Value) {
        self.initial = initial
        var points = [initial.animatableData]
        var times = [0.0]
        for s in segments {
            points.append(s.target.animatableData)
            times.append(times.last! + s.duration)
        }
        duration = times.last!
        /// The velocity at point `k` where a cubic keyframe gives none: Catmull-Rom's, from its neighbours.
        func smooth(_ k: Int) -> Data {
            guard k > 0, k + 1 < points.count, times[k + 1] > times[k - 1] else { return .zero }
            return (points[k + 1] - points[k - 1]).scaled(by: 1 / (times[k + 1] - times[k - 1]))
        }
        var carried = Data.zero  // the velocity the last piece ended with
        for (i, s) in segments.enumerated() {
            let from = points[i], to = points[i + 1], d = s.duration
            var motion: Motion
            switch s {
            case .linear(_, _, let curve):
                motion = .linear(curve)
                carried = d > 0 ? (to - from).scaled(by: curve.velocity(at: 1) / d) : .zero
            case .cubic(_, _, let v0, let v1):
                let next = i + 1 < segments.count ? segments[i + 1] : nil
                var m1 = v1?.animatableData ?? smooth(i + 1)
                if v1 == nil, case .cubic(_, _, let nextStart?, _)? = next { m1 = nextStart.animatableData }
                let m0 = v0?.animatableData ?? carried
                motion = .cubic(m0, m1)
                carried = m1
            case .spring(_, _, let spring, let v0):
                let start = v0?.animatableData ?? carried
                motion = .spring(spring, start)
                carried = spring.velocity(target: to - from, initialVelocity: start, time: d)
            case .move:
                motion = .move
                carried = .zero
            }
            pieces.append(Piece(motion: motion, from: from, to: to, start: times[i], duration: d))
        }
    }

    /// The value at `time` seconds from the start (the last keyframe's after the end).
    func value(at time: Double) -> Value {
        var v = initial
        guard let last = pieces.last else { return v }
        guard time < duration, let piece = pieces.last(where: { $0.start <= time && $0.duration > 0 }) else {
            v.animatableData = last.to
            return v
        }
        let t = time - piece.start, d = piece.duration
        switch piece.motion {
        case .linear(let curve):
            v.animatableData = piece.from + (piece.to - piece.from).scaled(by: curve.value(at: t / d))
        case .cubic(let m0, let m1):
            let s = t / d, s2 = s * s, s3 = s2 * s
            v.animatableData = piece.from.scaled(by: 2 * s3 - 3 * s2 + 1) + m0.scaled(by: (s3 - 2 * s2 + s) * d)
                + piece.to.scaled(by: -2 * s3 + 3 * s2) + m1.scaled(by: (s3 - s2) * d)
        case .spring(let spring, let v0):
            v.animatableData = piece.from + spring.value(target: piece.to - piece.from, initialVelocity: v0, time: t)
        case .move:
            v.animatableData = piece.to
        }
        return v
    }
}

/// A track of a value, type-erased: its duration and how it sets its property at a time.
public struct _AnyKeyframeTrack<Root> {
    let duration: Double
    let apply: @MainActor (inout Root, _ initial: Root, _ time: Double) -> Void
}

/// What the builders make of their contents (tracks, keyframes); and what lets `tracks`/`segments` read a
/// primitive without asking for its body.
protocol KeyframeTracksProviding { var anyTracks: Any { get } }
protocol KeyframeSegmentsProviding { var anySegments: Any { get } }

extension Keyframes {
    /// The tracks of these keyframes (through `body` for keyframes written by the app).
    var tracks: [_AnyKeyframeTrack<Value>] {
        if let p = self as? KeyframeTracksProviding { return p.anyTracks as? [_AnyKeyframeTrack<Value>] ?? [] }
        return body.tracks as? [_AnyKeyframeTrack<Value>] ?? []
    }
}

extension KeyframeTrackContent {
    var segments: [KeyframeSegment<Value>] {
        if let p = self as? KeyframeSegmentsProviding { return p.anySegments as? [KeyframeSegment<Value>] ?? [] }
        return body.segments as? [KeyframeSegment<Value>] ?? []
    }
}

/// Tracks a `KeyframesBuilder` collected.
public struct _KeyframeTracks<Value>: Keyframes, KeyframeTracksProviding {
    let tracks: [_AnyKeyframeTrack<Value>]
    public var body: _KeyframeTracks<Value> { return self }
    var anyTracks: Any { tracks }
}

/// Keyframes a `KeyframeTrackContentBuilder` collected, in order.
public struct _KeyframeSequence<Value: Animatable>: KeyframeTrackContent, KeyframeSegmentsProviding {
    let segments: [KeyframeSegment<Value>]
    public var body: _KeyframeSequence<Value> { return self }
    var anySegments: Any { segments }
}

/// Builds the tracks of a value's keyframes (SwiftUI's `KeyframesBuilder`).
@resultBuilder
public struct KeyframesBuilder<Value> {
    public static func buildExpression<K: Keyframes>(_ expression: K) -> _KeyframeTracks<Value> where K.Value == Value {
        _KeyframeTracks(tracks: expression.tracks)
    }
    public static func buildBlock(_ components: _KeyframeTracks<Value>...) -> _KeyframeTracks<Value> {
        _KeyframeTracks(tracks: components.flatMap(\.tracks))
    }
    public static func buildOptional(_ component: _KeyframeTracks<Value>?) -> _KeyframeTracks<Value> {
        component ?? _KeyframeTracks(tracks: [])
    }
    public static func buildEither(first component: _KeyframeTracks<Value>) -> _KeyframeTracks<Value> { component }
    public static func buildEither(second component: _KeyframeTracks<Value>) -> _KeyframeTracks<Value> { component }
    public static func buildArray(_ components: [_KeyframeTracks<Value>]) -> _KeyframeTracks<Value> {
        _KeyframeTracks(tracks: components.flatMap(\.tracks))
    }
    public static func buildLimitedAvailability(_ component: _KeyframeTracks<Value>) -> _KeyframeTracks<Value> { component }
}

/// Builds a track's keyframes, in order (SwiftUI's `KeyframeTrackContentBuilder`).
@resultBuilder
public struct KeyframeTrackContentBuilder<Value: Animatable> {
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> _KeyframeSequence<Value> where K.Value == Value {
        _KeyframeSequence(segments: expression.segments)
    }
    public static func buildBlock(_ components: _KeyframeSequence<Value>...) -> _KeyframeSequence<Value> {
        _KeyframeSequence(segments: components.flatMap(\.segments))
    }
    public static func buildOptional(_ component: _KeyframeSequence<Value>?) -> _KeyframeSequence<Value> {
        component ?? _KeyframeSequence(segments: [])
    }
    public static func buildEither(first component: _KeyframeSequence<Value>) -> _KeyframeSequence<Value> { component }
    public static func buildEither(second component: _KeyframeSequence<Value>) -> _KeyframeSequence<Value> { component }
    public static func buildArray(_ components: [_KeyframeSequence<Value>]) -> _KeyframeSequence<Value> {
        _KeyframeSequence(segments: components.flatMap(\.segments))
    }
    public static func buildLimitedAvailability(_ component: _KeyframeSequence<Value>) -> _KeyframeSequence<Value> { component }
}

/// The keyframes of one property of `Root`, at `keyPath` (SwiftUI's `KeyframeTrack`; the whole value when it
/// has no key path).
public struct KeyframeTrack<Root, TrackValue: Animatable, Content: KeyframeTrackContent>: Keyframes, KeyframeTracksProviding
where Content.Value == TrackValue {
    public typealias Value = Root
    let keyPath: WritableKeyPath<Root, TrackValue>
    let segments: [KeyframeSegment<TrackValue>]

    public init(_ keyPath: WritableKeyPath<Root, TrackValue>, @KeyframeTrackContentBuilder<TrackValue> content: () -> Content) {
        self.keyPath = keyPath
        segments = content().segments
    }

    public var body: KeyframeTrack<Root, TrackValue, Content> { return self }

    var anyTracks: Any {
        // (Read on the main actor only, where tracks are applied: key paths and values are not Sendable.)
        nonisolated(unsafe) let keyPath = self.keyPath, segments = self.segments
        return [_AnyKeyframeTrack<Root>(duration: segments.reduce(0) { $0 + $1.duration }) { root, initial, time in
            root[keyPath: keyPath] = KeyframeCurve(segments, from: initial[keyPath: keyPath]).value(at: time)
        }]
    }
}

extension KeyframeTrack where Root == TrackValue {
    /// Keyframes of the whole value.
    public init(@KeyframeTrackContentBuilder<Root> content: () -> Content) {
        self.init(\.self, content: content)
    }
}

/// Moves to `to` over `duration` seconds along `timingCurve` (SwiftUI's `LinearKeyframe`).
public struct LinearKeyframe<Value: Animatable>: KeyframeTrackContent, KeyframeSegmentsProviding {
    let segment: KeyframeSegment<Value>
    public init(_ to: Value, duration: Double, timingCurve: UnitCurve = .linear) {
        segment = .linear(to, duration: duration, curve: timingCurve)
    }
    public var body: LinearKeyframe<Value> { return self }
    var anySegments: Any { [segment] }
}

/// Springs to `to` (SwiftUI's `SpringKeyframe`): for `duration` seconds (the next keyframe starts then from
/// `to`), or until the spring settles when nil; from the velocity the last keyframe ended with unless
/// `startVelocity` is given.
public struct SpringKeyframe<Value: Animatable>: KeyframeTrackContent, KeyframeSegmentsProviding {
    let segment: KeyframeSegment<Value>
    public init(_ to: Value, duration: Double? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        segment = .spring(to, duration: duration ?? spring.settlingDuration, spring: spring, startVelocity: startVelocity)
    }
    public var body: SpringKeyframe<Value> { return self }
    var anySegments: Any { [segment] }
}

/// Moves to `to` over `duration` seconds along a cubic curve through the keyframes around it (SwiftUI's
/// `CubicKeyframe`): its velocities, when not given, are the neighbours' slope (Catmull-Rom).
public struct CubicKeyframe<Value: Animatable>: KeyframeTrackContent, KeyframeSegmentsProviding {
    let segment: KeyframeSegment<Value>
    public init(_ to: Value, duration: Double, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        segment = .cubic(to, duration: duration, startVelocity: startVelocity, endVelocity: endVelocity)
    }
    public var body: CubicKeyframe<Value> { return self }
    var anySegments: Any { [segment] }
}

/// Jumps to `to` at once (SwiftUI's `MoveKeyframe`).
public struct MoveKeyframe<Value: Animatable>: KeyframeTrackContent, KeyframeSegmentsProviding {
    let segment: KeyframeSegment<Value>
    public init(_ to: Value) { segment = .move(to) }
    public var body: MoveKeyframe<Value> { return self }
    var anySegments: Any { [segment] }
}

/// Keyframes evaluated at any time, outside a view (SwiftUI's `KeyframeTimeline`).
@MainActor
public struct KeyframeTimeline<Value> {
    let initialValue: Value
    let tracks: [_AnyKeyframeTrack<Value>]

    public init(initialValue: Value, @KeyframesBuilder<Value> content: () -> some Keyframes<Value>) {
        self.initialValue = initialValue
        tracks = content().tracks
    }

    init(initialValue: Value, tracks: [_AnyKeyframeTrack<Value>]) {
        self.initialValue = initialValue
        self.tracks = tracks
    }

    /// Seconds until the longest track ends.
    public var duration: Double { tracks.reduce(0) { max($0, $1.duration) } }

    /// The value `time` seconds from the start (each track's last keyframe once it ended).
    public func value(time: Double) -> Value {
        var v = initialValue
        for track in tracks { track.apply(&v, initialValue, time) }
        return v
    }

    /// The value at a fraction of the duration.
    public func value(progress: Double) -> Value { value(time: progress * duration) }
}
