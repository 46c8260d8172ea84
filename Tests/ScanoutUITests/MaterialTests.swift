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

    @Test func gradientStopsAtTheirLocations() {
        func pixels(_ g: LinearGradient) -> (top: RGBA, bottom: RGBA) {
            let host = TestHost(rootView: Rectangle().fill(g).frame(width: 100, height: 100), width: 100, height: 100)
            host.runFrame()
            return (host.pixel(x: 50, y: 20), host.pixel(x: 50, y: 80))
        }
        let red = RGBA(red: 255, green: 59, blue: 48), blue = RGBA(red: 0, green: 122, blue: 255)
        let hard = pixels(LinearGradient(stops: [.init(color: .red, location: 0), .init(color: .red, location: 0.5),
                                                 .init(color: .blue, location: 0.5), .init(color: .blue, location: 1)],
                                         startPoint: .top, endPoint: .bottom))
        #expect(hard.top == red && hard.bottom == blue, "a hard edge in the middle: \(hard)")
        let unsorted = pixels(LinearGradient(stops: [.init(color: .blue, location: 0.5), .init(color: .red, location: 0.3)],
                                             startPoint: .top, endPoint: .bottom))
        #expect(unsorted.top == red && unsorted.bottom == blue, "stops in order of location, padded beyond: \(unsorted)")
        let even = pixels(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom))
        let stops = pixels(LinearGradient(stops: [.init(color: .red, location: 0), .init(color: .blue, location: 1)], startPoint: .top, endPoint: .bottom))
        #expect(even == stops, "colours are evenly spaced stops")
        #expect(Gradient(colors: [.red, .green, .blue]).stops.map(\.location) == [0, 0.5, 1])
    }

    @Test func gradientsByTheirShortNames() {
        let long = centre(Rectangle().fill(LinearGradient(colors: [.red, .yellow], startPoint: .top, endPoint: .bottom)))
        #expect(centre(Rectangle().fill(.linearGradient(colors: [.red, .yellow], startPoint: .top, endPoint: .bottom))) == long)
        #expect(centre(Rectangle().fill(.linearGradient(Gradient(colors: [.red, .yellow]), startPoint: .top, endPoint: .bottom))) == long)
        let radial = centre(Rectangle().fill(RadialGradient(colors: [.red, .yellow], center: .center, startRadius: 0, endRadius: 50)))
        #expect(centre(Rectangle().fill(.radialGradient(colors: [.red, .yellow], center: .center, startRadius: 0, endRadius: 50))) == radial)
    }
}
