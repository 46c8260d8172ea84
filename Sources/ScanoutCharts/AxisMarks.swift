import ScanoutUI

/// What `chartXAxis { ... }`/`chartYAxis { ... }` hold (Swift Charts' `AxisContent`): `AxisMarks`.
@MainActor @preconcurrency
public protocol AxisContent {}

/// Builds an axis's content: one `AxisMarks` (Swift Charts' `AxisContentBuilder`).
@resultBuilder @MainActor
public enum AxisContentBuilder {
    public static func buildExpression<Content: AxisContent>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: AxisContent>(_ content: Content) -> Content { content }
}

/// What an axis mark draws at each of its values (Swift Charts' `AxisMark`): a gridline, a tick, a label.
@MainActor @preconcurrency
public protocol AxisMark {}

/// The parts an axis draws at one value.
struct AxisMarkParts {
    var grid: StrokeStyle?
    var tick: StrokeStyle?
    var label: TickLabel = .none
}

/// A value's label: none, the axis's own text for it, a formatted string, or the app's view.
enum TickLabel {
    case none
    case automatic
    case text(Text)
    case view(AnyView)
}

@MainActor
protocol AxisMarkPart { func apply(to parts: inout AxisMarkParts, value: PlotValue) }

/// Builds the marks drawn at each value (Swift Charts' `AxisMarkBuilder`).
@resultBuilder @MainActor
public enum AxisMarkBuilder {
    public static func buildExpression<Mark: AxisMark>(_ mark: Mark) -> Mark { mark }
    public static func buildBlock() -> AxisMarksEmpty { AxisMarksEmpty() }
    public static func buildPartialBlock<Mark: AxisMark>(first: Mark) -> Mark { first }
    public static func buildPartialBlock<M0: AxisMark, M1: AxisMark>(accumulated: M0, next: M1) -> TupleAxisMark<M0, M1> {
        TupleAxisMark(first: accumulated, second: next)
    }
    public static func buildOptional<Mark: AxisMark>(_ mark: Mark?) -> Mark? { mark }
    public static func buildEither<T: AxisMark, F: AxisMark>(first: T) -> AxisMarkConditional<T, F> { AxisMarkConditional(first: first, second: nil) }
    public static func buildEither<T: AxisMark, F: AxisMark>(second: F) -> AxisMarkConditional<T, F> { AxisMarkConditional(first: nil, second: second) }
}

public struct AxisMarksEmpty: AxisMark, AxisMarkPart {
    func apply(to parts: inout AxisMarkParts, value: PlotValue) {}
}

public struct TupleAxisMark<M0: AxisMark, M1: AxisMark>: AxisMark, AxisMarkPart {
    let first: M0
    let second: M1
    func apply(to parts: inout AxisMarkParts, value: PlotValue) {
        (first as? any AxisMarkPart)?.apply(to: &parts, value: value)
        (second as? any AxisMarkPart)?.apply(to: &parts, value: value)
    }
}

public struct AxisMarkConditional<T: AxisMark, F: AxisMark>: AxisMark, AxisMarkPart {
    let first: T?
    let second: F?
    func apply(to parts: inout AxisMarkParts, value: PlotValue) {
        if let first { (first as? any AxisMarkPart)?.apply(to: &parts, value: value) }
        if let second { (second as? any AxisMarkPart)?.apply(to: &parts, value: value) }
    }
}

extension Optional: AxisMark where Wrapped: AxisMark {}
extension Optional: AxisMarkPart where Wrapped: AxisMark {
    func apply(to parts: inout AxisMarkParts, value: PlotValue) {
        if let mark = self { (mark as? any AxisMarkPart)?.apply(to: &parts, value: value) }
    }
}

/// A gridline across the plot at the value (Swift Charts' `AxisGridLine`).
public struct AxisGridLine: AxisMark, AxisMarkPart {
    let stroke: StrokeStyle?
    public init(centered: Bool? = nil, stroke: StrokeStyle? = nil) { self.stroke = stroke }
    func apply(to parts: inout AxisMarkParts, value: PlotValue) { parts.grid = stroke ?? StrokeStyle(lineWidth: 1) }
}

/// A short tick outside the plot at the value (Swift Charts' `AxisTick`).
public struct AxisTick: AxisMark, AxisMarkPart {
    let stroke: StrokeStyle?
    public init(centered: Bool? = nil, length: CGFloat? = nil, stroke: StrokeStyle? = nil) { self.stroke = stroke }
    func apply(to parts: inout AxisMarkParts, value: PlotValue) { parts.tick = stroke ?? StrokeStyle(lineWidth: 1) }
}

/// The value's label (Swift Charts' `AxisValueLabel`): the axis's own text, a format style's, or a view.
public struct AxisValueLabel: AxisMark, AxisMarkPart {
    let make: (PlotValue) -> TickLabel

    public init(centered: Bool? = nil, anchor: UnitPoint? = nil) {
        make = { _ in .automatic }
    }

    /// The value formatted by `format` (its input must be the axis's value type: `Int`, `Double`, `Date` ...).
    public init<F: FormatStyle>(format: F, centered: Bool? = nil, anchor: UnitPoint? = nil) where F.FormatInput: Plottable, F.FormatOutput == String {
        make = { value in
            guard let input = PlotValue.plottable(value, as: F.FormatInput.self) else { return .automatic }
            return .text(Text(verbatim: format.format(input)))
        }
    }

