/// CLDR's plural categories, as a string catalog's `variations.plural` names them.
enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other
}

/// The number a plural variation is chosen by, as CLDR's operands see it: the integer digits `i` and whether
/// there are visible fraction digits (`v` > 0). A whole number is written without fraction digits.
struct PluralOperand: Equatable, Sendable {
    var i: UInt64
    var hasFraction: Bool

    init(_ integer: UInt64) {
        i = integer
        hasFraction = false
    }

    init?(_ value: Double) {
        guard value.isFinite, value.magnitude < 1e18 else { return nil }
        let m = value.magnitude
        i = UInt64(m.rounded(.towardZero))
        hasFraction = m != m.rounded(.towardZero)
    }
}

/// CLDR's cardinal plural rules (unicode.org/cldr, plurals.xml) for the languages Scanout knows, by language
/// code; any other language gets English's. Small and in Scanout: ICU's data would add megabytes to a board.
enum PluralRules {
    static func category(of n: PluralOperand, language: String) -> PluralCategory {
        let i = n.i, i10 = i % 10, i100 = i % 100
        let v0 = !n.hasFraction
        switch language {
        case "ja", "zh", "ko", "th", "vi", "id", "ms", "my", "lo", "km":
            return .other
        case "fr", "pt":
            // one: i = 0,1 (French; Portuguese as CLDR's "pt", Brazil's)
            return i <= 1 ? .one : .other
        case "ar":
            // zero: n = 0; one: n = 1; two: n = 2; few: n % 100 = 3..10; many: n % 100 = 11..99
            guard v0 else { return .other }
            if i == 0 { return .zero }
            if i == 1 { return .one }
            if i == 2 { return .two }
            if (3...10).contains(i100) { return .few }
            if (11...99).contains(i100) { return .many }
            return .other
        case "ru", "uk", "be":
            // one: v = 0 and i % 10 = 1 and i % 100 != 11; few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14;
            // many: v = 0 and (i % 10 = 0 or i % 10 = 5..9 or i % 100 = 11..14)
            guard v0 else { return .other }
            if i10 == 1 && i100 != 11 { return .one }
            if (2...4).contains(i10) && !(12...14).contains(i100) { return .few }
            return .many
        case "pl":
            // one: i = 1 and v = 0; few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14; many: other integers
            guard v0 else { return .other }
            if i == 1 { return .one }
            if (2...4).contains(i10) && !(12...14).contains(i100) { return .few }
            return .many
        case "cs", "sk":
            // one: i = 1 and v = 0; few: i = 2..4 and v = 0; many: v != 0
            guard v0 else { return .many }
            if i == 1 { return .one }
            return (2...4).contains(i) ? .few : .other
        case "he":
            // one: i = 1 and v = 0, or i = 0 and v != 0; two: i = 2 and v = 0
            if i == 1 && v0 || i == 0 && !v0 { return .one }
            return i == 2 && v0 ? .two : .other
        default:
            // English, German, Dutch, the Scandinavian languages, Italian, Spanish …: one: i = 1 and v = 0
            return i == 1 && v0 ? .one : .other
        }
    }
}
