import ScanoutRender

struct TapModifier: PrimitiveModifier {
    let count: Int
    let action: () -> Void
    func makeBehavior() -> ModifierBehavior { TapBehavior() }
}

/// A tap: the touch goes down on the view's content (see `contentShape`) and comes up inside its frame. With
/// `count` above 1 the action runs on the `count`th of taps each within `maximumInterval` (simulated or
/// display time: the host's clock) and `maximumDistance` of the one before; fewer taps run nothing.
///
/// Single and double taps on the same view (`.onTapGesture(count: 2) { }.onTapGesture { }`): every tap
/// gesture stacked on the view counts each tap, and each runs as soon as its own count is reached — the
/// single-tap action does not wait for the double tap to fail, so a double tap runs the single action
/// (first tap) and then the double one (second tap).
final class TapBehavior: ModifierBehavior {
    var m: TapModifier!
    /// The last tap counted towards `m.count`: when it came up, where, and how many taps it made.
    private var lastTap: (time: Double, point: CGPoint, count: Int)?
    static let maximumInterval = 0.3
    static let maximumDistance: CGFloat = 10

    override func updateModifier(_ modifier: any ViewModifier) { m = modifier.known(as: TapModifier.self) }
    override func handlesTouch(at point: CGPoint) -> Bool {
        node.environment.current.isEnabled && node.frameContains(asDrawn: point) && node.hitContent(at: point)
    }
    override func touchEnded(at point: CGPoint, from start: CGPoint) {
        guard node.frameContains(asDrawn: point) else { return }
        let now = node.host.touchEventTime
        // This gesture and the tap gestures stacked on it (modifiers up to the view they attach to) count it,
        // each at the point in its own coordinates (a geometry effect between them draws one's content moved).
        var taps = [(self, point)]
        var p = node.parent, q = point
        while let n = p, n.behavior is ModifierBehavior {
            if let effect = n.behavior as? GeometryEffectBehavior {
                guard let drawn = effect.drawnPoint(q) else { break }
                q = drawn
            }
            if let tap = n.behavior as? TapBehavior, tap.handlesTouch(at: q) { taps.append((tap, q)) }
            p = n.parent
        }
        for (tap, at) in taps { tap.countTap(at: at, time: now) }
    }

    private func countTap(at point: CGPoint, time now: Double) {
        var count = 1
        if let last = lastTap, now - last.time <= Self.maximumInterval + 1e-9,
           point.distance(to: last.point) <= Self.maximumDistance {
            count = last.count + 1
        }
        if count >= m.count {
            lastTap = nil
            m.action()
        } else {
            lastTap = (now, point, count)
        }
    }
}

extension CGPoint {
    func distance(to other: CGPoint) -> CGFloat {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}

struct LongPressModifier: PrimitiveModifier {
    let minimumDuration: Double
    let maximumDistance: CGFloat
    let action: () -> Void
    let onPressingChanged: ((Bool) -> Void)?
    func makeBehavior() -> ModifierBehavior { LongPressBehavior() }
}

/// A long press: the touch goes down on the view's content and stays within `maximumDistance` of where it
/// went down for `minimumDuration`. While pressing, the host is asked for a frame every refresh (the press
/// ticks like an animation) and checks the deadline when the clock advances; the action runs in the first
/// frame at or after it, with the finger still down. Lifting early, moving too far, or a scroll view taking
/// the touch ends the press without the action. `onPressingChanged` hears true when the finger goes down and
/// false when the press ends, either way.
final class LongPressBehavior: ModifierBehavior, AnimationTicking {
    var m: LongPressModifier!
    private var press: (start: CGPoint, time: Double)?

    override func updateModifier(_ modifier: any ViewModifier) { m = modifier.known(as: LongPressModifier.self) }
    override func handlesTouch(at point: CGPoint) -> Bool {
        node.environment.current.isEnabled && node.frameContains(asDrawn: point) && node.hitContent(at: point)
    }
    override func touchBegan(at point: CGPoint) {
        press = (point, node.host.touchEventTime)
        m.onPressingChanged?(true)
        node.host.startAnimating(self)
    }
    override func touchMoved(to point: CGPoint, from start: CGPoint) {
        if let p = press, point.distance(to: p.start) > m.maximumDistance { endPress() }
    }
    override func touchEnded(at point: CGPoint, from start: CGPoint) { endPress() }
    override func touchCancelled() { endPress() }

    private func endPress() {
        guard press != nil else { return }
        press = nil
        m.onPressingChanged?(false)
    }

    func tick(_ now: Double) -> Bool {
        guard let p = press, node.isAlive else { return false }
        guard now - p.time >= m.minimumDuration - 1e-6 else { return true }
        endPress()
        m.action()
        return false
    }
}

extension View {
    /// Runs `action` when the view is tapped.
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        modifier(TapModifier(count: count, action: action))
    }

    /// Runs `action` when the finger stays down on the view for `minimumDuration` seconds without moving more
    /// than `maximumDistance`; `onPressingChanged` hears when the press starts (true) and ends (false).
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10,
                                   perform action: @escaping () -> Void,
                                   onPressingChanged: ((Bool) -> Void)? = nil) -> some View {
        modifier(LongPressModifier(minimumDuration: minimumDuration, maximumDistance: maximumDistance,
                                   action: action, onPressingChanged: onPressingChanged))
    }
}
