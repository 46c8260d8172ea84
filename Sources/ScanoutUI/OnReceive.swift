import ScanoutGraph

/// `onReceive(_:perform:)`: the view subscribes to a publisher when it is made and until it is destroyed
/// (hidden in an unselected tab it still receives, as in SwiftUI). A later view value with the same publisher
/// — the same subject or object, or a timer of the same interval made anew with the view — keeps the
/// subscription and only takes the new action; a different publisher is subscribed instead of the old one.
/// (SwiftUI restarts a view's `Timer.publish(...).autoconnect()` whenever the view value is made again, a
/// documented annoyance; Scanout keeps it running.) A publisher it cannot compare is subscribed once.
struct ReceiveModifier<P: Publisher>: PrimitiveModifier where P.Failure == Never {
    let publisher: P
    let action: (P.Output) -> Void
    func makeBehavior() -> ModifierBehavior { ReceiveBehavior<P>() }
}

final class ReceiveBehavior<P: Publisher>: ModifierBehavior where P.Failure == Never {
    private var action: ((P.Output) -> Void)?
    private var key: AnyHashable?
    private var subscription: AnyCancellable?

    override func updateModifier(_ modifier: any ViewModifier) {
        let m = modifier.known(as: ReceiveModifier<P>.self)
        action = m.action
        let key = (m.publisher as? any ReceiveKeyed)?.receiveKey
        guard subscription == nil || (key != nil && key != self.key) else { return }
        self.key = key
        subscription?.cancel()
        subscription = m.publisher.sink { [weak self] value in self?.received(value) }
    }

    /// Outside the frame's updates (a timer firing, a value sent from an action) the action runs at once, as
    /// in SwiftUI; a value sent while views are updated (a `CurrentValueSubject` or `$value` gives its value as
    /// it is subscribed) waits for the frame's actions, so its state changes are not writes during an update.
    private func received(_ value: P.Output) {
        guard node.isAlive, let action else { return }
        if node.host.graph.currentRuleName == nil {
            action(value)
        } else {
            node.host.enqueue(from: node) { action(value) }
        }
    }

    override func destroyed() {
        subscription?.cancel()
        subscription = nil
    }

    var subscriptionForTests: AnyCancellable? { subscription }
}

extension View {
    /// Calls `action` with each value `publisher` sends while the view exists.
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View
        where P.Failure == Never {
        modifier(ReceiveModifier(publisher: publisher, action: action))
    }
}
