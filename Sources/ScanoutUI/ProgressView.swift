import ScanoutRender

/// Progress towards completion (SwiftUI's `ProgressView`, iOS style). Without a value it is a spinner, 20x20
/// (drawn still: Scanout does not animate it); with a value it is a bar 4 points high, as wide as proposed,
/// filled in the accent colour for `value / total` (clamped to 0...1; a nil value shows an empty bar). A
/// label goes above the bar (below the spinner), a current-value label below the bar.
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    /// nil: a spinner; otherwise the fraction done, or nil inside for an indeterminate bar.
    let fraction: Double??
    let label: Label
    let currentValueLabel: CurrentValueLabel
    /// Whether the environment's style draws it (not when made from a style's configuration, inside the style).
    var styled = true
    @Environment(\.progressViewStyleChoice) private var style

    init(fraction: Double??, label: Label, currentValueLabel: CurrentValueLabel) {
        self.fraction = fraction
        self.label = label
        self.currentValueLabel = currentValueLabel
    }

    init<V: BinaryFloatingPoint>(value: V?, total: V, label: Label, currentValueLabel: CurrentValueLabel) {
        let f: Double? = value.map { total > 0 ? min(1, max(0, Double($0) / Double(total))) : 0 }
        self.init(fraction: .some(f), label: label, currentValueLabel: currentValueLabel)
    }

    public var body: some View {
        // Labels are given only when there are labels: a modified EmptyView would still take a place in the stack.
        let configuration = ProgressViewStyleConfiguration(
            fractionCompleted: fraction ?? nil,
            label: Self.hasLabel(label) ? ProgressViewStyleConfiguration.Label(content: AnyView(label)) : nil,
            currentValueLabel: Self.hasLabel(currentValueLabel)
                ? ProgressViewStyleConfiguration.CurrentValueLabel(content: AnyView(currentValueLabel)) : nil,
            valueGiven: fraction != nil)
        return styled ? style.body(configuration) : configuration.defaultBody
    }

    /// Whether `label` shows something: not an `EmptyView`, nor a configuration's missing label.
    private static func hasLabel<L: View>(_ label: L) -> Bool {
        if L.self == EmptyView.self { return false }
        if let l = label as? ProgressViewStyleConfiguration.Label { return !l.isMissing }
        if let l = label as? ProgressViewStyleConfiguration.CurrentValueLabel { return !l.isMissing }
        return true
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// A spinner.
    public init() { self.init(fraction: nil, label: EmptyView(), currentValueLabel: EmptyView()) }

    /// A bar showing `value` out of `total`.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(value: value, total: total, label: EmptyView(), currentValueLabel: EmptyView())
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    /// A spinner with a label below it.
    public init(@ViewBuilder label: () -> Label) { self.init(fraction: nil, label: label(), currentValueLabel: EmptyView()) }

    /// A bar showing `value` out of `total`, with a label above it.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        self.init(value: value, total: total, label: label(), currentValueLabel: EmptyView())
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    /// A spinner titled `title`.
    public init(_ titleKey: LocalizedStringKey) { self.init { Text(titleKey) } }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S) { self.init { Text(title) } }

    /// A bar showing `value` out of `total`, titled `title`.
    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) {
        self.init(value: value, total: total) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) {
        self.init(value: value, total: total) { Text(title) }
    }
}

extension ProgressView {
    /// A bar showing `value` out of `total`, with a label above it and a current-value label below it.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        self.init(value: value, total: total, label: label(), currentValueLabel: currentValueLabel())
    }
}

/// A linear progress bar: a grey capsule track, filled from the leading edge.
struct ProgressBar: View, PrimitiveView, Equatable {
    let fraction: Double?
    func makeBehavior() -> NodeBehavior { ProgressBarBehavior() }
}

final class ProgressBarBehavior: NodeBehavior {
    static let height: CGFloat = 4
    var fraction: Double?

    override func update(_ view: any View) -> [ChildSlot]? {
        fraction = (view as! ProgressBar).fraction
        return []
    }

    /// As wide as proposed (the default 10 points of flexible views for an unspecified width).
    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        CGSize(width: proposal.replacingUnspecifiedDimensions().width, height: Self.height)
    }

    override func place(in bounds: CGRect) {}

    override func draw(into list: inout DisplayList) {
        let f = node.frame, environment = node.environment.current
        ControlDrawing.capsule(f, Palette.track, in: environment.colorScheme, into: &list)
        if let fraction, fraction > 0 {
            // (In the tint, as SwiftUI's bar.)
            ControlDrawing.capsule(CGRect(x: f.minX, y: f.minY, width: f.width * fraction, height: f.height), environment.resolvedTint,
                                   in: environment.colorScheme, into: &list)
        }
    }
}

/// The indeterminate spinner: eight spokes fading round the circle, drawn still.
struct ProgressSpinner: View, PrimitiveView, Equatable {
    func makeBehavior() -> NodeBehavior { ProgressSpinnerBehavior() }
}

final class ProgressSpinnerBehavior: NodeBehavior {
    static let size = CGSize(width: 20, height: 20)
    static let spokes = 8

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { Self.size }
    override func place(in bounds: CGRect) {}

    override func draw(into list: inout DisplayList) { Self.draw(in: node.frame, into: &list) }

    /// The spinner in `f` (also drawn by a scroll view pulled to refresh).
    static func draw(in f: CGRect, into list: inout DisplayList) {
        let c = Point(x: f.midX, y: f.midY)
        let outer = min(f.width, f.height) / 2 - 1, inner = outer * 0.5
        let style = StrokeStyle(lineWidth: 2.25, lineCap: .round)
        for i in 0..<spokes {
            let (dy, dx) = Trig.sinCos(Angle(degrees: Double(i) * 360 / Double(spokes) - 90).radians)
            var spoke = ScanoutRaster.Path()
            spoke.move(to: Point(x: c.x + dx * inner, y: c.y + dy * inner))
            spoke.addLine(to: Point(x: c.x + dx * outer, y: c.y + dy * outer))
            // The spoke at twelve o'clock is the darkest; the others fade clockwise behind it.
            let alpha = UInt8(255 * (1 - 0.85 * Double((spokes - i) % spokes) / Double(spokes)))
            list.append(.stroke(spoke, .solid(RGBA(red: 142, green: 142, blue: 147, alpha: alpha)), style))
        }
    }
}
