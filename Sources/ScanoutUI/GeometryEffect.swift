import ScanoutRaster
import ScanoutRender

/// What a geometry effect draws its content with: a rotation, then a scale, about an anchor of the view's frame,
/// then a shift (`rotationEffect` sets only the rotation, `scaleEffect` only the scale; a paged `TabView` shifts
/// its pages, each drawn as a group of its own that slides whole).
struct EffectGeometry: Equatable {
    var angle: Angle
    var scale: CGSize
    var anchor: UnitPoint
    var shift: CGSize

    init(angle: Angle = .zero, scale: CGSize = CGSize(width: 1, height: 1), anchor: UnitPoint = .center, shift: CGSize = .zero) {
        self.angle = angle
        self.scale = scale
        self.anchor = anchor
        self.shift = shift
    }

    typealias AnimatableData = AnimatablePair<AnimatablePair<AnimatablePair<Double, CGSize.AnimatableData>, UnitPoint.AnimatableData>,
                                              CGSize.AnimatableData>

    /// Angle, scale, anchor and shift interpolate together (SwiftUI animates the anchor of an effect too).
    init(_ data: AnimatableData) {
        angle = Angle(radians: data.first.first.first)
        scale = CGSize(width: data.first.first.second.first, height: data.first.first.second.second)
        anchor = UnitPoint(x: data.first.second.first, y: data.first.second.second)
        shift = CGSize(width: data.second.first, height: data.second.second)
    }

    var animatableData: AnimatableData {
        AnimatablePair(AnimatablePair(AnimatablePair(angle.radians, AnimatablePair(scale.width, scale.height)), AnimatablePair(anchor.x, anchor.y)),
                       AnimatablePair(shift.width, shift.height))
    }

    /// The transform from the content's coordinates (laid out in `frame`, root coordinates) to where it is drawn:
    /// `p' = S·R·(p − A) + A + shift` with A the anchor point of `frame`. Built directly (not by concatenating),
    /// so that no rotation, unit scale and no shift give exactly the identity.
    func transform(in frame: CGRect) -> AffineTransform {
        let ax = frame.minX + anchor.x * frame.width, ay = frame.minY + anchor.y * frame.height
        // (Trig, not libm: the same bits on every architecture, as everywhere else geometry turns.)
        let (sin, cos) = angle.radians == 0 ? (0.0, 1.0) : Trig.sinCos(angle.radians)
        let a = scale.width * cos, b = scale.height * sin, c = -scale.width * sin, d = scale.height * cos
        return AffineTransform(a: a, b: b, c: c, d: d, tx: ax - (a * ax + c * ay) + shift.width, ty: ay - (b * ax + d * ay) + shift.height)
    }
}

/// `rotationEffect` and `scaleEffect`: the content is laid out as if the effect were not there (its size and
/// place, and its siblings', do not change) and drawn through the effect's transform, in a group of its own
/// (a `pushTransform` layer). Touches map back through the inverse transform (see `HitTesting.swift`), so the
/// content is hit where it is drawn. A change of the effect animates like any modifier value: the model jumps,
/// the presentation follows (`AnimatedValue`).
class GeometryEffectBehavior: ModifierBehavior, AnimationTicking {
    override var drawingReadsPlacement: Bool { false }  // draws from its frame, or only its children
    private var value: AnimatedValue<EffectGeometry.AnimatableData>?

    /// The geometry drawn (the presentation value while animating).
    var geometry: EffectGeometry {
        guard let value else { return EffectGeometry() }
        return EffectGeometry(value.presentation)
    }

    /// A new model geometry from the modifier (animated under the change's animation, if any).
    func setGeometry(_ geometry: EffectGeometry) {
        let target = geometry.animatableData
        guard let value else {
            value = AnimatedValue(target)
            node.host.hasGeometryEffects = true
            return
        }
        if value.set(target, animation: node.animationForChange(), now: node.host.time) { node.host.startAnimating(self) }
    }

