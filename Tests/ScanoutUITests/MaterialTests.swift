import Testing
import ScanoutUI
import ScanoutTesting

/// Materials: translucent layers of the background colour, thinner ones letting more through; gradients by
/// their short names.
@MainActor
struct MaterialTests {
    func centre(_ view: some View, scheme: ColorScheme = .light) -> RGBA {
        let host = TestHost(rootView: ZStack { Color.blue; Color.clear.frame(width: 100, height: 100).background(view) }
            .preferredColorScheme(scheme), width: 200, height: 200)
        host.runFrame()
        return host.pixel(x: 100, y: 100)
    }

    @Test func thinnerMaterialsLetMoreOfWhatIsBehindThrough() {
        func blueness(_ p: RGBA) -> Int { Int(p.blue) - Int(p.red) }
        let shapeStyles: [Material] = [.ultraThinMaterial, .thinMaterial, .regularMaterial, .thickMaterial, .ultraThickMaterial]
        let values = shapeStyles.map { blueness(centre(Rectangle().fill($0))) }
        #expect(values == values.sorted(by: >), "from the thinnest to the thickest: \(values)")
        #expect(values.allSatisfy { $0 > 0 }, "all let some blue through")
        let light = centre(Rectangle().fill(.regularMaterial)), dark = centre(Rectangle().fill(.regularMaterial), scheme: .dark)
        #expect(Int(light.red) > 150 && Int(dark.red) < 60, "white in light appearance, dark in dark: \(light) \(dark)")
        #expect(centre(Color.clear.background(.regularMaterial)) == light, "as a background's shape style")
        #expect(centre(Rectangle().fill(Material.bar)) != light)
    }

    @Test func gradientsByTheirShortNames() {
        let long = centre(Rectangle().fill(LinearGradient(colors: [.red, .yellow], startPoint: .top, endPoint: .bottom)))
        #expect(centre(Rectangle().fill(.linearGradient(colors: [.red, .yellow], startPoint: .top, endPoint: .bottom))) == long)
        #expect(centre(Rectangle().fill(.linearGradient(Gradient(colors: [.red, .yellow]), startPoint: .top, endPoint: .bottom))) == long)
        let radial = centre(Rectangle().fill(RadialGradient(colors: [.red, .yellow], center: .center, startRadius: 0, endRadius: 50)))
        #expect(centre(Rectangle().fill(.radialGradient(colors: [.red, .yellow], center: .center, startRadius: 0, endRadius: 50))) == radial)
    }
}
