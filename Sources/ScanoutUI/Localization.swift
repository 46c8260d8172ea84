/// What a text made from a key keeps to look itself up when shown (in the locale of where it is shown).
struct LocalizedTextSource: Equatable {
    var key: LocalizedStringKey
    var tableName: String?
    var bundle: Bundle?
}

/// Looks keys up in the app's catalogs: each table of each bundle is read once, on first use, and kept.
/// What is not found shows its key with the values put in; nothing here stops the app.
@MainActor
enum Localization {
    private struct CatalogID: Hashable {
        var searchPaths: [String]
        var table: String
    }
    private static var catalogs: [CatalogID: StringCatalog] = [:]
    /// The catalogs that could not be read, as reported (for tests; each is also logged once).
    private(set) static var errors: [String] = []

    /// The string `key` shows in `locale`.
    static func string(for source: LocalizedTextSource, locale: Locale) -> String {
        translation(for: source, locale: locale) ?? source.key.fallback
    }

    /// The translation of `key` for `locale`, its values put in (between value marks when `markingValues`: see
    /// `StringFormat`); nil when no catalog has the key.
    static func translation(for source: LocalizedTextSource, locale: @autoclosure () -> Locale, markingValues: Bool = false) -> String? {
        let key = source.key
        let catalog = self.catalog(table: source.tableName ?? "Localizable", bundle: source.bundle ?? .main)
        // Most texts of an app without catalogs end here, before the locale's names are made.
        guard !catalog.translations.isEmpty,
              let (translation, language) = catalog.translation(of: key.key, for: locale().scanoutLocalizationNames) else {
            return nil
        }
        var format = translation.value ?? translation.plural[.other] ?? key.key
        let code = Locale(identifier: language).scanoutLanguageCode
        // A plural variation is chosen by the first number among the values (the one a `%lld` stands for).
        if !translation.plural.isEmpty, let n = key.arguments.lazy.compactMap(\.pluralOperand).first,
           let v = translation.plural[PluralRules.category(of: n, language: code)] {
            format = v
        }
        if !translation.substitutions.isEmpty {
            format = substituting(translation.substitutions, in: format, arguments: key.arguments, language: code)
        }
        return key.hasFormatting ? StringFormat.format(format, key.arguments, markingValues: markingValues) : format
    }

    /// `format` with each `%#@name@` replaced by its substitution's variation for the value it counts, that
    /// value's `%arg` made a numbered specifier (`%2$lld`) so the whole string formats in one pass.
    private static func substituting(_ substitutions: [String: StringCatalog.Substitution], in format: String,
                                     arguments: [FormatArgument], language: String) -> String {
        var out = ""
        var rest = Substring(format)
        while let start = rest.firstRange(of: "%#@") {
            out += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "@"), let s = substitutions[String(after[..<end])] else {
                out += rest[start]
                rest = after
                continue
            }
            let category = arguments.indices.contains(s.argument - 1)
                ? arguments[s.argument - 1].pluralOperand.map { PluralRules.category(of: $0, language: language) } : nil
            let variant = category.flatMap { s.plural[$0] } ?? s.plural[.other] ?? ""
            out += variant.replacing("%arg", with: "%\(s.argument)$" + s.formatSpecifier)
            rest = after[after.index(after: end)...]
        }
        return out + rest
    }

    /// The catalog asked for last: texts ask for the same one (`Bundle.main`'s Localizable) again and again.
    private static var last: (bundle: Bundle, table: String, catalog: StringCatalog)?

    static func catalog(table: String, bundle: Bundle) -> StringCatalog {
        if let last, last.bundle === bundle, last.table == table { return last.catalog }
        let id = CatalogID(searchPaths: bundle.searchPaths, table: table)
        if let c = catalogs[id] {
            last = (bundle, table, c)
            return c
        }
        let c = StringCatalog(table: table, searchPaths: bundle.searchPaths) { message in
            errors.append(message)
            AppLog.error("scanout: " + message)
        }
        catalogs[id] = c
        last = (bundle, table, c)
        return c
    }

    /// Puts `catalog` in the place of a bundle's table (tests: `Bundle.main`'s catalogs are those of the test
    /// runner's folder); nil reads the files again when next asked.
    static func setCatalog(_ catalog: StringCatalog?, table: String = "Localizable", of bundle: Bundle) {
        catalogs[CatalogID(searchPaths: bundle.searchPaths, table: table)] = catalog
        last = nil
    }

    /// Forgets the catalogs read, so changed files are read again (tests).
    static func removeAll() {
        catalogs.removeAll()
        errors.removeAll()
        last = nil
    }
}
