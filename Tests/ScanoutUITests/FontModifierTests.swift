import Testing
import ScanoutUI
import ScanoutTesting

/// `bold()`, `fontWeight(_:)`, `italic()`, `monospaced()` on a view reach every text inside it, whatever font
/// the text has; a text's own weight wins.
@MainActor
struct FontModifierTests {
    func width(of text: String, in view: some View) throws -> CGFloat {
        let host = TestHost(rootView: view, width: 600, height: 300)
        host.runFrame()
        return try #require(host.frame(ofText: text)).width
    }

    @Test func boldOnAContainerWidensItsTexts() throws {
        let plain = try width(of: "Pressure 4.2 bar", in: VStack { Text("Pressure 4.2 bar").font(.title) })
        let bold = try width(of: "Pressure 4.2 bar", in: VStack { Text("Pressure 4.2 bar").font(.title) }.bold())
        #expect(bold > plain, "the text's own font, made bold")
        let weighted = try width(of: "Pressure 4.2 bar", in: VStack { Text("Pressure 4.2 bar").font(.title) }.fontWeight(.bold))
        #expect(weighted == bold)
        let own = try width(of: "Pressure 4.2 bar", in: VStack { Text("Pressure 4.2 bar").font(.title).fontWeight(.regular) }.bold())
        #expect(own == plain, "the text's own weight wins")
        let joined = try width(of: "Pressure 4.2 bar", in: VStack { Text("Pressure ") + Text("4.2 bar") }.font(.title).bold())
        #expect(joined == bold, "joined texts (the rich layout) too")
    }

    @Test func monospacedOnAContainerUsesTheMonospacedFace() throws {
        let plain = try width(of: "iiii", in: VStack { Text("iiii") })
        let mono = try width(of: "iiii", in: VStack { Text("iiii") }.monospaced())
        let wide = try width(of: "MMMM", in: VStack { Text("MMMM") }.fontDesign(.monospaced))
        #expect(mono > plain, "narrow letters take a full cell")
        #expect(mono == wide, "every letter the same width")
        #expect(try width(of: "iiii", in: Text("iiii").monospaced()) == mono)
        // A text's own monospaced() keeps the font it is given from outside (the environment's, here larger).
        let titled = try width(of: "iiii", in: VStack { Text("iiii").monospaced() }.font(.title))
        let titledMono = try width(of: "iiii", in: VStack { Text("iiii") }.font(.title).monospaced())
        #expect(titled == titledMono && titled > mono, "the title's size, monospaced: \(titled) \(titledMono) \(mono)")
        #expect(try width(of: "iiii", in: VStack { Text("iiii").fontDesign(.monospaced) }) == mono)
        #expect(try width(of: "iiii", in: VStack { Text("iiii").monospaced(false) }) == plain)
    }

    @Test func italicOnAContainerSlantsItsTexts() throws {
        func pixels(_ view: some View) -> [RGBA] {
            let host = TestHost(rootView: view, width: 200, height: 100)
            host.runFrame()
            return (0..<100).flatMap { y in (0..<200).map { x in host.pixel(x: x, y: y) } }
        }
        let upright = pixels(VStack { Text("IIII").font(.title) })
        let slanted = pixels(VStack { Text("IIII").font(.title) }.italic())
        #expect(slanted != upright)
        #expect(pixels(VStack { Text("IIII").font(.title).italic() }) == slanted, "as the text's own italic()")
        #expect(pixels(VStack { Text("IIII").font(.title) }.italic(false)) == upright)
    }

    struct Toggled: View {
        @State var isBold = false
        var body: some View {
            VStack {
                Text("Pressure 4.2 bar")
                Button("Toggle") { isBold.toggle() }
            }
            .bold(isBold)
        }
    }

    @Test func changingTheModifierLaysTheTextOutAgain() throws {
        let host = TestHost(rootView: Toggled(), width: 600, height: 300)
        host.runFrame()
        let before = try #require(host.frame(ofText: "Pressure 4.2 bar")).width
        host.tap(text: "Toggle")
        let after = try #require(host.frame(ofText: "Pressure 4.2 bar")).width
        #expect(after > before)
        host.tap(text: "Toggle")
        #expect(try #require(host.frame(ofText: "Pressure 4.2 bar")).width == before)
    }
}
