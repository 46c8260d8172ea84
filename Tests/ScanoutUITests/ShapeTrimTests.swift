import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRaster

/// `trim(from:to:)`, `Path.trimmedPath` and `strokeBorder` on insettable shapes.
@Suite @MainActor struct ShapeTrimTests {
    private static let white = RGBA(red: 255, green: 255, blue: 255)
    private static func isRed(_ p: RGBA) -> Bool { p.red > 200 && p.green < 120 }

    @Test func aQuarterOfARectangleIsItsTopEdge() {
        let host = TestHost(rootView: Rectangle().trim(from: 0, to: 0.25).stroke(Color.red, lineWidth: 6)
            .frame(width: 100, height: 100).padding(10), width: 120, height: 120)
        host.runFrame()
        #expect(Self.isRed(host.pixel(x: 60, y: 10)))  // the top edge, from the top-left corner
        #expect(host.pixel(x: 110, y: 60) == Self.white)  // not the right edge
        #expect(host.pixel(x: 10, y: 60) == Self.white)  // nor the left
    }

    @Test func aTrimmedCircleFollowsTheArc() {
        // Circles start at 3 o'clock and run clockwise (y down): half is the lower half.
        let host = TestHost(rootView: Circle().trim(from: 0, to: 0.5).stroke(Color.red, lineWidth: 6)
            .frame(width: 100, height: 100).padding(10), width: 120, height: 120)
        host.runFrame()
        #expect(Self.isRed(host.pixel(x: 60, y: 109)))
        #expect(host.pixel(x: 60, y: 11) == Self.white)
    }

    @Test func trimmedPathLengths() {
        var p = ScanoutUI.Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: 100, y: 0))
        p.addLine(to: CGPoint(x: 100, y: 100))
        let t = p.trimmedPath(from: 0.25, to: 0.75)
        #expect(abs(t.boundingRect.minX - 50) < 0.01 && abs(t.boundingRect.maxY - 50) < 0.01 && abs(t.boundingRect.maxX - 100) < 0.01)
        #expect(p.trimmedPath(from: 0.6, to: 0.4).boundingRect.width == 0)
        #expect(p.trimmedPath(from: 0, to: CGFloat.nan).boundingRect.width == 0)  // NaN counts as 0: nothing
        #expect(p.trimmedPath(from: CGFloat.nan, to: 1).boundingRect.width == 100)
    }

    @Test func strokeBorderStaysInsideTheFrame() {
        let host = TestHost(rootView: HStack(spacing: 20) {
            Rectangle().strokeBorder(Color.red, lineWidth: 10).frame(width: 60, height: 60)
            Rectangle().stroke(Color.red, lineWidth: 10).frame(width: 60, height: 60)
            RoundedRectangle(cornerRadius: 20).strokeBorder(Color.red, lineWidth: 4).frame(width: 60, height: 60)
        }.padding(10), width: 240, height: 80)
        host.runFrame()
        // Left square: the whole 10 points inside its frame (10...70); nothing outside.
        #expect(Self.isRed(host.pixel(x: 18, y: 40)))
        #expect(host.pixel(x: 8, y: 40) == Self.white)
        // The plain stroke straddles its frame's edge (90...150): half outside, half in.
        #expect(Self.isRed(host.pixel(x: 86, y: 40)) && !Self.isRed(host.pixel(x: 97, y: 40)))
        // The rounded border's corner stays inside the frame's corner.
        #expect(host.pixel(x: 171, y: 11) == Self.white)
        #expect(Self.isRed(host.pixel(x: 171, y: 40)))
    }
}
