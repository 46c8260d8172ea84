import Testing
@testable import ScanoutUI
import ScanoutTesting

/// Tests/Fixtures/localization (see its README), found from this file's path.
private let fixtures: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)  // ScanoutUITests/LocalizationTests.swift
    return parts.joined(separator: "/") + "/Fixtures/localization"
}()
private let app = ScanoutUI.Bundle(path: fixtures + "/app")!
private let broken = ScanoutUI.Bundle(path: fixtures + "/broken")!

@MainActor private func shown(_ key: LocalizedStringKey, _ locale: String, table: String? = nil,
                              bundle: ScanoutUI.Bundle = app) -> String {
    Localization.string(for: LocalizedTextSource(key: key, tableName: table, bundle: bundle), locale: Locale(identifier: locale))
}

@Suite struct LocalizedStringKeyTests {
    private enum Mode: CustomStringConvertible { case eco; var description: String { "eco" } }

    @Test func interpolationsBecomeSpecifiers() {
        let n = 3, t = 21.5, name = "Ana", small: Int32 = 7, count: UInt = 9
        let cases: [(LocalizedStringKey, String, String)] = [
            ("\(n) alarms", "%lld alarms", "3 alarms"),
            ("\(t) °C", "%lf °C", "21.500000 °C"),
            ("Hello, \(name)!", "Hello, %@!", "Hello, Ana!"),
            ("\(small) / \(count)", "%d / %llu", "7 / 9"),
            ("\(t, specifier: "%.1f") °C", "%.1f °C", "21.5 °C"),
            ("\(n)% done", "%lld%% done", "3% done"),
            ("Mode: \(Mode.eco)", "Mode: %@", "Mode: eco"),
            ("\(3.5, format: .number) kg", "%@ kg", "3.5 kg"),
            ("100%", "100%", "100%"),  // a plain literal is a key as written, not a format
        ]
        for (key, expectedKey, fallback) in cases {
            #expect(key.key == expectedKey)
            #expect(key.fallback == fallback)
        }
        #expect(("\(n) of \(name)" as LocalizedStringKey).arguments == [.signed(3), .string("Ana")])
    }

    @Test @MainActor func textInterpolatesAsItsCharacters() {
        let key: LocalizedStringKey = "Speed: \(Text("820") + Text(" rpm"))"
        #expect(key.key == "Speed: %@")
        #expect(key.fallback == "Speed: 820 rpm")
    }

    @Test func formatsLikePrintf() {
        let cases: [(String, [FormatArgument], String)] = [
            ("%.2f", [.double(3.14159)], "3.14"),
            ("%05lld", [.signed(42)], "00042"),
            ("%x", [.signed(255)], "ff"),
            ("%lf", [.double(2.5)], "2.500000"),
            ("%2$@ %1$@", [.string("world"), .string("hello")], "hello world"),
            ("%-4@|", [.string("ab")], "ab  |"),
            ("100%%", [], "100%"),
            ("%@ and %@", [.string("a")], "a and %@"),  // a value missing: the specifier stays
            ("5%!", [.signed(1)], "5%!"),  // not a specifier: shown as written
            ("%lld", [.string("x")], "0"),
            ("%lld: %@, %5lld%%", [.signed(-4), .string("x"), .signed(5)], "-4: x,     5%"),  // put in directly, then parsed
            ("%@%lld %1$@", [.string("a"), .signed(12)], "a12 a"),
        ]
        for (format, arguments, expected) in cases {
            #expect(StringFormat.format(format, arguments) == expected, "\(format)")
        }
    }
}

@MainActor @Suite struct StringCatalogTests {
    @Test func looksUpTheXcodeCatalog() {
        #expect(shown("Settings", "de") == "Einstellungen")
        #expect(shown("Settings", "de_DE") == "Einstellungen")
        #expect(shown("Settings", "ar_EG") == "الإعدادات")
        #expect(shown("Settings", "ru") == "Настройки")
        #expect(shown("Settings", "pt_BR") == "Configurações")
        #expect(shown("Settings", "en") == "Settings")  // the source language: the key
        #expect(shown("Hello, \("Ana")!", "de") == "Hallo, Ana!")
        #expect(shown("Tap to start", "de") == "Berühren zum Starten")  // a panel is no iPhone: "other"
        #expect(shown("Only in English", "de") == "Only in English")
    }

