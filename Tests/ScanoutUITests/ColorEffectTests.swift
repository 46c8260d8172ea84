import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRender

/// The colour effects (`grayscale`, `saturation`, `brightness`, `contrast`, `colorMultiply`, `hueRotation`,
/// `colorInvert`, `luminanceToAlpha`): what each does to a colour, that they reach everything a view draws
/// (its subviews, text, gradients, images, shadows) and nothing beside it, that nested effects apply inner
/// first, and that a changed or animated amount draws the subtree again. (The host checks every frame that
/// its retained recording equals a fresh one.)
@MainActor
struct ColorEffectTests {
    /// The pixel at the centre of a 40x40 square of `view`, drawn on white.
    private func centre<V: View>(_ view: V) -> RGBA {
        let host = TestHost(rootView: view.frame(width: 40, height: 40), width: 40, height: 40)
        host.runFrame()
        return host.pixel(x: 20, y: 20)
    }

    private func near(_ a: RGBA, _ b: RGBA, _ tolerance: Int = 1) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
            && abs(Int(a.blue) - Int(b.blue)) <= tolerance && abs(Int(a.alpha) - Int(b.alpha)) <= tolerance
    }

    private let red = Color(red: 1, green: 0, blue: 0)

    @Test func grayscaleAndSaturationGreyByLuminance() {
        // Rec. 709 luminance of pure red: 0.2126 · 255 ≈ 54.
        #expect(near(centre(red.grayscale(1)), RGBA(red: 54, green: 54, blue: 54)))
        #expect(near(centre(red.saturation(0)), RGBA(red: 54, green: 54, blue: 54)))
        #expect(centre(red.grayscale(0)) == RGBA(red: 255, green: 0, blue: 0), "no effect at 0")
        #expect(centre(red.saturation(1)) == RGBA(red: 255, green: 0, blue: 0), "no effect at 1")
        // Half grey: red 0.2126 + 0.7874 / 2 ≈ 0.606, green and blue 0.2126 / 2.
        #expect(near(centre(red.grayscale(0.5)), RGBA(red: 155, green: 27, blue: 27)))
        #expect(centre(red.grayscale(3)) == centre(red.grayscale(1)), "clamped to 1")
    }

    @Test func brightnessContrastAndInversion() {
        #expect(centre(Color.black.brightness(1)) == RGBA(red: 255, green: 255, blue: 255))
        #expect(near(centre(Color.black.brightness(0.2)), RGBA(red: 51, green: 51, blue: 51)))
        #expect(near(centre(Color.white.brightness(-0.2)), RGBA(red: 204, green: 204, blue: 204)))
        #expect(near(centre(red.contrast(0)), RGBA(red: 128, green: 128, blue: 128)), "no contrast: mid-grey")
        #expect(near(centre(Color(white: 0.6).contrast(2)), RGBA(red: 179, green: 179, blue: 179)), "(0.6 − 0.5) · 2 + 0.5")
        #expect(centre(red.contrast(-1)) == RGBA(red: 0, green: 255, blue: 255), "negative contrast inverts")
        #expect(centre(red.colorInvert()) == RGBA(red: 0, green: 255, blue: 255))
    }

    @Test func colorMultiplyAndHueRotation() {
        #expect(centre(Color.white.colorMultiply(Color(red: 0, green: 0.5, blue: 1))) == RGBA(red: 0, green: 128, blue: 255))
        #expect(centre(red.colorMultiply(Color(red: 0, green: 0, blue: 1))) == RGBA(red: 0, green: 0, blue: 0))
        // Multiplying the opacity too: half-transparent white over the white background stays white; over black
        // it is mid-grey.
        let host = TestHost(rootView: ZStack { Color.black; Color.white.colorMultiply(Color(white: 1, opacity: 0.5)) }
            .frame(width: 40, height: 40), width: 40, height: 40)
        host.runFrame()
        #expect(near(host.pixel(x: 20, y: 20), RGBA(red: 128, green: 128, blue: 128)))
        #expect(centre(red.hueRotation(.zero)) == RGBA(red: 255, green: 0, blue: 0))
        let turned = centre(red.hueRotation(.degrees(180)))
        #expect(turned.red < 10 && turned.green > 100 && turned.blue > 100, "red turned half way round: cyan-ish, \(turned)")
        let third = centre(red.hueRotation(.degrees(120)))
        #expect(third.green > third.red && third.green > third.blue, "a third of a turn: green-ish, \(third)")
    }

    @Test func luminanceToAlphaMakesBlackAsOpaqueAsTheColourIsBright() {
        func over(_ view: some View) -> RGBA {
            let host = TestHost(rootView: ZStack { Color(red: 1, green: 0, blue: 0); view }.frame(width: 40, height: 40),
                                width: 40, height: 40)
            host.runFrame()
            return host.pixel(x: 20, y: 20)
        }
        #expect(over(Color.white.luminanceToAlpha()) == RGBA(red: 0, green: 0, blue: 0), "white: opaque black")
        #expect(over(Color.black.luminanceToAlpha()) == RGBA(red: 255, green: 0, blue: 0), "black: transparent")
        #expect(near(over(Color(white: 0.5).luminanceToAlpha()), RGBA(red: 128, green: 0, blue: 0)), "half: half")
    }

    struct Card: View {
        var body: some View {
            VStack(spacing: 0) {
                Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 40, height: 20)
                Rectangle().fill(LinearGradient(colors: [Color(red: 0, green: 0, blue: 1), Color(red: 0, green: 0, blue: 1)],
                                                startPoint: .leading, endPoint: .trailing))
                    .frame(width: 40, height: 20)
                Text("W").font(.system(size: 30)).foregroundStyle(Color(red: 0, green: 1, blue: 0)).frame(width: 40, height: 40)
            }
        }
    }

    @Test func anEffectReachesEverySubviewAndNothingBeside() {
        let host = TestHost(rootView: HStack(spacing: 0) {
            Card().grayscale(1)
            Card()
        }.frame(width: 80, height: 80, alignment: .topLeading), width: 80, height: 80)
        host.runFrame()
        let top = host.pixel(x: 20, y: 10), gradient = host.pixel(x: 20, y: 30)
        #expect(top.red == top.green && top.green == top.blue, "the red rectangle is grey: \(top)")
        #expect(gradient.red == gradient.green && gradient.green == gradient.blue && gradient.blue < 40, "the blue gradient is dark grey: \(gradient)")
        // Every pixel of the greyed text is grey; beside, the same text is green.
        var greyText = 0, colouredBeside = 0
        for y in 40..<80 {
            for x in 0..<40 {
                let p = host.pixel(x: x, y: y)
                if p.red != 255 || p.green != 255 || p.blue != 255 {
                    #expect(p.red == p.green && p.green == p.blue, "a text pixel under the effect is grey: \(p)")
                    greyText += 1
                }
                let q = host.pixel(x: x + 40, y: y)
                if Int(q.green) > Int(q.red) + 50 { colouredBeside += 1 }
            }
        }
        #expect(greyText > 50 && colouredBeside > 50)
        #expect(host.pixel(x: 60, y: 10) == RGBA(red: 255, green: 0, blue: 0), "the view beside keeps its colours")
    }

    @Test func imagesAndShadowsGoThroughTheEffect() {
        let bitmap = PixelBuffer(width: 4, height: 4)
        bitmap.fill(RGBA(red: 0, green: 255, blue: 0))
        let host = TestHost(rootView: HStack(spacing: 0) {
            Image(pixels: bitmap).resizable().frame(width: 40, height: 40).colorInvert()
            Color.white.frame(width: 20, height: 20).shadow(color: Color(red: 1, green: 0, blue: 0), radius: 0, x: 10, y: 10)
                .frame(width: 40, height: 40).colorInvert()
        }.frame(width: 80, height: 40), width: 80, height: 40)
        host.background = RGBA(red: 255, green: 255, blue: 255)
        host.runFrame()
        #expect(host.pixel(x: 20, y: 20) == RGBA(red: 255, green: 0, blue: 255), "green pixels inverted: magenta")
        #expect(host.pixel(x: 60, y: 20) == RGBA(red: 0, green: 0, blue: 0), "the white square inverted: black")
        #expect(host.pixel(x: 75, y: 35) == RGBA(red: 0, green: 255, blue: 255), "its red shadow inverted: cyan")
    }

    @Test func nestedEffectsApplyInnerFirst() {
        // Inverted, then grey: white → black → black. Grey, then inverted: red → 54 → 201.
        #expect(centre(Color.white.colorInvert().grayscale(1)) == RGBA(red: 0, green: 0, blue: 0))
        #expect(near(centre(red.grayscale(1).colorInvert()), RGBA(red: 201, green: 201, blue: 201)))
        // An environment modifier between them keeps the outer effect.
        #expect(near(centre(red.grayscale(1).environment(\.colorScheme, .dark).colorInvert()), RGBA(red: 201, green: 201, blue: 201)))
    }

    struct Toggled: View {
        @State var grey = false
        @State var showsMore = false
        var body: some View {
            VStack(spacing: 0) {
                Color(red: 1, green: 0, blue: 0).frame(width: 40, height: 20)
                if showsMore { Color(red: 0, green: 0, blue: 1).frame(width: 40, height: 20) }
                Button("grey") { grey.toggle() }.frame(width: 80, height: 20)
                Button("more") { showsMore = true }.frame(width: 80, height: 20)
                Button("fade") { withAnimation(.linear(duration: 1)) { grey.toggle() } }.frame(width: 80, height: 20)
            }
            .grayscale(grey ? 1 : 0)
            .frame(width: 80, height: 100, alignment: .topLeading)
        }
    }

    @Test func aChangedAmountDrawsTheSubtreeAgain() {
        let host = TestHost(rootView: Toggled(), width: 80, height: 100)
        host.runFrame()
        #expect(host.pixel(x: 20, y: 10) == RGBA(red: 255, green: 0, blue: 0))
        host.tap(text: "grey")
        host.runFrame()
        #expect(near(host.pixel(x: 20, y: 10), RGBA(red: 54, green: 54, blue: 54)), "greyed: \(host.pixel(x: 20, y: 10))")
        host.tap(text: "more")
        host.runFrame()
        let added = host.pixel(x: 20, y: 30)
        #expect(added.red == added.green && added.green == added.blue, "a view added under the effect is grey too: \(added)")
        host.tap(text: "grey")
        host.runFrame()
        #expect(host.pixel(x: 20, y: 10) == RGBA(red: 255, green: 0, blue: 0), "back to red")
        #expect(host.pixel(x: 20, y: 30) == RGBA(red: 0, green: 0, blue: 255))
    }

    @Test func anAnimatedAmountMovesFrameByFrame() {
        let host = TestHost(rootView: Toggled(), width: 80, height: 100)
        host.runFrame()
        host.tap(text: "fade")
        let began = host.time
        while host.time < began + 0.5 - 1e-9 { host.runFrame() }
        let half = host.pixel(x: 20, y: 10)
        #expect(half.red > 120 && half.red < 190 && half.green > 10 && half.green < 45, "half way to grey: \(half)")
        host.advance(seconds: 0.6)
        #expect(near(host.pixel(x: 20, y: 10), RGBA(red: 54, green: 54, blue: 54)))
    }
}

extension ColorEffectTests {
    @Test func compositingAndDrawingGroupsDrawTheViewAsItIs() {
        func pixels(_ view: some View) -> [RGBA] {
            let host = TestHost(rootView: view.frame(width: 40, height: 80), width: 40, height: 80)
            host.runFrame()
            return (0..<80).flatMap { y in (0..<40).map { host.pixel(x: $0, y: y) } }
        }
        let plain = pixels(Card().opacity(0.5))
        #expect(pixels(Card().compositingGroup().opacity(0.5)) == plain)
        #expect(pixels(Card().drawingGroup().opacity(0.5)) == plain)
        #expect(pixels(Card().drawingGroup(opaque: true, colorMode: .linear).opacity(0.5)) == plain)
        #expect(plain.contains { $0 != RGBA(red: 255, green: 255, blue: 255) }, "the card is drawn")
    }
}
