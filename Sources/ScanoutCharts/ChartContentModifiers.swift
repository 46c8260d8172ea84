import ScanoutUI

/// How a line or area passes through its points (Swift Charts' `InterpolationMethod`).
public struct InterpolationMethod: Sendable, Equatable {
    enum Kind: Equatable { case linear, monotone, catmullRom, cardinal, stepStart, stepCenter, stepEnd }
    let kind: Kind
    public static let linear = InterpolationMethod(kind: .linear)
    /// A smooth curve that never overshoots between points (Fritsch–Carlson): a reading never seems higher
    /// than it was.
    public static let monotone = InterpolationMethod(kind: .monotone)
    public static let catmullRom = InterpolationMethod(kind: .catmullRom)
    public static let cardinal = InterpolationMethod(kind: .cardinal)
    /// Steps: the value holds from each point until the next (`stepStart`), changes halfway (`stepCenter`), or
    /// holds up to each point (`stepEnd`).
    public static let stepStart = InterpolationMethod(kind: .stepStart)
    public static let stepCenter = InterpolationMethod(kind: .stepCenter)
    public static let stepEnd = InterpolationMethod(kind: .stepEnd)
}

/// What a mark is filled or stroked with: a colour or a gradient over the plot.
@MainActor
enum ChartFill {
    case color(Color)
    case gradient(Gradient, UnitPoint, UnitPoint)

    /// `style` as a chart draws it; nil for a style a chart cannot draw (the series colour is used instead).
    init?<S: ShapeStyle>(_ style: S) {
        if let color = style as? Color {
            self = .color(color)
        } else if let gradient = style as? LinearGradient {
            self = .gradient(gradient.gradient, gradient.startPoint, gradient.endPoint)
        } else {
            return nil
        }
    }

    /// A colour for the legend's swatch and for points: the colour, or the gradient's first stop.
    var swatch: Color {
        switch self {
        case .color(let color): color
        case .gradient(let gradient, _, _): gradient.stops.first?.color ?? .accentColor
        }
    }
}

/// Content whose marks a modifier styled (where they, or a modifier nearer them, had not).
struct StyledChartContent<Content: ChartContent>: ChartContent, MarkSource {
    let content: Content
    let apply: (inout ResolvedMark) -> Void
    var body: Never { fatalError("StyledChartContent has no body") }

    func collectMarks(into marks: inout [ResolvedMark]) {
        let first = marks.count
        ScanoutCharts.collectMarks(content, into: &marks)
        for index in first..<marks.count { apply(&marks[index]) }
    }
}

extension ChartContent {
    private func styled(_ apply: @escaping (inout ResolvedMark) -> Void) -> StyledChartContent<Self> {
        StyledChartContent(content: self, apply: apply)
    }

    /// Sets `key` of the marks to `value` where they (or a modifier nearer them) did not.
    private func setting<Value>(_ key: WritableKeyPath<ResolvedMark, Value?>, to value: Value?) -> StyledChartContent<Self> {
        styled { mark in
            if mark[keyPath: key] == nil { mark[keyPath: key] = value }
        }
    }

    /// Draws the marks in `style` (a colour, or a linear gradient over the plot).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some ChartContent {
        setting(\.style.fill, to: ChartFill(style))
    }

    /// Colours the marks by `value`: each distinct value is a series with a colour of its own (from the
    /// chart's palette, or `chartForegroundStyleScale`) and an entry in the legend; a line mark's lines follow
    /// the series.
    public func foregroundStyle<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent {
        setting(\.style.styleSeries, to: value.plotValue)
    }

    /// Strokes line and rule marks in `style` (width, dashes, caps).
    public func lineStyle(_ style: StrokeStyle) -> some ChartContent {
        setting(\.style.lineStyle, to: style)
    }

    /// How line and area marks pass through their points.
    public func interpolationMethod(_ method: InterpolationMethod) -> some ChartContent {
        setting(\.style.interpolation, to: method)
    }

    /// Draws points (a point mark, or each point of a line) as `symbol`.
    public func symbol(_ symbol: BasicChartSymbolShape) -> some ChartContent {
        setting(\.style.symbol, to: symbol)
    }

    /// Gives each value its own symbol shape (circle, square, triangle, diamond, pentagon, plus, cross,
    /// asterisk, in that order): points, and the points of lines, which then show them.
    public func symbol<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent {
        setting(\.style.symbolSeries, to: value.plotValue)
    }

    /// A point mark's symbol area, in square points (30 by default).
    public func symbolSize(_ size: CGFloat) -> some ChartContent {
        setting(\.style.symbolSize, to: size)
    }

    /// The marks' opacity.
    public func opacity(_ opacity: Double) -> some ChartContent {
        styled { mark in mark.style.opacity = (mark.style.opacity ?? 1) * opacity }
    }

    /// Shows `content` beside each mark — above it by default (after a horizontal bar's end) — or over it
    /// (`.overlay`), aligned to the mark's edge or centre: a bar's value, a limit's name.
    public func annotation<C: View>(position: AnnotationPosition = .automatic, alignment: Alignment = .center,
                                    spacing: CGFloat? = nil, @ViewBuilder content: () -> C) -> some ChartContent {
        setting(\.annotation, to: MarkAnnotation(position: position, alignment: alignment, spacing: spacing ?? 4, view: AnyView(content())))
    }

    /// Rounds a bar's corners.
    public func cornerRadius(_ radius: CGFloat, style: RoundedCornerStyle = .continuous) -> some ChartContent {
        setting(\.style.cornerRadius, to: radius)
    }
}

/// A point's shape (Swift Charts' `BasicChartSymbolShape`).
public struct BasicChartSymbolShape: Sendable, Equatable {
    enum Kind: Int, Sendable { case circle, square, triangle, diamond, pentagon, plus, cross, asterisk }
    let kind: Kind
    public static let circle = BasicChartSymbolShape(kind: .circle)
    public static let square = BasicChartSymbolShape(kind: .square)
    public static let triangle = BasicChartSymbolShape(kind: .triangle)
    public static let diamond = BasicChartSymbolShape(kind: .diamond)
    public static let pentagon = BasicChartSymbolShape(kind: .pentagon)
    public static let plus = BasicChartSymbolShape(kind: .plus)
    public static let cross = BasicChartSymbolShape(kind: .cross)
    public static let asterisk = BasicChartSymbolShape(kind: .asterisk)
}
