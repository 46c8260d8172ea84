/// A resolution-independent outline: subpaths of lines, quadratic and cubic Béziers, closed or open.
/// Arcs, ellipses and rounded rectangles are stored as cubics (at most a quarter turn each, error < 3e-4 r).
/// Coordinates are doubles in user space; they become 24.8 fixed point when a canvas flattens them in
/// device space.
public struct Path: Sendable, Equatable {
    public enum Element: Sendable, Equatable {
        case move(to: Point)
        case line(to: Point)
        case quadCurve(to: Point, control: Point)
        case curve(to: Point, control1: Point, control2: Point)
        case closeSubpath
    }

    enum Verb: UInt8, Sendable { case move, line, quad, cubic, close }

    var verbs: [Verb] = []
    var points: [Point] = []
    /// The start of the open subpath; a drawing command with no current point starts a subpath here.
    private var subpathStart: Point?

    public init() {}

    public init(_ build: (inout Path) -> Void) {
        self.init()
        build(&self)
    }

    public var isEmpty: Bool { verbs.isEmpty }

    public var currentPoint: Point? { points.last }

    public mutating func move(to p: Point) {
        verbs.append(.move)
        points.append(p)
        subpathStart = p
    }

    private mutating func ensureSubpath(_ p: Point) {
        if subpathStart == nil || verbs.last == .close {
            move(to: verbs.last == .close ? (subpathStart ?? p) : p)
        }
    }

    public mutating func addLine(to p: Point) {
        ensureSubpath(p)
        verbs.append(.line)
        points.append(p)
    }

    public mutating func addQuadCurve(to p: Point, control: Point) {
        ensureSubpath(control)
        verbs.append(.quad)
        points.append(control)
        points.append(p)
    }