    @Test func looksUpStringsFiles() {
        #expect(shown("Cancel", "de") == "Abbrechen")
        #expect(shown("Cancel", "fr_FR") == "Annuler")
        #expect(shown("Save \"all\"", "de") == "Alle \"sichern\"")
        #expect(shown("Two\nlines", "de") == "Zwei\nZeilen")
        #expect(shown("Café", "de") == "Café (de)")
        #expect(shown("Temperature: \(21.46, specifier: "%.1f") °C", "de") == "Temperatur: 21.5 °C")
        #expect(shown("Settings", "fr") == "Réglages")
        // The catalog is read before the .strings files, as Xcode's build puts it first.
        #expect(shown("Settings", "de") == "Einstellungen")
        #expect(shown("Start", "de", table: "Panel") == "Los")
        #expect(shown("Start", "fr", table: "Panel") == "Start")
    }

    @Test func aMissingKeyOrCatalogShowsTheKey() {
        let n = 5
        #expect(shown("No such key \(n)", "de") == "No such key 5")
        #expect(shown("Cancel", "ja") == "Cancel")
        let nowhere = ScanoutUI.Bundle(path: fixtures)!  // a folder without catalogs
        #expect(shown("Settings", "de", bundle: nowhere) == "Settings")
        #expect(ScanoutUI.Bundle(path: fixtures + "/none") == nil)
    }

    @Test func aBundleIsAFolderOfResources() {
        #expect(app.path(forResource: "Localizable", ofType: "xcstrings") == fixtures + "/app/Localizable.xcstrings")
        #expect(app.path(forResource: "Localizable.xcstrings", ofType: nil) == fixtures + "/app/Localizable.xcstrings")
        #expect(app.path(forResource: "Missing", ofType: "xcstrings") == nil)
        #expect(ScanoutUI.Bundle(path: fixtures + "/app") == app)
        #expect(ScanoutUI.Bundle.module == .main)
    }

    @Test func aMalformedCatalogIsReportedOnceAndItsKeysShown() {
        #expect(shown("Settings", "de", bundle: broken) == "Settings")
        #expect(shown("Cancel", "de", bundle: broken) == "Cancel")
        #expect(shown("Save", "de", bundle: broken) == "Save")
        let reports = Localization.errors.filter { $0.contains(fixtures + "/broken/") }
        #expect(reports.count == 2)
        #expect(reports.contains { $0.hasPrefix(fixtures + "/broken/Localizable.xcstrings is not a valid string catalog") })
        #expect(reports.contains { $0.hasPrefix(fixtures + "/broken/de.lproj/Localizable.strings: line 2: expected ';', found '\"'") })
    }

    @Test func pluralVariationsFollowEachLanguagesRules() {
        let table: [(String, [(Int, String)])] = [
            ("en", [(0, "0 alarms"), (1, "1 alarm"), (2, "2 alarms")]),
            ("de", [(0, "0 Alarme"), (1, "1 Alarm"), (21, "21 Alarme")]),
            ("ru", [(1, "1 будильник"), (2, "2 будильника"), (5, "5 будильников"), (21, "21 будильник"),
                    (22, "22 будильника"), (25, "25 будильников"), (11, "11 будильников"), (111, "111 будильников")]),
            ("pl", [(1, "1 alarm"), (2, "2 alarmy"), (5, "5 alarmów"), (22, "22 alarmy"), (25, "25 alarmów"),
                    (12, "12 alarmów")]),
            ("ar", [(0, "لا منبهات"), (1, "منبه واحد"), (2, "منبهان"), (3, "3 منبهات"), (11, "11 منبهًا"),
                    (100, "100 منبه")]),
        ]
        for (language, rows) in table {
            for (n, expected) in rows {
                #expect(shown("\(n) alarms", language) == expected, "\(language) \(n)")
            }
        }
    }

    @Test func substitutionsPluralizeEachNumber() {
        func files(_ f: Int, _ d: Int) -> String { shown("\(f) files in \(d) folders", "de") }
        #expect(files(1, 1) == "1 Datei in 1 Ordner")
        #expect(files(3, 1) == "3 Dateien in 1 Ordner")
        #expect(files(1, 2) == "1 Datei in 2 Ordnern")
        #expect(shown("\(3) files in \(2) folders", "en") == "3 files in 2 folders")
    }
}

@Suite struct PluralRulesTests {
    @Test func categoriesPerLanguage() {
        let table: [(String, [(Double, PluralCategory)])] = [
            ("en", [(0, .other), (1, .one), (2, .other), (1.5, .other)]),
            ("de", [(1, .one), (11, .other)]),
            ("fr", [(0, .one), (1, .one), (2, .other)]),
            ("ar", [(0, .zero), (1, .one), (2, .two), (3, .few), (10, .few), (11, .many), (99, .many), (100, .other),
                    (102, .other), (103, .few), (111, .many), (1.5, .other)]),
            ("ru", [(1, .one), (2, .few), (5, .many), (11, .many), (12, .many), (21, .one), (22, .few), (25, .many),
                    (111, .many), (0, .many), (1.5, .other)]),
            ("pl", [(1, .one), (2, .few), (5, .many), (12, .many), (22, .few), (25, .many), (0, .many), (1.5, .other)]),
            ("cs", [(1, .one), (3, .few), (5, .other), (1.5, .many)]),
            ("ja", [(1, .other), (2, .other)]),
        ]
        for (language, rows) in table {
            for (n, expected) in rows {
                #expect(PluralRules.category(of: PluralOperand(n)!, language: language) == expected, "\(language) \(n)")
            }
        }
    }
}

