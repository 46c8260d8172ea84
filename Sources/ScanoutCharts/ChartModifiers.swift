import ScanoutUI

/// What a scale's domain is: chosen from the data, a range of numbers or dates, or a list of categories.
enum DomainSpec {
    case automatic(includesZero: Bool?, reversed: Bool?)
    case range(Double, Double, isDate: Bool)
    case categories([String])
}

/// The values a scale covers (Swift Charts' `ScaleDomain`): a closed range (`0...100`), an array of
/// categories (`["Mon", "Tue"]`), or `.automatic(includesZero:reversed:)`.
public protocol ScaleDomain {}

protocol DomainSpecifying { var spec: DomainSpec { get } }

/// A domain the chart chooses from the data (Swift Charts' `AutomaticScaleDomain`).
public struct AutomaticScaleDomain: ScaleDomain, DomainSpecifying {
    let includesZero: Bool?
    let reversed: Bool?
    var spec: DomainSpec { .automatic(includesZero: includesZero, reversed: reversed) }
}

extension ScaleDomain where Self == AutomaticScaleDomain {
    public static var automatic: AutomaticScaleDomain { AutomaticScaleDomain(includesZero: nil, reversed: nil) }
    /// `includesZero: false` lets a number line start near the data (a temperature of 20...24 fills the plot).
    public static func automatic(includesZero: Bool? = nil, reversed: Bool? = nil) -> AutomaticScaleDomain {
        AutomaticScaleDomain(includesZero: includesZero, reversed: reversed)
    }
}

extension ClosedRange: ScaleDomain where Bound: Plottable {}
extension ClosedRange: DomainSpecifying where Bound: Plottable {
    var spec: DomainSpec {
        let (lower, upper) = (PlotValue(lowerBound), PlotValue(upperBound))
        guard let l = lower.number, let u = upper.number else { return .categories([]) }
        if case .date = lower { return .range(l, u, isDate: true) }
        return .range(l, u, isDate: false)
    }
}

extension Array: ScaleDomain where Element: Plottable {}
extension Array: DomainSpecifying where Element: Plottable {
    var spec: DomainSpec {
        let values = map { PlotValue($0) }
        var names: [String] = []
        for case .category(let name) in values { names.append(name) }
        if names.count == values.count { return .categories(names) }
        let numbers = values.compactMap(\.number)
        guard let l = numbers.min(), let u = numbers.max() else { return .automatic(includesZero: nil, reversed: nil) }
        if case .date = values[0] { return .range(l, u, isDate: true) }
        return .range(l, u, isDate: false)
    }
}

/// Where a chart's legend or an axis label goes (Swift Charts' `AnnotationPosition`).
public struct AnnotationPosition: Sendable, Equatable {
    enum Kind: Equatable { case automatic, top, bottom, leading, trailing, overlay }
    let kind: Kind
    public static let automatic = AnnotationPosition(kind: .automatic)
    public static let top = AnnotationPosition(kind: .top)
    public static let bottom = AnnotationPosition(kind: .bottom)
    public static let leading = AnnotationPosition(kind: .leading)
    public static let trailing = AnnotationPosition(kind: .trailing)
    /// Over the mark (annotations only).
    public static let overlay = AnnotationPosition(kind: .overlay)
}

/// What the chart modifiers above a `Chart` set, read from the environment.
struct ChartConfiguration {
    var xDomain: DomainSpec = .automatic(includesZero: nil, reversed: nil)
    var yDomain: DomainSpec = .automatic(includesZero: nil, reversed: nil)
    var xAxis: Visibility = .automatic
    var yAxis: Visibility = .automatic
    var legend: Visibility = .automatic
    var legendPosition: AnnotationPosition = .automatic
    var xAxisLabel: Text?
    var yAxisLabel: Text?
    /// `chartForegroundStyleScale`'s series and their styles, in its order.
    var styleScale: [(series: PlotValue, fill: ChartFill?)]?
    /// `chartXSelection`/`chartYSelection`: told the value under the finger while it is on the plot, then nil.
    var xSelection: ((PlotValue?) -> Void)?
    /// `chartXAxis { AxisMarks(...) }`/`chartYAxis { ... }`: the axes' own marks.
    var xAxisMarks: AxisSpec?
    var yAxisMarks: AxisSpec?
    var ySelection: ((PlotValue?) -> Void)?
}

struct ChartConfigurationKey: EnvironmentKey {
    static var defaultValue: ChartConfiguration { ChartConfiguration() }
}

extension EnvironmentValues {
    var chartConfiguration: ChartConfiguration {
        get { self[ChartConfigurationKey.self] }
        set { self[ChartConfigurationKey.self] = newValue }
    }
}

extension View {
    private func chart(_ change: @escaping (inout ChartConfiguration) -> Void) -> some View {
        transformEnvironment(\.chartConfiguration, transform: change)
    }

    /// The values the x axis covers: `0...100`, a date range, categories in their order, or `.automatic(...)`.
    public func chartXScale<Domain: ScaleDomain>(domain: Domain) -> some View {
        let spec = (domain as? any DomainSpecifying)?.spec ?? .automatic(includesZero: nil, reversed: nil)
        return chart { $0.xDomain = spec }
    }

