/// The shape of line ends, as SwiftUI's `CGLineCap`.
public enum LineCap: Sendable, Hashable { case butt, round, square }

/// The shape of corners, as SwiftUI's `CGLineJoin`.
public enum LineJoin: Sendable, Hashable { case miter, round, bevel }

/// How to stroke a path, with SwiftUI's `StrokeStyle` names and defaults.
public struct StrokeStyle: Sendable, Hashable {
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// A miter longer than `miterLimit` line widths becomes a bevel (the miter length is 1 / sin(θ/2)).
    public var miterLimit: Double
    /// Lengths of alternating dashes and gaps; empty for a solid line. An odd count is repeated once.
    public var dash: [Double]
    /// How far into the dash pattern the line starts.
    public var dashPhase: Double

    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// How to fill a path, as SwiftUI's `FillStyle`.
public struct FillStyle: Sendable, Hashable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        self.isEOFilled = eoFill
        self.isAntialiased = antialiased
    }
    var rule: FillRule { isEOFilled ? .evenOdd : .nonZero }
}
