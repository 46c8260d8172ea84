import ScanoutRender

/// A 2D shape that is also a view: it fills its proposal (10x10 for an unspecified one) with the foreground
/// colour unless filled or stroked explicitly (SwiftUI's `Shape`).
public protocol Shape: Animatable, View {
    func path(in rect: CGRect) -> Path
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize
}

extension Shape {
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }
    /// Shapes are drawn by the runtime (filled with the foreground colour), not through a body.
    public var body: Never { fatalError("\(Self.self) is a shape: the runtime draws it") }

    public func fill<S: ShapeStyle>(_ style: S) -> _ShapeView<Self, S> { _ShapeView(shape: self, style: style, stroke: nil) }
    /// Fills with `content` by `style`'s rule (even-odd makes inner contours holes).
    public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle) -> _ShapeView<Self, S> {
        _ShapeView(shape: self, style: content, stroke: nil, fillStyle: style)
    }
    public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> _ShapeView<Self, S> {
        _ShapeView(shape: self, style: style, stroke: StrokeStyle(lineWidth: lineWidth))
    }
    public func stroke<S: ShapeStyle>(_ style: S, style strokeStyle: StrokeStyle) -> _ShapeView<Self, S> {
        _ShapeView(shape: self, style: style, stroke: strokeStyle)
    }
    /// Strokes the outline with the foreground style.
    public func stroke(lineWidth: CGFloat = 1) -> _ShapeView<Self, ForegroundStyle> {
        stroke(ForegroundStyle(), lineWidth: lineWidth)
    }
    /// Strokes the outline with the foreground style in `style`.
    public func stroke(style: StrokeStyle) -> _ShapeView<Self, ForegroundStyle> { stroke(ForegroundStyle(), style: style) }
}

public typealias StrokeStyle = ScanoutRaster.StrokeStyle
/// How a shape is filled: non-zero or even-odd winding, anti-aliased or not (SwiftUI's `FillStyle`).
public typealias FillStyle = ScanoutRaster.FillStyle
public typealias LineCap = ScanoutRaster.LineCap
public typealias LineJoin = ScanoutRaster.LineJoin

/// A shape drawn with a style (what `fill` and `stroke` return).
public struct _ShapeView<Content: Shape, Style: ShapeStyle>: View, PrimitiveView {
    let shape: Content
    let style: Style
    let stroke: StrokeStyle?
    var fillStyle = FillStyle()
    func makeBehavior() -> NodeBehavior {
        ShapeBehavior(shape: shape, style: style, stroke: stroke) { view in
            let v = view.known(as: Self.self)
            return (v.shape, v.style, v.stroke, v.fillStyle)
        }
    }
}

final class ShapeBehavior: NodeBehavior, AnimationTicking {
    override var drawingReadsPlacement: Bool { false }  // draws from its frame, or only its children
    var shape: any Shape
    var style: any ShapeStyle
    var stroke: StrokeStyle?
    var fillStyle = FillStyle()
    /// Animates an `Animatable` shape's `animatableData` (e.g. a ring's fraction).
    private var shapeAnimation: ShapeAnimating?
    /// Animates a solid colour, channel by channel.
    private var colorAnimation: AnimatedValue<Color.AnimatableData>?
    private var updated = false
    /// Takes a new value of a `_ShapeView` type apart (typed: no runtime cast per update); nil for colours,
    /// gradients and bare shapes.
    private let split: (@MainActor (any View) -> (any Shape, any ShapeStyle, StrokeStyle?, FillStyle))?

    init(shape: any Shape, style: any ShapeStyle, stroke: StrokeStyle? = nil,
         split: (@MainActor (any View) -> (any Shape, any ShapeStyle, StrokeStyle?, FillStyle))? = nil) {
        self.shape = shape; self.style = style; self.stroke = stroke; self.split = split
    }