    /// The values the y axis covers: `0...100`, a date range, categories in their order, or `.automatic(...)`.
    public func chartYScale<Domain: ScaleDomain>(domain: Domain) -> some View {
        let spec = (domain as? any DomainSpecifying)?.spec ?? .automatic(includesZero: nil, reversed: nil)
        return chart { $0.yDomain = spec }
    }

    /// Shows or hides the x axis (its labels and gridlines).
    public func chartXAxis(_ visibility: Visibility) -> some View { chart { $0.xAxis = visibility } }

    /// Shows or hides the y axis (its labels and gridlines).
    public func chartYAxis(_ visibility: Visibility) -> some View { chart { $0.yAxis = visibility } }

    /// The x axis's marks: where they go (`.top`, `.bottom`), at which values, and what each draws.
    public func chartXAxis<Content: AxisContent>(@AxisContentBuilder content: () -> Content) -> some View {
        let spec = (content() as? any AxisSpecifying)?.spec
        return chart { $0.xAxisMarks = spec }
    }

    /// The y axis's marks: where they go (`.leading`, `.trailing`), at which values, and what each draws.
    public func chartYAxis<Content: AxisContent>(@AxisContentBuilder content: () -> Content) -> some View {
        let spec = (content() as? any AxisSpecifying)?.spec
        return chart { $0.yAxisMarks = spec }
    }

    /// Shows or hides the legend (shown by default when marks are coloured by a series).
    public func chartLegend(_ visibility: Visibility) -> some View { chart { $0.legend = visibility } }

    /// Puts the legend above, below (the default), before or after the plot.
    public func chartLegend(position: AnnotationPosition = .automatic, alignment: Alignment? = nil, spacing: CGFloat? = nil) -> some View {
        chart { $0.legendPosition = position }
    }

    /// Labels the x axis (below its values), e.g. with its unit.
    public func chartXAxisLabel(_ label: LocalizedStringKey, position: AnnotationPosition = .automatic,
                                alignment: Alignment? = nil, spacing: CGFloat? = nil) -> some View {
        chart { $0.xAxisLabel = Text(label) }
    }

    /// Labels the y axis (above its values), e.g. with its unit.
    public func chartYAxisLabel(_ label: LocalizedStringKey, position: AnnotationPosition = .automatic,
                                alignment: Alignment? = nil, spacing: CGFloat? = nil) -> some View {
        chart { $0.yAxisLabel = Text(label) }
    }

    /// Labels the x axis with a string as it is (not looked up in the string catalog).
    @_disfavoredOverload
    public func chartXAxisLabel<S: StringProtocol>(_ label: S, position: AnnotationPosition = .automatic,
                                                   alignment: Alignment? = nil, spacing: CGFloat? = nil) -> some View {
        chart { $0.xAxisLabel = Text(label) }
    }

    /// Labels the y axis with a string as it is (not looked up in the string catalog).
    @_disfavoredOverload
    public func chartYAxisLabel<S: StringProtocol>(_ label: S, position: AnnotationPosition = .automatic,
                                                   alignment: Alignment? = nil, spacing: CGFloat? = nil) -> some View {
        chart { $0.yAxisLabel = Text(label) }
    }

    /// Labels the x axis with a text.
    public func chartXAxisLabel(_ label: Text, position: AnnotationPosition = .automatic, alignment: Alignment? = nil,
                                spacing: CGFloat? = nil) -> some View {
        chart { $0.xAxisLabel = label }
    }

    /// Labels the y axis with a text.
    public func chartYAxisLabel(_ label: Text, position: AnnotationPosition = .automatic, alignment: Alignment? = nil,
                                spacing: CGFloat? = nil) -> some View {
        chart { $0.yAxisLabel = label }
    }

    /// Sets `value` to the x axis's value under a finger on the plot while it touches or drags (the nearest
    /// category, a number or date at that point), and to nil when it lifts: read a trend by touching it.
    public func chartXSelection<P: Plottable>(value: Binding<P?>) -> some View {
        chart { $0.xSelection = { value.wrappedValue = $0.flatMap { PlotValue.plottable($0, as: P.self) } } }
    }

    /// Sets `value` to the y axis's value under a finger on the plot while it touches or drags, and to nil when
    /// it lifts.
    public func chartYSelection<P: Plottable>(value: Binding<P?>) -> some View {
        chart { $0.ySelection = { value.wrappedValue = $0.flatMap { PlotValue.plottable($0, as: P.self) } } }
    }

    /// The style each series of `foregroundStyle(by:)` is drawn in, and the legend's order:
    /// `.chartForegroundStyleScale(["Line 1": .blue, "Line 2": .orange])`.
    public func chartForegroundStyleScale<DataValue: Plottable, S: ShapeStyle>(_ mapping: KeyValuePairs<DataValue, S>) -> some View {
        let scale = mapping.map { (series: PlotValue($0.key), fill: ChartFill($0.value)) }
        return chart { $0.styleScale = scale }
    }

    /// The styles of the series in `domain`, in order, from `range` (repeated if shorter).
    public func chartForegroundStyleScale<DataValue: Plottable, S: ShapeStyle>(domain: [DataValue], range: [S]) -> some View {
        let scale = domain.enumerated().map { index, value in
            (series: PlotValue(value), fill: range.isEmpty ? nil : ChartFill(range[index % range.count]))
        }
        return chart { $0.styleScale = scale }
    }
}
