import ScanoutRender

/// A colour, and a view that fills its proposal with it (SwiftUI's `Color`).
public struct Color: View, PrimitiveView, Hashable, Sendable, ShapeStyle {
    /// The colour in light appearance, and in every appearance for a colour made from components.
    let rgba: RGBA
    /// The colour in dark appearance, for the semantic and system colours that adapt (`nil`: as `rgba`).
    var darkRGBA: RGBA? = nil

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func q(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        rgba = RGBA(red: q(red), green: q(green), blue: q(blue), alpha: q(opacity))
    }
    public init(white: Double, opacity: Double = 1) { self.init(red: white, green: white, blue: white, opacity: opacity) }

    /// The colour spaces components are given in (SwiftUI's `Color.RGBColorSpace`). The panel is sRGB:
    /// linear components are encoded with sRGB's transfer function; Display P3 is taken as sRGB.
    public enum RGBColorSpace: Hashable, Sendable { case sRGB, sRGBLinear, displayP3 }

    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func encode(_ v: Double) -> Double {
            guard colorSpace == .sRGBLinear, v.isFinite else { return v }
            let c = max(0, min(1, v))
            return c <= 0.0031308 ? 12.92 * c : 1.055 * Self.power(c, 1 / 2.4) - 0.055
        }
        self.init(red: encode(red), green: encode(green), blue: encode(blue), opacity: opacity)
    }

    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    /// x^y for x in (0, 1] without the C library (exp and log by their series: enough for 8-bit channels).
    private static func power(_ x: Double, _ y: Double) -> Double {
        guard x > 0 else { return 0 }
        // log x = 2 atanh((x − 1) / (x + 1)); exp by squaring a short series.
        let z = (x - 1) / (x + 1), z2 = z * z
        var term = z, sum = 0.0
        for k in stride(from: 1, through: 39, by: 2) { sum += term / Double(k); term *= z2 }
        let t = 2 * sum * y / 1024
        var e = 1.0, f = 1.0
        for k in 1...12 { f *= t / Double(k); e += f }
        for _ in 0..<10 { e *= e }
        return e
    }
    /// From `0xRRGGBB` (opaque).
    public init(hex: UInt32, opacity: Double = 1) {
        self.init(red: Double(hex >> 16 & 255) / 255, green: Double(hex >> 8 & 255) / 255, blue: Double(hex & 255) / 255, opacity: opacity)
    }
    nonisolated init(rgba: RGBA, dark: RGBA? = nil) {
        self.rgba = rgba
        self.darkRGBA = dark
    }

    public func opacity(_ o: Double) -> Color {
        func scaled(_ c: RGBA) -> RGBA {
            var c = c
            c.alpha = UInt8(max(0, min(255, (Double(c.alpha) * o).rounded())))
            return c
        }
        return Color(rgba: scaled(rgba), dark: darkRGBA.map(scaled))
    }

    /// The colour's value in `scheme`.
    func resolved(in scheme: ColorScheme) -> RGBA { scheme == .dark ? darkRGBA ?? rgba : rgba }

    /// The colour fixed to its value in `scheme` (animations interpolate between fixed values).
    func fixed(in scheme: ColorScheme) -> Color { Color(rgba: resolved(in: scheme)) }

    public static let black = Color(rgba: RGBA(red: 0, green: 0, blue: 0))
    public static let white = Color(rgba: RGBA(red: 255, green: 255, blue: 255))
    public static let clear = Color(rgba: .clear)
    /// Text and symbols: black in light appearance, white in dark.
    public static let primary = Color(rgba: RGBA(red: 0, green: 0, blue: 0), dark: RGBA(red: 255, green: 255, blue: 255))
    /// Secondary text: a translucent grey that keeps its contrast on either appearance's backgrounds.
    public static let secondary = Color(rgba: RGBA(red: 60, green: 60, blue: 67, alpha: 153),
                                        dark: RGBA(red: 235, green: 235, blue: 245, alpha: 153))
    public static let accentColor = Color.blue
    public static let red = Color(rgba: RGBA(red: 255, green: 59, blue: 48), dark: RGBA(red: 255, green: 69, blue: 58))
    public static let orange = Color(rgba: RGBA(red: 255, green: 149, blue: 0), dark: RGBA(red: 255, green: 159, blue: 10))
    public static let yellow = Color(rgba: RGBA(red: 255, green: 204, blue: 0), dark: RGBA(red: 255, green: 214, blue: 10))
    public static let green = Color(rgba: RGBA(red: 52, green: 199, blue: 89), dark: RGBA(red: 48, green: 209, blue: 88))
    public static let mint = Color(rgba: RGBA(red: 0, green: 199, blue: 190), dark: RGBA(red: 99, green: 230, blue: 226))
    public static let teal = Color(rgba: RGBA(red: 48, green: 176, blue: 199), dark: RGBA(red: 64, green: 200, blue: 224))
    public static let cyan = Color(rgba: RGBA(red: 50, green: 173, blue: 230), dark: RGBA(red: 100, green: 210, blue: 255))
    public static let blue = Color(rgba: RGBA(red: 0, green: 122, blue: 255), dark: RGBA(red: 10, green: 132, blue: 255))
    public static let indigo = Color(rgba: RGBA(red: 88, green: 86, blue: 214), dark: RGBA(red: 94, green: 92, blue: 230))
    public static let purple = Color(rgba: RGBA(red: 175, green: 82, blue: 222), dark: RGBA(red: 191, green: 90, blue: 242))
    public static let pink = Color(rgba: RGBA(red: 255, green: 45, blue: 85), dark: RGBA(red: 255, green: 55, blue: 95))
    public static let brown = Color(rgba: RGBA(red: 162, green: 132, blue: 94), dark: RGBA(red: 172, green: 142, blue: 104))
    public static let gray = Color(rgba: RGBA(red: 142, green: 142, blue: 147))

    func makeBehavior() -> NodeBehavior { ShapeBehavior(shape: Rectangle(), style: self) }

    /// Colours animate channel by channel (straight alpha, 0...255 per channel).
    typealias AnimatableData = AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>
    var animatableData: AnimatableData {
        AnimatablePair(AnimatablePair(Double(rgba.red), Double(rgba.green)), AnimatablePair(Double(rgba.blue), Double(rgba.alpha)))
    }
    init(animatableData d: AnimatableData) {
        func q(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
        rgba = RGBA(red: q(d.first.first), green: q(d.first.second), blue: q(d.second.first), alpha: q(d.second.second))
    }

    func paint(in scheme: ColorScheme) -> Paint { .solid(resolved(in: scheme)) }
}

