import ScanoutRender

/// Shape styles that make their own paint for the size of the shape they fill (gradients).
@MainActor protocol PaintProviding {
    func paint(in size: CGSize, scheme: ColorScheme) -> Paint
}

/// A radial gradient fill (SwiftUI's `RadialGradient`): colours from `startRadius` to `endRadius` around
/// `center` (a unit point of the shape's frame); as a shape style, or as a view that fills its proposal.
public struct RadialGradient: View, PrimitiveView, ShapeStyle, Equatable, PaintProviding {
    public var gradient: Gradient
    public var center: UnitPoint
    public var startRadius: CGFloat
    public var endRadius: CGFloat

    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }

    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    func makeBehavior() -> NodeBehavior { ShapeBehavior(shape: Rectangle(), style: self) }

    func paint(in size: CGSize, scheme: ColorScheme) -> Paint {
        let start = startRadius.isFinite ? Swift.max(0, startRadius) : 0
        let end = endRadius.isFinite ? Swift.max(start, endRadius) : start
        return .radialGradient(ScanoutRaster.RadialGradient(
            gradient: ScanoutRaster.Gradient(colors: gradient.colors.map { $0.resolved(in: scheme) }),
            center: Point(x: center.x * size.width, y: center.y * size.height), startRadius: start, endRadius: end))
    }
}
