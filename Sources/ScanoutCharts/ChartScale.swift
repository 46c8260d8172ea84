import Glibc
import ScanoutUI

/// Where an axis's values go: a number line (numbers and dates) from `lower` to `upper`, or evenly spaced
/// categories. Positions are fractions of the axis, 0 at its start (the left, or the bottom).
struct AxisScale {
    enum Kind {
        case numeric(lower: Double, upper: Double, isDate: Bool)
        case categorical([String])
    }
    let kind: Kind
    let reversed: Bool
    /// The values labelled on the axis, with gridlines where the axis has them.
    let ticks: [PlotValue]
    /// The step between ticks (numeric), for the labels' decimals and the dates' format.
    let tickStep: Double
    /// The space one category or one step of the data takes, as a fraction of the axis (a bar's band).
    let band: Double

    /// `value`'s position along the axis; nil for a value the scale does not hold (a category not in an
    /// explicit domain, a category on a number line, a number among categories).
    func fraction(_ value: PlotValue) -> Double? {
        let f: Double
        switch kind {
        case .numeric(let lower, let upper, _):
            guard let v = value.number else { return nil }
            // (Halves: -1e308...1e308 spans more than a Double holds.)
            f = upper > lower ? (v / 2 - lower / 2) / (upper / 2 - lower / 2) : 0.5
        case .categorical(let categories):
            guard case .category(let name) = value, let index = categories.firstIndex(of: name) else { return nil }
            f = (Double(index) + 0.5) / Double(categories.count)
        }
        guard f.isFinite else { return nil }  // a NaN value is left out
        return reversed ? 1 - f : f
    }

    /// The value at `fraction` along the axis (0 at its start): a number or date on a number line, the
    /// category whose band holds it.
    func value(atFraction fraction: Double) -> PlotValue? {
        guard fraction.isFinite else { return nil }
        let f = min(max(reversed ? 1 - fraction : fraction, 0), 1)
        switch kind {
        case .numeric(let lower, let upper, let isDate):
            let v = lower * (1 - f) + upper * f
            return isDate ? .date(v) : .number(v)
        case .categorical(let categories):
            guard !categories.isEmpty else { return nil }
            return .category(categories[min(Int(f * Double(categories.count)), categories.count - 1)])
        }
    }

    /// The fraction of the axis a span of dates (a calendar unit) takes.
    func span(_ dates: ClosedRange<Double>) -> Double? {
        guard let a = fraction(.date(dates.lowerBound)), let b = fraction(.date(dates.upperBound)) else { return nil }
        return abs(b - a)
    }

    /// Where a bar's or area's value axis starts: zero, held inside the domain.
    var baseline: Double {
        guard case .numeric(let lower, let upper, _) = kind else { return 0 }
        return min(max(0, lower), upper)
    }

    var isCategorical: Bool { if case .categorical = kind { true } else { false } }

    /// A scale for `values` (what the marks place on this axis), as `domain` asks. Categories on a vertical
    /// axis run from the top down, as they are read (and as Swift Charts lists them).
    init(values: [PlotValue], domain: DomainSpec, tickCount: Int, vertical: Bool = false) {
        var reversed = false
        var includesZero: Bool?
        switch domain {
        case .automatic(let zero, let reverse):
            includesZero = zero
            reversed = reverse ?? false
        case .categories(let categories):
            self.init(categories: categories, reversed: vertical)
            return
        case .range(let lower, let upper, let isDate):
            let step = AxisScale.step(from: lower, to: upper, count: tickCount, isDate: isDate)
            let ticks = AxisScale.ticks(from: lower, to: upper, step: step, isDate: isDate)
            self.init(kind: .numeric(lower: lower, upper: upper, isDate: isDate), reversed: false,
                      ticks: ticks.map { isDate ? .date($0) : .number($0) }, tickStep: step,
                      band: AxisScale.band(values, lower: lower, upper: upper))
            return
        }
        // Categories if any value is one: in the order they first appear.
        if values.contains(where: { $0.number == nil }) {
            var seen = Set<String>(), categories: [String] = []
            for case .category(let name) in values where seen.insert(name).inserted { categories.append(name) }
            self.init(categories: categories, reversed: vertical)
            return
        }
        let isDate = values.contains { if case .date = $0 { true } else { false } }
        let numbers = values.compactMap(\.number).filter(\.isFinite)
        var lower = numbers.min() ?? 0, upper = numbers.max() ?? 1
        // A number line holds zero unless told otherwise (as Swift Charts' automatic domain does); dates never.
        if !isDate && includesZero ?? true { lower = min(lower, 0); upper = max(upper, 0) }
        if lower == upper {
            let pad = lower == 0 ? 1 : abs(lower) * 0.1
            (lower, upper) = (isDate ? lower - 1800 : lower - pad, isDate ? upper + 1800 : upper + pad)
            if !isDate && includesZero ?? true { lower = min(lower, 0); upper = max(upper, 0) }
        }
        let step = AxisScale.step(from: lower, to: upper, count: tickCount, isDate: isDate)
        // Numbers: the domain grows to the ticks around the data. Dates: the data's extent.
        if !isDate {
            lower = AxisScale.clean((lower / step).rounded(.down) * step, step: step)
            upper = AxisScale.clean((upper / step).rounded(.up) * step, step: step)
        }
        let ticks = AxisScale.ticks(from: lower, to: upper, step: step, isDate: isDate)
        self.init(kind: .numeric(lower: lower, upper: upper, isDate: isDate), reversed: reversed,
                  ticks: ticks.map { isDate ? .date($0) : .number($0) }, tickStep: step,
                  band: AxisScale.band(values, lower: lower, upper: upper))
    }

