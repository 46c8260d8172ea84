import ScanoutRender

extension Shape {
    /// The part of the shape's outline from `from` to `to` (fractions of its length), for strokes:
    /// progress rings, dashes that grow (SwiftUI's `trim(from:to:)`). Animates.
    public func trim(from: CGFloat = 0, to: CGFloat = 1) -> _TrimmedShape<Self> {
        _TrimmedShape(shape: self, from: from, to: to)
    }
}

/// A shape cut to a fraction of its outline's length.
public struct _TrimmedShape<Content: Shape>: Shape {
    var shape: Content
    var from: CGFloat
    var to: CGFloat

    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(from, to) }
        set { from = newValue.first; to = newValue.second }
    }

    public func path(in rect: CGRect) -> Path { shape.path(in: rect).trimmedPath(from: from, to: to) }
}

extension Path {
    /// The part of the path from `from` to `to` (fractions of its length, clamped to 0...1), as line
    /// segments (curves are followed within a tenth of a point).
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        let a = from.isNaN ? 0 : Swift.min(1, Swift.max(0, from)), b = to.isNaN ? 0 : Swift.min(1, Swift.max(0, to))
        guard b > a else { return Path() }
        if a == 0, b == 1 { return self }
        let polylines = PathFlattening.polylines(of: raster)
        var total: CGFloat = 0
        for line in polylines { total += PathFlattening.length(of: line) }
        guard total > 0 else { return Path() }
        let start = a * total, end = b * total
        var out = Path()
        var walked: CGFloat = 0
        for line in polylines {
            var drawing = false
            for i in 1..<Swift.max(1, line.count) {
                let p = line[i - 1], q = line[i]
                let d = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
                defer { walked += d }
                guard d > 0, walked + d > start, walked < end else { continue }
                let t0 = Swift.max(0, (start - walked) / d), t1 = Swift.min(1, (end - walked) / d)
                let s = CGPoint(x: p.x + (q.x - p.x) * t0, y: p.y + (q.y - p.y) * t0)
                let e = CGPoint(x: p.x + (q.x - p.x) * t1, y: p.y + (q.y - p.y) * t1)
                if !drawing || t0 > 0 { out.move(to: s) }
                out.addLine(to: e)
                drawing = t1 == 1
            }
        }
        return out
    }
}

/// Paths as polylines, one per subpath (a closed subpath ends where it started).
enum PathFlattening {
    static func polylines(of path: ScanoutRaster.Path) -> [[CGPoint]] {
        var lines: [[CGPoint]] = []
        var current: [CGPoint] = []
        func finish() { if current.count > 1 { lines.append(current) }; current = [] }
        func cp(_ p: Point) -> CGPoint { CGPoint(x: p.x, y: p.y) }
        path.forEach { element in
            switch element {
            case .move(let p):
                finish()
                current = [cp(p)]
            case .line(let p):
                current.append(cp(p))
            case .quadCurve(let p, let c):
                guard let s = current.last else { current = [cp(p)]; return }
                let n = steps(s, cp(c), cp(p))
                for i in 1...n {
                    let t = CGFloat(i) / CGFloat(n), u = 1 - t
                    current.append(CGPoint(x: u * u * s.x + 2 * u * t * c.x + t * t * p.x, y: u * u * s.y + 2 * u * t * c.y + t * t * p.y))
                }
            case .curve(let p, let c1, let c2):
                guard let s = current.last else { current = [cp(p)]; return }
                let n = steps(s, cp(c1), cp(c2), cp(p))
                for i in 1...n {
                    let t = CGFloat(i) / CGFloat(n), u = 1 - t
                    let x = u * u * u * s.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x
                    let y = u * u * u * s.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y
                    current.append(CGPoint(x: x, y: y))
                }
            case .closeSubpath:
                if let first = current.first { current.append(first) }
                finish()
            }
        }
        finish()
        return lines
    }

    /// Segments for a curve: more for a longer control polygon (about one per two points, 4...64).
    private static func steps(_ points: CGPoint...) -> Int {
        var l: CGFloat = 0
        for i in 1..<points.count { l += points[i].distance(to: points[i - 1]) }
        return Swift.max(4, Swift.min(64, Int(l / 2)))
    }

    static func length(of line: [CGPoint]) -> CGFloat {
        var l: CGFloat = 0
        for i in 1..<Swift.max(1, line.count) { l += line[i].distance(to: line[i - 1]) }
        return l
    }
}

// MARK: - Insettable shapes and strokeBorder

/// A shape that can be inset by an amount (SwiftUI's `InsettableShape`), so a border can be stroked
/// inside its frame.
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    func inset(by amount: CGFloat) -> InsetShape
}

extension InsettableShape {
    /// Strokes the shape's outline inside its frame: the stroke's outer edge on the frame (SwiftUI's
    /// `strokeBorder(_:lineWidth:)`), where `stroke` would straddle it.
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ShapeView<InsetShape, S> {
        inset(by: lineWidth / 2).stroke(content, lineWidth: lineWidth)
    }

    /// Strokes the shape's outline inside its frame in `style`.
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _ShapeView<InsetShape, S> {
        inset(by: style.lineWidth / 2).stroke(content, style: style)
    }

    /// Strokes the shape's outline inside its frame with the foreground style.
    public func strokeBorder(lineWidth: CGFloat = 1) -> _ShapeView<InsetShape, ForegroundStyle> {
        strokeBorder(ForegroundStyle(), lineWidth: lineWidth)
    }
}

/// A built-in shape drawn in its frame inset by `amount` (a rounded rectangle's corners shrink with it).
public struct _InsetShape<Base: Shape>: InsettableShape {
    var base: Base
    var amount: CGFloat

    public var animatableData: CGFloat {
        get { amount }
        set { amount = newValue }
    }

    public func path(in rect: CGRect) -> Path {
        let r = rect.insetBy(dx: amount, dy: amount)
        guard r.width > 0, r.height > 0 else { return Path() }
        if let rounded = base as? RoundedRectangle {
            let corner = CGSize(width: Swift.max(0, rounded.cornerSize.width - amount), height: Swift.max(0, rounded.cornerSize.height - amount))
            return Path(roundedRect: r, cornerSize: corner, style: rounded.style)
        }
        if let uneven = base as? UnevenRoundedRectangle { return uneven.shrunk(by: amount).path(in: r) }
        return base.path(in: r)
    }

    public func inset(by amount: CGFloat) -> _InsetShape<Base> { _InsetShape(base: base, amount: self.amount + amount) }
}

extension Rectangle: InsettableShape { public func inset(by amount: CGFloat) -> _InsetShape<Rectangle> { _InsetShape(base: self, amount: amount) } }
extension RoundedRectangle: InsettableShape {
    public func inset(by amount: CGFloat) -> _InsetShape<RoundedRectangle> { _InsetShape(base: self, amount: amount) }
}
extension Capsule: InsettableShape { public func inset(by amount: CGFloat) -> _InsetShape<Capsule> { _InsetShape(base: self, amount: amount) } }
extension Ellipse: InsettableShape { public func inset(by amount: CGFloat) -> _InsetShape<Ellipse> { _InsetShape(base: self, amount: amount) } }
extension Circle: InsettableShape { public func inset(by amount: CGFloat) -> _InsetShape<Circle> { _InsetShape(base: self, amount: amount) } }
