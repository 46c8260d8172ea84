import Glibc
import ScanoutUI

/// A chart's marks with their stacks resolved, the two scales, and the series' styles: what the plot draws and
/// the axes label.
@MainActor
struct ChartPlot {
    private(set) var marks: [ResolvedMark]
    let x: AxisScale
    let y: AxisScale
    /// The series `foregroundStyle(by:)` names, in the legend's order, with their styles.
    let series: [(value: PlotValue, fill: ChartFill)]
    /// The axes' values with what each draws, and where the axes go.
    let xAxis: ResolvedAxis
    let yAxis: ResolvedAxis
    /// The range of the style's values when they are numbers: coloured from light to dark blue
    /// (`quantityColor(at:)`).
    let quantity: ClosedRange<Double>?
    /// The series `symbol(by:)` names, in order: each gets the next shape.
    let symbolSeries: [PlotValue]
    /// The indices of the marks with an annotation.
    let annotated: [Int]
    /// Whether the chart is a pie or ring of sector marks (drawn without axes).
    let isCircular: Bool

    /// Swift Charts' default series colours, in order.
    static let palette: [Color] = [.blue, .green, .orange, .purple, .red, .cyan, .yellow, .indigo, .pink, .brown]

    init(marks: [ResolvedMark], configuration: ChartConfiguration) {
        var marks = marks
        ChartPlot.stack(&marks)
        var xs: [PlotValue] = [], ys: [PlotValue] = []
        for mark in marks {
            if let v = mark.x { xs.append(v) }
            if let v = mark.xEnd { xs.append(v) }
            if let v = mark.y { ys.append(v) }
            if let v = mark.yEnd { ys.append(v) }
            // A unit's whole span is on its axis, so a bar that spans it is not cut.
            if let unit = mark.xUnit { xs += [.date(unit.lowerBound), .date(unit.upperBound)] }
            if let unit = mark.yUnit { ys += [.date(unit.lowerBound), .date(unit.upperBound)] }
        }
        self.marks = marks
        x = AxisScale(values: xs, domain: configuration.xDomain, tickCount: ChartPlot.tickCount(configuration.xAxisMarks))
        y = AxisScale(values: ys, domain: configuration.yDomain, tickCount: ChartPlot.tickCount(configuration.yAxisMarks), vertical: true)
        isCircular = marks.contains { $0.kind == .sector }
        xAxis = ResolvedAxis(scale: x, spec: configuration.xAxisMarks, visible: configuration.xAxis != .hidden && !isCircular, vertical: false)
        yAxis = ResolvedAxis(scale: y, spec: configuration.yAxisMarks, visible: configuration.yAxis != .hidden && !isCircular, vertical: true)

        // Numbers as the style's values are a quantity, not names: a continuous scale of colours (a heat map),
        // unless a style scale names them.
        let styled = marks.compactMap(\.style.styleSeries)
        if configuration.styleScale == nil, !styled.isEmpty, styled.allSatisfy({ if case .number = $0 { true } else { false } }) {
            let numbers = styled.compactMap(\.number).filter(\.isFinite)
            quantity = (numbers.min() ?? 0)...(numbers.max() ?? 0)
        } else {
            quantity = nil
        }
        var series: [(value: PlotValue, fill: ChartFill)] = []
        var seen = Set<PlotValue>()
        for entry in configuration.styleScale ?? [] where seen.insert(entry.series).inserted {
            series.append((entry.series, entry.fill ?? .color(ChartPlot.palette[series.count % ChartPlot.palette.count])))
        }
        for mark in marks where quantity == nil {
            guard let value = mark.style.styleSeries, seen.insert(value).inserted else { continue }
            series.append((value, .color(ChartPlot.palette[series.count % ChartPlot.palette.count])))
        }
        var symbolSeries: [PlotValue] = []
        var seenSymbols = Set<PlotValue>()
        for mark in marks {
            guard let value = mark.style.symbolSeries, seenSymbols.insert(value).inserted else { continue }
            symbolSeries.append(value)
            // A series named only by its symbols is in the legend too, in the marks' colour.
            if seen.insert(value).inserted { series.append((value, mark.style.fill ?? .color(.accentColor))) }
        }
        self.symbolSeries = symbolSeries
        self.series = series
        annotated = marks.indices.filter { marks[$0].annotation != nil }
    }

