/// SDL's scancodes (USB HID keyboard usages, page 7: where a key is, not what it types) to Linux evdev key
/// codes (`KEY_*`, what libinput reports): the window backend's keys then take the same path as a board's
/// keyboard — `KeyEvent` → the board's XKB keymap (`--xkb-layout`) or the built-in US map.
public enum SDLScancode {
    /// The evdev code of the key at SDL scancode `scancode`, or nil for keys a panel has no use for.
    public static func evdevCode(_ scancode: Int32) -> UInt32? {
        switch scancode {
        case 4...29: return letters[Int(scancode) - 4]   // A ... Z
        case 30...38: return UInt32(scancode - 28)       // 1 ... 9 → KEY_1 (2) ... KEY_9 (10)
        case 224...231: return modifiers[Int(scancode) - 224]
        default: return others[scancode]
        }
    }

    /// KEY_A ... KEY_Z, in the order of the alphabet (evdev numbers them by their place on the keyboard).
    private static let letters: [UInt32] = [30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50,
                                            49, 24, 25, 16, 19, 31, 20, 22, 47, 17, 45, 21, 44]
    /// LCtrl, LShift, LAlt, LGUI, RCtrl, RShift, RAlt, RGUI → KEY_LEFTCTRL, KEY_LEFTSHIFT, KEY_LEFTALT,
    /// KEY_LEFTMETA, KEY_RIGHTCTRL, KEY_RIGHTSHIFT, KEY_RIGHTALT, KEY_RIGHTMETA.
    private static let modifiers: [UInt32] = [29, 42, 56, 125, 97, 54, 100, 126]
    private static let others: [Int32: UInt32] = [
        39: 11,   // 0
        40: 28,   // Return → KEY_ENTER
        41: 1,    // Escape
        42: 14,   // Backspace
        43: 15,   // Tab
        44: 57,   // Space
        45: 12,   // - (KEY_MINUS)
        46: 13,   // = (KEY_EQUAL)
        47: 26,   // [ (KEY_LEFTBRACE)
        48: 27,   // ] (KEY_RIGHTBRACE)
        49: 43,   // \ (KEY_BACKSLASH)
        50: 43,   // the ISO key left of Return (SDL_SCANCODE_NONUSHASH): KEY_BACKSLASH, as the kernel maps it
        51: 39,   // ; (KEY_SEMICOLON)
        52: 40,   // ' (KEY_APOSTROPHE)
        53: 41,   // ` (KEY_GRAVE)
        54: 51,   // , (KEY_COMMA)
        55: 52,   // . (KEY_DOT)
        56: 53,   // / (KEY_SLASH)
        57: 58,   // Caps Lock
        58: 59, 59: 60, 60: 61, 61: 62, 62: 63, 63: 64, 64: 65, 65: 66, 66: 67, 67: 68,  // F1 ... F10
        68: 87, 69: 88,  // F11, F12
        73: 110,  // Insert
        74: 102,  // Home
        75: 104,  // Page Up
        76: 111,  // Delete
        77: 107,  // End
        78: 109,  // Page Down
        79: 106,  // Right
        80: 105,  // Left
        81: 108,  // Down
        82: 103,  // Up
        83: 69,   // Num Lock
        84: 98,   // keypad /
        85: 55,   // keypad *
        86: 74,   // keypad -
        87: 78,   // keypad +
        88: 96,   // keypad Enter
        89: 79, 90: 80, 91: 81, 92: 75, 93: 76, 94: 77, 95: 71, 96: 72, 97: 73,  // keypad 1 ... 9
        98: 82,   // keypad 0
        99: 83,   // keypad .
        100: 86,  // the ISO key left of Z (SDL_SCANCODE_NONUSBACKSLASH): KEY_102ND
        101: 127, // Menu (SDL_SCANCODE_APPLICATION): KEY_COMPOSE
    ]
}
