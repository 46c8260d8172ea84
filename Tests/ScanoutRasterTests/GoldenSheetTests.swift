import XCTest
import Foundation
import GoldenImages
import ScanoutImage
@testable import ScanoutRaster

/// Reference sheets for the rasterizer, compared with `Tests/Goldens/raster-*.png` (GoldenTolerance.standard:
/// every channel within 2 levels). The renderer is integer fixed point, so on any machine the output should
/// be identical; the tolerance only absorbs deliberate rounding changes.
final class GoldenSheetTests: XCTestCase {
    let background = RGBA(argb: 0xFF20_2830)

    func sheet(_ w: Int, _ h: Int, format: PixelFormat = .argb8888, _ draw: (Canvas) -> Void) -> PixelBuffer {
        let b = PixelBuffer(width: w, height: h, format: format)
        b.fill(background)
        draw(Canvas(target: b))
        return b
    }

    func zigzag(at x: Double, _ y: Double) -> Path {
        var p = Path()
        p.move(to: Point(x, y + 40)); p.addLine(to: Point(x + 25, y)); p.addLine(to: Point(x + 50, y + 40)); p.addLine(to: Point(x + 70, y + 10))
        return p
    }

    static func strokesSheet(_ c: Canvas, _ zig: (Double, Double) -> Path) {
        let colors = [RGBA(argb: 0xFF36C5F0), RGBA(argb: 0xFFECB22E), RGBA(argb: 0xFFE01E5A)]
        let caps: [LineCap] = [.butt, .round, .square]
        let joins: [LineJoin] = [.miter, .round, .bevel]
        for (i, cap) in caps.enumerated() {
            for (j, join) in joins.enumerated() {
                let path = zig(20 + Double(j) * 110, 20 + Double(i) * 70)
                c.stroke(path, with: .solid(colors[i]), style: StrokeStyle(lineWidth: 10, lineCap: cap, lineJoin: join))
                c.stroke(path, with: .solid(.white), style: StrokeStyle(lineWidth: 1))  // the centre line
            }
        }
        var line = Path()
        line.move(to: Point(20, 235)); line.addLine(to: Point(340, 235))
        c.stroke(line, with: .solid(.white), style: StrokeStyle(lineWidth: 4, lineCap: .round, dash: [12, 8, 0.01, 8]))
        var arc = Path()
        arc.addArc(center: Point(360, 120), radius: 30, startAngle: .degrees(-90), sweep: .degrees(250))
        c.stroke(arc, with: .solid(colors[1]), style: StrokeStyle(lineWidth: 8, lineCap: .round))
        c.stroke(Path(roundedRect: Rect(x: 340, y: 170, width: 50, height: 40), cornerRadius: 10),
                 with: .solid(colors[0]), style: StrokeStyle(lineWidth: 1.5))
    }

    func testStrokesWithEveryCapAndJoin() {
        let img = sheet(400, 250) { Self.strokesSheet($0, self.zigzag) }
        GoldenImage.assertMatches(img, named: "raster-strokes")
    }

    static func fillsSheet(_ c: Canvas) {
        func star(_ cx: Double, _ cy: Double) -> Path {
            var p = Path()
            for k in 0..<5 {
                let a = (-90 + Double(k) * 144) * Double.pi / 180
                let pt = Point(x: cx + 45 * Trig.cos(a), y: cy + 45 * Trig.sin(a))
                if k == 0 { p.move(to: pt) } else { p.addLine(to: pt) }
            }
            p.closeSubpath()
            return p
        }
        c.fill(star(55, 60), with: .solid(RGBA(argb: 0xFFECB22E)), style: FillStyle(eoFill: false))
        c.fill(star(160, 60), with: .solid(RGBA(argb: 0xFFECB22E)), style: FillStyle(eoFill: true))
        c.fill(Path(ellipseIn: Rect(x: 220, y: 15, width: 90, height: 60)), with: .solid(RGBA(argb: 0xC02EB67D)))
        c.fill(Path(roundedRect: Rect(x: 260, y: 45, width: 110, height: 70), cornerRadius: 18), with: .solid(RGBA(argb: 0x99E01E5A)))
        var curves = Path()
        curves.move(to: Point(20, 170))
        curves.addQuadCurve(to: Point(120, 170), control: Point(70, 100))
        curves.addCurve(to: Point(220, 170), control1: Point(150, 220), control2: Point(190, 100))
        curves.addLine(to: Point(220, 190)); curves.addLine(to: Point(20, 190)); curves.closeSubpath()
        c.fill(curves, with: .solid(RGBA(argb: 0xFF36C5F0)))
        // Sub-pixel rectangles: a ramp of widths 0.1 ... 1.0 px.
        for k in 1...10 {
            c.fill(Rect(x: 240 + Double(k) * 12, y: 140, width: Double(k) / 10, height: 40), with: .solid(.white))
        }
    }

    func testFillsAndFillRules() {
        GoldenImage.assertMatches(sheet(400, 200, Self.fillsSheet), named: "raster-fills")
    }

