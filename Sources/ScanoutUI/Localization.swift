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

    /// The translation of `key` for `locale`, its values put in; nil when no catalog has the key.
    static func translation(for source: LocalizedTextSource, locale: Locale) -> String? {
        let key = source.key
        let catalog = self.catalog(table: source.tableName ?? "Localizable", bundle: source.bundle ?? .main)
        // Most texts of an app without catalogs end here, before the locale's names are made.
        guard !catalog.translations.isEmpty,
              let (translation, language) = catalog.translation(of: key.key, for: locale.scanoutLocalizationNames) else {
            return nil
        }
        var format = translation.value ?? translation.plural[.other] ?? key.key
        // A plural variation is chosen by the first number among the values (the one a `%lld` stands for).
        if !translation.plural.isEmpty, let n = key.arguments.lazy.compactMap(\.pluralOperand).first {
            let code = Locale(identifier: language).scanoutLanguageCode
            if let v = translation.plural[PluralRules.category(of: n, language: code)] { format = v }
        }
        return key.hasFormatting ? StringFormat.format(format, key.arguments) : format
    }

    static func catalog(table: String, bundle: Bundle) -> StringCatalog {
        let id = CatalogID(searchPaths: bundle.searchPaths, table: table)
        if let c = catalogs[id] { return c }
        let c = StringCatalog(table: table, searchPaths: bundle.searchPaths) { message in
            errors.append(message)
            AppLog.error("scanout: " + message)
        }
        catalogs[id] = c
        return c
    }

    /// Puts `catalog` in the place of a bundle's table (tests: `Bundle.main`'s catalogs are those of the test
    /// runner's folder); nil reads the files again when next asked.
    static func setCatalog(_ catalog: StringCatalog?, table: String = "Localizable", of bundle: Bundle) {
        catalogs[CatalogID(searchPaths: bundle.searchPaths, table: table)] = catalog
    }

    /// Forgets the catalogs read, so changed files are read again (tests).
    static func removeAll() {
        catalogs.removeAll()
        errors.removeAll()
    }
}
