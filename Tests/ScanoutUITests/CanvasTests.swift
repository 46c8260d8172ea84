import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRaster

/// Canvas with GraphicsContext: fills, strokes, transforms, opacity, clips and text, clipped to the canvas.
@Suite @MainActor struct CanvasTests {
    private static let white = RGBA(red: 255, green: 255, blue: 255)
    private static func close(_ a: RGBA, _ b: RGBA, within d: Int = 3) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= d && abs(Int(a.green) - Int(b.green)) <= d && abs(Int(a.blue) - Int(b.blue)) <= d
    }

    @Test func fillsAndStrokesInTheCanvasCoordinates() {
        let host = TestHost(rootView: ScanoutUI.Canvas { context, size in
            context.fill(Path(CGRect(x: 0, y: 0, width: size.width / 2, height: size.height)), with: .color(.red))
            context.stroke(Path(CGRect(x: 60, y: 10, width: 30, height: 30)), with: .color(.blue), lineWidth: 4)
        }.frame(width: 100, height: 50).padding(10), width: 120, height: 70)
        host.runFrame()
        #expect(Self.close(host.pixel(x: 15, y: 30), RGBA(red: 255, green: 59, blue: 48)))  // origin at the canvas
        #expect(host.pixel(x: 65, y: 30) == Self.white)  // right half empty
        #expect(Self.close(host.pixel(x: 70, y: 40), RGBA(red: 0, green: 122, blue: 255)))  // the stroke's left edge
        #expect(host.pixel(x: 85, y: 35) == Self.white)  // inside the stroked square
    }

    @Test func transformsOpacityAndDrawLayerScopes() {
        let host = TestHost(rootView: ScanoutUI.Canvas { context, _ in
            context.drawLayer { layer in
                layer.translateBy(x: 50, y: 0)
                layer.scaleBy(x: 2, y: 2)
                layer.opacity = 0.5
                layer.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black))
            }
            // The layer's transform and opacity ended with it.
            context.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black))
        }.frame(width: 100, height: 40), width: 100, height: 40)
        host.runFrame()
        let half = host.pixel(x: 65, y: 15)  // scaled: 50...70
        #expect(half.red > 120 && half.red < 135, "\(half)")
        #expect(host.pixel(x: 75, y: 15) == Self.white)
        #expect(host.pixel(x: 5, y: 5) == RGBA(red: 0, green: 0, blue: 0))
        #expect(host.pixel(x: 15, y: 5) == Self.white)
    }

    @Test func clipsAndTheCanvasBounds() {
        let host = TestHost(rootView: VStack(spacing: 0) {
            ScanoutUI.Canvas { context, size in
                context.clip(to: Path(CGRect(x: 0, y: 0, width: 20, height: size.height)))
                context.fill(Path(CGRect(x: -50, y: -50, width: 500, height: 500)), with: .color(.green))
            }.frame(width: 100, height: 20)
            Color.clear.frame(width: 100, height: 20)
        }, width: 100, height: 40)
        host.runFrame()
        #expect(Self.close(host.pixel(x: 10, y: 10), RGBA(red: 52, green: 199, blue: 89)))
        #expect(host.pixel(x: 30, y: 10) == Self.white)  // the clip
        #expect(host.pixel(x: 10, y: 30) == Self.white)  // the canvas's bounds
    }

    @Test func drawsTextAtAnAnchor() throws {
        let host = TestHost(rootView: ScanoutUI.Canvas { context, size in
            context.draw(Text("42"), at: CGPoint(x: size.width / 2, y: size.height / 2))
        }.frame(width: 120, height: 60), width: 120, height: 60)
        host.runFrame()
        #expect(host.contains(text: "42"))
        var minX = 120, maxX = 0
        for y in 0..<60 { for x in 0..<120 where host.pixel(x: x, y: y).red < 128 { minX = min(minX, x); maxX = max(maxX, x) } }
        #expect(abs(Double(minX + maxX + 1) / 2 - 60) < 2, "\(minX)...\(maxX)")
    }
}
