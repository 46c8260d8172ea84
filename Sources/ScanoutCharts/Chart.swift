import ScanoutUI

/// A chart of marks (Swift Charts' `Chart`): the plot with its gridlines, the y axis's values on the trailing
/// side and the x axis's below, and a legend when marks are coloured by a series. It takes the space it is
/// offered (300 by 200 points where a dimension is not proposed).
public struct Chart<Content: ChartContent>: View {
    let content: Content
    @Environment(\.chartConfiguration) private var configuration

    public init(@ChartContentBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: some View {
        var marks: [ResolvedMark] = []
        collectMarks(content, into: &marks)
        return ChartFrame(plot: ChartPlot(marks: marks, configuration: configuration), configuration: configuration)
    }
}

extension Chart {
    /// A chart with the marks `content` makes for each element of `data`.
    public init<Data: RandomAccessCollection, C: ChartContent>(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> C)
        where Data.Element: Identifiable, Content == ForEach<Data, Data.Element.ID, C> {
        self.content = ForEach(data, content: content)
    }

    public init<Data: RandomAccessCollection, ID: Hashable, C: ChartContent>(_ data: Data, id: KeyPath<Data.Element, ID>,
                                                                              @ChartContentBuilder content: @escaping (Data.Element) -> C)
        where Content == ForEach<Data, ID, C> {
        self.content = ForEach(data, id: id, content: content)
    }
}

/// The chart's parts around its plot: axis titles and the legend.
struct ChartFrame: View {
    let plot: ChartPlot
    let configuration: ChartConfiguration

    private var showsLegend: Bool { configuration.legend != .hidden && (!plot.series.isEmpty || plot.quantity != nil) }

    var body: some View {
        let position = configuration.legendPosition.kind
        if showsLegend && (position == .leading || position == .trailing) {
            HStack(alignment: .top, spacing: 8) {
                if position == .leading { legend(vertical: true) }
                axesAndPlot.frame(maxWidth: .infinity, maxHeight: .infinity)
                if position == .trailing { legend(vertical: true) }
            }
        } else {
            VStack(alignment: .leading, spacing: 8) {
                if showsLegend && position == .top { legend(vertical: false) }
                axesAndPlot
                if showsLegend && (position == .bottom || position == .automatic) { legend(vertical: false) }
            }
        }
    }

    private var axesAndPlot: some View {
        VStack(alignment: .trailing, spacing: 4) {
            if let title = configuration.yAxisLabel { ChartFrame.caption(title) }
            ChartAxesLayout(plot: plot) {
                selectable(Canvas { context, size in
                    context.translateBy(x: ChartAxesLayout.margin, y: ChartAxesLayout.margin)
                    plot.draw(in: &context, size: CGSize(width: size.width - 2 * ChartAxesLayout.margin,
                                                          height: size.height - 2 * ChartAxesLayout.margin))
                })
                ForEach(plot.yAxis.labelled, id: \.self) { index in label(plot.yAxis.ticks[index], of: plot.yAxis, on: plot.y) }
                ForEach(plot.xAxis.labelled, id: \.self) { index in
                    CollapsingLabel { label(plot.xAxis.ticks[index], of: plot.xAxis, on: plot.x) }.clipped()
                }
                ForEach(plot.annotated, id: \.self) { index in
                    CollapsingLabel { plot.marks[index].annotation?.view }.clipped()
                }
            }
            if let title = configuration.xAxisLabel { ChartFrame.caption(title).frame(maxWidth: .infinity) }
        }
    }

    /// A value's label: the axis's text for it, the format's, or the app's view (in the labels' font and colour
    /// unless it sets its own).
    @ViewBuilder private func label(_ tick: ResolvedTick, of axis: ResolvedAxis, on scale: AxisScale) -> some View {
        switch tick.parts.label {
        case .none: EmptyView()
        case .automatic: ChartFrame.caption(AxisScale.label(tick.value, step: axis.labelStep ?? scale.tickStep))
        case .text(let text): ChartFrame.caption(text)
        case .view(let view): view.font(.caption2).foregroundStyle(.secondary).lineLimit(1)
        }
    }

    /// The plot with the selection's gesture when a selection is bound: the values under the finger (in the
    /// canvas, whose plot starts a margin in), nil when it lifts.
    @ViewBuilder private func selectable<V: View>(_ canvas: V) -> some View {
        let x = configuration.xSelection, y = configuration.ySelection
        if x == nil && y == nil {
            canvas
        } else {
            GeometryReader { proxy in
                let m = ChartAxesLayout.margin
                let size = CGSize(width: proxy.size.width - 2 * m, height: proxy.size.height - 2 * m)
                canvas
                    .contentShape(Rectangle())
                    .gesture(DragGesture(minimumDistance: 0)
                        .onChanged { drag in
                            guard size.width > 0, size.height > 0 else { return }
                            x?(plot.x.value(atFraction: (drag.location.x - m) / size.width))
                            y?(plot.y.value(atFraction: 1 - (drag.location.y - m) / size.height))
                        }
                        .onEnded { _ in
                            x?(nil)
                            y?(nil)
                        })
            }
        }
    }

