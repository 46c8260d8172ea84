import Testing
import ScanoutUI
import ScanoutTesting

/// clipShape(_:style:): an even-odd fill style makes a shape's inner contour a hole in the clip.
@MainActor
struct ClipShapeStyleTests {
    /// A 100-point square with a 40-point square inside it, both drawn the same way round.
    struct Frame: Shape {
        func path(in rect: CGRect) -> Path {
            var p = Path()
            p.addRect(rect)
            p.addRect(rect.insetBy(dx: 30, dy: 30))
            return p
        }
    }

    private func centreIsRed(eoFill: Bool) -> Bool {
        let host = TestHost(rootView: Color.red.frame(width: 100, height: 100).clipShape(Frame(), style: FillStyle(eoFill: eoFill))
            .frame(maxWidth: .infinity, maxHeight: .infinity).background(Color.white), width: 200, height: 200)
        host.runFrame()
        #expect(host.pixel(x: 60, y: 60).red == 255 && host.pixel(x: 60, y: 60).green < 100, "the ring is drawn")
        let c = host.pixel(x: 100, y: 100)
        return c.green < 100
    }

    @Test func evenOddMakesAHole() async {
        #expect(centreIsRed(eoFill: false), "non-zero: the inner square is inside")
        #expect(!centreIsRed(eoFill: true), "even-odd: the inner square is a hole")
    }

    @Test func fillStyleEvenOdd() async {
        for eo in [false, true] {
            let host = TestHost(rootView: Frame().fill(Color.red, style: FillStyle(eoFill: eo)).frame(width: 100, height: 100)
                .frame(maxWidth: .infinity, maxHeight: .infinity).background(Color.white), width: 200, height: 200)
            host.runFrame()
            #expect(host.pixel(x: 60, y: 60).green < 100, "the ring is filled")
            #expect((host.pixel(x: 100, y: 100).green < 100) == !eo, "the centre is filled only by the non-zero rule")
        }
    }
}
