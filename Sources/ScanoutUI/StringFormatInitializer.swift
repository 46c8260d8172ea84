/// Foundation's `String(format:_:)`, which SwiftUI code uses all the time (`Text(String(format: "%.1f", v))`)
/// and FoundationEssentials does not have: the same printf conversions as a localized key's (`StringFormat`).
/// Disfavoured, so a file that also imports Foundation calls Foundation's (no ambiguity); it takes `Any`
/// values because a `String` is not `CVarArg` without Foundation.
extension String {
    @_disfavoredOverload
    public init(format: String, _ arguments: Any...) {
        self = StringFormat.format(format, arguments.map(FormatArgument.init(formatting:)))
    }
}

extension FormatArgument {
    /// An argument of `String(format:)`: integers, floating point and strings as printf reads them; anything
    /// else by its description.
    init(formatting value: Any) {
        switch value {
        case let v as Int: self = .signed(Int64(v))
        case let v as Int64: self = .signed(v)
        case let v as Int32: self = .signed(Int64(v))
        case let v as Int16: self = .signed(Int64(v))
        case let v as Int8: self = .signed(Int64(v))
        case let v as UInt: self = .unsigned(UInt64(v))
        case let v as UInt64: self = .unsigned(v)
        case let v as UInt32: self = .unsigned(UInt64(v))
        case let v as UInt16: self = .unsigned(UInt64(v))
        case let v as UInt8: self = .unsigned(UInt64(v))
        case let v as Double: self = .double(v)
        case let v as Float: self = .double(Double(v))
        case let v as CGFloat: self = .double(Double(v))
        case let v as String: self = .string(v)
        case let v as Substring: self = .string(String(v))
        default: self = .string(String(describing: value))
        }
    }
}