    @ViewBuilder private func legend(vertical: Bool) -> some View {
        if let quantity = plot.quantity {
            // A continuous scale: its lowest and highest values at the ends of its colours.
            HStack(spacing: 4) {
                ChartFrame.caption(AxisScale.label(.number(quantity.lowerBound), step: 1))
                LinearGradient(colors: [ChartPlot.quantityColor(at: 0), ChartPlot.quantityColor(at: 1)], startPoint: .leading, endPoint: .trailing)
                    .frame(width: 60, height: 8)
                ChartFrame.caption(AxisScale.label(.number(quantity.upperBound), step: 1))
            }
        } else {
            entries(vertical: vertical)
        }
    }

    @ViewBuilder private func entries(vertical: Bool) -> some View {
        let entries = ForEach(Array(plot.series.enumerated()), id: \.offset) { _, entry in
            HStack(spacing: 4) {
                if let symbol = plot.symbol(ofSeries: entry.value) {
                    let color = entry.fill.swatch
                    Canvas { context, size in
                        ChartPlot.drawSymbol(symbol, at: CGPoint(x: size.width / 2, y: size.height / 2), area: 50, color: color, in: context)
                    }
                    .frame(width: 10, height: 10)
                } else {
                    Circle().fill(entry.fill.swatch).frame(width: 8, height: 8)
                }
                ChartFrame.caption(AxisScale.label(entry.value, step: 1))
            }
        }
        if vertical {
            VStack(alignment: .leading, spacing: 4) { entries }
        } else {
            HStack(spacing: 12) { entries }
        }
    }

    static func caption(_ text: Text) -> some View {
        text.font(.caption2).foregroundStyle(.secondary).lineLimit(1)
    }
}

/// A label that shows whole, or not at all when it is given no width (a text squeezed to nothing would show
/// an ellipsis): the x axis's thinned labels. Shown, it is a point larger than its text on each side, so the
/// clip that hides it collapsed does not cut the glyphs' edges.
struct CollapsingLabel: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        guard proposal.width != 0, let label = subviews.first else { return .zero }
        let size = label.sizeThatFits(.unspecified)
        return CGSize(width: size.width + 2, height: size.height + 2)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: CGPoint(x: bounds.minX + 1, y: bounds.minY + 1), proposal: .unspecified)
    }
}

