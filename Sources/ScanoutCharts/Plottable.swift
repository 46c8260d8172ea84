import Glibc
import ScanoutUI

/// A value a chart can place on an axis (Swift Charts' `Plottable`): a number, a string (a category) or a date,
/// or a type that stands for one of them (an enum with a raw value conforms by declaring `Plottable`).
public protocol Plottable {
    associatedtype PrimitivePlottable: Plottable = Self
    var primitivePlottable: PrimitivePlottable { get }
    init?(primitivePlottable: PrimitivePlottable)
}

extension Plottable where Self: RawRepresentable, Self.RawValue: Plottable, Self.PrimitivePlottable == Self.RawValue {
    public var primitivePlottable: RawValue { rawValue }
    public init?(primitivePlottable: RawValue) { self.init(rawValue: primitivePlottable) }
}

/// What a plotted value is to a scale: a position on a number line (numbers; dates as seconds) or a category.
enum PlotValue: Hashable {
    case number(Double)
    case date(Double)
    case category(String)

    var number: Double? {
        switch self {
        case .number(let v), .date(let v): v
        case .category: nil
        }
    }
}

extension PlotValue {
    /// `value` as a `P`, for a selection: numbers rounded for integer types; nil where `P` cannot hold it.
    static func plottable<P: Plottable>(_ value: PlotValue, as type: P.Type) -> P? {
        switch value {
        case .number(let v):
            guard v.isFinite else { return nil }
            if P.self == Double.self { return v as? P }
            if P.self == Float.self { return Float(v) as? P }
            let whole = v.rounded()
            if P.self == Int.self, let i = Int(exactly: whole) { return i as? P }
            if P.self == Int32.self, let i = Int32(exactly: whole) { return i as? P }
            if P.self == Int64.self, let i = Int64(exactly: whole) { return i as? P }
            if P.self == UInt.self, let i = UInt(exactly: max(0, whole)) { return i as? P }
        case .date(let seconds):
            if P.self == Date.self { return Date(timeIntervalSinceReferenceDate: seconds) as? P }
        case .category(let name):
            if P.self == String.self { return name as? P }
        }
        guard P.PrimitivePlottable.self != P.self, !(P.self is any PlotPrimitive.Type) else { return nil }
        return plottable(value, as: P.PrimitivePlottable.self).flatMap { P(primitivePlottable: $0) }
    }
}

/// The primitive plottables: what every `Plottable` comes down to.
protocol PlotPrimitive { var plotValue: PlotValue { get } }

extension PlotValue {
    /// `value` followed through `primitivePlottable` to a primitive. (A type whose primitive is itself without
    /// being one of ours is plotted as a category named by its description.)
    init<P: Plottable>(_ value: P) {
        if let primitive = value as? any PlotPrimitive {
            self = primitive.plotValue
            return
        }
        let inner = value.primitivePlottable
        if type(of: inner) == P.self {
            self = .category(String(describing: value))
        } else {
            self.init(inner)
        }
    }
}

extension Int: Plottable, PlotPrimitive {
    public var primitivePlottable: Int { self }
    public init?(primitivePlottable: Int) { self = primitivePlottable }
    var plotValue: PlotValue { .number(Double(self)) }
}
extension Int32: Plottable, PlotPrimitive {
    public var primitivePlottable: Int32 { self }
    public init?(primitivePlottable: Int32) { self = primitivePlottable }
    var plotValue: PlotValue { .number(Double(self)) }
}
extension Int64: Plottable, PlotPrimitive {
    public var primitivePlottable: Int64 { self }
    public init?(primitivePlottable: Int64) { self = primitivePlottable }
    var plotValue: PlotValue { .number(Double(self)) }
}
extension UInt: Plottable, PlotPrimitive {
    public var primitivePlottable: UInt { self }
    public init?(primitivePlottable: UInt) { self = primitivePlottable }
    var plotValue: PlotValue { .number(Double(self)) }
}
extension Double: Plottable, PlotPrimitive {
    public var primitivePlottable: Double { self }
    public init?(primitivePlottable: Double) { self = primitivePlottable }
    var plotValue: PlotValue { .number(self) }
}
extension Float: Plottable, PlotPrimitive {
    public var primitivePlottable: Float { self }
    public init?(primitivePlottable: Float) { self = primitivePlottable }
    var plotValue: PlotValue { .number(Double(self)) }
}
extension String: Plottable, PlotPrimitive {
    public var primitivePlottable: String { self }
    public init?(primitivePlottable: String) { self = primitivePlottable }
    var plotValue: PlotValue { .category(self) }
}
extension Date: Plottable, PlotPrimitive {
    public var primitivePlottable: Date { self }
    public init?(primitivePlottable: Date) { self = primitivePlottable }
    var plotValue: PlotValue { .date(timeIntervalSinceReferenceDate) }
}

