import GoldenImages
import Testing
@testable import ScanoutRaster

/// A rounded rectangle on its axes (a card, a list row) is rasterized in its corner rows only; the rows between
/// its corners are filled as a rectangle's. Its pixels are the rasterizer's, to the bit, whichever way it is
/// drawn: with a kept outline (first draw, and replayed from the outline's recording), or without one.
@Suite struct RoundedRectFillTests {
    @Test func aRoundedRectangleOnItsAxesFillsAsTheRasterizerDoes() {
        var r = SeededRandom(seed: 0x20DE)
        func random(_ n: Double) -> Double { r.double(0...n) }
        let gradient = LinearGradient(gradient: Gradient(colors: [RGBA(red: 250, green: 20, blue: 20), RGBA(red: 20, green: 20, blue: 250, alpha: 120)]),
                                      startPoint: Point(x: 0, y: 0), endPoint: Point(x: 30, y: 60))
        let paints: [Paint] = [.solid(RGBA(red: 200, green: 40, blue: 90)), .solid(RGBA(red: 10, green: 120, blue: 250, alpha: 140)),
                               .linearGradient(gradient)]
        var fast = 0
        for i in 0..<90 {
            let rect = Rect(x: random(60) - 10, y: random(40) - 8, width: 1 + random(70), height: 1 + random(60))
            let rx = random(rect.width / 2 + 4), ry = i % 5 == 0 ? random(rect.height / 2 + 4) : rx
            // Scales, mirrors and fractional translations, all keeping the axes; every seventh one whole pixels.
            let sx = (i % 3 == 0 ? -1.0 : 1.0) * (0.5 + random(2)), sy = (i % 4 == 0 ? -1.0 : 1.0) * (0.5 + random(2))
            let t = i % 7 == 0 ? AffineTransform(translationX: 20, y: 10)
                : AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 40 + random(3), ty: 30 + random(3))
            var path = Path()
            path.addRoundedRect(in: rect, cornerWidth: rx, cornerHeight: ry)
            // The same shape, not recognised as a rounded rectangle (a trailing move inside it adds no edge and
            // leaves its bounds, which place the rasterizer's bands, as they are): rasterized whole.
            var whole = path
            whole.move(to: Point(x: rect.midX, y: rect.midY))
            #expect(whole.roundedRectSides == nil)
            if path.roundedRectSides != nil { fast += 1 }
            let paint = paints[i % 3]
            let clip = i % 2 == 0 ? IntRect(x: 5, y: 3, width: 80, height: 60) : IntRect(x: 0, y: 17, width: 96, height: 9)
            func draw(_ body: (Canvas) -> Void) -> PixelBuffer {
                let b = PixelBuffer(width: 96, height: 72)
                b.fill(RGBA(red: 30, green: 200, blue: 60))
                let c = Canvas(target: b)
                c.transform = t
                c.clip(to: clip)
                body(c)
                return b
            }
            let expected = draw { $0.fill(whole, with: paint) }
            let outline = ShapeOutline()
            // Three draws with one outline: the first rasterizes, later ones replay its recording.
            var drawn = (0..<3).map { _ in draw { $0.fill(path, with: paint, reusing: outline) } }
            drawn.append(draw { $0.fill(path, with: paint) })
            for (k, b) in drawn.enumerated() {
                let d = GoldenImage.difference(b, expected, over: 0)
                #expect(d.pixelsOver == 0, "shape \(i), draw \(k): \(rect) radii \(rx), \(ry) under \(t): \(d.pixelsOver) pixels differ by up to \(d.maxDelta)")
            }
        }
        #expect(fast > 45, "most of the shapes have straight sides (the others: corners that meet, radii clamped)")
    }

    @Test func onlyRoundedRectanglesHaveStraightSides() {
        let rounded = Path(roundedRect: Rect(x: 2, y: 3, width: 40, height: 30), cornerRadius: 6)
        let sides = rounded.roundedRectSides
        #expect(sides?.left == 2 && sides?.right == 42)
        #expect(sides.map { abs($0.top - 9) < 1e-9 && abs($0.bottom - 27) < 1e-9 } == true)
        #expect(Path(Rect(x: 0, y: 0, width: 10, height: 10)).roundedRectSides == nil, "a plain rectangle takes the rectangle's way")
        #expect(Path(ellipseIn: Rect(x: 0, y: 0, width: 10, height: 10)).roundedRectSides == nil)
        // Corners as tall as the shape leave no straight rows.
        #expect(Path(roundedRect: Rect(x: 0, y: 0, width: 40, height: 12), cornerRadius: 6).roundedRectSides == nil)
    }
}
