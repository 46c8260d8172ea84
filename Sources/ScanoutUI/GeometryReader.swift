/// A coordinate space that geometry is measured in (SwiftUI's `CoordinateSpace`): the root's (`global`) or the
/// view's own (`local`).
public enum CoordinateSpace: Hashable, Sendable {
    case global
    case local
}

/// The size and position of a `GeometryReader`, as its content sees them (SwiftUI's `GeometryProxy`).
public struct GeometryProxy {
    /// The reader's size: the whole space proposed to it.
    public let size: CGSize
    let globalFrame: CGRect

    /// The reader's frame in `coordinateSpace`.
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        switch coordinateSpace {
        case .global: return globalFrame
        case .local: return CGRect(origin: .zero, size: size)
        }
    }

    /// Scanout has no safe area: the insets are zero.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
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

    override func place(in bounds: CGRect) {
        if proxy?.globalFrame != bounds {
            let p = GeometryProxy(size: bounds.size, globalFrame: bounds)
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