    /// The app's view for the value (`AxisValueLabel { Text("\(kW) kW") }`, reading the `AxisValue` its
    /// `AxisMarks` closure was given).
    public init<Content: View>(centered: Bool? = nil, anchor: UnitPoint? = nil, @ViewBuilder content: () -> Content) {
        let view = AnyView(content())
        make = { _ in .view(view) }
    }

    func apply(to parts: inout AxisMarkParts, value: PlotValue) { parts.label = make(value) }
}

/// One value of an axis, as an `AxisMarks` closure sees it (Swift Charts' `AxisValue`).
public struct AxisValue {
    /// The value's position among the axis's values, and how many there are.
    public let index: Int
    public let count: Int
    let value: PlotValue

    /// The value as `type`, or nil if it is not one (`value.as(Double.self)`).
    public func `as`<P: Plottable>(_ type: P.Type) -> P? { PlotValue.plottable(value, as: type) }
}

/// Where an axis's marks go (Swift Charts' `AxisMarkPosition`).
public struct AxisMarkPosition: Sendable, Equatable {
    enum Kind: Equatable { case automatic, leading, trailing, top, bottom }
    let kind: Kind
    public static let automatic = AxisMarkPosition(kind: .automatic)
    public static let leading = AxisMarkPosition(kind: .leading)
    public static let trailing = AxisMarkPosition(kind: .trailing)
    public static let top = AxisMarkPosition(kind: .top)
    public static let bottom = AxisMarkPosition(kind: .bottom)
}

/// How the marks are laid out against the plot (Swift Charts' `AxisMarkPreset`): accepted; Scanout's marks
/// are always placed as `.automatic` places them.
public struct AxisMarkPreset: Sendable, Equatable {
    let name: Int
    public static let automatic = AxisMarkPreset(name: 0)
    public static let extended = AxisMarkPreset(name: 1)
    public static let aligned = AxisMarkPreset(name: 2)
    public static let inset = AxisMarkPreset(name: 3)
}

/// Which values an axis marks (Swift Charts' `AxisMarkValues`).
public struct AxisMarkValues: Sendable {
    enum Kind {
        case automatic(desiredCount: Int?)
        case stride(Double)
        case dateStride(Calendar.Component, Int)
        case values([PlotValue])
    }
    let kind: Kind
    public static let automatic = AxisMarkValues(kind: .automatic(desiredCount: nil))
    /// About `desiredCount` values, at nice steps.
    public static func automatic(desiredCount: Int? = nil, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil) -> AxisMarkValues {
        AxisMarkValues(kind: .automatic(desiredCount: desiredCount))
    }
    /// Every multiple of `stride` in the domain (every `stride`-th category on a category axis; seconds on a
    /// date axis).
    public static func stride(by stride: Double, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil) -> AxisMarkValues {
        AxisMarkValues(kind: .stride(stride))
    }
    /// The start of every `count`-th `component` of the board's local time in the domain: `.stride(by: .hour)`,
    /// `.stride(by: .day, count: 7)`.
    public static func stride(by component: Calendar.Component, count: Int = 1, roundLowerBound: Bool? = nil,
                              roundUpperBound: Bool? = nil, calendar: Calendar? = nil) -> AxisMarkValues {
        AxisMarkValues(kind: .dateStride(component, max(1, count)))
    }
}

/// An axis's marks (Swift Charts' `AxisMarks`): where they go, at which values, and what each draws — by
/// default a gridline (on a number line) and the value's label.
public struct AxisMarks<Content: AxisMark>: AxisContent, AxisSpecifying {
    let spec: AxisSpec

    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
                @AxisMarkBuilder content: @escaping (AxisValue) -> Content) {
        spec = AxisSpec(position: position.kind, values: values.kind, content: AxisMarks.parts(content))
    }

    public init<V: Plottable>(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: [V],
                              @AxisMarkBuilder content: @escaping (AxisValue) -> Content) {
        spec = AxisSpec(position: position.kind, values: .values(values.map { PlotValue($0) }), content: AxisMarks.parts(content))
    }

    private static func parts(_ content: @escaping (AxisValue) -> Content) -> (AxisValue) -> AxisMarkParts {
        { value in
            var parts = AxisMarkParts()
            (content(value) as? any AxisMarkPart)?.apply(to: &parts, value: value.value)
            return parts
        }
    }
}

extension AxisMarks where Content == AxisMarksEmpty {
    /// The default marks at `values`.
    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
                stroke: StrokeStyle? = nil) {
        spec = AxisSpec(position: position.kind, values: values.kind, content: nil)
    }

    public init<V: Plottable>(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: [V],
                              stroke: StrokeStyle? = nil) {
        spec = AxisSpec(position: position.kind, values: .values(values.map { PlotValue($0) }), content: nil)
    }
}

@MainActor
protocol AxisSpecifying { var spec: AxisSpec { get } }

/// An `AxisMarks` as the chart reads it.
struct AxisSpec {
    let position: AxisMarkPosition.Kind
    let values: AxisMarkValues.Kind
    /// What is drawn at a value; nil for the default (a gridline on a number line, the label).
    let content: ((AxisValue) -> AxisMarkParts)?
}