    static func gradientsSheet(_ c: Canvas) {
        let g = Gradient(stops: [.init(color: RGBA(argb: 0xFF1B2838), location: 0), .init(color: RGBA(argb: 0xFF36C5F0), location: 0.4),
                                 .init(color: RGBA(argb: 0x00FFFFFF), location: 1)])
        for (i, spread) in [SpreadMethod.pad, .repeat, .reflect].enumerated() {
            let y = 10 + Double(i) * 45
            c.fill(Rect(x: 10, y: y, width: 380, height: 35),
                   with: .linearGradient(LinearGradient(gradient: g, startPoint: Point(60, y), endPoint: Point(160, y + 20), spread: spread)))
        }
        c.fill(Path(ellipseIn: Rect(x: 10, y: 150, width: 120, height: 120)),
               with: .radialGradient(RadialGradient(gradient: Gradient(colors: [.white, RGBA(argb: 0xFFE01E5A), RGBA(argb: 0xFF20204A)]),
                                                    center: Point(55, 195), endRadius: 75)))
        c.fill(Path(roundedRect: Rect(x: 150, y: 150, width: 240, height: 120), cornerRadius: 20),
               with: .radialGradient(RadialGradient(gradient: Gradient(colors: [RGBA(argb: 0xFFECB22E), RGBA(argb: 0xFF2EB67D)]),
                                                    center: Point(270, 210), startRadius: 20, endRadius: 40, spread: .reflect)))
    }

    func testGradients() {
        GoldenImage.assertMatches(sheet(400, 280, Self.gradientsSheet), named: "raster-gradients")
    }

    func testImageFiltering() throws {
        let img = try ImageDecoder.load(contentsOfFile: GoldenImage.packageRoot.appendingPathComponent("Benchmarks/scene/image256.png").path)
        let out = sheet(520, 300) { c in
            // Down-scaled, up-scaled (a 32x32 corner to 128x128) with both filters, and rotated.
            c.draw(img, in: Rect(x: 10, y: 10, width: 120, height: 120), filter: .nearest)
            c.draw(img, in: Rect(x: 140, y: 10, width: 120, height: 120), filter: .bilinear)
            let corner = AffineTransform(scaleX: 4, y: 4).concatenating(AffineTransform(translationX: 270 - 4 * 100, y: 10 - 4 * 100))
            c.fill(Rect(x: 270, y: 10, width: 110, height: 110), with: .image(ImagePattern(image: img, transform: corner, filter: .nearest)))
            let cornerB = AffineTransform(scaleX: 4, y: 4).concatenating(AffineTransform(translationX: 400 - 4 * 100, y: 10 - 4 * 100))
            c.fill(Rect(x: 400, y: 10, width: 110, height: 110), with: .image(ImagePattern(image: img, transform: cornerB, filter: .bilinear)))
            let rotated = AffineTransform(translationX: -128, y: -128).concatenating(AffineTransform(rotationAngle: .degrees(30)))
                .concatenating(AffineTransform(scaleX: 0.55, y: 0.55)).concatenating(AffineTransform(translationX: 100, y: 215))
            c.transform = .identity
            c.fill(Path(ellipseIn: Rect(x: 20, y: 140, width: 150, height: 150)),
                   with: .image(ImagePattern(image: img, transform: rotated, filter: .bilinear, extend: .none)))
            c.fill(Rect(x: 200, y: 140, width: 310, height: 150),
                   with: .image(ImagePattern(image: img, transform: AffineTransform(scaleX: 0.25, y: 0.25), filter: .bilinear, extend: .repeat)))
        }
        GoldenImage.assertMatches(out, named: "raster-images")
    }

    func testRGB565Target() {
        let img = sheet(400, 280, format: .rgb565) { c in
            Self.gradientsSheet(c)
            c.fill(Path(ellipseIn: Rect(x: 300, y: 20, width: 80, height: 80)), with: .solid(RGBA(argb: 0x80FFFFFF)))
        }
        XCTAssertEqual(img.format, .rgb565)
        // One RGB565 step is 255/31 ≈ 8.2 levels (red, blue): a one-level change in edge coverage can move a
        // channel by one step, up to 9 levels after widening back to 8 bits.
        GoldenImage.assertMatches(img, named: "raster-rgb565", tolerance: GoldenTolerance(maxChannelDelta: 9))
    }

    func testClipping() {
        let img = sheet(300, 200) { c in
            c.clip(to: IntRect(x: 20, y: 20, width: 120, height: 160))
            Self.fillsSheet(c)
            c.resetClip()
            c.clipMask = MaskRasterizer().mask(for: Path(ellipseIn: Rect(x: 150, y: 20, width: 140, height: 160)))
            for k in 0..<12 {
                c.fill(Rect(x: 150 + Double(k) * 12, y: 0, width: 6, height: 200), with: .solid(RGBA(argb: 0xFFE01E5A)))
            }
            c.opacity = 0.5
            c.fill(Rect(x: 140, y: 90, width: 160, height: 20), with: .solid(.white))
        }
        GoldenImage.assertMatches(img, named: "raster-clipping")
    }
}
