import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRender

/// `AngularGradient` and `.conicGradient`: a colour wheel, a gradient ring as a gauge draws one, a partial
/// sweep, and the shape-style forms; 800x480, light and dark.
@MainActor
struct AngularGradientTests {
    @Test func aConicFillFollowsTheAngleAroundItsCentre() {
        let host = TestHost(rootView: Rectangle().fill(AngularGradient(colors: [.black, .white], center: .center))
            .frame(width: 200, height: 200), width: 200, height: 200)
        host.runFrame()
        #expect(host.pixel(x: 190, y: 100).red < 10, "angle 0 (+x): the first colour")
        #expect(abs(Int(host.pixel(x: 100, y: 190).red) - 64) <= 4, "a quarter turn clockwise")
        #expect(abs(Int(host.pixel(x: 10, y: 99).red) - 128) <= 4, "half a turn")
    }

    @Test func aSweepPadsBeyondItsEnds() {
        let host = TestHost(rootView: Rectangle().fill(.angularGradient(colors: [.red, .blue], center: .center,
                                                                         startAngle: .degrees(0), endAngle: .degrees(90)))
            .frame(width: 200, height: 200), width: 200, height: 200)
        host.runFrame()
        #expect(host.pixel(x: 10, y: 100).blue > 240 && host.pixel(x: 10, y: 100).red < 10, "beyond the end: blue")
    }

    struct Screen: View {
        var body: some View {
            HStack(spacing: 32) {
                Circle().fill(AngularGradient(colors: [.red, .yellow, .green, .cyan, .blue, .purple, .red], center: .center))
                    .frame(width: 160, height: 160)
                Circle()
                    .trim(from: 0, to: 0.8)
                    .stroke(AngularGradient(colors: [.green, .yellow, .orange, .red], center: .center,
                                            startAngle: .degrees(0), endAngle: .degrees(288)),
                            style: StrokeStyle(lineWidth: 18, lineCap: .round))
                    .rotationEffect(.degrees(-90))
                    .frame(width: 160, height: 160)
                RoundedRectangle(cornerRadius: 24)
                    .fill(.conicGradient(colors: [.blue, .mint, .blue], center: .topLeading, angle: .degrees(10)))
                    .frame(width: 200, height: 160)
            }
            .padding(32)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
    }

    @Test func goldens() { expectContainerGoldens("ui-angular-gradient", { Screen() }) }
}
