/// A format a field can show a value in and read it back from (Foundation's `ParseableFormatStyle`, reduced to
/// what `TextField(_:value:format:)` needs; runtime modules do not link Foundation).
public protocol ParseableFormatStyle: Hashable, Sendable {
    associatedtype FormatInput
    /// The value as text.
    func format(_ value: FormatInput) -> String
    /// The value the text names; nil when it names none (the field then keeps the old value).
    func parse(_ text: String) -> FormatInput?
}

/// Whole numbers in plain digits with an optional minus sign (Foundation's `IntegerFormatStyle`, as `.number`).
public struct IntegerFormatStyle<Value: BinaryInteger & Sendable>: ParseableFormatStyle {
    public init() {}
    public func format(_ value: Value) -> String { String(value) }
    public func parse(_ text: String) -> Value? {
        let t = text.trimmingSpaces
        guard !t.isEmpty, let v = Int64(t) else { return nil }
        return Value(exactly: v)
    }
}

/// Decimal numbers with "." as the separator (a "," is read as one too), shortest form that reads back the
/// same value (Foundation's `FloatingPointFormatStyle`, as `.number`).
public struct FloatingPointFormatStyle<Value: BinaryFloatingPoint & LosslessStringConvertible & Sendable>: ParseableFormatStyle {
    public init() {}
    public func format(_ value: Value) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-∞" : "∞") }
        // Whole values without ".0", as Foundation's .number shows them.
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
    public func parse(_ text: String) -> Value? {
        let t = String(text.trimmingSpaces.map { $0 == "," ? "." : $0 })
        guard !t.isEmpty, t.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E" }),
              let v = Value(t), v.isFinite else { return nil }
        return v
    }
}

extension ParseableFormatStyle where Self == IntegerFormatStyle<Int> {
    public static var number: IntegerFormatStyle<Int> { IntegerFormatStyle() }
}

extension ParseableFormatStyle where Self == FloatingPointFormatStyle<Double> {
    public static var number: FloatingPointFormatStyle<Double> { FloatingPointFormatStyle() }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: Substring {
        let s = self[...]
        guard let first = s.firstIndex(where: { !$0.isWhitespace }), let last = s.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return Substring(s[first...last])
    }
}

extension TextField where Label == Text {
    /// A field showing `value` in `format`. What is typed is read back when editing ends (Return, or the focus
    /// leaving): text that does not parse leaves the value as it was and the field shows it again.
    public init<F: ParseableFormatStyle>(_ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil) {
        let text = Binding<String>(location: value.location, path: value.path + [\F.FormatInput.self],
                                   get: { format.format(value.wrappedValue) },
                                   set: { if let v = format.parse($0) { value.wrappedValue = v } })
        self.init(text: text, placeholder: prompt ?? Text(titleKey), label: Text(titleKey), commitsOnEnd: true)
    }
    @_disfavoredOverload
    public init<S: StringProtocol, F: ParseableFormatStyle>(_ title: S, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil) {
        let text = Binding<String>(location: value.location, path: value.path + [\F.FormatInput.self],
                                   get: { format.format(value.wrappedValue) },
                                   set: { if let v = format.parse($0) { value.wrappedValue = v } })
        self.init(text: text, placeholder: prompt ?? Text(title), label: Text(title), commitsOnEnd: true)
    }
}