/// A value with its label, as a mark takes it (Swift Charts' `PlottableValue`): `.value("Hour", reading.hour)`.
@MainActor
public struct PlottableValue<Value: Plottable> {
    let label: Text
    let value: Value
    /// For a date with a `unit:`: the local calendar unit that holds it (seconds since 2001). The mark goes to
    /// the unit's middle, and a bar is as wide as the unit.
    var unit: ClosedRange<Double>?

    public static func value(_ label: LocalizedStringKey, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: Text(label), value: value)
    }

    public static func value<S: StringProtocol>(_ label: S, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: Text(label), value: value)
    }

    public static func value(_ label: Text, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: label, value: value)
    }

    var plotValue: PlotValue {
        if let unit { return .date(unit.lowerBound / 2 + unit.upperBound / 2) }
        return PlotValue(value)
    }
}

extension PlottableValue where Value == Date {
    /// The date binned to its `unit` of the board's local time (`.day`: the bar spans the day, a point sits at
    /// its middle). `calendar` is accepted; units are the C library's local time, as Scanout's date texts are
    /// (weeks start on Monday).
    public static func value(_ label: LocalizedStringKey, _ value: Date, unit: Calendar.Component,
                             calendar: Calendar = .current) -> PlottableValue<Date> {
        PlottableValue(label: Text(label), value: value, unit: LocalUnit.interval(of: value, unit: unit))
    }

    public static func value<S: StringProtocol>(_ label: S, _ value: Date, unit: Calendar.Component,
                                                calendar: Calendar = .current) -> PlottableValue<Date> {
        PlottableValue(label: Text(label), value: value, unit: LocalUnit.interval(of: value, unit: unit))
    }
}

/// Calendar units of the board's local time, from the C library (FoundationEssentials' calendar has no zone
/// database here).
enum LocalUnit {
    /// The unit's number within the next larger one at `seconds` since 2001 (the hour of the day, the minute of
    /// the hour, the month of the year ...), so strides of several units fall on round ones (every 6 hours:
    /// 0, 6, 12, 18); nil for units counted from the first one shown.
    static func ordinal(at seconds: Double, unit: Calendar.Component) -> Int? {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        var time = time_t((seconds + 978_307_200).rounded(.down))
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return nil }
        switch unit {
        case .second: return Int(parts.tm_sec)
        case .minute: return Int(parts.tm_min)
        case .hour: return Int(parts.tm_hour)
        case .month: return Int(parts.tm_mon)
        default: return nil
        }
    }

    /// The unit of local time holding `date`, as seconds since 2001; nil for a unit that is not a span of
    /// time (an era, a time zone) or a date out of range.
    static func interval(of date: Date, unit: Calendar.Component) -> ClosedRange<Double>? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return nil }
        var step: (inout tm) -> Void
        switch unit {
        case .second: step = { $0.tm_sec += 1 }
        case .minute: parts.tm_sec = 0; step = { $0.tm_min += 1 }
        case .hour: parts.tm_sec = 0; parts.tm_min = 0; step = { $0.tm_hour += 1 }
        case .day, .weekday: (parts.tm_sec, parts.tm_min, parts.tm_hour) = (0, 0, 0); step = { $0.tm_mday += 1 }
        case .weekOfYear, .weekOfMonth:
            (parts.tm_sec, parts.tm_min, parts.tm_hour) = (0, 0, 0)
            parts.tm_mday -= (parts.tm_wday + 6) % 7
            step = { $0.tm_mday += 7 }
        case .month: (parts.tm_sec, parts.tm_min, parts.tm_hour, parts.tm_mday) = (0, 0, 0, 1); step = { $0.tm_mon += 1 }
        case .quarter:
            (parts.tm_sec, parts.tm_min, parts.tm_hour, parts.tm_mday) = (0, 0, 0, 1)
            parts.tm_mon -= parts.tm_mon % 3
            step = { $0.tm_mon += 3 }
        case .year: (parts.tm_sec, parts.tm_min, parts.tm_hour, parts.tm_mday, parts.tm_mon) = (0, 0, 0, 1, 0); step = { $0.tm_year += 1 }
        default: return nil
        }
        parts.tm_isdst = -1
        var next = parts
        let start = mktime(&parts)
        step(&next)
        next.tm_isdst = -1
        let end = mktime(&next)
        guard start != -1, end > start else { return nil }
        return (Double(start) - 978_307_200)...(Double(end) - 978_307_200)
    }
}
