import ScanoutUI

/// A mark as the chart draws it: its kind, the values it places, and the style its modifiers gave it.
struct ResolvedMark {
    enum Kind { case line, point, bar, area, rule, sector, rectangle }
    var kind: Kind
    /// A value on each axis; a range (bars, areas, rules) has an end as well. A rule has one axis only.
    var x: PlotValue?
    var xEnd: PlotValue?
    var y: PlotValue?
    var yEnd: PlotValue?
    /// The line a line mark belongs to (`series:`), besides its foreground style's value.
    var series: PlotValue?
    var width: MarkDimension = .automatic
    /// A rectangle's size along y (`width` is along x).
    var height: MarkDimension = .automatic
    var stacking: MarkStackingMethod = .standard
    var style = MarkStyle()
    /// Dates given with a `unit:`: the units that hold them (a bar is as wide as its unit).
    var xUnit: ClosedRange<Double>?
    var yUnit: ClosedRange<Double>?
    /// A sector's share of the circle and its radii.
    var sector: SectorShape?
    /// A view shown beside (or over) the mark: `annotation(position:alignment:spacing:content:)`.
    var annotation: MarkAnnotation?
}

/// A sector mark's value (its share of the whole is its angle) and radii.
struct SectorShape {
    let value: Double
    let innerRadius: MarkDimension
    let outerRadius: MarkDimension
    let angularInset: CGFloat
}

/// An annotation's view and where it goes relative to its mark.
struct MarkAnnotation {
    let position: AnnotationPosition
    let alignment: Alignment
    let spacing: CGFloat
    let view: AnyView
}

/// What the content modifiers set on marks; a modifier nearer the mark wins.
struct MarkStyle {
    var fill: ChartFill?
    /// `foregroundStyle(by:)`'s value: the series that picks the mark's colour and legend entry.
    var styleSeries: PlotValue?
    var lineStyle: StrokeStyle?
    var interpolation: InterpolationMethod?
    var symbolSize: CGFloat?
    /// `symbol(_:)`: the shape of a point, or of the points on a line (which then shows them).
    var symbol: BasicChartSymbolShape?
    /// `symbol(by:)`: the series that picks the shape.
    var symbolSeries: PlotValue?
    var opacity: Double?
    var cornerRadius: CGFloat?
}

/// How wide a bar is (Swift Charts' `MarkDimension`): chosen by the chart, in points, or a fraction of the
/// space each category (or step of the data) has.
public struct MarkDimension: Sendable, Equatable {
    enum Kind: Equatable { case automatic, fixed(CGFloat), ratio(CGFloat), inset(CGFloat) }
    let kind: Kind
    public static let automatic = MarkDimension(kind: .automatic)
    public static func fixed(_ value: CGFloat) -> MarkDimension { MarkDimension(kind: .fixed(value)) }
    public static func ratio(_ value: CGFloat) -> MarkDimension { MarkDimension(kind: .ratio(value)) }
    public static func inset(_ value: CGFloat) -> MarkDimension { MarkDimension(kind: .inset(value)) }
}

extension MarkDimension: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init(floatLiteral value: Double) { self = .fixed(value) }
    public init(integerLiteral value: Int) { self = .fixed(CGFloat(value)) }
}

/// How bars and areas at the same position combine (Swift Charts' `MarkStackingMethod`).
public struct MarkStackingMethod: Sendable, Equatable {
    enum Kind: Equatable { case standard, normalized, center, unstacked }
    let kind: Kind
    /// Each on top of the ones before (the default).
    public static let standard = MarkStackingMethod(kind: .standard)
    /// Stacked, then scaled so each position's stack fills 0...1.
    public static let normalized = MarkStackingMethod(kind: .normalized)
    /// Stacked around the middle (a streamgraph).
    public static let center = MarkStackingMethod(kind: .center)
    /// Each from the baseline, drawn over one another.
    public static let unstacked = MarkStackingMethod(kind: .unstacked)
}

/// A mark that gives itself to the chart (every mark type).
@MainActor
protocol PrimitiveMark: ChartContent, MarkSource where Body == Never {
    var mark: ResolvedMark { get }
}

extension PrimitiveMark {
    func collectMarks(into marks: inout [ResolvedMark]) { marks.append(mark) }
}

/// Points joined by a line, one line per series (Swift Charts' `LineMark`).
public struct LineMark: PrimitiveMark {
    let mark: ResolvedMark
    public var body: Never { fatalError("LineMark has no body") }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark = ResolvedMark(kind: .line, x: x.plotValue, y: y.plotValue, xUnit: x.unit, yUnit: y.unit)
    }

    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>) {
        mark = ResolvedMark(kind: .line, x: x.plotValue, y: y.plotValue, series: series.plotValue, xUnit: x.unit, yUnit: y.unit)
    }
}

/// A symbol at a point (Swift Charts' `PointMark`).
public struct PointMark: PrimitiveMark {
    let mark: ResolvedMark
    public var body: Never { fatalError("PointMark has no body") }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark = ResolvedMark(kind: .point, x: x.plotValue, y: y.plotValue, xUnit: x.unit, yUnit: y.unit)
    }
}