@Suite struct LocaleDefaultTests {
    @Test func theProcesssLocaleComesFromPOSIXVariables() {
        let cases: [([String: String], String)] = [
            ([:], "en"),
            (["LANG": "de_DE.UTF-8"], "de_DE"),
            (["LANG": "C.UTF-8"], "en"),
            (["LANG": "POSIX"], "en"),
            (["LANG": "de_DE.UTF-8", "LC_MESSAGES": "ar_EG"], "ar_EG"),
            (["LANG": "de_DE", "LC_MESSAGES": "ru_RU", "LC_ALL": "sr_RS@latin"], "sr_RS"),
            (["LC_ALL": "", "LANG": "pl_PL"], "pl_PL"),
        ]
        for (variables, expected) in cases {
            #expect(LocaleDefaults.identifier { variables[$0] } == expected, "\(variables)")
        }
        #expect(Locale(identifier: "pt_BR").scanoutLocalizationNames == ["pt-BR", "pt_BR", "pt"])
        #expect(Locale(identifier: "de").scanoutLanguageCode == "de")
    }
}

@MainActor @Suite struct LocaleSwitchingTests {
    private struct Panel: View {
        @State private var languages = ["en", "de", "ru", "ar"]
        @State private var index = 0
        let alarms: Int
        var body: some View {
            VStack {
                Text("Settings", bundle: app)
                Text("\(alarms) alarms", bundle: app)
                Button { index = (index + 1) % languages.count } label: { Text(verbatim: "next") }
            }
            .environment(\.locale, Locale(identifier: languages[index]))
        }
    }

    @Test func changingTheLocaleChangesTheTexts() {
        let host = TestHost(rootView: Panel(alarms: 3), width: 300, height: 200)
        host.runFrame()
        #expect(host.contains(text: "Settings"))
        #expect(host.contains(text: "3 alarms"))
        host.tap(text: "next")
        host.advance(seconds: 0.1)
        #expect(host.contains(text: "Einstellungen"))
        #expect(host.contains(text: "3 Alarme"))
        #expect(!host.contains(text: "Settings"))
        // The text is laid out again: the German word is wider.
        #expect((host.frame(ofText: "Einstellungen")?.width ?? 0) > 70)
        host.tap(text: "next")
        host.advance(seconds: 0.1)
        #expect(host.contains(text: "Настройки"))
        #expect(host.contains(text: "3 будильника"))
    }

    private struct Controls: View {
        let name = "Cancel"
        var body: some View {
            NavigationStack {
                VStack {
                    Button("Cancel") {}
                    Toggle("Wi-Fi", isOn: .constant(true))
                    Label("Settings", systemImage: "gear")
                    Text(name)  // a string, not a literal: shown as it is
                    Text(verbatim: "Wi-Fi")
                }
                .navigationTitle("Settings")
            }
            .environment(\.locale, Locale(identifier: "de"))
        }
    }

    private struct MoreControls: View {
        var body: some View {
            TabView {
                Tab("Settings", systemImage: "gear", value: 0) {
                    Form {
                        Section("Wi-Fi") { TextField("Cancel", text: .constant("")) }
                    }
                }
            }
            .environment(\.locale, Locale(identifier: "de"))
        }
    }

    @Test func titledControlsTakeKeys() {
        // Bundle.main is the test runner's folder: the fixture's catalog stands in for it during this test.
        Localization.setCatalog(Localization.catalog(table: "Localizable", bundle: app), of: .main)
        defer { Localization.setCatalog(nil, of: .main) }
        let host = TestHost(rootView: Controls(), width: 400, height: 400)
        host.runFrame()
        #expect(host.contains(text: "Abbrechen"))
        #expect(host.contains(text: "WLAN"))
        #expect(host.visibleTexts.filter { $0 == "Einstellungen" }.count == 2)  // the label and the title
        #expect(host.contains(text: "Cancel"))
        #expect(host.contains(text: "Wi-Fi"))

        let more = TestHost(rootView: MoreControls(), width: 400, height: 400)
        more.runFrame()
        #expect(more.contains(text: "Einstellungen"), "\(more.visibleTexts)")  // the tab's title
        #expect(more.contains(text: "WLAN"))  // the section's header
        #expect(more.contains(text: "Abbrechen"))  // the field's placeholder
    }
}
