/// A point in device or user space, in pixels (y down).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)

    @inline(__always) static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inline(__always) static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    @inline(__always) static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    @inline(__always) func dot(_ b: Point) -> Double { x * b.x + y * b.y }
    @inline(__always) func cross(_ b: Point) -> Double { x * b.y - y * b.x }
    @inline(__always) var length: Double { (x * x + y * y).squareRoot() }
}

/// A rectangle in pixels, with doubles (user-space geometry).
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// The smallest integer rectangle that contains this one, with each side clamped to ±2^40 (far beyond any
    /// surface, so a huge rectangle still covers it and `Int` arithmetic on the result cannot overflow); empty at
    /// the origin when a side is NaN.
    public var enclosingIntRect: IntRect {
        guard !minX.isNaN, !minY.isNaN, !width.isNaN, !height.isNaN else { return IntRect(x: 0, y: 0, width: 0, height: 0) }
        let x0 = Self.clampedInt(minX.rounded(.down)), y0 = Self.clampedInt(minY.rounded(.down))
        let x1 = Self.clampedInt(maxX.rounded(.up)), y1 = Self.clampedInt(maxY.rounded(.up))
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The integer rectangle whose sides are this one's rounded to the nearest pixel (clamped as
    /// `enclosingIntRect`; empty at the origin when a side is NaN).
    public var nearestIntRect: IntRect {
        guard !minX.isNaN, !minY.isNaN, !width.isNaN, !height.isNaN else { return IntRect(x: 0, y: 0, width: 0, height: 0) }
        let x0 = Self.clampedInt(minX.rounded()), y0 = Self.clampedInt(minY.rounded())
        let x1 = Self.clampedInt(maxX.rounded()), y1 = Self.clampedInt(maxY.rounded())
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The largest integer rectangle inside this one (the pixels it covers whole; clamped as `enclosingIntRect`;
    /// empty when none is, or a side is NaN).
    public var innerIntRect: IntRect {
        guard !minX.isNaN, !minY.isNaN, !width.isNaN, !height.isNaN else { return IntRect(x: 0, y: 0, width: 0, height: 0) }
        let x0 = Self.clampedInt(minX.rounded(.up)), y0 = Self.clampedInt(minY.rounded(.up))
        let x1 = Self.clampedInt(maxX.rounded(.down)), y1 = Self.clampedInt(maxY.rounded(.down))
        return IntRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The largest coordinate an integer rectangle made from doubles holds (2^40).
    static let intLimit = Double(1 << 40)

    /// `v` as an `Int` clamped to ±`intLimit` (infinities included); NaN must be ruled out before.
    @inline(__always)
    static func clampedInt(_ v: Double) -> Int {
        Int(max(-intLimit, min(intLimit, v)))
    }

    /// Whether every coordinate is finite.
    public var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }
}

/// An angle, as SwiftUI's `Angle`: stored in radians. Positive angles turn from +x towards +y, which on a
/// y-down screen is clockwise.
public struct Angle: Hashable, Sendable, Comparable {
    public var radians: Double
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { self.radians = degrees * Double.pi / 180 }
    public var degrees: Double { radians * 180 / Double.pi }
    public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }
    public static func radians(_ r: Double) -> Angle { Angle(radians: r) }
    public static let zero = Angle(radians: 0)
    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
}

/// An affine transform `x' = a x + c y + tx`, `y' = b x + d y + ty` (CoreGraphics' field names).
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    public init(rotationAngle angle: Angle) {
        let s = Trig.sin(angle.radians), co = Trig.cos(angle.radians)
        self.init(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }
    /// Only translation and positive or negative axis scale (no rotation or shear).
    public var isAxisAligned: Bool { b == 0 && c == 0 }
    /// Only translation (no scale, rotation or shear).
    public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

    @inline(__always)
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// `self` followed by `t`: applying the result equals applying `self`, then `t`.
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                        c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                        tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    public func rotated(by angle: Angle) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse, or nil when the transform collapses the plane (determinant 0).
    public func inverted() -> AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id,
                               tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// Whether every entry is finite and the plane is not collapsed (determinant neither 0 nor NaN): a
    /// transform that draws anything at all.
    public var isInvertible: Bool {
        let det = a * d - b * c
        return a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite && det != 0 && det.isFinite
    }

    /// The largest factor by which the transform stretches a length (for stroke widths and tolerances).
    var maxScale: Double {
        let sx = (a * a + b * b).squareRoot(), sy = (c * c + d * d).squareRoot()
        return max(sx, sy)
    }
}