    private init(categories: [String], reversed: Bool) {
        self.init(kind: .categorical(categories), reversed: reversed, ticks: categories.map { .category($0) }, tickStep: 1,
                  band: categories.isEmpty ? 1 : 1 / Double(categories.count))
    }

    private init(kind: Kind, reversed: Bool, ticks: [PlotValue], tickStep: Double, band: Double) {
        self.kind = kind
        self.reversed = reversed
        self.ticks = ticks
        self.tickStep = tickStep
        self.band = band
    }

    /// The smallest distance between two distinct values, as a fraction of the domain (a tenth of it for one
    /// value): bars on a number line are as wide as that leaves room for.
    private static func band(_ values: [PlotValue], lower: Double, upper: Double) -> Double {
        let distinct = Set(values.compactMap(\.number)).sorted()
        guard upper > lower else { return 0.1 }
        var step = Double.infinity
        for (a, b) in zip(distinct, distinct.dropFirst()) { step = min(step, b - a) }
        return step.isFinite ? min(step / 2 / (upper / 2 - lower / 2), 1) : 0.1
    }

    /// A "nice" step for about `count` ticks over `lower...upper`: 1, 2 or 5 times a power of ten; for dates, whole
    /// seconds, minutes, hours or days.
    static func step(from lower: Double, to upper: Double, count: Int, isDate: Bool) -> Double {
        // (Divided before subtracting: a span of -1e308...1e308 would overflow to infinity.)
        let rough = upper / Double(max(count, 1)) - lower / Double(max(count, 1))
        guard upper > lower, rough.isFinite, rough > 0 else { return 1 }
        if isDate, let dateStep = dateSteps.first(where: { $0 >= rough }) { return dateStep }
        // The nice step nearest the rough one (on a log scale), so the count stays near `count` either way.
        let magnitude = pow10(floorLog10(rough))
        let residual = rough / magnitude
        return (residual >= 50.0.squareRoot() ? 10 : residual >= 10.0.squareRoot() ? 5 : residual >= 2.0.squareRoot() ? 2 : 1) * magnitude
    }

    /// The multiples of `step` inside `lower...upper` (dates: whole units of local time).
    static func ticks(from lower: Double, to upper: Double, step: Double, isDate: Bool) -> [Double] {
        guard upper >= lower, lower.isFinite, upper.isFinite, step > 0 else { return [] }
        let offset = isDate && step < 86_400 * 7 ? localOffset(at: lower) : 0
        var k = ((lower + offset) / step - 1e-9).rounded(.up)
        var values: [Double] = []
        while k * step - offset <= upper + step * 1e-9 && values.count < 1000 {
            let value = clean(k * step - offset, step: step)
            // Past 2^53 steps a step no longer moves the value: stop rather than repeat it.
            guard value != values.last else { break }
            values.append(value)
            k += 1
        }
        return values
    }

    private static let dateSteps: [Double] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800,
                                              21_600, 43_200, 86_400, 172_800, 604_800, 2_592_000, 31_536_000]

    /// The board's local time's offset from UTC at `seconds` (since 2001), from the C library (TZ or
    /// /etc/localtime, as the date labels are), so hour and day ticks fall on the hours the labels show.
    /// (FoundationEssentials' `TimeZone.current` has no zone database here: always GMT.)
    static func localOffset(at seconds: Double) -> Double {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return 0 }
        var time = time_t(seconds + 978_307_200)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Double(parts.tm_gmtoff)
    }

    /// `value` without the binary noise a multiple of a decimal step picks up (0.30000000000000004 → 0.3).
    private static func clean(_ value: Double, step: Double) -> Double {
        guard step < 1 else { return value }
        let scale = pow10(-floorLog10(step))
        return (value * scale).rounded() / scale
    }

    static func floorLog10(_ x: Double) -> Int {
        guard x.isFinite, x > 0 else { return 0 }
        var e = 0, v = x
        while v >= 10 { v /= 10; e += 1 }
        while v < 1 && v > 0 { v *= 10; e -= 1 }
        return e
    }

    static func pow10(_ e: Int) -> Double {
        var r = 1.0
        if e >= 0 { for _ in 0..<e { r *= 10 } } else { for _ in 0..<(-e) { r /= 10 } }
        return r
    }
}
