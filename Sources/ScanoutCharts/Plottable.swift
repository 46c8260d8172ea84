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

    public static func value(_ label: LocalizedStringKey, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: Text(label), value: value)
    }

    public static func value<S: StringProtocol>(_ label: S, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: Text(label), value: value)
    }

    public static func value(_ label: Text, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: label, value: value)
    }

    var plotValue: PlotValue { PlotValue(value) }
}
