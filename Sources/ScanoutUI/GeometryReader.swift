/// A coordinate space that geometry is measured in (SwiftUI's `CoordinateSpace`): the root's (`global`), the
/// view's own (`local`), or an enclosing view's that `coordinateSpace(name:)` named (`named`: a scroll view's,
/// to read how far its content has moved). A name no enclosing view has measures as `global`.
public enum CoordinateSpace: Hashable, @unchecked Sendable {
    case global
    case local
    case named(AnyHashable)
}

extension CoordinateSpace {
    /// This space's origin in root coordinates, for a view at `node` (nil: the root's, as `global`).
    @MainActor func origin(from node: ViewNode?, local: CGPoint) -> CGPoint? {
        switch self {
        case .global: return nil
        case .local: return local
        case .named(let name): return node?.namedCoordinateSpaceOrigin(name)
        }
    }
}

/// The size and position of a `GeometryReader`, as its content sees them (SwiftUI's `GeometryProxy`).
public struct GeometryProxy {
    /// The reader's size: the whole space proposed to it.
    public let size: CGSize
    let globalFrame: CGRect
    /// The origins (root coordinates) of the named spaces around the reader as it was placed.
    var namedOrigins: [AnyHashable: CGPoint] = [:]

    /// The reader's frame in `coordinateSpace`.
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        switch coordinateSpace {
        case .global: return globalFrame
        case .local: return CGRect(origin: .zero, size: size)
        case .named(let name):
            guard let o = namedOrigins[name] else { return globalFrame }
            return globalFrame.offsetBy(dx: -o.x, dy: -o.y)
        }
    }

    /// How far the board's safe-area insets reach into the reader (zero for a reader laid out inside the safe
    /// area, as views are unless they ignore it).
    public var safeAreaInsets: EdgeInsets { insetsIntoReader }
    var insetsIntoReader = EdgeInsets()
}

/// A view that takes all the space proposed to it and builds its content from its own geometry (SwiftUI's
/// `GeometryReader`). The content is placed at the top-leading corner and proposed the reader's size.
public struct GeometryReader<Content: View>: View, PrimitiveView {
    public var content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    func makeBehavior() -> NodeBehavior { GeometryReaderBehavior<Content>() }
}

/// The content closure is called at layout time, as in SwiftUI: when the reader is placed with a frame other
/// than the one its content was built for, the content is built again with the new proxy and reconciled on
/// the spot (state is kept by identity), its bodies are pulled, and it is placed in the same pass. Keeping the
/// proxy in a graph source that the content reads instead would leave the content a frame behind (a source
/// set during layout is only pulled at the next update), and the closure is not a body the graph evaluates.
/// A new reader value from the parent rebuilds the content with the last proxy. Until the first placement
/// there is no geometry and no content.
final class GeometryReaderBehavior<Content: View>: NodeBehavior {
    private var reader: GeometryReader<Content>!
    private var proxy: GeometryProxy?

    override func update(_ view: any View) -> [ChildSlot]? {
        reader = (view as! GeometryReader<Content>)
        return proxy.map(slots)
    }

