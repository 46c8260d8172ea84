import Testing
@testable import ScanoutUI
import ScanoutTesting

/// An app's computed value can be NaN or infinite (a sensor's NaN, a division by zero): the panel keeps
/// drawing everything else, as SwiftUI does.
@Suite @MainActor struct NonFiniteViewValuesTests {
    struct Probe: View {
        let value: Double
        var body: some View {
            VStack {
                Text("before")
                Color.red.frame(width: value, height: 20)
                Color.green.frame(width: 20, height: 20).offset(x: value, y: value)
                Text("turned").rotationEffect(.degrees(value))
                Text("scaled").scaleEffect(value)
                Text("squashed").scaleEffect(0)
                Path { p in
                    p.move(to: CGPoint(x: 0, y: 0))
                    p.addLine(to: CGPoint(x: value, y: value))
                    p.addArc(center: CGPoint(x: 10, y: 10), radius: value, startAngle: .degrees(0), endAngle: .degrees(value), clockwise: false)
                }
                .stroke(Color.blue, lineWidth: 2)
                .frame(width: 40, height: 40)
                Slider(value: .constant(value), in: 0...1)
                ProgressView(value: value)
                Gauge(value: value, in: 0...100) { Text("gauge") }
                Circle().trim(from: 0, to: value).stroke(Color.orange, lineWidth: 4).frame(width: 30, height: 30)
                Text("after").opacity(value).padding(value.isFinite ? 0 : 0)
                Color.purple.frame(minWidth: value, maxWidth: value, minHeight: 0, maxHeight: 10)
                Spacer().frame(height: value)
                Text("end")
            }
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude, 0])
    func nonFiniteAndHugeValuesDrawTheRest(value: Double) {
        let host = TestHost(rootView: Probe(value: value), width: 400, height: 800)
        host.runFrame()
        host.advance(seconds: 0.2)
        if !value.isFinite || value == 0 {
            // Invalid frame dimensions are ignored, as SwiftUI does: the stack fits on the screen.
            #expect(host.contains(text: "before"))
            #expect(host.contains(text: "end"))
        }
        // Nothing changes: nothing is redrawn (a NaN in a drawing equals itself from frame to frame).
        host.runFrame()
        #expect(host.lastDamage.isEmpty)
        host.tap(x: 200, y: 400)
        host.drag(fromX: 10, fromY: 10, toX: 300, toY: 700, steps: 5)
    }
}
