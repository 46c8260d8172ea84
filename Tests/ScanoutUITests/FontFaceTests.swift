import Testing
import ScanoutRender
import ScanoutText
import ScanoutUI
import ScanoutTesting

/// Weights, italics and named families pick real faces (fontconfig), as SwiftUI's fonts do; a family that is not
/// installed draws in DejaVu Sans and says so once.
@MainActor
struct FontFaceTests {
    func width(_ text: String, _ d: FontDescriptor) -> Double { TextEngine.shared.width(of: text, font: d) }

    @Test func weightsAndItalicsUseTheFamilysFaces() {
        let regular = FontDescriptor(size: 20)
        var light = regular
        light.weight = .light
        var semibold = regular
        semibold.weight = .semibold
        var bold = regular
        bold.weight = .bold
        var italic = regular
        italic.italic = true
        let text = "Temperature 21.5 °C"
        // DejaVu Sans Bold is wider than Book; semibold draws with Bold (the nearest face), as before.
        #expect(width(text, semibold) == width(text, bold))
        #expect(width(text, bold) > width(text, regular))
        // fonts-dejavu-extra (scripts/setup) has ExtraLight and Oblique: real faces with their own advances.
        #expect(TextEngine.shared.facePath(light)?.contains("DejaVuSans-ExtraLight.ttf") == true, "\(TextEngine.shared.facePath(light) ?? "none")")
        #expect(TextEngine.shared.facePath(italic)?.contains("DejaVuSans-Oblique.ttf") == true)
        #expect(TextEngine.shared.facePath(semibold) == TextEngine.shared.facePath(bold))
        #expect(TextEngine.shared.hasItalicFace(italic), "DejaVu Sans Oblique")
        #expect(!TextEngine.shared.hasItalicFace(regular))
    }

    /// From regular up, upright DejaVu comes straight from its core files, not through fontconfig (whose
    /// configuration took 8 % of the demo's start): the face is the one fontconfig picks for that weight.
    @Test func uprightDejaVuFromRegularUpIsTheFaceFontconfigPicks() throws {
        for weight in FontDescriptor.Weight.allCases where weight.rawValue >= FontDescriptor.Weight.regular.rawValue {
            for monospaced in [false, true] {
                let d = FontDescriptor(size: 20, weight: weight, monospaced: monospaced)
                let family = monospaced ? "DejaVu Sans Mono" : "DejaVu Sans"
                let picked = try #require(FontLookup.face(family: family, weight: weight.openTypeValue, italic: false))
                #expect(TextEngine.shared.facePath(d) == "\(picked.path)#\(picked.index)", "\(weight), monospaced \(monospaced)")
            }
        }
    }

    @Test func aNamedFamilyDrawsInItsFaceAndAMissingOneInDejaVu() {
        let noto = Font.custom("Noto Sans", size: 20)
        let missing = Font.custom("No Such Family 12345", size: 20)
        _ = noto
        var notoD = FontDescriptor(size: 20)
        notoD.family = "Noto Sans"
        var missingD = FontDescriptor(size: 20)
        missingD.family = "No Such Family 12345"
        let text = "Temperature 21.5 °C"
        #expect(width(text, notoD) != width(text, FontDescriptor(size: 20)), "Noto Sans (fonts-noto-core) has its own advances")
        #expect(width(text, missingD) == width(text, FontDescriptor(size: 20)), "DejaVu Sans instead")
        #expect(TextEngine.shared.errors.contains { $0.contains("No Such Family 12345") })
        // Through views: a Text in the custom font lays out as wide as the engine measures it.
        let host = TestHost(rootView: Text(text).font(missing).fixedSize().accessibilityIdentifier("t"), width: 400, height: 100)
        host.runFrame()
        #expect(host.frame(ofAccessibilityIdentifier: "t")?.width == width(text, FontDescriptor(size: 20)).rounded(.up))
    }

    @Test func registeringAFileThatIsNotAFontSaysWhy() {
        #expect(throws: (any Error).self) { try Font.register(fontFile: "/nonexistent/font.ttf") }
    }
}