    private static func tickCount(_ spec: AxisSpec?) -> Int {
        if case .automatic(let count?) = spec?.values { return max(1, count) }
        return 5
    }

    /// The continuous scale's colour at `t` (0: the lowest value, 1: the highest).
    static func quantityColor(at t: Double) -> Color {
        let t = min(max(t, 0), 1)
        let (low, high) = ((0.82, 0.90, 1.0), (0.0, 0.30, 0.75))
        return Color(red: low.0 + (high.0 - low.0) * t, green: low.1 + (high.1 - low.1) * t, blue: low.2 + (high.2 - low.2) * t)
    }

    /// The shape a series' points have, if `symbol(by:)` named it.
    func symbol(ofSeries value: PlotValue) -> BasicChartSymbolShape? {
        symbolSeries.firstIndex(of: value).map { BasicChartSymbolShape(kind: BasicChartSymbolShape.Kind(rawValue: $0 % 8)!) }
    }

    /// A mark's symbol: its own, its symbol series', or nil (a point is then a circle; a line shows none).
    func symbol(of mark: ResolvedMark) -> BasicChartSymbolShape? {
        mark.style.symbol ?? mark.style.symbolSeries.flatMap(symbol(ofSeries:))
    }

    /// The fill a mark is drawn with: its own style, its series', or the accent colour.
    func fill(of mark: ResolvedMark) -> ChartFill {
        if let fill = mark.style.fill { return fill }
        if let quantity, let v = mark.style.styleSeries?.number, v.isFinite {
            return .color(ChartPlot.quantityColor(at: quantity.upperBound > quantity.lowerBound
                ? (v - quantity.lowerBound) / (quantity.upperBound - quantity.lowerBound) : 1))
        }
        if let value = mark.style.styleSeries, let entry = series.first(where: { $0.value == value }) { return entry.fill }
        return .color(.accentColor)
    }

    /// Whether a bar runs along the x axis: its categories are on the y axis and its values on the x axis.
    static func isHorizontal(_ mark: ResolvedMark) -> Bool {
        mark.kind == .bar && mark.y?.number == nil && mark.x?.number != nil
    }

    /// Turns stacked bars and areas into ranges: each starts where the marks before it at the same position
    /// (and of the same kind) end, positive values upwards and negative ones downwards. Normalized stacks are
    /// scaled to 0...1 at each position; centred ones are moved so each stack's middle is at zero.
    static func stack(_ marks: inout [ResolvedMark]) {
        struct Key: Hashable { let kind: ResolvedMark.Kind; let position: PlotValue; let horizontal: Bool }
        var sums: [Key: (up: Double, down: Double)] = [:]
        var stacked: [(index: Int, key: Key)] = []
        for index in marks.indices {
            let mark = marks[index]
            guard mark.kind == .bar || mark.kind == .area, mark.stacking != .unstacked, mark.xEnd == nil, mark.yEnd == nil else { continue }
            let horizontal = isHorizontal(mark)
            guard let position = horizontal ? mark.y : mark.x, let v = (horizontal ? mark.x : mark.y)?.number, v.isFinite else { continue }
            let key = Key(kind: mark.kind, position: position, horizontal: horizontal)
            var sum = sums[key] ?? (0, 0)
            let start = v >= 0 ? sum.up : sum.down
            if v >= 0 { sum.up += v } else { sum.down += v }
            sums[key] = sum
            if horizontal {
                marks[index].x = .number(start)
                marks[index].xEnd = .number(start + v)
            } else {
                marks[index].y = .number(start)
                marks[index].yEnd = .number(start + v)
            }
            stacked.append((index, key))
        }
        for (index, key) in stacked {
            guard let sum = sums[key] else { continue }
            let method = marks[index].stacking
            let total = sum.up - sum.down
            func adjust(_ value: PlotValue?) -> PlotValue? {
                guard let v = value?.number else { return value }
                if method == .normalized { return .number(total > 0 ? (v - sum.down) / total : 0) }
                if method == .center { return .number(v - (sum.up + sum.down) / 2) }
                return value
            }
            if key.horizontal {
                marks[index].x = adjust(marks[index].x)
                marks[index].xEnd = adjust(marks[index].xEnd)
            } else {
                marks[index].y = adjust(marks[index].y)
                marks[index].yEnd = adjust(marks[index].yEnd)
            }
        }
    }
}

