/// What fills the covered pixels.
public enum Paint {
    case solid(RGBA)
    case linearGradient(LinearGradient)
    case radialGradient(RadialGradient)
    case conicGradient(ConicGradient)
    case image(ImagePattern)

    public static func color(_ c: RGBA) -> Paint { .solid(c) }
}

/// Colour stops, as SwiftUI's `Gradient`.
public struct Gradient: Sendable, Hashable {
    public struct Stop: Sendable, Hashable {
        public var color: RGBA
        public var location: Double
        public init(color: RGBA, location: Double) { self.color = color; self.location = location }
    }
    public var stops: [Stop]
    public init(stops: [Stop]) { self.stops = stops }
    /// Evenly spaced colours.
    public init(colors: [RGBA]) {
        let n = colors.count
        stops = colors.enumerated().map { Stop(color: $0.element, location: n > 1 ? Double($0.offset) / Double(n - 1) : 0) }
    }
}

/// What a gradient does beyond its ends.
public enum SpreadMethod: Sendable, Hashable { case pad, `repeat`, reflect }

/// Colour varying along the line from `startPoint` to `endPoint` (user space).
public struct LinearGradient: Sendable, Hashable {
    public var gradient: Gradient
    public var startPoint: Point
    public var endPoint: Point
    public var spread: SpreadMethod
    public init(gradient: Gradient, startPoint: Point, endPoint: Point, spread: SpreadMethod = .pad) {
        self.gradient = gradient; self.startPoint = startPoint; self.endPoint = endPoint; self.spread = spread
    }
}

/// Colour varying with the distance from `center`, from `startRadius` (location 0) to `endRadius` (location 1).
public struct RadialGradient: Sendable, Hashable {
    public var gradient: Gradient
    public var center: Point
    public var startRadius: Double
    public var endRadius: Double
    public var spread: SpreadMethod
    public init(gradient: Gradient, center: Point, startRadius: Double = 0, endRadius: Double, spread: SpreadMethod = .pad) {
        self.gradient = gradient; self.center = center; self.startRadius = startRadius; self.endRadius = endRadius; self.spread = spread
    }
}

/// Colour varying with the angle around `center` (SwiftUI's `AngularGradient`): location 0 at `startAngle`,
/// 1 at `endAngle` (radians, 0 along +x, growing clockwise with y down); angles outside are padded with the
/// end colours. Equal angles sweep the whole turn from `startAngle`.
public struct ConicGradient: Sendable, Hashable {
    public var gradient: Gradient
    public var center: Point
    public var startAngle: Double
    public var endAngle: Double
    public init(gradient: Gradient, center: Point, startAngle: Double = 0, endAngle: Double = 0) {
        self.gradient = gradient; self.center = center; self.startAngle = startAngle; self.endAngle = endAngle
    }
}

/// How an image is sampled between its pixels.
public enum ImageFilter: Sendable, Hashable {
    /// The nearest pixel (crisp, blocky when scaled up).
    case nearest
    /// Weighted mean of the four nearest pixels.
    case bilinear
}

/// What an image pattern shows outside the image.
public enum ImageExtend: Sendable, Hashable {
    /// Nothing (transparent), as cairo's EXTEND_NONE.
    case none
    /// The nearest edge pixel.
    case pad
    /// The image tiled.
    case `repeat`
}

/// An image used as paint. `transform` maps image pixel coordinates to user space.
public struct ImagePattern {
    public var image: PixelBuffer
    public var transform: AffineTransform
    public var filter: ImageFilter
    public var extend: ImageExtend
    public init(image: PixelBuffer, transform: AffineTransform = .identity, filter: ImageFilter = .bilinear, extend: ImageExtend = .pad) {
        self.image = image; self.transform = transform; self.filter = filter; self.extend = extend
    }
}

/// How a source is combined with the destination, with SwiftUI's `GraphicsContext.BlendMode` names: Porter-Duff
/// operators, and the W3C Compositing and Blending modes (see `BlendModes.swift`).
public enum BlendMode: Sendable, Hashable {
    /// Source over destination.
    case normal
    /// Source replaces destination where covered.
    case copy
    /// Destination erased where covered.
    case clear
    // Separable blend modes: each colour component from the source's and the destination's.
    case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference, exclusion
    // Non-separable blend modes: hue, saturation and luminosity taken apart.
    case hue, saturation, color, luminosity
    // Porter-Duff operators and sums.
    case sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter
}