/// Something a shape can be filled or stroked with (SwiftUI's `ShapeStyle`).
public protocol ShapeStyle: Sendable {}

/// The foreground style from the environment (SwiftUI's `.foreground`).
public struct ForegroundStyle: ShapeStyle { public init() {} }
extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

/// A linear gradient fill (SwiftUI's `LinearGradient`): as a shape style, or as a view that fills its proposal.
public struct LinearGradient: View, PrimitiveView, ShapeStyle, Equatable {
    public var gradient: Gradient
    public var startPoint: UnitPoint
    public var endPoint: UnitPoint

    nonisolated public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }
    nonisolated public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    nonisolated public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    func makeBehavior() -> NodeBehavior { ShapeBehavior(shape: Rectangle(), style: self) }

    /// The paint for a shape drawn in `size` (shapes draw in their own coordinates, origin top-left).
    func paint(in size: CGSize, scheme: ColorScheme) -> Paint {
        .linearGradient(ScanoutRaster.LinearGradient(
            gradient: gradient.raster(in: scheme),
            startPoint: Point(x: startPoint.x * size.width, y: startPoint.y * size.height),
            endPoint: Point(x: endPoint.x * size.width, y: endPoint.y * size.height)))
    }
}

// The gradients by their short names, where a shape style is expected:
// `.foregroundStyle(.linearGradient(colors: [.blue, .teal], startPoint: .top, endPoint: .bottom))`.
extension ShapeStyle where Self == LinearGradient {
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}
