import XCTest
import ScanoutUI
import ScanoutRender
import ScanoutTesting
import GoldenImages

/// A kiosk screen rendered incrementally (only the damage repainted, frame after frame, through an animated
/// sequence) equals the same frames rendered from scratch, pixel for pixel.
final class IncrementalRenderingTests: XCTestCase, @unchecked Sendable {
    struct Gauge: Shape {
        var fraction: Double
        var animatableData: Double {
            get { fraction }
            set { fraction = newValue }
        }
        func path(in rect: ScanoutUI.CGRect) -> ScanoutUI.Path {
            var p = ScanoutUI.Path()
            p.addArc(center: ScanoutUI.CGPoint(x: rect.midX, y: rect.midY), radius: min(rect.width, rect.height) / 2,
                     startAngle: .degrees(-90), endAngle: .degrees(-90 + 360 * max(0.001, fraction)), clockwise: false)
            return p
        }
    }

    struct Panel: View {
        @State var step = 0
        var body: some View {
            VStack(alignment: .leading, spacing: 10) {
                Text("Line \(step % 3 == 0 ? "running" : "idle")").font(.title2)
                HStack(spacing: 12) {
                    ForEach(0..<3) { i in
                        ZStack {
                            Circle().stroke(Color.gray, lineWidth: 6)
                            Gauge(fraction: Double((step * 17 + i * 29) % 100) / 100)
                                .stroke(Color.cyan, style: StrokeStyle(lineWidth: 6, lineCap: .round))
                            Text("\((step * 17 + i * 29) % 100)%")
                        }
                        .frame(width: 70, height: 70)
                    }
                }
                RoundedRectangle(cornerRadius: 8)
                    .fill(step % 2 == 0 ? Color.blue : Color.orange)
                    .frame(width: 120, height: 24)
                    .offset(x: step % 2 == 0 ? 0 : 60)
                    .opacity(step % 3 == 2 ? 0.4 : 1)
                Button("next") { withAnimation(.easeInOut(duration: 0.5)) { step += 1 } }
            }
            .padding(12)
            .frame(width: 320, height: 240, alignment: .topLeading)
            .background(Color(white: 0.95))
        }
    }

    @MainActor func testIncrementalFramesEqualFullRepaints() async {
        let host = TestHost(rootView: Panel(), width: 320, height: 240)
        host.runFrame()
        var compared = 0
        for _ in 0..<3 {
            host.tap(text: "next")
            for _ in 0..<32 {
                host.runFrame()
                let differing = host.pixelsDifferingFromFullRepaint()
                XCTAssertEqual(differing, 0, "frame at t=\(host.time): \(differing) pixels differ from a full repaint")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 96)
        XCTAssertFalse(host.host.isAnimating, "the sequence settled")
        GoldenImage.assertMatches(host.framebuffer, named: "ui-incremental-panel")
    }
}
