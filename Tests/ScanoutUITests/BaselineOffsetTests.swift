import Testing
import ScanoutUI
import ScanoutTesting

/// `Text.baselineOffset(_:)`: a part drawn above (or below) the line's baseline, the line grown to hold it.
@MainActor
struct BaselineOffsetTests {
    struct Unit: View {
        var offset: CGFloat
        var body: some View {
            (Text("m") + Text("3").baselineOffset(offset)).font(.system(size: 30)).foregroundColor(.black)
                .padding(10).background(Color.white)
        }
    }

    /// The lowest row with ink in columns `xs` of the host (nil: none).
    func inkBottom(_ host: TestHost, xs: Range<Int>, ys: Range<Int>) -> Int? {
        var bottom: Int?
        for y in ys {
            for x in xs where host.pixel(x: x, y: y).red < 128 { bottom = y; break }
        }
        return bottom
    }

    @Test func aRaisedPartSitsAboveTheBaselineAndTheLineGrows() throws {
        let flat = TestHost(rootView: Unit(offset: 0), width: 200, height: 120)
        flat.runFrame()
        let raised = TestHost(rootView: Unit(offset: 8), width: 200, height: 120)
        raised.runFrame()
        let lowered = TestHost(rootView: Unit(offset: -5), width: 200, height: 120)
        lowered.runFrame()
        let f = try #require(flat.frame(ofText: "m3")), r = try #require(raised.frame(ofText: "m3"))
        let l = try #require(lowered.frame(ofText: "m3"))
        #expect(r.height == f.height + 8)
        #expect(l.height == f.height + 5)

        let mWidth = try #require({ () -> CGFloat? in
            let m = TestHost(rootView: Text("m").font(.system(size: 30)), width: 200, height: 120)
            m.runFrame()
            return m.frame(ofText: "m")?.width
        }())
        for (host, frame, expected) in [(flat, f, 0), (raised, r, 8), (lowered, l, -5)] {
            let split = Int(frame.minX + mWidth)
            let ys = Int(frame.minY)..<Int(frame.maxY) + 1
            let m = try #require(inkBottom(host, xs: Int(frame.minX)..<split - 1, ys: ys))
            let three = try #require(inkBottom(host, xs: split + 1..<Int(frame.maxX), ys: ys))
            #expect(m - three == expected, "m's ink ends at \(m), the 3's at \(three)")
        }
    }

    @Test func theOffsetIsPartOfTheTextsIdentity() {
        #expect(Text("x").baselineOffset(2) != Text("x"))
        #expect(Text("x").baselineOffset(2) == Text("x").baselineOffset(2))
    }

    @Test func theViewFormRaisesTheTextsInsideUnlessTheyHaveTheirOwn() throws {
        func height(_ view: some View, _ text: String) throws -> CGFloat {
            let host = TestHost(rootView: view, width: 300, height: 200)
            host.runFrame()
            return try #require(host.frame(ofText: text)).height
        }
        let plain = try height(Text("Flow").font(.system(size: 20)), "Flow")
        let raised = try height(VStack { Text("Flow").font(.system(size: 20)) }.baselineOffset(6), "Flow")
        #expect(raised == plain + 6, "\(raised) vs \(plain)")
        // The text's own offset wins over the view's.
        let own = try height(VStack { Text("Flow").font(.system(size: 20)).baselineOffset(2) }.baselineOffset(6), "Flow")
        #expect(own == plain + 2, "\(own) vs \(plain)")
    }
}
