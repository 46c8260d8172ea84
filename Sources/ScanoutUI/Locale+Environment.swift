import Glibc

/// A locale, by its identifier (SwiftUI code's `Locale(identifier:)`, `\.locale`, `Locale.current`).
///
/// Scanout's own rather than FoundationEssentials': without ICU's data (FoundationInternationalization, tens of
/// megabytes on a board) Foundation's `Locale` forgets the identifier it was made with (every locale reads
/// "en_001"), so translations could never be chosen by it. This one keeps the identifier and reads the language
/// from it, which needs no data. It shadows Foundation's for code that imports ScanoutUI; a file that also
/// imports Foundation names it `ScanoutUI.Locale`.
public struct Locale: Hashable, Sendable, CustomStringConvertible {
    /// The identifier as given (`de`, `de_DE`, `pt-BR`, `ar_EG` …).
    public let identifier: String

    public init(identifier: String) { self.identifier = identifier }

    /// The process's locale: from `LC_ALL`, `LC_MESSAGES` or `LANG` (C and POSIX read as English).
    public static var current: Locale { Locale(identifier: LocaleDefaults.identifier) }
    public static var autoupdatingCurrent: Locale { current }

    public var description: String { identifier }
}

struct LocaleKey: EnvironmentKey {
    static let defaultValue = Locale(identifier: LocaleDefaults.identifier)
}

extension EnvironmentValues {
    /// The locale texts are localized for (SwiftUI's `\.locale`): by default the process's, from `LC_ALL`,
    /// `LC_MESSAGES` or `LANG` (a board profile's `locale` key, or `--locale`, sets it for the whole app).
    public var locale: Locale {
        get { self[LocaleKey.self] }
        set { self[LocaleKey.self] = newValue }
    }
}

extension Locale {
    /// The language code of the identifier, lowercased ("de" of "de_DE.UTF-8", "pt" of "pt-BR").
    var scanoutLanguageCode: String {
        String(identifier.prefix { $0 != "_" && $0 != "-" && $0 != "." && $0 != "@" }).lowercased()
    }

    /// The localizations to look for, most specific first: "pt-BR" and "pt_BR", then "pt".
    var scanoutLocalizationNames: [String] {
        let bare = String(identifier.prefix { $0 != "." && $0 != "@" })
        let language = scanoutLanguageCode
        var names: [String] = []
        for name in [bare.replacing("_", with: "-"), bare.replacing("-", with: "_"), language]
        where !name.isEmpty && !names.contains(name) {
            names.append(name)
        }
        return names
    }
}

enum LocaleDefaults {
    /// The process's locale as POSIX names it, in the order C's `setlocale` reads it for messages; "C" and
    /// "POSIX" (no locale set, as under systemd) mean the development language, English.
    static var identifier: String {
        identifier { name in getenv(name).flatMap { String(validatingCString: $0) } }
    }

    static func identifier(environment: (String) -> String?) -> String {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let s = environment(name), !s.isEmpty else { continue }
            let bare = String(s.prefix { $0 != "." && $0 != "@" })
            return bare == "C" || bare == "POSIX" ? "en" : bare
        }
        return "en"
    }
}
