import ScanoutRender

/// The radius of each corner of a rectangle (SwiftUI's `RectangleCornerRadii`).
public struct RectangleCornerRadii: Equatable, Sendable, Animatable {
    public var topLeading: CGFloat
    public var bottomLeading: CGFloat
    public var bottomTrailing: CGFloat
    public var topTrailing: CGFloat

    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }

    public var animatableData: AnimatablePair<AnimatablePair<CGFloat, CGFloat>, AnimatablePair<CGFloat, CGFloat>> {
        get { AnimatablePair(AnimatablePair(topLeading, bottomLeading), AnimatablePair(bottomTrailing, topTrailing)) }
        set {
            topLeading = newValue.first.first
            bottomLeading = newValue.first.second
            bottomTrailing = newValue.second.first
            topTrailing = newValue.second.second
        }
    }
}

/// A rectangle whose corners each have their own radius (SwiftUI's `UnevenRoundedRectangle`): a sheet's card
/// rounded at the top only, a tab rounded on one side. A radius is limited to half the shorter side; leading
/// corners are on the left. Corners are quarter circles in either style (see `RoundedCornerStyle`).
public struct UnevenRoundedRectangle: Shape {
    public var cornerRadii: RectangleCornerRadii
    public var style: RoundedCornerStyle

    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        self.cornerRadii = cornerRadii
        self.style = style
    }

    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) {
        self.init(cornerRadii: RectangleCornerRadii(topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius,
                                                    bottomTrailing: bottomTrailingRadius, topTrailing: topTrailingRadius),
                  style: style)
    }

    public var animatableData: RectangleCornerRadii.AnimatableData {
        get { cornerRadii.animatableData }
        set { cornerRadii.animatableData = newValue }
    }

    public func path(in rect: CGRect) -> Path {
        let limit = max(0, min(rect.width, rect.height) / 2)
        func clamped(_ r: CGFloat) -> CGFloat { max(0, min(r, limit)) }
        let tl = clamped(cornerRadii.topLeading), tr = clamped(cornerRadii.topTrailing)
        let br = clamped(cornerRadii.bottomTrailing), bl = clamped(cornerRadii.bottomLeading)
        let quarter = Angle.degrees(90)
        var p = Path()
        p.move(to: CGPoint(x: rect.minX + tl, y: rect.minY))
        p.addLine(to: CGPoint(x: rect.maxX - tr, y: rect.minY))
        if tr > 0 { p.raster.addArc(center: Point(x: rect.maxX - tr, y: rect.minY + tr), radius: tr, startAngle: .degrees(-90), sweep: quarter) }
        p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - br))
        if br > 0 { p.raster.addArc(center: Point(x: rect.maxX - br, y: rect.maxY - br), radius: br, startAngle: .zero, sweep: quarter) }
        p.addLine(to: CGPoint(x: rect.minX + bl, y: rect.maxY))
        if bl > 0 { p.raster.addArc(center: Point(x: rect.minX + bl, y: rect.maxY - bl), radius: bl, startAngle: .degrees(90), sweep: quarter) }
        p.addLine(to: CGPoint(x: rect.minX, y: rect.minY + tl))
        if tl > 0 { p.raster.addArc(center: Point(x: rect.minX + tl, y: rect.minY + tl), radius: tl, startAngle: .degrees(180), sweep: quarter) }
        p.closeSubpath()
        return p
    }

    /// The same corners `amount` smaller (for a border stroked inside it).
    func shrunk(by amount: CGFloat) -> UnevenRoundedRectangle {
        let r = cornerRadii
        return UnevenRoundedRectangle(topLeadingRadius: max(0, r.topLeading - amount), bottomLeadingRadius: max(0, r.bottomLeading - amount),
                                      bottomTrailingRadius: max(0, r.bottomTrailing - amount), topTrailingRadius: max(0, r.topTrailing - amount),
                                      style: style)
    }
}

extension UnevenRoundedRectangle: InsettableShape {
    public func inset(by amount: CGFloat) -> _InsetShape<UnevenRoundedRectangle> { _InsetShape(base: self, amount: amount) }
}

// The shapes by their short names, where a shape is expected: `.clipShape(.rect(cornerRadius: 8))`,
// `.background(.blue, in: .capsule)`.
extension Shape where Self == Rectangle {
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
    public static func rect(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerSize: cornerSize, style: style)
    }
}

extension Shape where Self == UnevenRoundedRectangle {
    public static func rect(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(cornerRadii: cornerRadii, style: style)
    }
    public static func rect(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                            topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(topLeadingRadius: topLeadingRadius, bottomLeadingRadius: bottomLeadingRadius,
                               bottomTrailingRadius: bottomTrailingRadius, topTrailingRadius: topTrailingRadius, style: style)
    }
}

extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}

extension Shape where Self == Circle {
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Ellipse {
    public static var ellipse: Ellipse { Ellipse() }
}
