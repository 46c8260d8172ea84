import GoldenImages
import Testing
@testable import ScanoutRaster

/// A rectangle path filled with a kept outline (what the display-list renderer does) takes the rectangle's fast
/// path when it stays on its axes; its pixels are the rasterizer's, edge for edge.
@Suite struct RectangleFillTests {
    @Test func aRectanglePathOnItsAxesFillsAsTheRasterizerDoes() {
        var r = SeededRandom(seed: 0xF111)
        func random(_ n: Double) -> Double { r.double(0...n) }
        let paints: [Paint] = [.solid(RGBA(red: 200, green: 40, blue: 90)), .solid(RGBA(red: 10, green: 120, blue: 250, alpha: 140))]
        for i in 0..<60 {
            let rect = Rect(x: random(60) - 10, y: random(40) - 8, width: random(70), height: random(50))
            // Scales, mirrors and fractional translations, all keeping the axes.
            let sx = (i % 3 == 0 ? -1.0 : 1.0) * (0.5 + random(2)), sy = (i % 4 == 0 ? -1.0 : 1.0) * (0.5 + random(2))
            let t = AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 40 + random(3), ty: 30 + random(3))
            var path = Path()
            // Both windings: clockwise and counter-clockwise corners.
            let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                           Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)]
            let order = i % 2 == 0 ? corners : corners.reversed()
            path.move(to: order[0])
            for p in order.dropFirst() { path.addLine(to: p) }
            path.closeSubpath()
            #expect(path.isRectangle)
            let fast = PixelBuffer(width: 96, height: 72), slow = PixelBuffer(width: 96, height: 72)
            for b in [fast, slow] { b.fill(RGBA(red: 30, green: 200, blue: 60)) }
            let paint = paints[i % 2]
            let a = Canvas(target: fast), b = Canvas(target: slow)
            a.transform = t
            b.transform = t
            a.clip(to: IntRect(x: 5, y: 3, width: 80, height: 60))
            b.clip(to: IntRect(x: 5, y: 3, width: 80, height: 60))
            a.fill(path, with: paint, reusing: ShapeOutline())
            b.fill(path, with: paint)
            var same = true
            for y in 0..<72 where same {
                for x in 0..<96 where fast.premultipliedPixel(x: x, y: y) != slow.premultipliedPixel(x: x, y: y) { same = false }
            }
            #expect(same, "rectangle \(i): \(rect) under \(t)")
        }
    }
}
