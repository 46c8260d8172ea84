import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRaster
@testable import ScanoutCharts

/// Charts as drawn: marks placed by their scales, stacks, series colours and the legend, rules, areas,
/// interpolation, axes' labels, and the content builder's forms. Most charts here hide their axes, so the plot
/// is the whole frame and a value's pixel is known exactly.
@Suite @MainActor struct ChartTests {
    private static func close(_ a: RGBA, _ b: RGBA, within d: Int = 6) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= d && abs(Int(a.green) - Int(b.green)) <= d && abs(Int(a.blue) - Int(b.blue)) <= d
    }
    private static let blue = RGBA(red: 0, green: 122, blue: 255)
    private static let green = RGBA(red: 52, green: 199, blue: 89)
    private static let red = RGBA(red: 255, green: 59, blue: 48)
    private static let white = RGBA(red: 255, green: 255, blue: 255)

    /// `chart` in a frame of `width` by `height` with its axes hidden: the plot fills the frame.
    private func host<V: View>(_ chart: V, width: Int = 300, height: Int = 200) -> TestHost {
        let host = TestHost(rootView: chart.chartXAxis(.hidden).chartYAxis(.hidden)
            .frame(width: CGFloat(width), height: CGFloat(height)), width: width, height: height)
        host.runFrame()
        return host
    }

    struct Reading: Identifiable {
        let id: Int
        let day: String
        let line: String
        let count: Int
    }

    @Test func barsByCategoryRiseFromZeroToTheirValues() {
        let data = [Reading(id: 0, day: "A", line: "1", count: 10), Reading(id: 1, day: "B", line: "1", count: 20),
                    Reading(id: 2, day: "C", line: "1", count: 40)]
        let host = host(Chart(data) { BarMark(x: .value("Day", $0.day), y: .value("Count", $0.count)) }.chartYScale(domain: 0...40))
        // Categories at the middles of three bands; 10 of 40 is a quarter of the height.
        #expect(Self.close(host.pixel(x: 50, y: 160), Self.blue))
        #expect(host.pixel(x: 50, y: 140) == Self.white)
        #expect(Self.close(host.pixel(x: 150, y: 110), Self.blue))
        #expect(host.pixel(x: 150, y: 90) == Self.white)
        #expect(Self.close(host.pixel(x: 250, y: 5), Self.blue))
        // Bars take 0.8 of their band: the gap between A and B is empty.
        #expect(host.pixel(x: 100, y: 190) == Self.white)
    }

    @Test func barsOfTwoSeriesStackInTheirSeriesColours() {
        let data = [Reading(id: 0, day: "A", line: "Pump", count: 10), Reading(id: 1, day: "A", line: "Fan", count: 30)]
        let host = host(Chart(data) {
            BarMark(x: .value("Day", $0.day), y: .value("Count", $0.count)).foregroundStyle(by: .value("Line", $0.line))
        }.chartYScale(domain: 0...40).chartLegend(.hidden))
        #expect(Self.close(host.pixel(x: 150, y: 180), Self.blue))    // Pump: 0...10
        #expect(Self.close(host.pixel(x: 150, y: 100), Self.green))   // Fan: 10...40
        #expect(Self.close(host.pixel(x: 150, y: 3), Self.green))
    }

    @Test func theLegendNamesEachSeriesAndTheScaleChoosesTheirColours() {
        let data = [Reading(id: 0, day: "A", line: "Pump", count: 10), Reading(id: 1, day: "B", line: "Fan", count: 30)]
        let chart = Chart(data) {
            BarMark(x: .value("Day", $0.day), y: .value("Count", $0.count)).foregroundStyle(by: .value("Line", $0.line))
        }
        let shown = host(chart)
        #expect(shown.contains(text: "Pump") && shown.contains(text: "Fan"))
        let mapped = host(chart.chartForegroundStyleScale(["Pump": Color.red, "Fan": Color.green]).chartLegend(.hidden))
        #expect(!mapped.contains(text: "Pump"))
        #expect(Self.close(mapped.pixel(x: 75, y: 190), Self.red))
        #expect(Self.close(mapped.pixel(x: 225, y: 190), Self.green))
    }

    @Test func horizontalBarsWhenTheCategoriesAreOnTheYAxis() {
        let host = host(Chart {
            BarMark(x: .value("Count", 25), y: .value("Line", "Pump"))
            BarMark(x: .value("Count", 50), y: .value("Line", "Fan"))
        }.chartXScale(domain: 0...100))
        #expect(Self.close(host.pixel(x: 70, y: 50), Self.blue))    // Pump: the upper band, to a quarter
        #expect(host.pixel(x: 80, y: 50) == Self.white)
        #expect(Self.close(host.pixel(x: 145, y: 150), Self.blue))  // Fan: the lower band, to half
        #expect(host.pixel(x: 155, y: 150) == Self.white)
    }

    @Test func aLineJoinsItsPointsInOrder() {
        let host = host(Chart {
            LineMark(x: .value("t", 0), y: .value("v", 0))
            LineMark(x: .value("t", 10), y: .value("v", 10))
        }.chartXScale(domain: 0...10).chartYScale(domain: 0...10), width: 200, height: 200)
        #expect(Self.close(host.pixel(x: 100, y: 100), Self.blue, within: 90))
        #expect(host.pixel(x: 100, y: 60) == Self.white)
        #expect(host.pixel(x: 60, y: 100) == Self.white)
    }

    @Test func linesFollowTheirSeries() {
        // Two series, interleaved in the data: each is its own line (no zigzag between them).
        let host = host(Chart {
            ForEach([0, 10], id: \.self) { t in
                LineMark(x: .value("t", t), y: .value("v", 2)).foregroundStyle(by: .value("s", "Low"))
                LineMark(x: .value("t", t), y: .value("v", 8)).foregroundStyle(by: .value("s", "High"))
            }
        }.chartXScale(domain: 0...10).chartYScale(domain: 0...10).chartLegend(.hidden), width: 200, height: 200)
        #expect(Self.close(host.pixel(x: 100, y: 160), Self.blue, within: 40))   // Low at 2
        #expect(Self.close(host.pixel(x: 100, y: 40), Self.green, within: 40))   // High at 8
        #expect(host.pixel(x: 100, y: 100) == Self.white)
    }

    @Test func aRuleMarksALimitAcrossThePlot() {
        let host = host(Chart {
            RuleMark(y: .value("Limit", 80)).foregroundStyle(.red).lineStyle(StrokeStyle(lineWidth: 3))
        }.chartYScale(domain: 0...100))
        #expect(Self.close(host.pixel(x: 10, y: 40), Self.red))
        #expect(Self.close(host.pixel(x: 290, y: 40), Self.red))
        #expect(host.pixel(x: 150, y: 46) == Self.white)
    }

    @Test func anAreaFillsDownToTheBaseline() {
        let host = host(Chart {
            AreaMark(x: .value("t", 0), y: .value("v", 50))
            AreaMark(x: .value("t", 10), y: .value("v", 50))
        }.chartXScale(domain: 0...10).chartYScale(domain: 0...100), width: 200, height: 200)
        #expect(Self.close(host.pixel(x: 100, y: 150), Self.blue))
        #expect(Self.close(host.pixel(x: 100, y: 105), Self.blue))
        #expect(host.pixel(x: 100, y: 95) == Self.white)
    }

    @Test func aMonotoneLineDoesNotOvershootItsPoints() {
        // A plateau after a rise: catmull-rom bulges above 8; monotone stays at or under it.
        func chart(_ method: InterpolationMethod) -> some View {
            Chart {
                ForEach(Array([(0, 0), (3, 8), (6, 8), (10, 8)].enumerated()), id: \.offset) { _, p in
                    LineMark(x: .value("t", p.0), y: .value("v", p.1))
                }
                .interpolationMethod(method)
            }.chartXScale(domain: 0...10).chartYScale(domain: 0...10)
        }
        func highestBluePixel(_ host: TestHost) -> Int {
            for y in 0..<200 { for x in 60...140 where host.pixel(x: x, y: y).blue > 200 && host.pixel(x: x, y: y).red < 150 { return y } }
            return 200
        }
        let monotone = host(chart(.monotone), width: 200, height: 200)
        let catmull = host(chart(.catmullRom), width: 200, height: 200)
        // 8 of 10 is y = 40; the stroke is 2 wide.
        #expect(highestBluePixel(monotone) >= 38)
        #expect(highestBluePixel(catmull) < 38)
    }

    @Test func axesLabelTheirTicksAndTheNumberLineHoldsZero() {
        let host = TestHost(rootView: Chart {
            LineMark(x: .value("Day", "Mon"), y: .value("Load", 30))
            LineMark(x: .value("Day", "Tue"), y: .value("Load", 97))
        }.frame(width: 300, height: 200), width: 300, height: 200)
        host.runFrame()
        for label in ["0", "20", "40", "100", "Mon", "Tue"] { #expect(host.contains(text: label), "\(label)") }
        let top = host.frame(ofText: "100"), bottom = host.frame(ofText: "0")
        // The y axis's labels are on the trailing side, 100 above 0; the x axis's below the plot.
        #expect((top?.minX ?? 0) > 250 && (top?.midY ?? 999) < (bottom?.midY ?? 0))
        #expect((host.frame(ofText: "Mon")?.minY ?? 0) > 170)
    }

    @Test func crowdedAxisLabelsAreThinnedNotOverlapped() {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                      "November", "December"]
        let host = TestHost(rootView: Chart {
            ForEach(0..<12) { i in BarMark(x: .value("Month", months[i]), y: .value("kWh", 100 + i)) }
        }.frame(width: 260, height: 100), width: 260, height: 100)
        host.runFrame()
        // Ink in the labels' row, in clusters apart by 8 or more empty columns: one cluster per label drawn (an
        // overlap would merge two; a squeezed label would draw an ellipsis of its own).
        let row = try! #require(host.frame(ofText: "January"))
        var clusters = 0, emptyRun = 8
        for x in 0..<260 {
            let ink = (Int(row.minY)..<Int(row.maxY)).contains { host.pixel(x: x, y: $0).red < 200 }
            if ink { if emptyRun >= 8 { clusters += 1 }; emptyRun = 0 } else { emptyRun += 1 }
        }
        #expect(clusters >= 3 && clusters < 12, "\(clusters) labels")
        #expect(ChartAxesLayout.stride(centres: [0, 10, 20, 30], widths: [8, 8, 8, 8]) == 2)
        #expect(ChartAxesLayout.stride(centres: [0, 20, 40], widths: [8, 8, 8]) == 1)
    }

    @Test func annotationsSitBesideTheirMarks() throws {
        let shown = host(Chart {
            BarMark(x: .value("Day", "A"), y: .value("Count", 10)).annotation { Text("ten") }
            BarMark(x: .value("Day", "B"), y: .value("Count", 30)).annotation(position: .overlay, alignment: .top) { Text("thirty") }
            RuleMark(y: .value("Limit", 20)).annotation(position: .bottom, alignment: .leading, spacing: 2) { Text("limit") }
        }.chartYScale(domain: 0...40))
        // Above A's bar (top at y 150), centred on its band (x 75).
        let ten = try #require(shown.frame(ofText: "ten"))
        #expect(abs(ten.midX - 75) <= 1 && ten.maxY <= 146 + 1 && ten.maxY >= 146 - 1, "\(ten)")
        // Over B's bar, at its top edge (y 50).
        let thirty = try #require(shown.frame(ofText: "thirty"))
        #expect(abs(thirty.midX - 225) <= 1 && abs(thirty.minY - 50) <= 1, "\(thirty)")
        // Under the rule (y 100), from the plot's leading edge.
        let limit = try #require(shown.frame(ofText: "limit"))
        #expect(abs(limit.minX - 0) <= 1 && abs(limit.minY - 102) <= 1, "\(limit)")
        // A horizontal bar's annotation follows its end.
        let bars = host(Chart {
            BarMark(x: .value("Count", 50), y: .value("Line", "Pump")).annotation { Text("50") }
        }.chartXScale(domain: 0...100))
        let fifty = try #require(bars.frame(ofText: "50"))
        #expect(abs(fifty.minX - 154) <= 1 && abs(fifty.midY - 100) <= 1, "\(fifty)")
    }

    @Test func sectorsShareTheCircleClockwiseFromTheTop() throws {
        // A quarter and three quarters, 200 by 200 (the circle's radius is 100, centred at 100, 100).
        let pie = host(Chart {
            SectorMark(angle: .value("Share", 1)).foregroundStyle(by: .value("Kind", "Scrap"))
            SectorMark(angle: .value("Share", 3)).foregroundStyle(by: .value("Kind", "Good"))
                .annotation { Text("75%") }
        }.chartLegend(.hidden), width: 200, height: 200)
        #expect(Self.close(pie.pixel(x: 150, y: 50), Self.blue))     // top right: the first quarter
        #expect(Self.close(pie.pixel(x: 150, y: 150), Self.green))   // bottom right
        #expect(Self.close(pie.pixel(x: 50, y: 50), Self.green))     // top left
        #expect(pie.pixel(x: 5, y: 5) == Self.white)                 // outside the circle
        // The annotation sits over the middle of its sector (the left-bottom of the circle).
        let label = try #require(pie.frame(ofText: "75%"))
        #expect(label.midX < 100 && label.midY > 100, "\(label)")
        // A ring leaves its middle empty; the chart has no axes.
        let ring = host(Chart {
            SectorMark(angle: .value("Share", 1), innerRadius: .ratio(0.5), angularInset: 2)
        }.chartLegend(.hidden), width: 200, height: 200)
        #expect(ring.pixel(x: 100, y: 100) == Self.white)
        #expect(Self.close(ring.pixel(x: 100, y: 175), Self.blue))
        let labelled = TestHost(rootView: Chart { SectorMark(angle: .value("Share", 2)) }.frame(width: 200, height: 200),
                                width: 200, height: 200)
        labelled.runFrame()
        #expect(!labelled.contains(text: "0"))
    }

    struct TrendReader: View {
        @State var selected: Int?
        var body: some View {
            VStack(spacing: 0) {
                Chart {
                    LineMark(x: .value("t", 0), y: .value("v", 1))
                    LineMark(x: .value("t", 100), y: .value("v", 2))
                    if let selected { RuleMark(x: .value("t", selected)) }
                }
                .chartXScale(domain: 0...100)
                .chartXSelection(value: $selected)
                .chartXAxis(.hidden).chartYAxis(.hidden)
                .frame(width: 300, height: 150)
                Text(selected.map { "at \($0)" } ?? "none")
            }
        }
    }

    @Test func aFingerOnThePlotSelectsTheValueUnderItUntilItLifts() async {
        let host = TestHost(rootView: TrendReader(), width: 300, height: 200)
        host.runFrame()
        #expect(host.contains(text: "none"))
        host.touchDown(x: 225, y: 75)
        host.runFrame()
        #expect(host.contains(text: "at 75"), "\(host.visibleTexts)")
        host.touchMove(x: 30, y: 75)
        host.runFrame()
        #expect(host.contains(text: "at 10"), "\(host.visibleTexts)")
        host.touchUp(x: 30, y: 75)
        host.runFrame()
        #expect(host.contains(text: "none"))
        // Values back to the app's types: categories, raw-value enums, rounded integers, dates.
        #expect(PlotValue.plottable(.category("Cool"), as: Mode.self) == .cool)
        #expect(PlotValue.plottable(.number(41.6), as: Int.self) == 42)
        #expect(PlotValue.plottable(.number(4), as: String.self) == nil)
        #expect(PlotValue.plottable(.date(60), as: Date.self) == Date(timeIntervalSinceReferenceDate: 60))
        let categories = AxisScale(values: [.category("A"), .category("B")], domain: .automatic(includesZero: nil, reversed: nil),
                                   tickCount: 5, vertical: true)
        #expect(categories.value(atFraction: 0.9) == .category("A"))  // the top band on a vertical axis
    }

    struct Kilowatts: FormatStyle {
        func format(_ value: Double) -> String { "\(Int(value)) kW" }
    }

    @Test func axisMarksMoveTheAxesAndChooseTheirValuesAndLabels() throws {
        func render<V: View>(_ view: V) -> TestHost {
            let host = TestHost(rootView: view.frame(width: 300, height: 200), width: 300, height: 200)
            host.runFrame()
            return host
        }
        let line = Chart {
            LineMark(x: .value("t", 0), y: .value("v", 0))
            LineMark(x: .value("t", 100), y: .value("v", 100))
        }
        // The y axis's values on the leading side; the plot after them.
        let leading = render(line.chartYAxis { AxisMarks(position: .leading) })
        let hundred = try #require(leading.frame(ofText: "100"))
        #expect(hundred.maxX < 30 && hundred.minX >= 0, "\(hundred)")
        // Given values only, and a format style's labels.
        let given = render(line.chartYAxis {
            AxisMarks(values: [0, 50, 100]) { _ in
                AxisGridLine()
                AxisValueLabel(format: Kilowatts())
            }
        })
        #expect(given.contains(text: "0 kW") && given.contains(text: "50 kW") && given.contains(text: "100 kW"))
        #expect(!given.contains(text: "20 kW") && !given.contains(text: "60 kW"))
        // A stride on the x axis with the app's own label views reading the AxisValue; labels above the plot.
        let strided = render(line.chartXAxis {
            AxisMarks(position: .top, values: .stride(by: 25)) { value in
                AxisTick()
                AxisValueLabel { Text("\(value.as(Int.self) ?? -1)% of \(value.count)") }
            }
        })
        #expect(strided.contains(text: "25% of 5") && strided.contains(text: "75% of 5"))
        let top = try #require(strided.frame(ofText: "25% of 5"))
        let bottomLabel = try #require(strided.frame(ofText: "0"))  // the y axis's lowest value, by the plot's bottom
        #expect(top.maxY < 30 && bottomLabel.minY > 150, "\(top) \(bottomLabel)")
        // About three values when asked.
        let few = render(line.chartYAxis { AxisMarks(values: .automatic(desiredCount: 2)) }.chartXAxis(.hidden))
        #expect(few.contains(text: "50") && !few.contains(text: "20") && !few.contains(text: "25"))
    }

    @Test func valuesThatAreNotNumbersAreLeftOutWithoutHarm() {
        // NaN, infinities and huge magnitudes in every kind of mark: the chart draws what it can and stays up.
        let odd: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308, 5, 7]
        let host = TestHost(rootView: Chart {
            ForEach(Array(odd.enumerated()), id: \.offset) { index, value in
                LineMark(x: .value("i", index), y: .value("v", value))
                PointMark(x: .value("i", index), y: .value("v", value))
                BarMark(x: .value("k", "\(index)"), y: .value("v", value))
                AreaMark(x: .value("i", index), y: .value("v", value))
                RuleMark(y: .value("v", value))
            }
        }.frame(width: 300, height: 200), width: 300, height: 200)
        host.runFrame()
        let pie = TestHost(rootView: Chart {
            ForEach(Array(odd.enumerated()), id: \.offset) { _, value in SectorMark(angle: .value("v", value)) }
        }.frame(width: 200, height: 200), width: 200, height: 200)
        pie.runFrame()
        let empty = TestHost(rootView: Chart { BuilderEmpty() }.frame(width: 200, height: 100), width: 200, height: 100)
        empty.runFrame()
        #expect(empty.contains(text: "0") && empty.contains(text: "1"))
    }

    @Test func datesWithAUnitAreBinnedToIt() throws {
        // Three days' bars, each at a different time of its day: each bar spans its local day (0.8 of it).
        let morning = try #require(LocalUnit.interval(of: Date(timeIntervalSinceReferenceDate: 815_000_000), unit: .day))
        let days = (0..<3).map { Date(timeIntervalSinceReferenceDate: morning.lowerBound + Double($0) * 86_400 + Double($0 + 1) * 14_400) }
        let host = host(Chart {
            ForEach(Array(days.enumerated()), id: \.offset) { index, day in
                BarMark(x: .value("Day", day, unit: .day), y: .value("Parts", 10 * (index + 1)))
            }
        }.chartYScale(domain: 0...30))
        for (index, centre) in [50, 150, 250].enumerated() {
            #expect(Self.close(host.pixel(x: centre - 38, y: 195), Self.blue), "day \(index)")
            #expect(Self.close(host.pixel(x: centre + 38, y: 195), Self.blue), "day \(index)")
            #expect(host.pixel(x: centre + 45, y: 195) == Self.white, "day \(index)")
        }
        // Units of local time: an hour starts on the hour, a month on its first day, a week on a Monday.
        let hour = try #require(LocalUnit.interval(of: days[1], unit: .hour))
        #expect(hour.upperBound - hour.lowerBound == 3600)
        #expect((hour.lowerBound + AxisScale.localOffset(at: hour.lowerBound)).truncatingRemainder(dividingBy: 3600) == 0)
        let month = try #require(LocalUnit.interval(of: days[0], unit: .month))
        #expect((28...31).contains(Int((month.upperBound - month.lowerBound) / 86_400)))
        let week = try #require(LocalUnit.interval(of: days[0], unit: .weekOfYear))
        #expect(week.lowerBound <= days[0].timeIntervalSinceReferenceDate && week.upperBound > days[0].timeIntervalSinceReferenceDate)
        #expect(LocalUnit.interval(of: days[0], unit: .era) == nil)
    }

    @Test func dateAxesStrideByCalendarUnits() throws {
        let day = try #require(LocalUnit.interval(of: Date(timeIntervalSinceReferenceDate: 815_000_000), unit: .day))
        let from = Date(timeIntervalSinceReferenceDate: day.lowerBound + 2 * 3600)   // 02:00 on the first day
        let to = Date(timeIntervalSinceReferenceDate: day.lowerBound + 2 * 86_400 + 20 * 3600)  // 20:00 on the third
        let line = Chart {
            LineMark(x: .value("t", from), y: .value("v", 1))
            LineMark(x: .value("t", to), y: .value("v", 2))
        }
        // Days: the two midnights inside, labelled as dates (no clock times).
        let days = ResolvedAxis(scale: AxisScale(values: [PlotValue(from), PlotValue(to)], domain: .automatic(includesZero: nil, reversed: nil), tickCount: 5),
                                spec: AxisSpec(position: .automatic, values: .dateStride(.day, 1), content: nil), visible: true, vertical: false)
        #expect(days.ticks.map(\.value) == [.date(day.lowerBound + 86_400), .date(day.lowerBound + 2 * 86_400)])
        // Every six hours: on the local hours 6, 12, 18 and 0.
        let sixHours = ResolvedAxis(scale: AxisScale(values: [PlotValue(from), PlotValue(to)], domain: .automatic(includesZero: nil, reversed: nil), tickCount: 5),
                                    spec: AxisSpec(position: .automatic, values: .dateStride(.hour, 6), content: nil), visible: true, vertical: false)
        #expect(sixHours.ticks.count == 11)
        for case .date(let t) in sixHours.ticks.map(\.value) {
            #expect(LocalUnit.ordinal(at: t, unit: .hour).map { $0 % 6 } == 0)
        }
        let host = TestHost(rootView: line.chartXAxis { AxisMarks(values: .stride(by: .day)) }.frame(width: 400, height: 200),
                            width: 400, height: 200)
        host.runFrame()
        #expect(!host.visibleTexts.contains { $0.contains(":") }, "\(host.visibleTexts)")
    }

    @Test func symbolsShapeThePointsAndLinesShowThem() {
        // A square of 100 square points (10 by 10) at (100, 100): its corner is inside it, not inside a circle.
        let square = host(Chart { PointMark(x: .value("x", 5), y: .value("y", 5)).symbol(.square).symbolSize(100) }
            .chartXScale(domain: 0...10).chartYScale(domain: 0...10), width: 200, height: 200)
        #expect(Self.close(square.pixel(x: 96, y: 96), Self.blue))
        let circle = host(Chart { PointMark(x: .value("x", 5), y: .value("y", 5)).symbolSize(100) }
            .chartXScale(domain: 0...10).chartYScale(domain: 0...10), width: 200, height: 200)
        #expect(circle.pixel(x: 96, y: 96) != Self.blue)
        // A flat line shows a dot at each point with a symbol; without one, only its 2-point stroke.
        func line(_ symbol: Bool) -> TestHost {
            host(Chart {
                ForEach([0, 5, 10], id: \.self) { x in
                    if symbol {
                        LineMark(x: .value("x", x), y: .value("y", 5)).symbol(.circle).symbolSize(64)
                    } else {
                        LineMark(x: .value("x", x), y: .value("y", 5))
                    }
                }
            }.chartXScale(domain: 0...10).chartYScale(domain: 0...10), width: 200, height: 200)
        }
        #expect(Self.close(line(true).pixel(x: 100, y: 103), Self.blue))
        #expect(line(false).pixel(x: 100, y: 103) == Self.white)
        // symbol(by:): the second series' points are squares, and the legend names both.
        let bySeries = TestHost(rootView: Chart {
            PointMark(x: .value("x", 2), y: .value("y", 5)).symbol(by: .value("Sensor", "Inlet")).symbolSize(100)
            PointMark(x: .value("x", 8), y: .value("y", 5)).symbol(by: .value("Sensor", "Outlet")).symbolSize(100)
        }.chartXScale(domain: 0...10).chartYScale(domain: 0...10).frame(width: 200, height: 200), width: 200, height: 200)
        bySeries.runFrame()
        #expect(bySeries.contains(text: "Inlet") && bySeries.contains(text: "Outlet"))
    }

    @Test func rectanglesFillTheirCellsOrRanges() {
        // A 2 by 2 heat map: each cell fills its bands; the first y category is the top row.
        let heat = host(Chart {
            RectangleMark(x: .value("Shift", "Early"), y: .value("Line", "A")).foregroundStyle(.red)
            RectangleMark(x: .value("Shift", "Late"), y: .value("Line", "A")).foregroundStyle(.green)
            RectangleMark(x: .value("Shift", "Early"), y: .value("Line", "B")).foregroundStyle(.blue)
            RectangleMark(x: .value("Shift", "Late"), y: .value("Line", "B"), width: .ratio(0.5), height: .ratio(0.5))
        }, width: 200, height: 200)
        #expect(Self.close(heat.pixel(x: 5, y: 5), Self.red))
        #expect(Self.close(heat.pixel(x: 195, y: 5), Self.green))
        #expect(Self.close(heat.pixel(x: 5, y: 195), Self.blue))
        #expect(Self.close(heat.pixel(x: 150, y: 150), Self.blue))   // the half-size cell's middle
        #expect(heat.pixel(x: 195, y: 195) == Self.white)             // outside it
        // Between two values on each axis.
        let range = host(Chart {
            RectangleMark(xStart: .value("x", 2), xEnd: .value("x", 4), yStart: .value("y", 1), yEnd: .value("y", 3))
        }.chartXScale(domain: 0...10).chartYScale(domain: 0...10), width: 200, height: 200)
        #expect(Self.close(range.pixel(x: 60, y: 160), Self.blue))
        #expect(range.pixel(x: 85, y: 160) == Self.white && range.pixel(x: 60, y: 135) == Self.white)
    }

    @Test func numbersAsTheStylesValuesAreAContinuousScale() {
        // A heat map coloured by a count: the lowest cell light, the highest dark, the legend a gradient from
        // the lowest count to the highest (not an entry per count).
        let counts = [("A", "Early", 2), ("A", "Late", 7), ("B", "Early", 12), ("B", "Late", 4)]
        let host = TestHost(rootView: Chart {
            ForEach(Array(counts.enumerated()), id: \.offset) { _, cell in
                RectangleMark(x: .value("Shift", cell.1), y: .value("Line", cell.0)).foregroundStyle(by: .value("Alarms", cell.2))
            }
        }.chartXAxis(.hidden).chartYAxis(.hidden).frame(width: 200, height: 200), width: 200, height: 200)
        host.runFrame()
        let lowest = host.pixel(x: 10, y: 10), highest = host.pixel(x: 10, y: 150)
        #expect(Int(lowest.red) > 180 && Int(highest.red) < 30 && Int(highest.blue) > 150, "\(lowest) \(highest)")
        #expect(host.contains(text: "2") && host.contains(text: "12") && !host.contains(text: "7"))
    }

    enum Mode: String, Plottable { case heat = "Heat", cool = "Cool" }

    struct Limit: ChartContent {
        let value: Double
        var body: some ChartContent {
            RuleMark(y: .value("Limit", value)).foregroundStyle(.red)
        }
    }

    @Test func rawValueEnumsCompositeContentAndConditionsBuild() {
        let showLimit = true
        let host = TestHost(rootView: Chart {
            BarMark(x: .value("Mode", Mode.heat), y: .value("Hours", 3))
            BarMark(x: .value("Mode", Mode.cool), y: .value("Hours", 5))
            if showLimit { Limit(value: 4) } else { RuleMark(y: .value("Zero", 0)) }
        }.frame(width: 300, height: 200), width: 300, height: 200)
        host.runFrame()
        #expect(host.contains(text: "Heat") && host.contains(text: "Cool"))
        #expect(PlotValue(Mode.cool) == .category("Cool"))
    }

    @Test func numberScalesHaveNiceTicksAndHoldZeroUnlessTold() throws {
        let automatic = AxisScale(values: [.number(3), .number(97)], domain: .automatic(includesZero: nil, reversed: nil), tickCount: 5)
        #expect(automatic.ticks == [0, 20, 40, 60, 80, 100].map { .number($0) })
        let near = AxisScale(values: [.number(20.5), .number(23.7)], domain: .automatic(includesZero: false, reversed: nil), tickCount: 5)
        // 3.2 over about five ticks: steps of 0.5 from 20.5 to 24 (the data's ends rounded out to steps).
        #expect(near.ticks == [20.5, 21, 21.5, 22, 22.5, 23, 23.5, 24].map { .number($0) })
        #expect(near.fraction(.number(22.25)) == 0.5)
        let fixed = AxisScale(values: [.number(150)], domain: .range(0, 100, isDate: false), tickCount: 5)
        #expect(fixed.ticks == [0, 20, 40, 60, 80, 100].map { .number($0) })
        let small = AxisScale(values: [.number(0.9)], domain: .automatic(includesZero: nil, reversed: nil), tickCount: 5)
        #expect(small.ticks.compactMap(\.number).map(AxisScale.formatted) == ["0", "0.2", "0.4", "0.6", "0.8", "1"])
        let categories = AxisScale(values: [.category("Tue"), .category("Mon"), .category("Tue")], domain: .automatic(includesZero: nil, reversed: nil), tickCount: 5)
        #expect(categories.ticks == [.category("Tue"), .category("Mon")])
        #expect(categories.fraction(.category("Mon")) == 0.75)
        #expect(categories.fraction(.category("Wed")) == nil)
    }

    @Test func dateScalesTickOnWholeLocalHours() throws {
        let start = Date(timeIntervalSinceReferenceDate: 815_000_000 + 600)  // not on an hour
        let values = [PlotValue(start), PlotValue(start.addingTimeInterval(4 * 3600))]
        let scale = AxisScale(values: values, domain: .automatic(includesZero: nil, reversed: nil), tickCount: 5)
        #expect(scale.tickStep == 3600)
        let offset = AxisScale.localOffset(at: values[0].number ?? 0)
        #expect(scale.ticks.count == 4)
        for case .date(let t) in scale.ticks { #expect((t + offset).truncatingRemainder(dividingBy: 3600) == 0) }
        // A date axis spans the data (no zero).
        #expect(scale.fraction(values[0]) == 0 && scale.fraction(values[1]) == 1)
        // The labels, in the board's local time, show whole hours (in any zone: TZ=Asia/Kolkata too).
        let host = TestHost(rootView: Chart {
            LineMark(x: .value("Time", start), y: .value("v", 1))
            LineMark(x: .value("Time", start.addingTimeInterval(4 * 3600)), y: .value("v", 2))
        }.frame(width: 400, height: 200), width: 400, height: 200)
        host.runFrame()
        let times = host.visibleTexts.filter { $0.contains(":") }
        #expect(times.count == 4 && times.allSatisfy { $0.contains(":00") }, "\(times)")
    }

    @Test func normalizedStacksFillTheScale() {
        var marks = [ResolvedMark(kind: .bar, x: .category("A"), y: .number(1), stacking: .normalized),
                     ResolvedMark(kind: .bar, x: .category("A"), y: .number(3), stacking: .normalized)]
        ChartPlot.stack(&marks)
        #expect(marks[0].y == .number(0) && marks[0].yEnd == .number(0.25))
        #expect(marks[1].y == .number(0.25) && marks[1].yEnd == .number(1))
    }
}
