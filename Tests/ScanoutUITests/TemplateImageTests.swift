import Testing
import ScanoutUI
import ScanoutTesting

/// `Image.renderingMode(.template)`: the bitmap's shape in the foreground colour, following it.
@MainActor
struct TemplateImageTests {
    /// 20x20: an opaque green left half, a half-transparent blue right half.
    static let icon: PixelBuffer = {
        let p = PixelBuffer(width: 20, height: 20)
        for y in 0..<20 {
            for x in 0..<20 {
                p.setPremultipliedPixel(x: x, y: y, x < 10 ? 0xFF00_FF00 : 0x8000_0080)
            }
        }
        return p
    }()

    struct Icon: View {
        @State private var red = true
        var body: some View {
            VStack(spacing: 0) {
                Image(pixels: TemplateImageTests.icon).renderingMode(.template)
                    .foregroundColor(red ? .red : .blue)
                Image(pixels: TemplateImageTests.icon).renderingMode(.original)
                Button("Blue") { red = false }
            }
        }
    }

    @Test func aTemplateIsTheBitmapsShapeInTheForegroundColour() throws {
        let host = TestHost(rootView: ZStack { Color.white; Icon() }, width: 100, height: 120)
        host.runFrame()
        let button = try #require(host.frame(ofText: "Blue"))
        // The template above the original, both 20x20, centred across (40...60).
        let top = Int(button.minY) - 40
        #expect(host.pixel(x: 45, y: top + 5) == RGBA(red: 255, green: 59, blue: 48), "opaque half: the foreground colour")
        let half = host.pixel(x: 55, y: top + 5)
        #expect(half.red == 255 && half.green > 120 && half.green < 170 && half.blue > 120, "half-transparent half: red at half over white, \(half)")
        #expect(host.pixel(x: 45, y: top + 25) == RGBA(red: 0, green: 255, blue: 0), "the original keeps its colours")
        host.tap(text: "Blue")
        #expect(host.pixel(x: 45, y: top + 5) == RGBA(red: 0, green: 122, blue: 255), "follows the foreground colour")
    }
}
