import Testing
import ScanoutPlatform
import ScanoutRaster
import ScanoutTesting
import ScanoutUI

/// TestHost on a panel mounted turned by 90 or 270 degrees: touches in panel pixels go through the same
/// `DisplayTransform` as on a board, and the framebuffer is the rotated image the panel shows.
@Suite @MainActor struct RotatedPanelTests {
    private struct Panel: View {
        @State var presses = 0
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Button { presses += 1 } label: { Color.red.frame(width: 120, height: 80) }
                Text("presses \(presses)")
                Button("Add two") { presses += 2 }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    private static func isRed(_ c: RGBA) -> Bool { c.red > 200 && c.green < 60 && c.blue < 60 }

    @Test(arguments: [DisplayRotation.degrees90, .degrees270])
    func aTapOnThePhysicalPositionOfAButtonPressesIt(rotation: DisplayRotation) throws {
        // A portrait panel (480x800 pixels) turned on its side: the app lays out landscape, 800x480 points.
        let host = TestHost(rootView: Panel(), width: 480, height: 800, rotation: rotation)
        host.runFrame()
        #expect(host.framebuffer.width == 480 && host.framebuffer.height == 800)
        let button = try #require(host.frame(ofText: "presses 0"))
        #expect(button.minY == 80)  // below the 80-point-high button: laid out in the app's (logical) space
        let transform = DisplayTransform(panelWidth: 480, panelHeight: 800, rotation: rotation)
        #expect(transform.logicalWidth == 800 && transform.logicalHeight == 480)
        // The button's centre is at (60, 40) in the app; on the panel it is where the rotation puts it.
        let physical = transform.panelPoint(fromLogical: Point(x: 60, y: 40))
        #expect(physical.x != 60 || physical.y != 40)
        // The image is the rotated one: red at the button's physical place, not at its logical coordinates.
        #expect(Self.isRed(host.pixel(x: Int(physical.x), y: Int(physical.y))))
        #expect(!Self.isRed(host.pixel(x: 60, y: 40)))
        // The red block is 80 pixels wide and 120 high on the panel (turned by a quarter).
        let redColumns = (0..<480).filter { Self.isRed(host.pixel(x: $0, y: Int(physical.y))) }.count
        let redRows = (0..<800).filter { Self.isRed(host.pixel(x: Int(physical.x), y: $0)) }.count
        #expect(redColumns == 80 && redRows == 120)

        // A tap at the logical coordinates, taken as panel pixels, misses the button.
        host.tap(x: 60, y: 40)
        #expect(host.contains(text: "presses 0"))
        // A tap on the physical position presses it.
        host.tap(x: physical.x, y: physical.y)
        #expect(host.contains(text: "presses 1"))
        // Tapping by text maps the text's logical place to the panel in the same way.
        host.tap(text: "Add two")
        #expect(host.contains(text: "presses 3"))
    }

    @Test func ninetyAndTwoSeventyPutTheButtonInOppositeCorners() {
        let a = TestHost(rootView: Panel(), width: 480, height: 800, rotation: .degrees90)
        let b = TestHost(rootView: Panel(), width: 480, height: 800, rotation: .degrees270)
        a.runFrame()
        b.runFrame()
        let corners = [(10, 10), (469, 10), (10, 789), (469, 789)]
        let redA = corners.filter { Self.isRed(a.pixel(x: $0.0, y: $0.1)) }
        let redB = corners.filter { Self.isRed(b.pixel(x: $0.0, y: $0.1)) }
        #expect(redA.count == 1 && redB.count == 1)
        if let ca = redA.first, let cb = redB.first {
            #expect(ca.0 != cb.0 && ca.1 != cb.1)  // diagonally opposite
        }
    }
}
