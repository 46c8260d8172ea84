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

    nonisolated public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }

    nonisolated public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    nonisolated public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    func makeBehavior() -> NodeBehavior { ShapeBehavior(shape: Rectangle(), style: self) }

    func paint(in size: CGSize, scheme: ColorScheme) -> Paint {
        let start = startRadius.isFinite ? Swift.max(0, startRadius) : 0
        let end = endRadius.isFinite ? Swift.max(start, endRadius) : start
        return .radialGradient(ScanoutRaster.RadialGradient(
            gradient: gradient.raster(in: scheme),
            center: Point(x: center.x * size.width, y: center.y * size.height), startRadius: start, endRadius: end))
    }
}

/// An angular (conic) gradient fill (SwiftUI's `AngularGradient`): colours around `center` (a unit point of
/// the shape's frame) from `startAngle` to `endAngle`, clockwise from +x; equal angles sweep the whole turn;
/// outside the sweep the end colours continue. As a shape style, or as a view that fills its proposal.
public struct AngularGradient: View, PrimitiveView, ShapeStyle, Equatable, PaintProviding {
    public var gradient: Gradient
    public var center: UnitPoint
    public var startAngle: Angle
    public var endAngle: Angle

    nonisolated public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle
    }

    nonisolated public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// The whole turn, starting at `angle`.
    nonisolated public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: Angle(radians: angle.radians + 2 * .pi))
    }

    nonisolated public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }

    func makeBehavior() -> NodeBehavior { ShapeBehavior(shape: Rectangle(), style: self) }

    func paint(in size: CGSize, scheme: ColorScheme) -> Paint {
        .conicGradient(ScanoutRaster.ConicGradient(
            gradient: gradient.raster(in: scheme),
            center: Point(x: center.x * size.width, y: center.y * size.height),
            startAngle: startAngle.radians, endAngle: endAngle.radians))
    }
}

extension ShapeStyle where Self == AngularGradient {
    /// A conic gradient: the whole turn from `angle` (SwiftUI's `.conicGradient`).
    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }
    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(colors: colors, center: center, angle: angle)
    }
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }
}