    func tick(_ now: Double) -> Bool { value?.tick(now) ?? false }

    /// The transform the content is drawn through (content → parent coordinates); nil when it collapses the
    /// content (a zero scale) or is not finite: then nothing is drawn and nothing is hit, and no NaN reaches
    /// the display list or the touch points.
    var transform: AffineTransform? {
        let t = geometry.transform(in: node.frame)
        let det = t.a * t.d - t.b * t.c
        guard det.isFinite, abs(det) >= 1e-9, t.tx.isFinite, t.ty.isFinite else { return nil }
        return t
    }

    /// `point` (the parent's coordinates) in the content's coordinates, or nil when the effect collapses it.
    func contentPoint(_ point: CGPoint) -> CGPoint? {
        guard let inverse = transform?.inverted() else { return nil }
        let p = inverse.apply(Point(x: point.x, y: point.y))
        return CGPoint(x: p.x, y: p.y)
    }

    /// `point` (the content's coordinates) where it is drawn, in the parent's coordinates.
    func drawnPoint(_ point: CGPoint) -> CGPoint? {
        guard let t = transform else { return nil }
        let p = t.apply(Point(x: point.x, y: point.y))
        return CGPoint(x: p.x, y: p.y)
    }

    override func draw(into list: inout DisplayList) {
        guard let t = transform else { return }  // collapsed to nothing: nothing shows
        if t.isIdentity { super.draw(into: &list); return }
        list.append(.pushTransform(t))
        super.draw(into: &list)
        list.append(.pop)
    }
}

/// A modifier that draws its content through an `EffectGeometry` (SwiftUI's `_RotationEffect`, `_ScaleEffect`).
/// Equatable, so that a new value equal to the old one leaves the node's recording as it was.
protocol GeometryEffectModifier: PrimitiveModifier, Equatable {
    var geometry: EffectGeometry { get }
}

extension GeometryEffectModifier {
    func makeBehavior() -> ModifierBehavior { GeometryEffectModifierBehavior<Self>() }
}

/// The behaviour of one kind of geometry effect modifier: takes its geometry.
final class GeometryEffectModifierBehavior<M: GeometryEffectModifier>: GeometryEffectBehavior {
    override func updateModifier(_ modifier: any ViewModifier) { setGeometry(modifier.known(as: M.self).geometry) }
}

struct RotationEffectModifier: GeometryEffectModifier {
    let angle: Angle
    let anchor: UnitPoint
    var geometry: EffectGeometry { EffectGeometry(angle: angle, anchor: anchor) }
}

/// Draws a paged `TabView`'s page shifted (a group of its own: while pages slide, each is copied from a bitmap
/// of it; see `OpaquePanel`) without moving its layout.
struct PageShiftModifier: GeometryEffectModifier {
    let x: CGFloat
    var geometry: EffectGeometry { EffectGeometry(shift: CGSize(width: x, height: 0)) }
}

struct ScaleEffectModifier: GeometryEffectModifier {
    let scale: CGSize
    let anchor: UnitPoint
    var geometry: EffectGeometry { EffectGeometry(scale: scale, anchor: anchor) }
}

extension View {
    /// Draws the view rotated by `angle` (positive: clockwise on screen) about `anchor` of its frame; its layout
    /// does not change.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        modifier(RotationEffectModifier(angle: angle, anchor: anchor))
    }

    /// Draws the view scaled by `scale` in both dimensions about `anchor` of its frame; its layout does not change.
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View {
        scaleEffect(CGSize(width: scale, height: scale), anchor: anchor)
    }

    /// Draws the view scaled by `x` horizontally and `y` vertically (negative: mirrored) about `anchor`.
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        scaleEffect(CGSize(width: x, height: y), anchor: anchor)
    }

    /// Draws the view scaled by `scale.width` horizontally and `scale.height` vertically about `anchor`.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        modifier(ScaleEffectModifier(scale: scale, anchor: anchor))
    }
}
