import Testing
import ScanoutUI
import ScanoutTesting

/// Shapes by their short names (`.rect(cornerRadius:)`, `.capsule`), uneven corners, elliptical corners,
/// strokes in the foreground style and `border`.
@MainActor
struct ShapeShorthandTests {
    /// A 100x100 view drawn alone, black around it, in a 200x200 panel (it spans 50...150).
    func drawn<V: View>(_ view: V) -> TestHost {
        let host = TestHost(rootView: ZStack { Color.black; view.frame(width: 100, height: 100) }, width: 200, height: 200)
        host.runFrame()
        return host
    }

    func samePixels(_ a: TestHost, _ b: TestHost) -> Bool {
        for y in 0..<200 { for x in 0..<200 where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { return false } }
        return true
    }

    let red = RGBA(red: 255, green: 59, blue: 48)

    @Test func shortNamesDrawTheShapesTheyName() async {
        #expect(samePixels(drawn(Color.red.clipShape(.rect(cornerRadius: 20))), drawn(Color.red.clipShape(RoundedRectangle(cornerRadius: 20)))))
        #expect(samePixels(drawn(Color.red.clipShape(.capsule)), drawn(Color.red.clipShape(Capsule()))))
        #expect(samePixels(drawn(Color.red.clipShape(.circle)), drawn(Color.red.clipShape(Circle()))))
        #expect(samePixels(drawn(Color.red.clipShape(.ellipse)), drawn(Color.red.clipShape(Ellipse()))))
        #expect(samePixels(drawn(Color.red.background(.blue, in: .rect)), drawn(Color.red.background(.blue, in: Rectangle()))))
        #expect(!samePixels(drawn(Color.red.clipShape(.rect(cornerRadius: 20))), drawn(Color.red)), "the corners are cut")
    }

    @Test func unevenCornersRoundOnlyTheCornersGiven() async {
        let host = drawn(UnevenRoundedRectangle(topLeadingRadius: 40, bottomTrailingRadius: 10).fill(.red))
        #expect(host.pixel(x: 52, y: 52) == host.pixel(x: 0, y: 0), "the top-left corner is cut (radius 40)")
        #expect(host.pixel(x: 148, y: 51) == red, "the top-right corner is square")
        #expect(host.pixel(x: 51, y: 148) == red, "the bottom-left corner is square")
        #expect(host.pixel(x: 149, y: 149) == host.pixel(x: 0, y: 0), "the bottom-right corner is cut (radius 10)")
        #expect(host.pixel(x: 140, y: 140) == red, "inside the bottom-right corner's arc")
        #expect(host.pixel(x: 70, y: 70) == red, "inside the top-left corner's arc")
        let same = drawn(Color.red.clipShape(.rect(topLeadingRadius: 40, bottomTrailingRadius: 10)))
        #expect(samePixels(host, same))
        let allFour = drawn(UnevenRoundedRectangle(topLeadingRadius: 20, bottomLeadingRadius: 20, bottomTrailingRadius: 20, topTrailingRadius: 20).fill(.red))
        #expect(samePixels(allFour, drawn(RoundedRectangle(cornerRadius: 20).fill(.red))), "four equal radii: a rounded rectangle")
    }

    @Test func aCornerSizeMakesEllipticalCorners() async {
        let host = drawn(RoundedRectangle(cornerSize: CGSize(width: 40, height: 10)).fill(.red))
        #expect(host.pixel(x: 60, y: 52) == host.pixel(x: 0, y: 0), "40 wide: cut 10 pt in along the top")
        #expect(host.pixel(x: 52, y: 62) == red, "10 high: whole 12 pt down the side")
        #expect(RoundedRectangle(cornerSize: CGSize(width: 40, height: 10)).cornerSize == CGSize(width: 40, height: 10))
        #expect(RoundedRectangle(cornerRadius: 8).style == .continuous, "SwiftUI's default style")
    }

    @Test func strokeWithoutAStyleUsesTheForegroundStyle() async {
        let host = drawn(Circle().stroke(lineWidth: 6).foregroundStyle(.red))
        #expect(host.pixel(x: 100, y: 51) == red, "on the ring")
        #expect(host.pixel(x: 100, y: 100) == host.pixel(x: 0, y: 0), "not filled")
        let styled = drawn(Circle().stroke(style: StrokeStyle(lineWidth: 6)).foregroundStyle(.red))
        #expect(samePixels(host, styled))
    }

    @Test func backgroundInAShapeWithoutAStyleIsTheBackgroundColour() async {
        let host = drawn(Color.clear.background(in: .circle))
        #expect(host.pixel(x: 100, y: 100) == RGBA(red: 255, green: 255, blue: 255), "white in the light scheme")
        #expect(host.pixel(x: 52, y: 52) == host.pixel(x: 0, y: 0), "in the circle only")
    }

    @Test func borderIsDrawnInsideTheFrameOverTheContent() async {
        let host = drawn(Color.blue.border(.red, width: 4))
        #expect(host.pixel(x: 50, y: 50) == red)
        #expect(host.pixel(x: 53, y: 100) == red)
        #expect(host.pixel(x: 149, y: 149) == red)
        #expect(host.pixel(x: 54, y: 100) != red, "4 pt wide")
        #expect(host.pixel(x: 49, y: 100) == host.pixel(x: 0, y: 0), "nothing outside the frame")
    }
}
