/// The on-screen keyboard's pages and their keys: QWERTY letters (en-US) with shift, a symbols page, and the
/// number, decimal and phone pads. Pure data: the keyboard view lays them out and draws them.
struct KeyboardKey: Equatable {
    enum Action: Equatable {
        case text(String)
        case backspace
        case shift
        case space
        case submit
        case page(KeyboardPage)
    }

    let label: String
    let action: Action
    /// The key's share of its row's width (a letter is 1).
    var width: Double = 1

    static func text(_ s: String) -> KeyboardKey { KeyboardKey(label: s, action: .text(s)) }
    /// Keys that repeat while held.
    var repeats: Bool { action == .backspace }
    /// Function keys (shift, backspace, page switches, return) are drawn darker than character keys.
    var isFunction: Bool {
        if case .text = action { return false }
        return action != .space
    }
}

enum KeyboardPage: Equatable {
    case letters, symbols, numberPad, decimalPad, phonePad

    /// The page a field's keyboard type opens on.
    init(_ type: UIKeyboardType) {
        switch type {
        case .numberPad, .asciiCapableNumberPad: self = .numberPad
        case .decimalPad: self = .decimalPad
        case .phonePad, .namePhonePad: self = .phonePad
        case .numbersAndPunctuation: self = .symbols
        default: self = .letters
        }
    }

    var isPad: Bool { self == .numberPad || self == .decimalPad || self == .phonePad }
}

/// The letter layouts of the on-screen keyboard (a board's `osk-layout`, or the app's locale, chooses).
public enum OnScreenKeyboardLayout: String, Hashable, Sendable, CaseIterable {
    /// QWERTY.
    case enUS = "en-US"
    /// QWERTZ with ü, ö, ä.
    case deDE = "de-DE"
    /// AZERTY.
    case frFR = "fr-FR"
    /// ЙЦУКЕН.
    case ruRU = "ru-RU"

    /// The layout for a locale identifier ("de_DE", "fr-CA", "ru"): by language; nil for one without a layout.
    public init?(localeIdentifier: String) {
        let language = localeIdentifier.prefix { $0 != "_" && $0 != "-" }.lowercased()
        switch language {
        case "en": self = .enUS
        case "de": self = .deDE
        case "fr": self = .frFR
        case "ru": self = .ruRU
        default: return nil
        }
    }

    /// The three letter rows (the third between shift and backspace).
    var letterRows: [String] {
        switch self {
        case .enUS: return ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
        case .deDE: return ["qwertzuiopü", "asdfghjklöä", "yxcvbnm"]
        case .frFR: return ["azertyuiop", "qsdfghjklm", "wxcvbn'"]
        case .ruRU: return ["йцукенгшщзх", "фывапролджэ", "ячсмитьбю"]
        }
    }

    /// What a long press on a letter offers.
    func alternates(for letter: String) -> [String] {
        switch (self, letter) {
        case (.ruRU, "е"): return ["ё"]
        case (.ruRU, "ь"): return ["ъ"]
        case (.ruRU, _): return []
        case (_, "a"): return ["à", "á", "â", "ä", "æ", "ã", "å"]
        case (_, "e"): return ["è", "é", "ê", "ë", "ē"]
        case (_, "i"): return ["î", "ï", "í", "ì"]
        case (_, "o"): return ["ô", "ö", "ó", "ò", "œ", "ø", "õ"]
        case (_, "u"): return ["ù", "û", "ü", "ú"]
        case (_, "c"): return ["ç", "ć", "č"]
        case (_, "n"): return ["ñ", "ń"]
        case (_, "s"): return ["ß", "ś", "š"]
        case (_, "y"): return ["ÿ"]
        case (_, "z"): return ["ž", "ź", "ż"]
        default: return []
        }
    }
}

struct OnScreenKeyboardLayoutKey: EnvironmentKey { static let defaultValue: OnScreenKeyboardLayout? = nil }

extension EnvironmentValues {
    /// The on-screen keyboard's letter layout: as set (a board's `osk-layout`, or the app), else the one for
    /// `\.locale`'s language (German gets QWERTZ), else en-US.
    public var onScreenKeyboardLayout: OnScreenKeyboardLayout {
        get { self[OnScreenKeyboardLayoutKey.self] ?? OnScreenKeyboardLayout(localeIdentifier: locale.identifier) ?? .enUS }
        set { self[OnScreenKeyboardLayoutKey.self] = newValue }
    }
}

enum KeyboardLayouts {
    static let backspaceLabel = "\u{232B}"
    static let shiftLabel = "\u{21E7}"

    /// The rows of `page`; letters shown in capitals when `shifted`; the return key titled `submitLabel`.
    /// An e-mail or URL field gets "@" and "." (or "/" and ".") beside the space bar.
    static func rows(_ page: KeyboardPage, shifted: Bool, submitLabel: SubmitLabel, type: UIKeyboardType,
                     layout: OnScreenKeyboardLayout = .enUS) -> [[KeyboardKey]] {
        func letters(_ s: String) -> [KeyboardKey] { s.map { .text(shifted ? $0.uppercased() : String($0)) } }
        func chars(_ s: String) -> [KeyboardKey] { s.map { .text(String($0)) } }
        let backspace = KeyboardKey(label: backspaceLabel, action: .backspace, width: 1.5)
        let submit = KeyboardKey(label: submitLabel.title, action: .submit, width: 2)
        switch page {
        case .letters, .symbols:
            var bottom: [KeyboardKey] = [page == .letters ? KeyboardKey(label: "123", action: .page(.symbols), width: 1.5)
                                                          : KeyboardKey(label: "ABC", action: .page(.letters), width: 1.5)]
            switch type {
            case .emailAddress: bottom += [.text("@"), KeyboardKey(label: "space", action: .space, width: 4), .text(".")]
            case .URL, .webSearch: bottom += [.text("/"), KeyboardKey(label: "space", action: .space, width: 4), .text(".")]
            default: bottom += [KeyboardKey(label: "space", action: .space, width: 6)]
            }
            bottom.append(submit)
            if page == .letters {
                let r = layout.letterRows
                // A third row of nine letters (ЙЦУКЕН) leaves less room for shift and backspace.
                let side = r[2].count > 7 ? 1.0 : 1.5
                return [letters(r[0]), letters(r[1]),
                        [KeyboardKey(label: shiftLabel, action: .shift, width: side)] + letters(r[2])
                            + [KeyboardKey(label: backspaceLabel, action: .backspace, width: side)],
                        bottom]
            }
            return [chars("1234567890"), chars("-/:;()$&@\""), chars(".,?!'#%*") + [backspace], bottom]
        case .numberPad, .decimalPad, .phonePad:
            let pad = KeyboardKey(label: backspaceLabel, action: .backspace)
            let done = KeyboardKey(label: submitLabel.title, action: .submit, width: 2)
            let digits = [chars("123"), chars("456"), chars("789")]
            switch page {
            case .phonePad: return digits + [chars("+0#"), [.text("*"), pad, KeyboardKey(label: submitLabel.title, action: .submit)]]
            case .decimalPad: return digits + [[.text("."), .text("0"), pad], [done]]
            default: return digits + [[.text("0"), pad], [done]]
            }
        }
    }
}