/// A bar from the baseline (or the marks below it in a stack) to a value, or between two values (Swift
/// Charts' `BarMark`). Vertical unless the categories are on the y axis.
public struct BarMark: PrimitiveMark {
    let mark: ResolvedMark
    public var body: Never { fatalError("BarMark has no body") }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic,
                                            height: MarkDimension = .automatic, stacking: MarkStackingMethod = .standard) {
        let across = PlotValue(y.value).number == nil ? height : width
        mark = ResolvedMark(kind: .bar, x: x.plotValue, y: y.plotValue, width: across, stacking: stacking, xUnit: x.unit, yUnit: y.unit)
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>,
                                            width: MarkDimension = .automatic) {
        mark = ResolvedMark(kind: .bar, x: x.plotValue, y: yStart.plotValue, yEnd: yEnd.plotValue, width: width, stacking: .unstacked,
                            xUnit: x.unit)
    }

    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>,
                                            height: MarkDimension = .automatic) {
        mark = ResolvedMark(kind: .bar, x: xStart.plotValue, xEnd: xEnd.plotValue, y: y.plotValue, width: height, stacking: .unstacked)
    }
}

/// The area between a line and the baseline (or the area below it in a stack), or between two values (Swift
/// Charts' `AreaMark`).
public struct AreaMark: PrimitiveMark {
    let mark: ResolvedMark
    public var body: Never { fatalError("AreaMark has no body") }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, stacking: MarkStackingMethod = .standard) {
        mark = ResolvedMark(kind: .area, x: x.plotValue, y: y.plotValue, stacking: stacking, xUnit: x.unit, yUnit: y.unit)
    }

    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>,
                                                          stacking: MarkStackingMethod = .standard) {
        mark = ResolvedMark(kind: .area, x: x.plotValue, y: y.plotValue, series: series.plotValue, stacking: stacking,
                            xUnit: x.unit, yUnit: y.unit)
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        mark = ResolvedMark(kind: .area, x: x.plotValue, y: yStart.plotValue, yEnd: yEnd.plotValue, stacking: .unstacked)
    }
}

/// A straight line across the plot at a value — a limit, a target — or along one axis between two values
/// (Swift Charts' `RuleMark`).
public struct RuleMark: PrimitiveMark {
    let mark: ResolvedMark
    public var body: Never { fatalError("RuleMark has no body") }

    public init<Y: Plottable>(y: PlottableValue<Y>) {
        mark = ResolvedMark(kind: .rule, y: y.plotValue)
    }

    public init<X: Plottable>(x: PlottableValue<X>) {
        mark = ResolvedMark(kind: .rule, x: x.plotValue)
    }

    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>) {
        mark = ResolvedMark(kind: .rule, x: xStart.plotValue, xEnd: xEnd.plotValue, y: y.plotValue)
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        mark = ResolvedMark(kind: .rule, x: x.plotValue, y: yStart.plotValue, yEnd: yEnd.plotValue)
    }
}

/// A slice of a pie or a ring, its angle its value's share of all the sectors' (Swift Charts' `SectorMark`).
/// A chart of sectors has no axes. The slices run clockwise from the top in the order written.
public struct SectorMark: PrimitiveMark {
    let mark: ResolvedMark
    public var body: Never { fatalError("SectorMark has no body") }

    /// `innerRadius` above zero makes a ring (`.ratio(0.6)`: a donut); `angularInset` leaves that many points
    /// between neighbours.
    public init<V: Plottable>(angle: PlottableValue<V>, innerRadius: MarkDimension = .automatic,
                              outerRadius: MarkDimension = .automatic, angularInset: CGFloat? = nil) {
        let value = max(0, angle.plotValue.number ?? 0)
        mark = ResolvedMark(kind: .sector, sector: SectorShape(value: value.isFinite ? value : 0, innerRadius: innerRadius,
                                                                outerRadius: outerRadius, angularInset: angularInset ?? 0))
    }
}

/// A rectangle at a value on each axis — a heat map's cell, filling its categories' bands by default — or
/// between two values on each (Swift Charts' `RectangleMark`).
public struct RectangleMark: PrimitiveMark {
    let mark: ResolvedMark
    public var body: Never { fatalError("RectangleMark has no body") }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic,
                                            height: MarkDimension = .automatic) {
        mark = ResolvedMark(kind: .rectangle, x: x.plotValue, y: y.plotValue, width: width, height: height, stacking: .unstacked,
                            xUnit: x.unit, yUnit: y.unit)
    }

    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, yStart: PlottableValue<Y>,
                                            yEnd: PlottableValue<Y>) {
        mark = ResolvedMark(kind: .rectangle, x: xStart.plotValue, xEnd: xEnd.plotValue, y: yStart.plotValue, yEnd: yEnd.plotValue,
                            stacking: .unstacked)
    }
}