// MARK: Drawing

@MainActor
extension ChartPlot {
    private static let gridColor = Color.gray.opacity(0.35)
    private static let tickColor = Color.gray.opacity(0.6)

    /// Draws the gridlines, the axes' ticks and the marks into a plot of `size` whose origin is the context's.
    func draw(in context: inout GraphicsContext, size: CGSize) {
        let (w, h) = (size.width, size.height)
        guard w > 0, h > 0 else { return }
        if isCircular {
            for (index, mark) in marks.enumerated() where mark.kind == .sector {
                var layer = context
                layer.opacity = mark.style.opacity ?? 1
                if let path = sectorPath(at: index, w: w, h: h) { layer.fill(path, with: shading(fill(of: mark), w: w, h: h)) }
            }
            return
        }
        // Gridlines of one style are one path (crossings are drawn once), and so are ticks.
        var grids: [(style: StrokeStyle, path: Path)] = [], ticks: [(style: StrokeStyle, path: Path)] = []
        func add(_ line: (CGPoint, CGPoint), _ style: StrokeStyle, to list: inout [(style: StrokeStyle, path: Path)]) {
            if let index = list.firstIndex(where: { $0.style == style }) {
                list[index].path.move(to: line.0)
                list[index].path.addLine(to: line.1)
            } else {
                list.append((style, Path { $0.move(to: line.0); $0.addLine(to: line.1) }))
            }
        }
        for tick in yAxis.ticks {
            guard let f = y.fraction(tick.value) else { continue }
            let py = ((1 - f) * h).rounded(.down) + 0.5
            if let stroke = tick.parts.grid { add((CGPoint(x: 0, y: py), CGPoint(x: w, y: py)), stroke, to: &grids) }
            if let stroke = tick.parts.tick {
                let edge: CGFloat = yAxis.position == .leading ? 0 : w, out: CGFloat = yAxis.position == .leading ? -4 : 4
                add((CGPoint(x: edge, y: py), CGPoint(x: edge + out, y: py)), stroke, to: &ticks)
            }
        }
        for tick in xAxis.ticks {
            guard let f = x.fraction(tick.value) else { continue }
            let px = (f * w).rounded(.down) + 0.5
            if let stroke = tick.parts.grid { add((CGPoint(x: px, y: 0), CGPoint(x: px, y: h)), stroke, to: &grids) }
            if let stroke = tick.parts.tick {
                let edge: CGFloat = xAxis.position == .top ? 0 : h, out: CGFloat = xAxis.position == .top ? -4 : 4
                add((CGPoint(x: px, y: edge), CGPoint(x: px, y: edge + out)), stroke, to: &ticks)
            }
        }
        for grid in grids { context.stroke(grid.path, with: .color(ChartPlot.gridColor), style: grid.style) }
        for tick in ticks { context.stroke(tick.path, with: .color(ChartPlot.tickColor), style: tick.style) }

        // Lines and areas are drawn whole where their series' first mark is written.
        var drawnGroups = Set<GroupKey>()
        for (index, mark) in marks.enumerated() {
            var layer = context
            layer.opacity = mark.style.opacity ?? 1
            switch mark.kind {
            case .line, .area:
                let key = GroupKey(kind: mark.kind, series: lineSeries(mark))
                guard drawnGroups.insert(key).inserted else { continue }
                let members = marks[index...].filter { $0.kind == mark.kind && lineSeries($0) == key.series }
                if mark.kind == .line { drawLine(members, in: layer, w: w, h: h) } else { drawArea(members, in: layer, w: w, h: h) }
            case .point: drawPoint(mark, in: layer, w: w, h: h)
            case .bar: fillBox(barRect(mark, w: w, h: h), of: mark, in: layer, w: w, h: h)
            case .rule: drawRule(mark, in: layer, w: w, h: h)
            case .sector: break
            case .rectangle: fillBox(rectangle(mark, w: w, h: h), of: mark, in: layer, w: w, h: h)
            }
        }
    }