    private func slots(_ proxy: GeometryProxy) -> [ChildSlot] { [ChildSlot(key: 0, view: reader.content(proxy))] }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }

    /// The part of each of the screen's safe-area insets that lies inside `frame` (root coordinates).
    static func insets(_ safe: EdgeInsets, screen: CGSize, into frame: CGRect) -> EdgeInsets {
        func clamp(_ v: CGFloat, _ length: CGFloat) -> CGFloat { min(max(0, v), max(0, length)) }
        return EdgeInsets(top: clamp(safe.top - frame.minY, frame.height),
                          leading: clamp(safe.leading - frame.minX, frame.width),
                          bottom: clamp(frame.maxY - (screen.height - safe.bottom), frame.height),
                          trailing: clamp(frame.maxX - (screen.width - safe.trailing), frame.width))
    }

    override func place(in bounds: CGRect) {
        let named = node.namedCoordinateSpaceOrigins()
        let insets = Self.insets(node.host.safeAreaInsets, screen: node.host.size, into: bounds)
        if proxy?.globalFrame != bounds || proxy?.namedOrigins != named || proxy?.insetsIntoReader != insets {
            let p = GeometryProxy(size: bounds.size, globalFrame: bounds, namedOrigins: named, insetsIntoReader: insets)
            proxy = p
            node.reconcile(slots(p))
            node.updateSubtreeNow()
        }
        // Each subview at the top-leading corner, proposed the whole size (overlaid, as in SwiftUI).
        let proposal = ProposedViewSize(bounds.size)
        for subview in node.layoutSubviews {
            subview.place(in: CGRect(origin: bounds.origin, size: subview.cachedSize(proposal)))
        }
    }
}

/// `coordinateSpace(name:)`: names the view's own coordinate space for the geometry readers and gestures in it.
struct CoordinateSpaceModifier: PrimitiveModifier {
    let name: AnyHashable
    func makeBehavior() -> ModifierBehavior { CoordinateSpaceBehavior() }
}

final class CoordinateSpaceBehavior: ModifierBehavior {
    private(set) var name: AnyHashable?
    override func updateModifier(_ modifier: any ViewModifier) {
        let new = modifier.known(as: CoordinateSpaceModifier.self).name
        if name != nil, new != name { node.invalidateLayout() }  // the readers inside measure anew
        name = new
    }
}

extension ViewNode {
    /// The origin (root coordinates, as last laid out) of the nearest enclosing view named `name`.
    func namedCoordinateSpaceOrigin(_ name: AnyHashable) -> CGPoint? {
        var found: CGPoint?
        forEachNamedSpace(from: self) { spaceName, origin in
            if spaceName == name { found = origin }
            return found == nil
        }
        return found
    }

    /// Every named space around this node (the nearest of each name), by name.
    func namedCoordinateSpaceOrigins() -> [AnyHashable: CGPoint] {
        var origins: [AnyHashable: CGPoint] = [:]
        forEachNamedSpace(from: parent) { name, origin in
            if origins[name] == nil { origins[name] = origin }
            return true
        }
        return origins
    }

    /// Calls `body` with each named space's name and origin from `start` up to the root, nearest first, until
    /// it returns false.
    private func forEachNamedSpace(from start: ViewNode?, _ body: (AnyHashable, CGPoint) -> Bool) {
        var n = start
        while let node = n {
            if let space = node.behavior as? CoordinateSpaceBehavior, let name = space.name, !body(name, node.frame.origin) { return }
            n = node.parent
        }
    }
}

/// A coordinate space as iOS 17 names them (SwiftUI's `CoordinateSpaceProtocol`).
public protocol CoordinateSpaceProtocol {
    var coordinateSpace: CoordinateSpace { get }
}

/// A space named by `coordinateSpace(_:)` (SwiftUI's `NamedCoordinateSpace`).
public struct NamedCoordinateSpace: CoordinateSpaceProtocol, Equatable {
    let name: AnyHashable
    public var coordinateSpace: CoordinateSpace { .named(name) }
    public static func named(_ name: some Hashable) -> NamedCoordinateSpace { NamedCoordinateSpace(name: AnyHashable(name)) }
}

extension View {
    /// Names this view's coordinate space: geometry inside can be measured in it (`frame(in: .named(name))`).
    public func coordinateSpace<T: Hashable>(name: T) -> some View { modifier(CoordinateSpaceModifier(name: AnyHashable(name))) }
    /// Names this view's coordinate space (iOS 17's form: `.coordinateSpace(.named("scroll"))`).
    public func coordinateSpace(_ name: NamedCoordinateSpace) -> some View { modifier(CoordinateSpaceModifier(name: name.name)) }
}