    public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
        ensureSubpath(control1)
        verbs.append(.cubic)
        points.append(control1)
        points.append(control2)
        points.append(p)
    }

    public mutating func closeSubpath() {
        guard subpathStart != nil, verbs.last != .close else { return }
        verbs.append(.close)
    }

    /// Adds a circular arc. As in SwiftUI and CoreGraphics, `clockwise: false` sweeps towards increasing
    /// angles, which is clockwise on this y-down screen. The arc starts with a line from the current point,
    /// or a new subpath when there is none.
    public mutating func addArc(center: Point, radius: Double, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        var sweep = endAngle.radians - startAngle.radians
        let tau = 2 * Double.pi
        if clockwise {
            if sweep > 0 { sweep -= (sweep / tau).rounded(.up) * tau }
        } else {
            if sweep < 0 { sweep += (-sweep / tau).rounded(.up) * tau }
        }
        addArc(center: center, radius: radius, startAngle: startAngle, sweep: Angle(radians: sweep))
    }

    /// Adds a circular arc from `startAngle` turning by `sweep` (positive = towards +y; may exceed a turn).
    public mutating func addArc(center: Point, radius: Double, startAngle: Angle, sweep: Angle) {
        addEllipticalArc(center: center, radiusX: radius, radiusY: radius, startAngle: startAngle.radians, sweep: sweep.radians)
    }

    mutating func addEllipticalArc(center: Point, radiusX rx: Double, radiusY ry: Double, startAngle: Double, sweep: Double) {
        var sweep = sweep
        guard center.x.isFinite, center.y.isFinite, rx.isFinite, ry.isFinite, startAngle.isFinite, sweep.isFinite else {
            // A non-finite arc: a NaN point in the path, so the whole path draws nothing (the canvas reports it).
            let nan = Point(x: .nan, y: .nan)
            if subpathStart == nil || verbs.last == .close { move(to: nan) } else { addLine(to: nan) }
            return
        }
        let (s0, c0) = Trig.sinCos(startAngle)
        let start = Point(x: center.x + rx * c0, y: center.y + ry * s0)
        if subpathStart == nil || verbs.last == .close { move(to: start) } else if currentPoint != start { addLine(to: start) }
        guard sweep != 0, rx > 0, ry > 0 else { return }
        // Turns beyond the third draw the same pixels again (a stroke overdraws itself; a fill's winding number
        // stays non-zero and keeps its parity): keep the remainder plus two or three whole turns, by parity, so
        // the segment count stays bounded (a sweep of 1e11 would otherwise allocate gigabytes of cubics).
        let tau = 2 * Double.pi
        if abs(sweep) > 4 * tau {
            let turns = (abs(sweep) / tau).rounded(.down)
            // The remainder exactly (turns · tau loses it for huge sweeps), at most a turn.
            let rest = min(tau, max(0, abs(sweep).truncatingRemainder(dividingBy: tau)))
            let kept = turns.truncatingRemainder(dividingBy: 2) == 0 ? 2.0 : 3.0
            sweep = (kept * tau + rest) * (sweep < 0 ? -1 : 1)
        }
        // Segments of at most 90 degrees; each cubic has handles of length k = 4/3 tan(θ/4).
        let n = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(n)
        let (sq, cq) = Trig.sinCos(step / 4)
        let k = 4.0 / 3.0 * sq / cq
        var (sa, ca) = (s0, c0)
        for i in 1...n {
            let a1 = startAngle + step * Double(i)
            let (sb, cb) = Trig.sinCos(a1)
            let p0 = Point(x: center.x + rx * ca, y: center.y + ry * sa)
            let p3 = Point(x: center.x + rx * cb, y: center.y + ry * sb)
            let c1 = Point(x: p0.x - k * rx * sa, y: p0.y + k * ry * ca)
            let c2 = Point(x: p3.x + k * rx * sb, y: p3.y - k * ry * cb)
            addCurve(to: p3, control1: c1, control2: c2)
            sa = sb; ca = cb
        }
    }

    public mutating func addRect(_ r: Rect) {
        move(to: Point(x: r.minX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY))
        addLine(to: Point(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// A rounded rectangle with circular corners (radius clamped to half the shorter side), clockwise on screen.
    public mutating func addRoundedRect(in r: Rect, cornerRadius: Double) {
        addRoundedRect(in: r, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
    }

    public mutating func addRoundedRect(in r: Rect, cornerWidth: Double, cornerHeight: Double) {
        let rx = max(0, min(cornerWidth, r.width / 2)), ry = max(0, min(cornerHeight, r.height / 2))
        guard rx > 0, ry > 0 else { addRect(r); return }
        let h = Double.pi / 2
        move(to: Point(x: r.minX + rx, y: r.minY))
        addEllipticalArc(center: Point(x: r.maxX - rx, y: r.minY + ry), radiusX: rx, radiusY: ry, startAngle: -h, sweep: h)
        addEllipticalArc(center: Point(x: r.maxX - rx, y: r.maxY - ry), radiusX: rx, radiusY: ry, startAngle: 0, sweep: h)
        addEllipticalArc(center: Point(x: r.minX + rx, y: r.maxY - ry), radiusX: rx, radiusY: ry, startAngle: h, sweep: h)
        addEllipticalArc(center: Point(x: r.minX + rx, y: r.minY + ry), radiusX: rx, radiusY: ry, startAngle: 2 * h, sweep: h)
        closeSubpath()
    }

    /// An ellipse inscribed in `r`, as a closed subpath of four cubics.
    public mutating func addEllipse(in r: Rect) {
        guard r.width > 0, r.height > 0 else { return }
        let c = Point(x: r.midX, y: r.midY)
        move(to: Point(x: r.maxX, y: c.y))
        addEllipticalArc(center: c, radiusX: r.width / 2, radiusY: r.height / 2, startAngle: 0, sweep: 2 * Double.pi)
        closeSubpath()
    }

    /// An open polyline through `points`.
    public mutating func addLines(_ pts: [Point]) {
        guard let first = pts.first else { return }
        move(to: first)
        for p in pts.dropFirst() { addLine(to: p) }
    }

    public mutating func addPath(_ other: Path, transform: AffineTransform = .identity) {
        let t = other.applying(transform)
        verbs += t.verbs
        points += t.points
        subpathStart = t.subpathStart ?? subpathStart
    }

    /// The path with every point transformed (an affine map of a Bézier is the Bézier of the mapped points).
    public func applying(_ t: AffineTransform) -> Path {
        if t.isIdentity { return self }
        var copy = self
        for i in copy.points.indices { copy.points[i] = t.apply(copy.points[i]) }
        if let s = subpathStart { copy.subpathStart = t.apply(s) }
        return copy
    }

    /// The control-point bounding box (contains the curve; exact for lines).
    public var boundingRect: Rect {
        guard var x0 = points.first?.x, var y0 = points.first?.y else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        var x1 = x0, y1 = y0
        for p in points {
            x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Calls `body` with each element in order.
    public func forEach(_ body: (Element) -> Void) {
        var i = 0
        for v in verbs {
            switch v {
            case .move: body(.move(to: points[i])); i += 1
            case .line: body(.line(to: points[i])); i += 1
            case .quad: body(.quadCurve(to: points[i + 1], control: points[i])); i += 2
            case .cubic: body(.curve(to: points[i + 2], control1: points[i], control2: points[i + 1])); i += 3
            case .close: body(.closeSubpath)
            }
        }
    }

    public static func == (a: Path, b: Path) -> Bool { a.verbs == b.verbs && a.points == b.points }
}

extension Path {
    public init(_ rect: Rect) { self.init(); addRect(rect) }
    public init(roundedRect rect: Rect, cornerRadius: Double) { self.init(); addRoundedRect(in: rect, cornerRadius: cornerRadius) }
    public init(ellipseIn rect: Rect) { self.init(); addEllipse(in: rect) }
}

extension Path {
    /// Whether the path is one axis-aligned rectangle (as `addRect` makes it): filling it touches no pixel
    /// outside its bounding rectangle.
    public var isRectangle: Bool {
        guard verbs.count == 5, verbs == [.move, .line, .line, .line, .close], points.count == 4 else { return false }
        let p = points
        return (p[0].y == p[1].y && p[1].x == p[2].x && p[2].y == p[3].y && p[3].x == p[0].x)
            || (p[0].x == p[1].x && p[1].y == p[2].y && p[2].x == p[3].x && p[3].y == p[0].y)
    }

    /// A rectangle that filling the path covers entirely, when the path is one axis-aligned rectangle or
    /// rounded rectangle (as `addRect` and `addRoundedRect` make them): the rectangle itself, or the larger of
    /// a rounded rectangle's two bands between its corners. Nil for any other path. (What lets a renderer know
    /// that everything drawn before such a fill is hidden there.)
    public var opaqueInterior: Rect? {
        if isRectangle {
            let r = boundingRect
            return r.width > 0 && r.height > 0 && r.minX.isFinite && r.maxX.isFinite && r.minY.isFinite && r.maxY.isFinite ? r : nil
        }
        // addRoundedRect: the move to the top edge after the top-left corner, then per corner a line and the
        // corner's cubic; the first corner ends on the right edge, a corner height below the top.
        guard verbs == [.move, .line, .cubic, .line, .cubic, .line, .cubic, .line, .cubic, .close], points.count == 17 else { return nil }
        let r = boundingRect
        let rx = points[0].x - r.minX, ry = points[4].y - r.minY
        guard r.width > 0, r.height > 0, rx >= 0, ry >= 0, 2 * rx <= r.width, 2 * ry <= r.height,
              points[0].y == r.minY, points[4].x == r.maxX, r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite
        else { return nil }
        let wide = Rect(x: r.minX, y: r.minY + ry, width: r.width, height: r.height - 2 * ry)
        let tall = Rect(x: r.minX + rx, y: r.minY, width: r.width - 2 * rx, height: r.height)
        return wide.width * wide.height >= tall.width * tall.height ? wide : tall
    }
}

extension Path {
    /// The verbs `addRoundedRect` makes (kept, not built at every comparison: a fill asks for each shape).
    private static let roundedRectVerbs: [Verb] = [.move, .line, .cubic, .line, .cubic, .line, .cubic, .line, .cubic, .close]

    /// For a rounded rectangle as `addRoundedRect` makes it: its two straight sides (the x of each) and the
    /// stretch between its corners (from the lower end of the top corners to the upper end of the bottom
    /// ones), within which nothing but those sides crosses a row. Nil for any other path, or one whose corners
    /// reach into that stretch.
    public var roundedRectSides: (left: Double, right: Double, top: Double, bottom: Double)? {
        guard points.count == 17, verbs == Self.roundedRectVerbs else { return nil }
        let p = points
        // The right side runs from the top-right corner's end (4) to 5, the left one from 12 to 13.
        guard p[4].x == p[5].x, p[12].x == p[13].x, p[12].x < p[4].x else { return nil }
        let top = max(p[4].y, p[13].y), bottom = min(p[5].y, p[12].y)
        guard top < bottom, top.isFinite, bottom.isFinite, p[4].x.isFinite, p[12].x.isFinite else { return nil }
        // The top corners (points 0 to 4 and 13 to 16) above the stretch, the bottom ones (5 to 12) below it: a
        // cubic lies within its control points. (Their x may pass a side by a rounding error; no matter there.)
        for i in 0...16 {
            if i <= 4 || i >= 13 { guard p[i].y <= top else { return nil } } else { guard p[i].y >= bottom else { return nil } }
        }
        return (p[12].x, p[4].x, top, bottom)
    }
}

extension Path {
    /// Whether both paths hold the same verbs and bit-identical points. Unlike `==`, a path with a NaN
    /// coordinate is identical to itself: a retained drawing of an app's NaN is unchanged next frame, not
    /// damaged and redrawn forever.
    public func isIdentical(to other: Path) -> Bool {
        guard verbs == other.verbs, points.count == other.points.count else { return false }
        return points.withUnsafeBytes { a in other.points.withUnsafeBytes { b in a.elementsEqual(b) } }
    }
}