/// Places the plot (a canvas a little larger than the plot, so marks at its edges are not cut) and the axes'
/// labels: the y axis's after the plot, each centred on its gridline, the x axis's below, centred under theirs;
/// then the marks' annotations beside their marks.
struct ChartAxesLayout: Layout {
    static let margin: CGFloat = 8
    static let gap: CGFloat = 6
    let plot: ChartPlot
    private var x: AxisScale { plot.x }
    private var y: AxisScale { plot.y }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions(by: CGSize(width: 300, height: 200))
    }

    /// The smallest step through the labels at which neighbours do not touch.
    static func stride(centres: [CGFloat], widths: [CGFloat]) -> Int {
        guard centres.count > 1, centres.count == widths.count else { return 1 }
        for every in 1..<centres.count {
            var fits = true
            var index = every
            while index < centres.count && fits {
                let previous = index - every
                fits = centres[index] - centres[previous] >= (widths[index] + widths[previous]) / 2 + 4
                index += every
            }
            if fits { return every }
        }
        return centres.count
    }

    /// The plot's rectangle in `bounds`, after the labels' room.
    private func plotRect(in bounds: CGRect, yLabels: Slice<LayoutSubviews>, xLabels: Slice<LayoutSubviews>) -> CGRect {
        let ySizes = yLabels.map { $0.sizeThatFits(.unspecified) }
        let xHeight = xLabels.map { $0.sizeThatFits(.unspecified).height }.max() ?? 0
        let yWidth = ySizes.map(\.width).max() ?? 0
        let halfLabel = ((ySizes.map(\.height).max() ?? 0) / 2).rounded(.up)
        let yRoom = yLabels.isEmpty ? 0 : (yWidth + ChartAxesLayout.gap).rounded(.up)
        let xRoom = xLabels.isEmpty ? halfLabel : (xHeight + ChartAxesLayout.gap).rounded(.up)
        let leading = plot.yAxis.position == .leading, onTop = plot.xAxis.position == .top
        let left = bounds.minX + (leading ? yRoom : 0), right = bounds.maxX - (leading ? 0 : yRoom)
        let top = bounds.minY + (onTop ? max(xRoom, halfLabel) : halfLabel)
        let bottom = bounds.maxY - (onTop ? halfLabel : xRoom)
        return CGRect(x: left.rounded(), y: top.rounded(), width: max(0, right - left).rounded(),
                      height: max(0, bottom - top).rounded())
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard let canvas = subviews.first else { return }
        let yTicks = self.plot.yAxis.labelled.map { self.plot.yAxis.ticks[$0].value }
        let xTicks = self.plot.xAxis.labelled.map { self.plot.xAxis.ticks[$0].value }
        let yCount = yTicks.count, xCount = xTicks.count
        let labels = subviews.dropFirst()
        let yLabels = labels.prefix(yCount), xLabels = labels.dropFirst(yCount).prefix(xCount)
        let annotations = labels.dropFirst(yCount + xCount)
        let plot = plotRect(in: bounds, yLabels: yLabels, xLabels: xLabels)
        let m = ChartAxesLayout.margin
        canvas.place(at: CGPoint(x: plot.minX - m, y: plot.minY - m),
                     proposal: ProposedViewSize(width: plot.width + 2 * m, height: plot.height + 2 * m))
        let leading = self.plot.yAxis.position == .leading, onTop = self.plot.xAxis.position == .top
        for (label, tick) in zip(yLabels, yTicks) {
            let f = y.fraction(tick) ?? 0
            let point = CGPoint(x: leading ? plot.minX - ChartAxesLayout.gap : plot.maxX + ChartAxesLayout.gap, y: plot.maxY - f * plot.height)
            label.place(at: point, anchor: leading ? .trailing : .leading, proposal: .unspecified)
        }
        // Labels that would overlap are thinned to every second, third ... one (the others get no room).
        let widths = xLabels.map { $0.sizeThatFits(.unspecified).width }
        let centres = xTicks.map { plot.minX + (x.fraction($0) ?? 0) * plot.width }
        let every = ChartAxesLayout.stride(centres: centres, widths: widths)
        for (index, (label, centre)) in zip(xLabels, centres).enumerated() {
            guard index % every == 0 else {
                label.place(at: CGPoint(x: centre, y: onTop ? plot.minY : plot.maxY), anchor: .top, proposal: .zero)
                continue
            }
            let width = widths[index]
            let clamped = min(max(centre, bounds.minX + width / 2), bounds.maxX - width / 2)
            let y = onTop ? plot.minY - ChartAxesLayout.gap + 1 : plot.maxY + ChartAxesLayout.gap - 1
            label.place(at: CGPoint(x: clamped, y: y), anchor: onTop ? .bottom : .top, proposal: .unspecified)
        }
        for (view, index) in zip(annotations, self.plot.annotated) {
            placeAnnotation(view, ofMarkAt: index, in: plot)
        }
    }

    /// Places an annotation beside (or over) its mark's frame, aligned as it asks. (Its view is a collapsing
    /// label a point larger than the content on each side: the spacing counts from the content.)
    private func placeAnnotation(_ view: LayoutSubview, ofMarkAt index: Int, in plotRect: CGRect) {
        let mark = plot.marks[index]
        guard let annotation = mark.annotation,
              let frame = plot.frame(ofMarkAt: index, w: plotRect.width, h: plotRect.height) else {
            view.place(at: plotRect.origin, proposal: .zero)
            return
        }
        let r = frame.offsetBy(dx: plotRect.minX, dy: plotRect.minY)
        let ux: CGFloat = annotation.alignment.horizontal == .leading ? 0 : annotation.alignment.horizontal == .trailing ? 1 : 0.5
        let uy: CGFloat = annotation.alignment.vertical == .top ? 0 : annotation.alignment.vertical == .bottom ? 1 : 0.5
        let hx = r.minX + ux * r.width, vy = r.minY + uy * r.height
        let spacing = annotation.spacing - 1
        var position = annotation.position.kind
        if position == .automatic { position = mark.kind == .sector ? .overlay : ChartPlot.isHorizontal(mark) ? .trailing : .top }
        let (point, anchor): (CGPoint, UnitPoint)
        switch position {
        case .bottom: (point, anchor) = (CGPoint(x: hx, y: r.maxY + spacing), UnitPoint(x: ux, y: 0))
        case .leading: (point, anchor) = (CGPoint(x: r.minX - spacing, y: vy), UnitPoint(x: 1, y: uy))
        case .trailing: (point, anchor) = (CGPoint(x: r.maxX + spacing, y: vy), UnitPoint(x: 0, y: uy))
        case .overlay: (point, anchor) = (CGPoint(x: hx, y: vy), UnitPoint(x: ux, y: uy))
        case .top, .automatic: (point, anchor) = (CGPoint(x: hx, y: r.minY - spacing), UnitPoint(x: ux, y: 1))
        }
        view.place(at: point, anchor: anchor, proposal: .unspecified)
    }
}

@MainActor
extension AxisScale {
    /// The text of a value's label: numbers in their shortest form, dates as a time (or a date, for a `step` of
    /// a day or more), categories as they are.
    static func label(_ value: PlotValue, step: Double) -> Text {
        switch value {
        case .category(let name):
            return Text(verbatim: name)
        case .date(let seconds):
            return Text(Date(timeIntervalSinceReferenceDate: seconds), style: step < 86_400 ? .time : .date)
        case .number(let v):
            return Text(verbatim: formatted(v))
        }
    }

    /// `v` in plain digits: whole numbers without decimals, others in their shortest form.
    static func formatted(_ v: Double) -> String {
        if v == 0 { return "0" }
        if v.rounded() == v, abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }
}
