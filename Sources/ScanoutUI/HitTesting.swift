import ScanoutRender

/// Which touches a view's gestures and buttons take. As in SwiftUI, a view is hit where it draws something:
/// text, a shape or colour that is not clear, an image, a control. Empty space — a `Spacer`, the padding
/// around a label, the gaps in a stack — takes no touches unless `contentShape(_:)` makes a shape hittable.
@MainActor
protocol HitTestableContent {
    /// Whether what this node itself draws covers `point` (root coordinates).
    func contentContains(_ point: CGPoint) -> Bool
}

extension ViewNode {
    /// Whether something in this subtree that takes touches covers `point`: drawn content, or a content shape.
    /// (`point` is in this node's coordinates: root coordinates mapped through the geometry effects above it.)
    func hitContent(at point: CGPoint) -> Bool {
        guard isAlive, allowsHitTesting else { return false }
        if let shape = behavior as? ContentShapeBehavior { return shape.contains(point) }
        if let content = behavior as? HitTestableContent, content.contentContains(point) { return true }
        guard let inner = childPoint(point) else { return false }
        return children.contains { $0.hitContent(at: inner) }
    }

    /// `point` (this node's coordinates) in its children's: mapped through the inverse of its geometry effect
    /// if it has one (nil when the effect collapses its content: nothing in it can be hit).
    func childPoint(_ point: CGPoint) -> CGPoint? {
        guard host.hasGeometryEffects, let effect = behavior as? GeometryEffectBehavior else { return point }
        return effect.contentPoint(point)
    }

    /// `point` (root coordinates) in this node's coordinates: through the inverse of each geometry effect
    /// above it, outermost first (nil when one of them collapses its content). Touches reach behaviours in
    /// their own node's coordinates, where its frame is.
    func pointFromRoot(_ point: CGPoint) -> CGPoint? {
        guard host.hasGeometryEffects, let parent else { return point }
        return parent.pointFromRoot(point).flatMap(parent.childPoint)
    }

    /// This node's coordinates to the root's: each geometry effect above it, innermost first (the inverse of
    /// `pointFromRoot`; identity without effects).
    func transformToRoot() -> AffineTransform {
        var t = AffineTransform.identity
        guard host.hasGeometryEffects else { return t }
        var ancestor = parent
        while let a = ancestor {
            if let effect = a.behavior as? GeometryEffectBehavior, let e = effect.transform { t = t.concatenating(e) }
            ancestor = a.parent
        }
        return t
    }

    /// Whether `point` (this node's coordinates) is in the node's frame where it is drawn: the frame itself, or
    /// a frame moved by a geometry effect anywhere below (through modifiers, backgrounds, overlays, stacks), so
    /// that `.rotationEffect(_:).onTapGesture { }` takes touches where the rotated content is, not only where it
    /// was laid out. Without an effect below, this is `frame.contains(point)`.
    func frameContains(asDrawn point: CGPoint) -> Bool {
        if frame.contains(point) { return true }
        guard host.hasGeometryEffects else { return false }
        return effectFrameContains(point)
    }

    /// Whether a geometry effect at or below this node draws the frame of its content over `point` (this
    /// node's coordinates); the content of an effect is laid out in the effect's frame.
    private func effectFrameContains(_ point: CGPoint) -> Bool {
        var p = point
        if let effect = behavior as? GeometryEffectBehavior {
            guard let inner = effect.contentPoint(p) else { return false }
            if frame.contains(inner) { return true }
            p = inner
        }
        for child in children where child.isAlive && !child.isRemoving {
            if child.effectFrameContains(p) { return true }
        }
        return false
    }
}

/// Whether `shape`, laid out in `frame`, covers `point` (rectangles by their frame, other shapes by their
/// rasterized coverage, at least half covered).
@MainActor
func shapeContains(_ shape: any Shape, in frame: CGRect, _ point: CGPoint) -> Bool {
    guard frame.contains(point) else { return false }
    if shape is Rectangle { return true }
    let path = shape.path(in: CGRect(origin: .zero, size: frame.size)).raster
    let mask = MaskRasterizer().mask(for: path)
    let x = Int((point.x - frame.minX).rounded(.down)) - mask.originX
    let y = Int((point.y - frame.minY).rounded(.down)) - mask.originY
    return mask[x, y] >= 128
}

extension TextBehavior: HitTestableContent {
    func contentContains(_ point: CGPoint) -> Bool { node.frame.contains(point) }
}

extension ShapeBehavior: HitTestableContent {
    /// Clear colours draw nothing and take no touches (SwiftUI's `Color.clear`).
    func contentContains(_ point: CGPoint) -> Bool {
        if let c = style as? Color, c.rgba.alpha == 0 { return false }
        return shapeContains(shape, in: node.frame, point)
    }
}

struct ContentShapeModifier: ShapeModifier {
    let shape: any Shape
    func makeBehavior() -> ModifierBehavior { ContentShapeBehavior() }
}

/// Makes the content hittable over a shape in its frame, drawn or not (and only there).
final class ContentShapeBehavior: ShapeModifierBehavior {
    func contains(_ point: CGPoint) -> Bool { shapeContains(shape, in: node.frame, point) }
}

extension View {
    /// The shape that takes touches for this view's gestures and buttons, in its frame — including where
    /// nothing is drawn (by default only drawn content is hit).
    public func contentShape<S: Shape>(_ shape: S) -> some View { modifier(ContentShapeModifier(shape: shape)) }
}
