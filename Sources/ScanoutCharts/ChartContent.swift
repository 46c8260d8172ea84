import ScanoutUI

/// What a chart shows (Swift Charts' `ChartContent`): marks, and content composed of them in a `body`, as a
/// view composes views.
@MainActor @preconcurrency
public protocol ChartContent {
    associatedtype Body: ChartContent
    @ChartContentBuilder var body: Self.Body { get }
}

extension Never: ChartContent {}

/// Content that gives its marks itself (marks, the builder's containers, `ForEach`) instead of a body.
@MainActor
protocol MarkSource {
    func collectMarks(into marks: inout [ResolvedMark])
}

/// Appends the marks of `content`, in the order they are written.
@MainActor
func collectMarks<C: ChartContent>(_ content: C, into marks: inout [ResolvedMark]) {
    if let source = content as? any MarkSource {
        source.collectMarks(into: &marks)
    } else {
        collectMarks(content.body, into: &marks)
    }
}

/// Builds chart content from the marks written in a closure (Swift Charts' `ChartContentBuilder`).
@resultBuilder @MainActor
public enum ChartContentBuilder {
    public static func buildExpression<Content: ChartContent>(_ content: Content) -> Content { content }
    public static func buildBlock() -> BuilderEmpty { BuilderEmpty() }
    public static func buildPartialBlock<Content: ChartContent>(first: Content) -> Content { first }
    public static func buildPartialBlock<C0: ChartContent, C1: ChartContent>(accumulated: C0, next: C1) -> TupleChartContent<C0, C1> {
        TupleChartContent(first: accumulated, second: next)
    }
    public static func buildOptional<Content: ChartContent>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: ChartContent, F: ChartContent>(first: T) -> BuilderConditional<T, F> {
        BuilderConditional(storage: .first(first))
    }
    public static func buildEither<T: ChartContent, F: ChartContent>(second: F) -> BuilderConditional<T, F> {
        BuilderConditional(storage: .second(second))
    }
    public static func buildLimitedAvailability<Content: ChartContent>(_ content: Content) -> Content { content }
}

/// No marks (an empty builder closure).
public struct BuilderEmpty: ChartContent, MarkSource {
    public var body: Never { fatalError("BuilderEmpty has no body") }
    func collectMarks(into marks: inout [ResolvedMark]) {}
}

/// Two pieces of content in a row (the builder nests them for longer closures).
public struct TupleChartContent<C0: ChartContent, C1: ChartContent>: ChartContent, MarkSource {
    let first: C0
    let second: C1
    public var body: Never { fatalError("TupleChartContent has no body") }
    func collectMarks(into marks: inout [ResolvedMark]) {
        ScanoutCharts.collectMarks(first, into: &marks)
        ScanoutCharts.collectMarks(second, into: &marks)
    }
}

/// One of two pieces of content (`if`/`else`, `switch`).
public struct BuilderConditional<TrueContent: ChartContent, FalseContent: ChartContent>: ChartContent, MarkSource {
    enum Storage {
        case first(TrueContent)
        case second(FalseContent)
    }
    let storage: Storage
    public var body: Never { fatalError("BuilderConditional has no body") }
    func collectMarks(into marks: inout [ResolvedMark]) {
        switch storage {
        case .first(let content): ScanoutCharts.collectMarks(content, into: &marks)
        case .second(let content): ScanoutCharts.collectMarks(content, into: &marks)
        }
    }
}

extension Optional: ChartContent where Wrapped: ChartContent {
    public var body: Never { fatalError("Optional has no body") }
}

extension Optional: MarkSource where Wrapped: ChartContent {
    func collectMarks(into marks: inout [ResolvedMark]) {
        if let content = self { ScanoutCharts.collectMarks(content, into: &marks) }
    }
}

/// `ForEach` over data whose rows are marks: `Chart { ForEach(readings) { LineMark(...) } }`.
extension ForEach: ChartContent where Content: ChartContent {
    public var body: Never { fatalError("ForEach has no body") }
}

extension ForEach: MarkSource where Content: ChartContent {
    func collectMarks(into marks: inout [ResolvedMark]) {
        for element in data { ScanoutCharts.collectMarks(content(element), into: &marks) }
    }
}

extension ForEach where Content: ChartContent {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data: data, id: id, content: content)
    }
}

extension ForEach where Content: ChartContent, Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data: data, id: \.id, content: content)
    }
}

extension ForEach where Content: ChartContent, Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ChartContentBuilder content: @escaping (Int) -> Content) {
        self.init(data: data, id: \.self, content: content)
    }
}
