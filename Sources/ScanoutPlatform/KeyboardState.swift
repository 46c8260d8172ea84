/// A key as the app sees it, before any view: what it is (a character, or a named key) and the modifiers
/// held. ScanoutUI turns it into SwiftUI's `KeyPress`.
public enum KeySymbol: Sendable, Equatable {
    case character(Character)
    case `return`, escape, tab, space, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
}

/// A key going down or up, translated: the symbol, the text it types (empty for named keys), and the
/// modifiers held when it happened.
public struct KeyStroke: Sendable, Equatable {
    public var symbol: KeySymbol
    public var text: String
    public var isPressed: Bool
    public var shift: Bool
    public var control: Bool
    public var alt: Bool
}

/// Turns evdev key codes into `KeyStroke`s with a US layout, tracking Shift, Ctrl and Alt (either side) and
/// Caps Lock. Enough for a kiosk's buttons and forms (Return, Escape, Tab, arrows, letters, digits); other
/// layouts need libxkbcommon, which Scanout does not link yet. Pure state: tested directly.
public struct KeyboardState: Sendable {
    private var shifts = 0
    private var controls = 0
    private var alts = 0
    private var capsLock = false

    public init() {}

    /// The stroke for `event`, or nil for a modifier key (it only changes the state) or an unmapped key.
    public mutating func translate(_ event: KeyEvent) -> KeyStroke? {
        let delta = event.isPressed ? 1 : -1
        switch event.code {
        case 42, 54: shifts = max(0, shifts + delta); return nil        // KEY_LEFTSHIFT, KEY_RIGHTSHIFT
        case 29, 97: controls = max(0, controls + delta); return nil    // KEY_LEFTCTRL, KEY_RIGHTCTRL
        case 56, 100: alts = max(0, alts + delta); return nil           // KEY_LEFTALT, KEY_RIGHTALT
        case 58: if event.isPressed { capsLock.toggle() }; return nil   // KEY_CAPSLOCK
        default: break
        }
        let shift = shifts > 0
        let symbol: KeySymbol
        var text = ""
        switch event.code {
        case 28, 96: symbol = .return          // KEY_ENTER, KEY_KPENTER
        case 1: symbol = .escape
        case 15: symbol = .tab
        case 57: symbol = .space; text = " "
        case 14: symbol = .backspace
        case 111: symbol = .delete
        case 103: symbol = .up
        case 108: symbol = .down
        case 105: symbol = .left
        case 106: symbol = .right
        case 102: symbol = .home
        case 107: symbol = .end
        case 104: symbol = .pageUp
        case 109: symbol = .pageDown
        default:
            guard let (plain, shifted) = Self.printable[event.code] else { return nil }
            let isLetter = plain.isLetter
            let upper = isLetter ? (shift != capsLock) : shift
            let c = upper ? shifted : plain
            symbol = .character(c)
            text = String(c)
        }
        return KeyStroke(symbol: symbol, text: text, isPressed: event.isPressed, shift: shift, control: controls > 0, alt: alts > 0)
    }

    /// evdev codes of the printable keys on a US keyboard: (plain, with Shift).
    static let printable: [UInt32: (Character, Character)] = {
        var table: [UInt32: (Character, Character)] = [:]
        let rows: [(UInt32, String, String)] = [
            (2, "1234567890-=", "!@#$%^&*()_+"),   // KEY_1 ... KEY_EQUAL
            (16, "qwertyuiop[]", "QWERTYUIOP{}"),  // KEY_Q ... KEY_RIGHTBRACE
            (30, "asdfghjkl;'`", "ASDFGHJKL:\"~"), // KEY_A ... KEY_GRAVE
            (43, "\\zxcvbnm,./", "|ZXCVBNM<>?"),   // KEY_BACKSLASH ... KEY_SLASH
        ]
        for (first, plain, shifted) in rows {
            for (i, (p, s)) in zip(plain, shifted).enumerated() { table[first + UInt32(i)] = (p, s) }
        }
        return table
    }()
}
