import Testing
@testable import ScanoutPlatform

/// Hardware keys through libxkbcommon: layouts, AltGr, dead keys, modifiers, and bad layout names.
@Suite struct XKBKeymapTests {
    private func press(_ k: XKBKeymap, _ code: UInt32) -> KeyStroke? {
        let s = k.translate(KeyEvent(code: code, isPressed: true, time: 0))
        _ = k.translate(KeyEvent(code: code, isPressed: false, time: 0))
        return s
    }

    private func type(_ k: XKBKeymap, _ codes: [UInt32]) -> String {
        codes.compactMap { press(k, $0)?.text }.joined()
    }

    @Test func theGermanLayoutTypesUmlautsAndAltGrQIsAt() throws {
        let de = try XKBKeymap(layout: "de")
        #expect(press(de, 40)?.text == "ä", "KEY_APOSTROPHE")
        #expect(press(de, 39)?.text == "ö", "KEY_SEMICOLON")
        #expect(press(de, 21)?.text == "z", "QWERTZ: KEY_Y types z")
        _ = de.translate(KeyEvent(code: 100, isPressed: true, time: 0))  // AltGr down
        #expect(press(de, 16)?.text == "@", "AltGr+q")
        _ = de.translate(KeyEvent(code: 100, isPressed: false, time: 0))
        #expect(press(de, 16)?.text == "q")
    }

    @Test func shiftAndCapsLockChangeCase() throws {
        let us = try XKBKeymap()
        #expect(press(us, 30)?.text == "a")
        _ = us.translate(KeyEvent(code: 42, isPressed: true, time: 0))
        #expect(us.isShiftActive)
        let shifted = press(us, 30)
        #expect(shifted?.text == "A" && shifted?.shift == true)
        #expect(press(us, 3)?.text == "@", "Shift+2 on the US layout")
        _ = us.translate(KeyEvent(code: 42, isPressed: false, time: 0))
        #expect(!us.isShiftActive)
        _ = press(us, 58)  // Caps Lock
        #expect(press(us, 30)?.text == "A")
    }

    @Test func controlLettersAreTheirKeysForShortcuts() throws {
        let us = try XKBKeymap()
        _ = us.translate(KeyEvent(code: 29, isPressed: true, time: 0))  // KEY_LEFTCTRL
        let c = us.translate(KeyEvent(code: 46, isPressed: true, time: 0))  // KEY_C
        #expect(c?.symbol == .character("c") && c?.control == true, "Ctrl-C is the c key with Control, not U+0003")
        let up = us.translate(KeyEvent(code: 46, isPressed: false, time: 0))
        #expect(up?.symbol == .character("c") && up?.isPressed == false, "and its release too")
        #expect(press(us, 30)?.symbol == .character("a"), "Ctrl-A (select all)")
        _ = us.translate(KeyEvent(code: 29, isPressed: false, time: 0))
        #expect(press(us, 46)?.text == "c")
    }

    @Test func deadKeysCompose() throws {
        let de = try XKBKeymap(layout: "de")
        // KEY_EQUAL is a dead acute on the German layout: nothing, then "é" with e.
        #expect(press(de, 13) == nil)
        #expect(press(de, 18)?.text == "é")
        // Dead key then space: the accent as a spacing character (en_US.UTF-8's Compose file says "'").
        #expect(["'", "´"].contains(type(de, [13, 57])))
    }

    @Test func namedKeysAndRepeat() throws {
        let us = try XKBKeymap()
        #expect(press(us, 28)?.symbol == .return)
        #expect(press(us, 14)?.symbol == .backspace)
        #expect(press(us, 105)?.symbol == .left)
        #expect(us.repeats(30), "letters repeat")
        #expect(!us.repeats(42), "shift does not")
        #expect(us.keyRepeat.delay > 0 && us.keyRepeat.rate > 0)
    }

    /// Bytes a keymap or compose table hands over that are not UTF-8 (a truncated sequence, a lone
    /// continuation byte) become U+FFFD: typed as a replacement character, never a crash.
    @Test func invalidUTF8FromAKeymapBecomesReplacementCharacters() {
        let bytes: [UInt8] = [0x61, 0xC3, 0x28, 0x80, 0xE2, 0x82]
        let text = XKBKeymap.decode(bytes.map { CChar(bitPattern: $0) }, count: bytes.count)
        #expect(text.hasPrefix("a"))
        #expect(text.unicodeScalars.contains("\u{FFFD}"))
        #expect(!text.isEmpty && text.utf8.count >= 4)
        #expect(XKBKeymap.decode([], count: 0) == "")
    }

    @Test func anUnknownLayoutIsAClearError() {
        #expect(throws: PlatformError.self) { try XKBKeymap(layout: "no-such-layout") }
        do {
            _ = try XKBKeymap(layout: "no-such-layout")
        } catch {
            #expect("\(error)".contains("no-such-layout"))
        }
    }

    /// libxkbcommon is loaded when the first keymap is made: a board without it gets an error naming the
    /// library and the package (the session then types with the built-in US layout), not a failed start.
    @Test func aMissingLibxkbcommonIsAClearError() {
        do {
            _ = try XKBLibrary(soname: "libxkbcommon-not-installed.so.0")
            Issue.record("loading a library that is not there succeeded")
        } catch {
            #expect("\(error)".contains("libxkbcommon-not-installed.so.0"), "\(error)")
            #expect("\(error)".contains("install libxkbcommon0"), "\(error)")
        }
        #expect(throws: Never.self) { try XKBLibrary.shared() }
    }
}
