import XCTest
import ScanoutUI
import ScanoutTesting
import ScanoutPlatform
import GoldenImages

/// The on-screen keyboard's layouts, in light and dark, at 800x480 and in portrait (a panel rotated by 90°:
/// 480x800 points). XCTest because `GoldenImage.assertMatches` reports through it.
final class OnScreenKeyboardGoldenTests: XCTestCase, @unchecked Sendable {
    private struct Panel: View {
        @State var text = "Batch 42"
        var type: UIKeyboardType
        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                Text("Operator")
                TextField("Name", text: $text).keyboardType(type).submitLabel(.done)
                Spacer()
            }
            .padding(24)
        }
    }

    @MainActor
    private func render(_ type: UIKeyboardType, dark: Bool = false, width: Int = 800, height: Int = 480,
                        rotation: DisplayRotation = .degrees0, layout: OnScreenKeyboardLayout = .enUS,
                        style: OnScreenKeyboardStyle = .automatic, tapping keys: [String] = []) -> TestHost {
        let panel = Panel(type: type).environment(\.onScreenKeyboardLayout, layout).onScreenKeyboardStyle(style)
        let host = TestHost(rootView: panel.onScreenKeyboard(.always).preferredColorScheme(dark ? .dark : .light),
                            width: width, height: height, rotation: rotation)
        host.background = dark ? RGBA(red: 0, green: 0, blue: 0) : .white
        host.runFrame()
        host.tap(text: "Batch 42")
        host.advance(seconds: 0.4)
        for k in keys { host.tap(text: k) }
        host.advance(seconds: 0.1)
        return host
    }

    @MainActor func testLettersLight() async {
        GoldenImage.assertMatches(render(.default).framebuffer, named: "ui-keyboard-letters-light")
    }

    @MainActor func testLettersDarkShifted() async {
        GoldenImage.assertMatches(render(.default, dark: true, tapping: ["\u{21E7}"]).framebuffer, named: "ui-keyboard-letters-dark")
    }

    @MainActor func testSymbols() async {
        GoldenImage.assertMatches(render(.default, tapping: ["123"]).framebuffer, named: "ui-keyboard-symbols-light")
    }

    @MainActor func testEmailLettersDark() async {
        GoldenImage.assertMatches(render(.emailAddress, dark: true, tapping: ["123"]).framebuffer, named: "ui-keyboard-symbols-dark")
    }

    @MainActor func testNumberPadDark() async {
        GoldenImage.assertMatches(render(.numberPad, dark: true).framebuffer, named: "ui-keyboard-numberpad-dark")
    }

    @MainActor func testDecimalPadLight() async {
        GoldenImage.assertMatches(render(.decimalPad).framebuffer, named: "ui-keyboard-decimalpad-light")
    }

    @MainActor func testPhonePadLight() async {
        GoldenImage.assertMatches(render(.phonePad).framebuffer, named: "ui-keyboard-phonepad-light")
    }

    @MainActor func testGermanFrenchAndRussianLetters() async {
        GoldenImage.assertMatches(render(.default, layout: .deDE).framebuffer, named: "ui-keyboard-letters-de")
        GoldenImage.assertMatches(render(.default, dark: true, layout: .frFR).framebuffer, named: "ui-keyboard-letters-fr-dark")
        GoldenImage.assertMatches(render(.default, layout: .ruRU).framebuffer, named: "ui-keyboard-letters-ru")
    }

    /// An 800x480 panel turned by 90°: the app is laid out in 480x800, the keyboard along its bottom edge,
    /// and the panel's pixels are turned (as the board shows them).
    @MainActor func testGermanLettersOnAPanelAtRotation90() async {
        let host = render(.default, rotation: .degrees90, layout: .deDE)
        XCTAssertEqual(host.framebuffer.width, 800)
        GoldenImage.assertMatches(host.framebuffer, named: "ui-keyboard-letters-de-panel-rotation90")
    }

    /// The style hook: flat yellow keys, taller, on a dark tray, labels in black.
    @MainActor func testStyled() async {
        var style = OnScreenKeyboardStyle()
        style.background = Color(white: 0.15)
        style.keyFill = .yellow
        style.functionKeyFill = .orange
        style.label = .black
        style.keyShadow = nil
        style.keyHeight = 56
        style.keyCornerRadius = 12
        style.labelSize = 28
        GoldenImage.assertMatches(render(.default, style: style).framebuffer, named: "ui-keyboard-styled")
    }

    @MainActor func testLettersPortraitRotation90() async {
        GoldenImage.assertMatches(render(.default, width: 480, height: 800).framebuffer, named: "ui-keyboard-letters-rotation90")
    }
}