    /// The line (or area) a mark belongs to: its `series:`, else its style's or symbol's series.
    private func lineSeries(_ mark: ResolvedMark) -> PlotValue? {
        // (A quantity colours points; it does not split a line.)
        mark.series ?? (quantity == nil ? mark.style.styleSeries : nil) ?? mark.style.symbolSeries
    }

    private struct GroupKey: Hashable {
        let kind: ResolvedMark.Kind
        let series: PlotValue?
    }

    private func point(_ xv: PlotValue?, _ yv: PlotValue?, w: CGFloat, h: CGFloat) -> CGPoint? {
        guard let xv, let yv, let fx = x.fraction(xv), let fy = y.fraction(yv) else { return nil }
        return CGPoint(x: fx * w, y: (1 - fy) * h)
    }

    private func shading(_ fill: ChartFill, w: CGFloat, h: CGFloat) -> GraphicsContext.Shading {
        switch fill {
        case .color(let color): .color(color)
        case .gradient(let gradient, let start, let end):
            .linearGradient(gradient, startPoint: CGPoint(x: start.x * w, y: start.y * h), endPoint: CGPoint(x: end.x * w, y: end.y * h))
        }
    }

    private func drawLine(_ members: [ResolvedMark], in context: GraphicsContext, w: CGFloat, h: CGFloat) {
        guard let first = members.first else { return }
        let points = members.compactMap { point($0.x, $0.y, w: w, h: h) }
        guard points.count > 1 else { return }
        var path = Path()
        path.move(to: points[0])
        ChartPlot.addCurve(through: points, method: first.style.interpolation ?? .linear, to: &path)
        let style = first.style.lineStyle ?? StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round)
        context.stroke(path, with: shading(fill(of: first), w: w, h: h), style: style)
        // A line with a symbol shows its points.
        if let symbol = symbol(of: first) {
            for p in points {
                ChartPlot.drawSymbol(symbol, at: p, area: first.style.symbolSize ?? 30, color: fill(of: first).swatch, in: context)
            }
        }
    }

    private func drawArea(_ members: [ResolvedMark], in context: GraphicsContext, w: CGFloat, h: CGFloat) {
        guard let first = members.first else { return }
        let baseline = PlotValue.number(y.baseline)
        var tops: [CGPoint] = [], bottoms: [CGPoint] = []
        for mark in members {
            // A stacked or ranged area runs from `y` to `yEnd`; a plain one from the baseline to `y`.
            let (low, high) = mark.yEnd.map { (mark.y, Optional($0)) } ?? (baseline, mark.y)
            guard let top = point(mark.x, high, w: w, h: h), let bottom = point(mark.x, low, w: w, h: h) else { continue }
            tops.append(top)
            bottoms.append(bottom)
        }
        guard tops.count > 1 else { return }
        let method = first.style.interpolation ?? .linear
        var path = Path()
        path.move(to: tops[0])
        ChartPlot.addCurve(through: tops, method: method, to: &path)
        let back = Array(bottoms.reversed())
        path.addLine(to: back[0])
        ChartPlot.addCurve(through: back, method: method, to: &path)
        path.closeSubpath()
        context.fill(path, with: shading(fill(of: first), w: w, h: h))
    }

    private func drawPoint(_ mark: ResolvedMark, in context: GraphicsContext, w: CGFloat, h: CGFloat) {
        guard let p = point(mark.x, mark.y, w: w, h: h) else { return }
        ChartPlot.drawSymbol(symbol(of: mark) ?? .circle, at: p, area: mark.style.symbolSize ?? 30, color: fill(of: mark).swatch, in: context)
    }

    /// Draws `symbol` centred at `p`, covering about `area` square points (the strokes of a plus, cross or
    /// asterisk span a square of that area).
    static func drawSymbol(_ symbol: BasicChartSymbolShape, at p: CGPoint, area: CGFloat, color: Color, in context: GraphicsContext) {
        let a = max(area, 1)
        func polygon(_ radius: CGFloat, _ corners: Int, rotation: CGFloat) -> Path {
            Path { path in
                for i in 0..<corners {
                    let angle = rotation + 2 * .pi * CGFloat(i) / CGFloat(corners)
                    let corner = CGPoint(x: p.x + radius * cos(angle), y: p.y + radius * sin(angle))
                    if i == 0 { path.move(to: corner) } else { path.addLine(to: corner) }
                }
                path.closeSubpath()
            }
        }
        func strokes(_ angles: [CGFloat]) -> Path {
            let half = a.squareRoot() * 0.6
            return Path { path in
                for angle in angles {
                    path.move(to: CGPoint(x: p.x - half * cos(angle), y: p.y - half * sin(angle)))
                    path.addLine(to: CGPoint(x: p.x + half * cos(angle), y: p.y + half * sin(angle)))
                }
            }
        }
        switch symbol.kind {
        case .circle:
            let d = (4 * a / .pi).squareRoot()
            context.fill(Path(ellipseIn: CGRect(x: p.x - d / 2, y: p.y - d / 2, width: d, height: d)), with: .color(color))
        case .square:
            let s = a.squareRoot()
            context.fill(Path(CGRect(x: p.x - s / 2, y: p.y - s / 2, width: s, height: s)), with: .color(color))
        case .triangle:
            // An equilateral triangle of that area, pointing up: circumradius = side / √3.
            let side = (4 * a / 3.0.squareRoot()).squareRoot()
            context.fill(polygon(side / 3.0.squareRoot(), 3, rotation: -.pi / 2), with: .color(color))
        case .diamond:
            context.fill(polygon((a / 2).squareRoot(), 4, rotation: 0), with: .color(color))
        case .pentagon:
            context.fill(polygon((2 * a / (5 * sin(2 * .pi / 5))).squareRoot(), 5, rotation: -.pi / 2), with: .color(color))
        case .plus:
            context.stroke(strokes([0, .pi / 2]), with: .color(color), lineWidth: 2)
        case .cross:
            context.stroke(strokes([.pi / 4, 3 * .pi / 4]), with: .color(color), lineWidth: 2)
        case .asterisk:
            context.stroke(strokes([.pi / 2, .pi / 2 + 2 * .pi / 3, .pi / 2 + 4 * .pi / 3]), with: .color(color), lineWidth: 2)
        }
    }

    /// A bar's thickness across its axis: `width` of the band each category (or step of the data) has.
    private func thickness(_ dimension: MarkDimension, band: CGFloat) -> CGFloat {
        switch dimension.kind {
        case .automatic: max(1, band * 0.8)
        case .fixed(let points): points
        case .ratio(let ratio): band * ratio
        case .inset(let inset): max(1, band - 2 * inset)
        }
    }

    /// Fills a bar's or rectangle's `rect`, its corners rounded as the mark asks (at most half its side).
    private func fillBox(_ rect: CGRect?, of mark: ResolvedMark, in context: GraphicsContext, w: CGFloat, h: CGFloat) {
        guard let rect, rect.width > 0, rect.height > 0 else { return }
        let radius = min(mark.style.cornerRadius ?? 0, min(rect.width, rect.height) / 2)
        let path = radius > 0 ? Path(roundedRect: rect, cornerRadius: radius) : Path(rect)
        context.fill(path, with: shading(fill(of: mark), w: w, h: h))
    }

    /// Where a mark is in a plot of `w` by `h`, for its annotation: a bar's rectangle, a point (or a line's or
    /// area's point) as an empty rectangle, a rule's line.
    func frame(ofMarkAt index: Int, w: CGFloat, h: CGFloat) -> CGRect? {
        let mark = marks[index]
        switch mark.kind {
        case .bar:
            return barRect(mark, w: w, h: h)
        case .rectangle:
            return rectangle(mark, w: w, h: h)
        case .point, .line, .area:
            return point(mark.x, mark.yEnd ?? mark.y, w: w, h: h).map { CGRect(origin: $0, size: .zero) }
        case .sector:
            guard let slice = sectorGeometry(at: index, w: w, h: h) else { return nil }
            let middle = (slice.start + slice.end) / 2, radius = (slice.inner + slice.outer) / 2
            return CGRect(x: slice.centre.x + radius * cos(middle), y: slice.centre.y + radius * sin(middle), width: 0, height: 0)
        case .rule:
            guard let (a, b) = ruleLine(mark, w: w, h: h) else { return nil }
            return CGRect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
        }
    }

    /// A rectangle mark's rectangle: between its ranges, or centred on its values as wide as their bands (a
    /// whole band unless its width or height says otherwise).
    private func rectangle(_ mark: ResolvedMark, w: CGFloat, h: CGFloat) -> CGRect? {
        func extent(_ value: PlotValue?, _ end: PlotValue?, _ unit: ClosedRange<Double>?, _ scale: AxisScale, _ length: CGFloat,
                    _ dimension: MarkDimension) -> (CGFloat, CGFloat)? {
            guard let value, let f = scale.fraction(value) else { return nil }
            if let end {
                guard let g = scale.fraction(end) else { return nil }
                return (min(f, g) * length, abs(g - f) * length)
            }
            let band = (unit.flatMap(scale.span) ?? scale.band) * length
            let size = dimension == .automatic ? band : thickness(dimension, band: band)
            return (f * length - size / 2, size)
        }
        guard let (x0, width) = extent(mark.x, mark.xEnd, mark.xUnit, x, w, mark.width),
              let (y0, height) = extent(mark.y, mark.yEnd, mark.yUnit, y, h, mark.height) else { return nil }
        // y grows upwards in the data, downwards on screen.
        return CGRect(x: x0, y: h - y0 - height, width: width, height: height)
    }

    private func barRect(_ mark: ResolvedMark, w: CGFloat, h: CGFloat) -> CGRect? {
        let rect: CGRect
        if ChartPlot.isHorizontal(mark) || (mark.xEnd != nil && mark.yEnd == nil) {
            let start = mark.xEnd == nil ? PlotValue.number(x.baseline) : mark.x
            guard let yv = mark.y, let fy = y.fraction(yv), let s = start.flatMap(x.fraction),
                  let e = (mark.xEnd ?? mark.x).flatMap(x.fraction) else { return nil }
            let t = thickness(mark.width, band: (mark.yUnit.flatMap(y.span) ?? y.band) * h)
            rect = CGRect(x: min(s, e) * w, y: (1 - fy) * h - t / 2, width: abs(e - s) * w, height: t)
        } else {
            let start = mark.yEnd == nil ? PlotValue.number(y.baseline) : mark.y
            guard let xv = mark.x, let fx = x.fraction(xv), let s = start.flatMap(y.fraction),
                  let e = (mark.yEnd ?? mark.y).flatMap(y.fraction) else { return nil }
            let t = thickness(mark.width, band: (mark.xUnit.flatMap(x.span) ?? x.band) * w)
            rect = CGRect(x: fx * w - t / 2, y: (1 - max(s, e)) * h, width: t, height: abs(e - s) * h)
        }
        return rect
    }

    /// A rule's ends: vertical at x over yStart...yEnd (or the whole height), else horizontal at y over
    /// xStart...xEnd (or the whole width).
    private func ruleLine(_ mark: ResolvedMark, w: CGFloat, h: CGFloat) -> (CGPoint, CGPoint)? {
        if mark.yEnd != nil || (mark.y == nil && mark.x != nil) {
            guard let fx = mark.x.flatMap(x.fraction) else { return nil }
            let top = mark.yEnd.flatMap(y.fraction).map { (1 - $0) * h } ?? 0
            let bottom = mark.yEnd == nil ? h : mark.y.flatMap(y.fraction).map { (1 - $0) * h } ?? h
            return (CGPoint(x: fx * w, y: top), CGPoint(x: fx * w, y: bottom))
        }
        guard let fy = mark.y.flatMap(y.fraction) else { return nil }
        let left = mark.xEnd == nil ? 0 : mark.x.flatMap(x.fraction).map { $0 * w } ?? 0
        let right = mark.xEnd.flatMap(x.fraction).map { $0 * w } ?? w
        return (CGPoint(x: left, y: (1 - fy) * h), CGPoint(x: right, y: (1 - fy) * h))
    }

    private func drawRule(_ mark: ResolvedMark, in context: GraphicsContext, w: CGFloat, h: CGFloat) {
        guard let (a, b) = ruleLine(mark, w: w, h: h) else { return }
        context.stroke(Path { $0.move(to: a); $0.addLine(to: b) }, with: shading(fill(of: mark), w: w, h: h),
                       style: mark.style.lineStyle ?? StrokeStyle(lineWidth: 1))
    }
}

