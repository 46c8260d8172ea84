import Testing
import ScanoutUI
import ScanoutTesting

/// `symbolVariant(_:)`: symbols inside a view drawn in their filled (circled, slashed …) forms.
@MainActor
struct SymbolVariantTests {
    func pixels(_ view: some View) -> [RGBA] {
        let host = TestHost(rootView: view, width: 60, height: 60)
        host.runFrame()
        return (0..<60).flatMap { y in (0..<60).map { x in host.pixel(x: x, y: y) } }
    }

    @Test func aVariantDrawsTheVariantsSymbol() {
        let filled = pixels(Image(systemName: "bell.fill"))
        #expect(pixels(Image(systemName: "bell").symbolVariant(.fill)) == filled)
        #expect(pixels(Image(systemName: "bell")) != filled)
        #expect(pixels(Image(systemName: "bell.fill").symbolVariant(.fill)) == filled, "a part the name has is not added again")
        #expect(pixels(Image(systemName: "checkmark").symbolVariant(.circle.fill)) == pixels(Image(systemName: "checkmark.circle.fill")))
        #expect(pixels(Image(systemName: "bell").symbolVariant(.circle.fill)) == filled,
                "no bell.circle.fill among Scanout's symbols: the closest, bell.fill")
        #expect(pixels(VStack { Image(systemName: "bell") }.symbolVariant(.fill)) == pixels(VStack { Image(systemName: "bell.fill") }),
                "the environment carries it down")
    }

    @Test func variantsCombine() {
        let v = SymbolVariants.circle.fill
        #expect(v.contains(.circle) && v.contains(.fill) && !v.contains(.slash) && !v.contains(.square))
        #expect(SymbolVariants.none.contains(.none))
        var environment = EnvironmentValues()
        #expect(environment.symbolVariants == .none)
        environment.symbolVariants = .slash
        #expect(environment.symbolVariants.contains(.slash))
    }
}