    override func update(_ view: any View) -> [ChildSlot]? {
        var newShape = shape, newStyle = style
        if let split {
            (newShape, newStyle, stroke, fillStyle) = split(view)
        } else if let c = view as? Color {
            newStyle = c
        } else if let g = view as? LinearGradient {
            newStyle = g
        } else if let g = view as? any PaintProviding & ShapeStyle {
            newStyle = g
        } else if let s = view as? any Shape {
            newShape = s
        }
        let animation = updated ? node.animationForChange() : nil
        let now = node.host.time
        var started = false
        if let state = shapeAnimation, state.accepts(newShape) {
            started = state.update(newShape, animation: animation, now: now) || started
        } else {
            shapeAnimation = makeShapeAnimation(newShape)
        }
        if let c = newStyle.unboxedStyle(as: Color.self)?.fixed(in: node.environment.current.colorScheme) {
            if let a = colorAnimation { started = a.set(c.animatableData, animation: animation, now: now) || started }
            else { colorAnimation = AnimatedValue(c.animatableData) }
        } else {
            colorAnimation = nil
        }
        shape = newShape
        style = newStyle
        updated = true
        if started { node.host.startAnimating(self) }
        return []
    }

    func tick(_ now: Double) -> Bool {
        let s = shapeAnimation?.tick(now) ?? false
        let c = colorAnimation?.tick(now) ?? false
        return s || c
    }

    /// The shape drawn (its presentation while animating).
    private var presentedShape: any Shape { shapeAnimation?.presentation ?? shape }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { shape.sizeThatFits(proposal) }
    // A shape sizes itself from the proposal alone (unless it overrides `sizeThatFits`, which this asks).
    override func measuresAsBefore(_ sizes: LayoutCache<ProposedViewSize, CGSize>) -> Bool {
        sizes.allSatisfy { proposal, size in shape.sizeThatFits(proposal) == size }
    }
    override func place(in bounds: CGRect) {}

    var paint: Paint {
        let environment = node.environment.current
        if let a = colorAnimation { return .solid(Color(animatableData: a.presentation).rgba) }
        if let c = style.unboxedStyle(as: Color.self) { return c.paint(in: environment.colorScheme) }
        if let g = style.unboxedStyle(as: LinearGradient.self) { return g.paint(in: node.frame.size, scheme: environment.colorScheme) }
        if let g = style as? PaintProviding { return g.paint(in: node.frame.size, scheme: environment.colorScheme) }
        if style is TintShapeStyle { return environment.resolvedTint.paint(in: environment.colorScheme) }
        if let p = environment.foregroundPaint?.paint(in: node.frame.size, scheme: environment.colorScheme) { return p }
        return (environment.foregroundColor ?? .primary).paint(in: environment.colorScheme)
    }

    override func draw(into list: inout DisplayList) {
        // Shapes draw in their own coordinates (origin at the frame's top-left), as in SwiftUI.
        let f = node.frame
        let path = presentedShape.path(in: CGRect(origin: .zero, size: f.size)).raster
        list.append(.pushTransform(AffineTransform(translationX: f.minX, y: f.minY)))
        if let stroke { list.append(.stroke(path, paint, stroke)) } else { list.append(.fill(path, paint, fillStyle)) }
        list.append(.pop)
    }
}

public struct Rectangle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect) }
}

/// A rectangle with rounded corners; `cornerSize` gives each corner's width and height (elliptical corners
/// when they differ).
public struct RoundedRectangle: Shape {
    public var cornerSize: CGSize
    /// Accepted as in SwiftUI; both styles are drawn with quarter-ellipse corners (see `RoundedCornerStyle`).
    public var style: RoundedCornerStyle
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerSize: cornerSize, style: style) }
}

/// The shape of a rounded rectangle's corners (SwiftUI's `RoundedCornerStyle`). Scanout draws `.continuous`
/// corners as `.circular` ones (quarter circles or ellipses): SwiftUI's continuous-curvature corner reaches
/// about 1.5 times the radius along each side, and differs from a quarter circle by at most a pixel or two
/// at the radii of controls — a known difference, kept because the renderer's fast paths for rounded
/// rectangles (opaque interiors, row-span fills) read that path's shape.
public enum RoundedCornerStyle: Equatable, Hashable, Sendable {
    case circular
    case continuous
}