// MARK: Sectors

@MainActor
extension ChartPlot {
    /// A sector's centre, radii and angles (radians, clockwise on screen from the x axis; the first sector
    /// starts at the top).
    func sectorGeometry(at index: Int, w: CGFloat, h: CGFloat) -> (centre: CGPoint, inner: CGFloat, outer: CGFloat, start: CGFloat, end: CGFloat)? {
        guard let shape = marks[index].sector else { return nil }
        // Shares of the largest value, so a sum of huge values cannot overflow.
        let largest = marks.compactMap { $0.sector?.value }.max() ?? 0
        guard largest > 0, largest.isFinite, shape.value > 0 else { return nil }
        var total = 0.0, before = 0.0
        for (other, mark) in marks.enumerated() {
            guard let value = mark.sector?.value else { continue }
            if other < index { before += value / largest }
            total += value / largest
        }
        let share = shape.value / largest
        let radius = min(w, h) / 2
        func resolve(_ d: MarkDimension, automatic: CGFloat) -> CGFloat {
            switch d.kind {
            case .automatic: automatic
            case .fixed(let v): v
            case .ratio(let r): r * radius
            case .inset(let i): radius - i
            }
        }
        let outer = max(0, min(resolve(shape.outerRadius, automatic: radius), radius))
        let inner = max(0, min(resolve(shape.innerRadius, automatic: 0), outer))
        let top = -CGFloat.pi / 2
        var start = top + 2 * .pi * before / total, end = top + 2 * .pi * (before + share) / total
        if shape.angularInset > 0 && outer > 0 {
            let inset = min(shape.angularInset / 2 / outer, (end - start) / 2)
            start += inset
            end -= inset
        }
        return (CGPoint(x: w / 2, y: h / 2), inner, outer, start, end)
    }

