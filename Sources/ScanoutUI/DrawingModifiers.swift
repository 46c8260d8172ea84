import ScanoutRender

/// `background`, `overlay` and `mask`: a second view laid out in the content's frame (proposed the content's
/// size), drawn behind or in front of it, or as its mask (the content shows where the mask's pixels are
/// opaque: the renderer's masked group).
struct LayerModifier<Layer: View>: PrimitiveModifier {
    let layer: Layer
    let alignment: Alignment
    let inFront: Bool
    var masks = false
    func makeBehavior() -> ModifierBehavior { LayerBehavior<Layer>() }
}

final class LayerBehavior<Layer: View>: ModifierBehavior {
    var alignment = Alignment.center
    var inFront = false
    var masks = false

    override func updateOnlyChild(_ view: any View) -> (any View)? { nil }  // two children: content and layer

    override func update(_ view: any View) -> [ChildSlot]? {
        let m = view as! any AnyModifiedContent
        let layer = m.anyModifier as! LayerModifier<Layer>
        alignment = layer.alignment
        inFront = layer.inFront
        if layer.masks != masks, node.recording.isValid { node.setNeedsDisplay() }
        masks = layer.masks
        return [ChildSlot(key: 0, view: m.anyContent), ChildSlot(key: 1, view: layer.layer)]
    }

    private var content: LayoutUnit { LayoutUnit(node.children.first.map { $0.behavior.role == .transparent ? $0.layoutSubviews : [$0] } ?? []) }
    private var layer: LayoutUnit { LayoutUnit(node.children.count > 1 ? (node.children[1].behavior.role == .transparent ? node.children[1].layoutSubviews : [node.children[1]]) : []) }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { content.sizeThatFits(proposal) }
    override func alignmentGuide(_ key: AlignmentKey, in size: CGSize) -> CGFloat? { content.alignmentGuide(key, in: size) }
    override var layoutPriority: Double { content.priority }

    override func place(in bounds: CGRect) {
        content.place(in: bounds, proposal: ProposedViewSize(bounds.size))
        let l = layer
        let p = ProposedViewSize(bounds.size)
        // The layer's own guides count (a badge set past the content's end with `alignmentGuide`), as in SwiftUI.
        let inner = LayoutSubview(unit: l).dimensions(in: p), s = CGSize(width: inner.width, height: inner.height)
        let outer = ViewDimensions(size: bounds.size)
        l.place(in: CGRect(x: bounds.minX + outer[alignment.horizontal] - inner[alignment.horizontal],
                           y: bounds.minY + outer[alignment.vertical] - inner[alignment.vertical], width: s.width, height: s.height), proposal: p)
    }

    /// A background (the second child) is drawn under the content, and a touch reaches the content first (a
    /// button in front of a background with a tap gesture gets the tap, as in SwiftUI).
    override var drawsChildrenInReverse: Bool { !inFront && node.children.count == 2 }
    override var firstChildIsContent: Bool { true }

    override func draw(into list: inout DisplayList) {
        guard masks, node.children.count == 2 else { super.draw(into: &list); return }
        list.append(.pushMaskedGroup)
        node.children[0].draw(into: &list)
        list.append(.pushMask)
        node.children[1].draw(into: &list)
        list.append(.pop)
        list.append(.pop)
    }
}

extension View {
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modifier(LayerModifier(layer: content(), alignment: alignment, inFront: false))
    }
    public func background<V: View>(_ view: V, alignment: Alignment = .center) -> some View {
        modifier(LayerModifier(layer: view, alignment: alignment, inFront: false))
    }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modifier(LayerModifier(layer: content(), alignment: alignment, inFront: true))
    }
    public func overlay<V: View>(_ view: V, alignment: Alignment = .center) -> some View {
        modifier(LayerModifier(layer: view, alignment: alignment, inFront: true))
    }

    /// Shows this view only where `mask` is opaque, as much as it is (SwiftUI's `mask(alignment:_:)`): the mask
    /// is laid out in this view's frame as an overlay is, and is not itself shown or touched.
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View {
        modifier(LayerModifier(layer: mask().allowsHitTesting(false), alignment: alignment, inFront: true, masks: true))
    }

    /// `mask(alignment:_:)` with the mask given as a value (SwiftUI's older form).
    public func mask<Mask: View>(_ mask: Mask) -> some View {
        modifier(LayerModifier(layer: mask.allowsHitTesting(false), alignment: .center, inFront: true, masks: true))
    }
}

struct OpacityModifier: PrimitiveModifier {
    let opacity: Double
    func makeBehavior() -> ModifierBehavior { OpacityBehavior() }
}

/// Composites the content as one group with the given opacity.
final class OpacityBehavior: ModifierBehavior, AnimationTicking {
    private var value: AnimatedValue<Double>?
    /// The opacity drawn (the presentation value while animating).
    var opacity: Double { value?.presentation ?? 1 }

    override func updateModifier(_ modifier: any ViewModifier) {
        let o = modifier.known(as: OpacityModifier.self).opacity
        guard let value else { value = AnimatedValue(o); return }
        if value.set(o, animation: node.animationForChange(), now: node.host.time) { node.host.startAnimating(self) }
    }

    func tick(_ now: Double) -> Bool { value?.tick(now) ?? false }

    override func draw(into list: inout DisplayList) {
        if opacity >= 1 { super.draw(into: &list); return }
        if opacity <= 0 { return }
        list.append(.pushOpacity(opacity))
        super.draw(into: &list)
        list.append(.pop)
    }
}

/// A modifier that applies a shape to its content's frame (`clipShape`, `contentShape`).
protocol ShapeModifier: PrimitiveModifier {
    var shape: any Shape { get }
}