public struct Capsule: Shape {
    public var style: RoundedCornerStyle
    public init(style: RoundedCornerStyle = .continuous) { self.style = style }
    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2) }
}

public struct Ellipse: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

public struct Circle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let d = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d))
    }
}

/// An outline built from lines and curves, also usable as a shape (SwiftUI's `Path`).
public struct Path: Shape, Equatable {
    var raster = ScanoutRaster.Path()

    public init() {}
    public init(_ rect: CGRect) { raster.addRect(rect.raster) }
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        raster.addRoundedRect(in: rect.raster, cornerRadius: cornerRadius)
    }
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        raster.addRoundedRect(in: rect.raster, cornerWidth: cornerSize.width, cornerHeight: cornerSize.height)
    }
    public init(ellipseIn rect: CGRect) { raster.addEllipse(in: rect.raster) }
    public init(_ build: (inout Path) -> Void) { build(&self) }

    public mutating func move(to p: CGPoint) { raster.move(to: Point(x: p.x, y: p.y)) }
    public mutating func addLine(to p: CGPoint) { raster.addLine(to: Point(x: p.x, y: p.y)) }
    public mutating func addLines(_ points: [CGPoint]) { raster.addLines(points.map { Point(x: $0.x, y: $0.y) }) }
    public mutating func addQuadCurve(to p: CGPoint, control c: CGPoint) {
        raster.addQuadCurve(to: Point(x: p.x, y: p.y), control: Point(x: c.x, y: c.y))
    }
    public mutating func addCurve(to p: CGPoint, control1 c1: CGPoint, control2 c2: CGPoint) {
        raster.addCurve(to: Point(x: p.x, y: p.y), control1: Point(x: c1.x, y: c1.y), control2: Point(x: c2.x, y: c2.y))
    }
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        raster.addArc(center: Point(x: center.x, y: center.y), radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    public mutating func addRect(_ r: CGRect) { raster.addRect(r.raster) }
    public mutating func addRoundedRect(in r: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        raster.addRoundedRect(in: r.raster, cornerWidth: cornerSize.width, cornerHeight: cornerSize.height)
    }
    public mutating func addEllipse(in r: CGRect) { raster.addEllipse(in: r.raster) }
    public mutating func closeSubpath() { raster.closeSubpath() }

    public var boundingRect: CGRect {
        let b = raster.boundingRect
        return CGRect(x: b.x, y: b.y, width: b.width, height: b.height)
    }

    /// A path is drawn where it is: it ignores the rect it is shown in.
    public func path(in rect: CGRect) -> Path { self }
}

/// An `Animatable` shape's model and presented value.
@MainActor
protocol ShapeAnimating: AnyObject {
    func accepts(_ shape: any Shape) -> Bool
    func update(_ shape: any Shape, animation: Animation?, now: Double) -> Bool
    func tick(_ now: Double) -> Bool
    var presentation: any Shape { get }
}

@MainActor
func makeShapeAnimation(_ shape: any Shape) -> ShapeAnimating? {
    func open<S: Shape & Animatable>(_ s: S) -> ShapeAnimating { AnimatableShapeState(s) }
    return open(shape)
}

final class AnimatableShapeState<S: Shape & Animatable>: ShapeAnimating {
    private var model: S
    private let value: AnimatedValue<S.AnimatableData>

    init(_ shape: S) {
        model = shape
        value = AnimatedValue(shape.animatableData)
    }

    func accepts(_ shape: any Shape) -> Bool { type(of: shape) == S.self }

    func update(_ shape: any Shape, animation: Animation?, now: Double) -> Bool {
        model = shape.unboxed(as: S.self)!
        return value.set(model.animatableData, animation: animation, now: now)
    }

    func tick(_ now: Double) -> Bool { value.tick(now) }

    var presentation: any Shape {
        var s = model
        s.animatableData = value.presentation
        return s
    }
}