    func sectorPath(at index: Int, w: CGFloat, h: CGFloat) -> Path? {
        guard let s = sectorGeometry(at: index, w: w, h: h), s.end > s.start, (s.end - s.start).isFinite, s.outer > 0 else { return nil }
        // Arcs as short chords (under a degree and a half each: far below a pixel off the circle at panel sizes).
        let steps = max(2, Int(((s.end - s.start) / (1.5 * .pi / 180)).rounded(.up)))
        func arcPoint(_ radius: CGFloat, _ angle: CGFloat) -> CGPoint {
            CGPoint(x: s.centre.x + radius * cos(angle), y: s.centre.y + radius * sin(angle))
        }
        var path = Path()
        path.move(to: arcPoint(s.outer, s.start))
        for i in 1...steps { path.addLine(to: arcPoint(s.outer, s.start + (s.end - s.start) * CGFloat(i) / CGFloat(steps))) }
        if s.inner > 0 {
            for i in (0...steps).reversed() { path.addLine(to: arcPoint(s.inner, s.start + (s.end - s.start) * CGFloat(i) / CGFloat(steps))) }
        } else {
            path.addLine(to: s.centre)
        }
        path.closeSubpath()
        return path
    }
}

// MARK: Axes

/// One value an axis marks, with what is drawn there.
struct ResolvedTick {
    let value: PlotValue
    let parts: AxisMarkParts
}

