/// The translations of one table (`Localizable` unless a `tableName` says otherwise) of one bundle, in every
/// language the bundle has: read from Xcode's string catalog (`<table>.xcstrings`, JSON) and from
/// `<language>.lproj/<table>.strings` files, once, when a text first asks.
struct StringCatalog {
    /// One key's translation into one language: a string, or plural variations of it; and the
    /// substitutions its `%#@name@` placeholders stand for.
    struct Translation: Equatable {
        var value: String?
        var plural: [PluralCategory: String] = [:]
        var substitutions: [String: Substitution] = [:]
    }

    /// A `%#@name@` placeholder's plural variations, chosen by the value at `argument` (1-based); `%arg` in
    /// them stands for that value, printed with `formatSpecifier`.
    struct Substitution: Equatable {
        var argument: Int
        var formatSpecifier: String
        var plural: [PluralCategory: String]
    }

    /// The language the keys are written in (the catalog's `sourceLanguage`), the last fallback.
    var sourceLanguage: String?
    /// Key → localization name (lowercased, "-" between parts: "de", "pt-br") → translation.
    var translations: [String: [String: Translation]] = [:]

    /// Reads the table from the bundle's folders. A file that cannot be read is reported (once: catalogs are
    /// cached) and skipped, so its keys are shown untranslated.
    init(table: String, searchPaths: [String], report: (String) -> Void) {
        for folder in searchPaths {
            let catalog = folder + "/" + table + ".xcstrings"
            if let bytes = FileContents.bytes(atPath: catalog) {
                do {
                    try merge(xcstrings: bytes)
                } catch {
                    report("\(catalog) is not a valid string catalog (\(Self.describe(error))); its keys are shown untranslated")
                }
            }
            for name in FileContents.names(inDirectory: folder, withSuffix: ".lproj") {
                let path = folder + "/" + name + "/" + table + ".strings"
                guard let bytes = FileContents.bytes(atPath: path) else { continue }
                do {
                    let pairs = try StringsFile.parse(bytes)
                    let language = Self.normalized(String(name.dropLast(".lproj".count)))
                    for (key, value) in pairs where translations[key]?[language] == nil {
                        translations[key, default: [:]][language] = Translation(value: value)
                    }
                } catch {
                    report("\(path): \(error); its keys are shown untranslated")
                }
            }
        }
    }

    /// The translation of `key` for the first of `localizations` that has one, then the source language's
    /// (or `.lproj`'s Base), with the language it is in.
    func translation(of key: String, for localizations: [String]) -> (Translation, language: String)? {
        guard let byLanguage = translations[key] else { return nil }
        for name in localizations + [sourceLanguage, "base"].compactMap({ $0 }) {
            if let t = byLanguage[Self.normalized(name)] { return (t, name) }
        }
        return nil
    }

    /// Localization names compare lowercased with "-" ("pt_BR", "pt-BR" → "pt-br").
    static func normalized(_ name: String) -> String { name.lowercased().replacing("_", with: "-") }

    // MARK: Xcode's string catalog

    /// The parts of `.xcstrings` JSON that hold translations (the rest, such as comments and extraction
    /// state, is ignored).
    private struct CatalogFile: Decodable {
        var sourceLanguage: String
        var strings: [String: Entry]
        struct Entry: Decodable { var localizations: [String: Localization]? }
        struct Localization: Decodable {
            var stringUnit: StringUnit?
            var variations: Variations?
            var substitutions: [String: Substitution]?
        }
        struct Substitution: Decodable {
            var argNum: Int?
            var formatSpecifier: String?
            var variations: Variations?
        }
        struct StringUnit: Decodable { var value: String }
        struct Variations: Decodable {
            var plural: [String: Localization]?
            var device: [String: Localization]?
        }
    }

    private mutating func merge(xcstrings bytes: [UInt8]) throws {
        let file = try JSONDecoder().decode(CatalogFile.self, from: Data(bytes))
        if sourceLanguage == nil { sourceLanguage = file.sourceLanguage }
        for (key, entry) in file.strings {
            for (language, localization) in entry.localizations ?? [:] {
                var t = Translation(value: Self.value(of: localization), plural: Self.plural(of: localization.variations))
                for (name, s) in localization.substitutions ?? [:] {
                    t.substitutions[name] = Substitution(argument: s.argNum ?? 1, formatSpecifier: s.formatSpecifier ?? "lld",
                                                         plural: Self.plural(of: s.variations))
                }
                guard t.value != nil || !t.plural.isEmpty else { continue }
                let name = Self.normalized(language)
                if translations[key]?[name] == nil { translations[key, default: [:]][name] = t }
            }
        }
    }

    /// What is wrong with a catalog, in a line: the decoder's words and where.
    private static func describe(_ error: any Error) -> String {
        guard let e = error as? DecodingError else { return "\(error)" }
        let context: DecodingError.Context
        switch e {
        case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c): context = c
        @unknown default: return "\(error)"
        }
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        let underlying = context.underlyingError.map { ": \($0)" } ?? ""
        return context.debugDescription + underlying + (path.isEmpty ? "" : " at \(path)")
    }

    private static func plural(of variations: CatalogFile.Variations?) -> [PluralCategory: String] {
        var plural: [PluralCategory: String] = [:]
        for (name, variant) in variations?.plural ?? [:] {
            if let category = PluralCategory(rawValue: name), let v = value(of: variant) { plural[category] = v }
        }
        return plural
    }

    /// A localization's string; for one that varies by device, the variant for any other device (a panel is
    /// none of Apple's).
    private static func value(of l: CatalogFile.Localization) -> String? {
        if let unit = l.stringUnit { return unit.value }
        if let other = l.variations?.device?["other"] { return value(of: other) }
        return nil
    }
}
