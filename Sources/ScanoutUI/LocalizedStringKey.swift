/// The key of a localized string (SwiftUI's `LocalizedStringKey`): what a string literal passed to `Text`,
/// `Button`, `Toggle` … becomes. An interpolation is recorded as a format specifier in the key and its value kept
/// aside, as Apple's does, so `Text("\(n) alarms")` looks up "%lld alarms" and formats the translation with `n`.
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    /// The key as a catalog holds it ("%lld alarms").
    let key: String
    /// The interpolated values, in order.
    let arguments: [FormatArgument]
    /// Whether the key is a format (it came from an interpolation): a plain key's "%" is shown as it is.
    let hasFormatting: Bool

    /// A key made at run time (a string from a model or a file, looked up as it is).
    public init(_ value: String) {
        key = value
        arguments = []
        hasFormatting = false
    }

    public init(stringLiteral value: String) { self.init(value) }

    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
        hasFormatting = true
    }

    /// The key with its values put in, untranslated: what is shown when no catalog has the key.
    var fallback: String { hasFormatting ? StringFormat.format(key, arguments) : key }
    /// The same with each value between value marks, to be read as Markdown (see `InlineMarkdown`).
    var markedFallback: String { hasFormatting ? StringFormat.format(key, arguments, markingValues: true) : key }

    /// Builds the key of an interpolated literal: literal text with "%" doubled, each value as its specifier.
    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [FormatArgument] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            key.reserveCapacity(literalCapacity + 4 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            // (`replacing` goes through the string-processing library: slower than the row that interpolates.)
            for c in literal.unicodeScalars {
                if c == "%" { key += "%%" } else { key.unicodeScalars.append(c) }
            }
        }

        public mutating func appendInterpolation(_ string: String) { append("%@", .string(string)) }

        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) {
            append(T._specifier, value._argument)
        }

        /// A number with an explicit specifier (`"\(temperature, specifier: "%.1f")°"`).
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T, specifier: String) {
            append(specifier, value._argument)
        }

        /// A value in a format (`"\(weight, format: .number) kg"`): its formatted string, as an object argument.
        public mutating func appendInterpolation<F: ParseableFormatStyle>(_ input: F.FormatInput, format: F) {
            append("%@", .string(format.format(input)))
        }

        /// Text interpolated into text: its characters, as an object argument (on the main actor, where texts
        /// are made).
        @MainActor public mutating func appendInterpolation(_ text: Text) { append("%@", .string(text.string)) }

        @_disfavoredOverload
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) {
            append("%@", .string(value.description))
        }

        /// Any other value, as `String(describing:)` (SwiftUI rejects these; accepting them keeps code that
        /// interpolated into `Text(String)` compiling).
        @_disfavoredOverload
        public mutating func appendInterpolation<T>(_ value: T) {
            append("%@", .string(String(describing: value)))
        }

        private mutating func append(_ specifier: String, _ argument: FormatArgument) {
            key += specifier
            arguments.append(argument)
        }
    }
}

/// One interpolated value, as the format functions take it.
enum FormatArgument: Equatable, Sendable {
    case signed(Int64)
    case unsigned(UInt64)
    case double(Double)
    case string(String)

    /// The integer a plural variation is chosen by, if this is a whole number.
    var pluralOperand: PluralOperand? {
        switch self {
        case .signed(let v): return PluralOperand(v.magnitude)
        case .unsigned(let v): return PluralOperand(v)
        case .double(let v): return PluralOperand(v)
        case .string: return nil
        }
    }
}

/// A value that has a printf specifier of its own (SwiftUI's `_FormatSpecifiable`: the integer and floating
/// point types).
public protocol _FormatSpecifiable: Equatable {
    static var _specifier: String { get }
}

extension _FormatSpecifiable {
    /// The value as the formatter takes it (a cast, not a requirement: the argument type is Scanout's own).
    var _argument: FormatArgument {
        switch self {
        case let v as Int: return .signed(Int64(v))
        case let v as Int8: return .signed(Int64(v))
        case let v as Int16: return .signed(Int64(v))
        case let v as Int32: return .signed(Int64(v))
        case let v as Int64: return .signed(v)
        case let v as UInt: return .unsigned(UInt64(v))
        case let v as UInt8: return .unsigned(UInt64(v))
        case let v as UInt16: return .unsigned(UInt64(v))
        case let v as UInt32: return .unsigned(UInt64(v))
        case let v as UInt64: return .unsigned(v)
        case let v as Float: return .double(Double(v))
        case let v as Double: return .double(v)
        default: return .string(String(describing: self))
        }
    }
}

extension Int: _FormatSpecifiable { public static var _specifier: String { "%lld" } }
extension Int8: _FormatSpecifiable { public static var _specifier: String { "%d" } }
extension Int16: _FormatSpecifiable { public static var _specifier: String { "%d" } }
extension Int32: _FormatSpecifiable { public static var _specifier: String { "%d" } }
extension Int64: _FormatSpecifiable { public static var _specifier: String { "%lld" } }
extension UInt: _FormatSpecifiable { public static var _specifier: String { "%llu" } }
extension UInt8: _FormatSpecifiable { public static var _specifier: String { "%u" } }
extension UInt16: _FormatSpecifiable { public static var _specifier: String { "%u" } }
extension UInt32: _FormatSpecifiable { public static var _specifier: String { "%u" } }
extension UInt64: _FormatSpecifiable { public static var _specifier: String { "%llu" } }
extension Float: _FormatSpecifiable { public static var _specifier: String { "%f" } }
extension Double: _FormatSpecifiable { public static var _specifier: String { "%lf" } }