/// An axis as drawn: where it goes (leading or trailing for y, top or bottom for x) and its values' marks.
@MainActor
struct ResolvedAxis {
    let position: AxisMarkPosition.Kind
    let ticks: [ResolvedTick]
    /// The step the labels are written for (a date stride's unit: times for hours, dates for days); nil for
    /// the scale's own.
    private(set) var labelStep: Double?

    init(scale: AxisScale, spec: AxisSpec?, visible: Bool, vertical: Bool) {
        let asked = spec?.position ?? .automatic
        position = vertical ? (asked == .leading ? .leading : .trailing) : (asked == .top ? .top : .bottom)
        guard visible else {
            ticks = []
            return
        }
        let values: [PlotValue]
        switch spec?.values ?? .automatic(desiredCount: nil) {
        case .automatic:
            values = scale.ticks
        case .stride(let step):
            switch scale.kind {
            case .numeric(let lower, let upper, let isDate):
                let numbers = step > 0 ? AxisScale.ticks(from: lower, to: upper, step: step, isDate: isDate) : []
                values = numbers.map { isDate ? .date($0) : .number($0) }
            case .categorical:
                let every = Swift.max(1, Int(step.rounded()))
                values = scale.ticks.enumerated().filter { $0.offset % every == 0 }.map(\.element)
            }
        case .dateStride(let component, let count):
            var dates: [PlotValue] = []
            if case .numeric(let lower, let upper, true) = scale.kind,
               var unit = LocalUnit.interval(of: Date(timeIntervalSinceReferenceDate: lower), unit: component) {
                labelStep = unit.upperBound - unit.lowerBound
                var index = 0
                while unit.lowerBound <= upper && dates.count < 1000 {
                    let ordinal = LocalUnit.ordinal(at: unit.lowerBound, unit: component) ?? index
                    if unit.lowerBound >= lower && ordinal % count == 0 { dates.append(.date(unit.lowerBound)) }
                    guard let next = LocalUnit.interval(of: Date(timeIntervalSinceReferenceDate: unit.upperBound), unit: component),
                          next.lowerBound > unit.lowerBound else { break }
                    unit = next
                    index += 1
                }
            }
            values = dates
        case .values(let given):
            values = given.filter { scale.fraction($0) != nil }
        }
        let defaultParts = AxisMarkParts(grid: scale.isCategorical ? nil : StrokeStyle(lineWidth: 1), tick: nil, label: .automatic)
        ticks = values.enumerated().map { index, value in
            let parts = spec?.content?(AxisValue(index: index, count: values.count, value: value)) ?? defaultParts
            return ResolvedTick(value: value, parts: parts)
        }
    }

    /// The ticks that have a label, in order.
    var labelled: [Int] { ticks.indices.filter { if case .none = ticks[$0].parts.label { false } else { true } } }
}