/// The behaviour of a `ShapeModifier`: keeps its shape.
class ShapeModifierBehavior: ModifierBehavior {
    var shape: any Shape = Rectangle()
    override func updateModifier(_ modifier: any ViewModifier) { shape = (modifier as! any ShapeModifier).shape }
}

struct ClipModifier: ShapeModifier {
    let shape: any Shape
    var style = FillStyle()
    func makeBehavior() -> ModifierBehavior { ClipBehavior() }
}

final class ClipBehavior: ShapeModifierBehavior {
    private var style = FillStyle()
    override func updateModifier(_ modifier: any ViewModifier) {
        super.updateModifier(modifier)
        style = modifier.known(as: ClipModifier.self).style
    }

    override func draw(into list: inout DisplayList) {
        let f = node.frame
        if shape is Rectangle {
            list.append(.pushClip(f.raster))
        } else {
            let path = shape.path(in: CGRect(origin: .zero, size: f.size)).raster.applying(AffineTransform(translationX: f.minX, y: f.minY))
            list.append(.pushClipShape(path, style.isEOFilled ? .evenOdd : .nonZero))
        }
        super.draw(into: &list)
        list.append(.pop)
    }
}

extension View {
    /// Draws the view (as one group) with this opacity.
    public func opacity(_ opacity: Double) -> some View { modifier(OpacityModifier(opacity: opacity)) }
    /// Clips drawing to a shape in the view's frame.
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        modifier(ClipModifier(shape: shape, style: style))
    }
    /// Clips drawing to the view's frame.
    public func clipped() -> some View { clipShape(Rectangle()) }
    /// Clips drawing to a rounded rectangle (with quarter-circle corners, as SwiftUI's).
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        clipShape(RoundedRectangle(cornerRadius: radius, style: .circular), style: FillStyle(antialiased: antialiased))
    }
    /// Draws a border of `width` inside the view's frame, over its content.
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        overlay(Rectangle().strokeBorder(content, lineWidth: width))
    }
}

struct ShadowModifier: PrimitiveModifier {
    let color: Color
    let radius: CGFloat
    let x: CGFloat
    let y: CGFloat
    func makeBehavior() -> ModifierBehavior { ShadowBehavior() }
}

/// Draws the content as one group over its shadow: the content's coverage blurred by `radius`, in `color`,
/// moved by (x, y) (the renderer's `pushShadow`). Drawing only: layout is the content's.
final class ShadowBehavior: ModifierBehavior {
    private var shadow: ShadowModifier?

    override func updateModifier(_ modifier: any ViewModifier) {
        let s = modifier.known(as: ShadowModifier.self)
        if let old = shadow, old.color == s.color, old.radius == s.radius, old.x == s.x, old.y == s.y { return }
        let hadOne = shadow != nil
        shadow = s
        if hadOne { node.setNeedsDisplay() }
    }

    override func draw(into list: inout DisplayList) {
        guard let s = shadow, s.radius.isFinite, s.x.isFinite, s.y.isFinite, s.radius > 0 || s.x != 0 || s.y != 0 else {
            super.draw(into: &list)
            return
        }
        let color = s.color.resolved(in: node.environment.current.colorScheme)
        guard color.alpha > 0 else { super.draw(into: &list); return }
        list.append(.pushShadow(ScanoutRender.Shadow(color: color, radius: Double(s.radius), offset: Point(x: Double(s.x), y: Double(s.y)))))
        super.draw(into: &list)
        list.append(.pop)
    }
}

extension View {
    /// Draws a shadow under this view (SwiftUI's `shadow(color:radius:x:y:)`): its pixels' coverage blurred by
    /// `radius` points, in `color`, moved by `x` and `y` points. Non-finite values draw no shadow.
    public func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat,
                       x: CGFloat = 0, y: CGFloat = 0) -> some View {
        modifier(ShadowModifier(color: color, radius: radius, x: x, y: y))
    }
}

struct BlurModifier: PrimitiveModifier {
    let radius: CGFloat
    var opaque = false
    func makeBehavior() -> ModifierBehavior { BlurBehavior() }
}

/// Draws the content as one group, blurred (the renderer's `pushBlur`); opaque, within the view's frame.
/// Drawing only: layout is the content's.
final class BlurBehavior: ModifierBehavior {
    private var radius: CGFloat?
    private var opaque = false

    override func updateModifier(_ modifier: any ViewModifier) {
        let m = modifier.known(as: BlurModifier.self)
        guard m.radius != radius || m.opaque != opaque else { return }
        let hadOne = radius != nil
        radius = m.radius
        opaque = m.opaque
        if hadOne { node.setNeedsDisplay() }
    }

    override func draw(into list: inout DisplayList) {
        guard let r = radius, r.isFinite, r > 0 else { super.draw(into: &list); return }
        list.append(.pushBlur(ScanoutRender.Blur(radius: Double(Swift.min(r, 256)), opaqueFrame: opaque ? node.frame.raster : nil)))
        super.draw(into: &list)
        list.append(.pop)
    }
}

extension View {
    /// Draws this view blurred by about `radius` points (a Gaussian of standard deviation radius / 2; SwiftUI's
    /// `blur(radius:opaque:)`). Its edges fade into what is around it; with `opaque: true` the blur reads past
    /// the view's frame the nearest edge pixel, so no transparency comes in at the edges, and draws only inside
    /// the frame. Non-finite or non-positive radii draw the view as it is.
    public func blur(radius: CGFloat, opaque: Bool = false) -> some View {
        modifier(BlurModifier(radius: radius, opaque: opaque))
    }
}
