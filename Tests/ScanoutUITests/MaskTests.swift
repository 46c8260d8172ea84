import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRender

/// `mask(alignment:_:)`: the content shows where the mask is opaque, as much as it is — a gradient fades it, a
/// shape or text cuts it out; the content is masked as one group; the mask is laid out as an overlay; a
/// changed mask repaints what it changed (the frame equals a fresh one); masks inside clips, opacity and
/// shadows; touches still reach the content.
@MainActor
struct MaskTests {
    private let white = RGBA(red: 255, green: 255, blue: 255)

    private func render<V: View>(_ view: V, width: Int = 100, height: Int = 100) -> TestHost {
        let host = TestHost(rootView: view.frame(width: Double(width), height: Double(height)), width: width, height: height)
        host.runFrame()
        return host
    }

    private func near(_ a: RGBA, _ b: RGBA, _ tolerance: Int = 2) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
            && abs(Int(a.blue) - Int(b.blue)) <= tolerance
    }

    @Test func aGradientMaskFadesTheContent() {
        let host = render(Color(red: 1, green: 0, blue: 0)
            .mask(LinearGradient(colors: [.clear, .black], startPoint: .leading, endPoint: .trailing)))
        #expect(near(host.pixel(x: 0, y: 50), white, 4), "transparent end: nothing shows")
        #expect(near(host.pixel(x: 99, y: 50), RGBA(red: 255, green: 0, blue: 0), 4), "opaque end: the content")
        let middle = host.pixel(x: 50, y: 50)
        #expect(middle.red == 255 && middle.green > 100 && middle.green < 155, "half way: half shown, \(middle)")
    }

    @Test func aShapeOrTextMaskCutsTheContentOut() {
        let circle = render(Color(red: 0, green: 0, blue: 1).mask(Circle()))
        #expect(circle.pixel(x: 50, y: 50) == RGBA(red: 0, green: 0, blue: 255))
        #expect(circle.pixel(x: 3, y: 3) == white, "outside the circle")
        let text = render(Color(red: 0, green: 0.5, blue: 0).mask { Text("W").font(.system(size: 80)) })
        var shown = 0, other = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let p = text.pixel(x: x, y: y)
                if p == RGBA(red: 0, green: 128, blue: 0) { shown += 1 } else if p != white { other += 1 }
            }
        }
        #expect(shown > 200, "the glyph's inside shows the content: \(shown)")
        #expect(shown + other < 5000, "only within the glyph: \(shown + other)")
        #expect(text.pixel(x: 1, y: 1) == white)
    }

    @Test func theContentIsMaskedAsOneGroup() {
        // Half-opaque mask over a blue square on red: blue at half over white, no red coming through.
        let host = render(ZStack {
            Color(red: 1, green: 0, blue: 0)
            Color(red: 0, green: 0, blue: 1).frame(width: 40, height: 40)
        }.mask(Color.black.opacity(0.5)))
        #expect(near(host.pixel(x: 50, y: 50), RGBA(red: 127, green: 127, blue: 255)), "\(host.pixel(x: 50, y: 50))")
        #expect(near(host.pixel(x: 5, y: 5), RGBA(red: 255, green: 127, blue: 127)), "\(host.pixel(x: 5, y: 5))")
    }

    @Test func theMaskIsLaidOutAsAnOverlay() {
        let host = render(Color(red: 1, green: 0, blue: 0).mask(alignment: .topLeading) { Color.black.frame(width: 30, height: 30) })
        #expect(host.pixel(x: 10, y: 10) == RGBA(red: 255, green: 0, blue: 0))
        #expect(host.pixel(x: 50, y: 50) == white)
        let centred = render(Color(red: 1, green: 0, blue: 0).mask(Color.black.frame(width: 30, height: 30)))
        #expect(centred.pixel(x: 50, y: 50) == RGBA(red: 255, green: 0, blue: 0))
        #expect(centred.pixel(x: 10, y: 10) == white)
    }

    @Test func masksWithinClipsOpacityAndShadows() {
        let clipped = render(Color(red: 1, green: 0, blue: 0).mask(Rectangle()).clipShape(Circle()))
        #expect(clipped.pixel(x: 50, y: 50) == RGBA(red: 255, green: 0, blue: 0))
        #expect(clipped.pixel(x: 2, y: 2) == white, "the clip shape still cuts")
        let faded = render(Color(red: 1, green: 0, blue: 0).mask(Circle()).opacity(0.5))
        #expect(near(faded.pixel(x: 50, y: 50), RGBA(red: 255, green: 127, blue: 127)))
        #expect(faded.pixel(x: 2, y: 2) == white)
        let shadowed = render(Color(red: 1, green: 0, blue: 0).frame(width: 60, height: 60).mask(Circle())
            .shadow(color: .black, radius: 0, x: 20, y: 20))
        #expect(shadowed.pixel(x: 50, y: 50) == RGBA(red: 255, green: 0, blue: 0))
        #expect(shadowed.pixel(x: 75, y: 75) == RGBA(red: 0, green: 0, blue: 0), "the shadow of the masked content")
        #expect(shadowed.pixel(x: 78, y: 24) == white, "no shadow where the mask cut the content away")
    }

    struct Reveal: View {
        @State var width: Double
        @State var taps: Int
        init(width: Double = 20, taps: Int = 0) {
            _width = State(initialValue: width)
            _taps = State(initialValue: taps)
        }
        var body: some View {
            VStack(spacing: 0) {
                ZStack {
                    Color(red: 0, green: 0, blue: 1)
                    Text("\(taps)").font(.system(size: 30)).foregroundStyle(.white)
                }
                .frame(width: 100, height: 60)
                .mask(alignment: .leading) { Rectangle().frame(width: width) }
                .onTapGesture { taps += 1 }
                Button("wider") { width = 90 }.frame(width: 100, height: 40)
            }
        }
    }

    @Test func aChangedMaskRepaintsWhatItChanged() {
        let host = TestHost(rootView: Reveal(), width: 100, height: 100)
        host.runFrame()
        #expect(host.pixel(x: 10, y: 30) == RGBA(red: 0, green: 0, blue: 255))
        #expect(host.pixel(x: 60, y: 5) == white)
        host.tap(text: "wider")
        host.runFrame()
        #expect(host.pixel(x: 60, y: 5) == RGBA(red: 0, green: 0, blue: 255), "the wider mask shows more")
        #expect(host.pixel(x: 95, y: 5) == white)
        host.tap(x: 10, y: 30)
        host.runFrame()
        // The frame repainted in parts equals one drawn whole from the same state.
        let fresh = TestHost(rootView: Reveal(width: 90, taps: 1), width: 100, height: 100)
        fresh.runFrame()
        #expect(host.displayList.textRuns.contains { $0.run.string == "1" }, "a tap on the masked content reached it")
        for y in 0..<100 { for x in 0..<100 where host.pixel(x: x, y: y) != fresh.pixel(x: x, y: y) {
            Issue.record("pixel \(x),\(y) differs: \(host.pixel(x: x, y: y)) vs \(fresh.pixel(x: x, y: y))"); return
        } }
    }
}
