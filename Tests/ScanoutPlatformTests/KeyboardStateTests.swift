import XCTest
@testable import ScanoutPlatform

/// evdev key codes to keys with a US layout: named keys, letters with Shift and Caps Lock, modifiers held.
final class KeyboardStateTests: XCTestCase, @unchecked Sendable {
    func key(_ code: UInt32, _ pressed: Bool = true) -> KeyEvent { KeyEvent(code: code, isPressed: pressed, time: 0) }

    func testNamedKeysAndCharacters() {
        var k = KeyboardState()
        XCTAssertEqual(k.translate(key(28))?.symbol, .return)
        XCTAssertEqual(k.translate(key(96))?.symbol, .return, "keypad Enter")
        XCTAssertEqual(k.translate(key(1))?.symbol, .escape)
        XCTAssertEqual(k.translate(key(15))?.symbol, .tab)
        XCTAssertEqual(k.translate(key(103))?.symbol, .up)
        XCTAssertEqual(k.translate(key(57))?.text, " ")
        XCTAssertEqual(k.translate(key(30))?.text, "a")
        XCTAssertEqual(k.translate(key(2))?.text, "1")
        XCTAssertEqual(k.translate(key(53))?.text, "/")
        XCTAssertEqual(k.translate(key(28, false))?.isPressed, false, "releases are strokes too")
        XCTAssertNil(k.translate(key(240)), "an unmapped key (KEY_UNKNOWN)")
    }

    func testShiftCapsLockAndModifiers() {
        var k = KeyboardState()
        XCTAssertNil(k.translate(key(42)), "Shift only changes the state")
        let shifted = k.translate(key(30))
        XCTAssertEqual(shifted?.text, "A")
        XCTAssertEqual(shifted?.shift, true)
        XCTAssertEqual(k.translate(key(2))?.text, "!")
        _ = k.translate(key(42, false))
        XCTAssertEqual(k.translate(key(30))?.text, "a")

        _ = k.translate(key(58))
        _ = k.translate(key(58, false))
        XCTAssertEqual(k.translate(key(30))?.text, "A", "Caps Lock: letters upper-case")
        XCTAssertEqual(k.translate(key(2))?.text, "1", "Caps Lock leaves digits")
        _ = k.translate(key(54))
        XCTAssertEqual(k.translate(key(30))?.text, "a", "Shift with Caps Lock: lower-case")
        _ = k.translate(key(54, false))

        _ = k.translate(key(29))
        let control = k.translate(key(46))
        XCTAssertEqual(control?.control, true)
        XCTAssertEqual(control?.alt, false)
    }
}
