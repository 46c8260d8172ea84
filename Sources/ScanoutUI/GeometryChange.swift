/// `onGeometryChange(for:of:action:)`: after each layout, the view's geometry is turned into a value by
/// `transform`; when the value differs from the last one, `action` runs (queued like `onChange`, after the
/// layout; a state change it makes lays the tree out again before the frame is drawn).
struct GeometryChangeObserver<T: Equatable & Sendable>: PrimitiveModifier {
    let transform: @Sendable (GeometryProxy) -> T
    let action: (T?, T) -> Void
    func makeBehavior() -> ModifierBehavior { GeometryChangeBehavior<T>() }
}

@MainActor
protocol GeometryObserving: AnyObject {
    func checkGeometry()
}

final class GeometryChangeBehavior<T: Equatable & Sendable>: ModifierBehavior, GeometryObserving {
    private var observer: GeometryChangeObserver<T>!
    private var last: T?
    private var registered = false

    override func updateModifier(_ modifier: any ViewModifier) {
        observer = modifier.known(as: GeometryChangeObserver<T>.self)
        if !registered {
            registered = true
            node.host.geometryObservers.append(self)
        }
    }

    func checkGeometry() {
        guard node.isAlive, node.hasAppeared else { return }
        let frame = node.frame
        let value = observer.transform(GeometryProxy(size: frame.size, globalFrame: frame))
        guard value != last else { return }
        let old = last, action = observer.action
        last = value
        node.host.enqueue(from: node) { action(old, value) }
    }

    override func destroyed() {
        node.host.geometryObservers.removeAll { $0 === self }
    }
}

extension View {
    /// Runs `action` with the value `transform` makes of this view's geometry: at its first layout, and
    /// whenever a layout changes it.
    public func onGeometryChange<T: Equatable & Sendable>(for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T,
                                                          action: @escaping (T) -> Void) -> some View {
        modifier(GeometryChangeObserver(transform: transform, action: { _, new in action(new) }))
    }

    /// Runs `action` with the old and the new value when a layout changes the value `transform` makes of this
    /// view's geometry (not at the first layout: there is no old value).
    public func onGeometryChange<T: Equatable & Sendable>(for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T,
                                                          action: @escaping (T, T) -> Void) -> some View {
        modifier(GeometryChangeObserver(transform: transform, action: { old, new in if let old { action(old, new) } }))
    }
}
