import XCTest
import Foundation
@testable import ScanoutRaster

/// Gradients and image patterns.
final class PaintTests: XCTestCase {
    let red = RGBA(red: 255, green: 0, blue: 0), blue = RGBA(red: 0, green: 0, blue: 255)

    func paint(_ w: Int, _ h: Int, _ paint: Paint) -> PixelBuffer {
        let b = PixelBuffer(width: w, height: h)
        Canvas(target: b).fill(Rect(x: 0, y: 0, width: Double(w), height: Double(h)), with: paint)
        return b
    }

    func testLinearGradientInterpolatesAndPads() {
        let g = LinearGradient(gradient: Gradient(colors: [red, blue]), startPoint: Point(16, 0), endPoint: Point(272, 0))
        let b = paint(300, 2, .linearGradient(g))
        XCTAssertEqual(b.pixel(x: 0, y: 0), red, "padded before the start")
        XCTAssertEqual(b.pixel(x: 299, y: 1), blue, "padded after the end")
        let mid = b.pixel(x: 144, y: 0)  // t = (144.5 - 16) / 256 = 0.502
        XCTAssertEqual(Int(mid.red), 127, accuracy: 2)
        XCTAssertEqual(Int(mid.blue), 128, accuracy: 2)
        XCTAssertEqual(mid.green, 0)
        // Monotonic along the axis.
        for x in 17..<272 { XCTAssertLessThanOrEqual(b.pixel(x: x, y: 0).red, b.pixel(x: x - 1, y: 0).red) }
    }

    func testGradientStopsAndSpreadModes() {
        let stops = Gradient(stops: [.init(color: red, location: 0), .init(color: .white, location: 0.5), .init(color: blue, location: 1)])
        let b = paint(256, 1, .linearGradient(LinearGradient(gradient: stops, startPoint: Point(0, 0), endPoint: Point(256, 0))))
        let centre = b.pixel(x: 128, y: 0)  // t = 128.5 / 256, just past the white stop
        XCTAssertGreaterThan(centre.red, 252); XCTAssertGreaterThan(centre.green, 252); XCTAssertEqual(centre.blue, 255)
        XCTAssertEqual(b.pixel(x: 64, y: 0).red, 255)
        XCTAssertEqual(Int(b.pixel(x: 64, y: 0).green), 128, accuracy: 2)

        let two = Gradient(colors: [.black, .white])
        let rep = paint(40, 1, .linearGradient(LinearGradient(gradient: two, startPoint: Point(0, 0), endPoint: Point(10, 0), spread: .repeat)))
        XCTAssertEqual(rep.pixel(x: 1, y: 0), rep.pixel(x: 11, y: 0))
        XCTAssertLessThan(rep.pixel(x: 10, y: 0).red, 30, "restarts dark after each period")
        let refl = paint(40, 1, .linearGradient(LinearGradient(gradient: two, startPoint: Point(0, 0), endPoint: Point(10, 0), spread: .reflect)))
        XCTAssertGreaterThan(refl.pixel(x: 10, y: 0).red, 225, "mirrors: bright on both sides of the period end")
        XCTAssertEqual(Int(refl.pixel(x: 12, y: 0).red), Int(refl.pixel(x: 7, y: 0).red), accuracy: 2)
    }

    func testVerticalGradientIsConstantAlongRows() {
        let g = LinearGradient(gradient: Gradient(colors: [.black, .white]), startPoint: Point(0, 0), endPoint: Point(0, 100))
        let b = paint(50, 100, .linearGradient(g))
        for y in [0, 37, 99] { for x in 1..<50 { XCTAssertEqual(b.pixel(x: x, y: y), b.pixel(x: 0, y: y)) } }
        XCTAssertEqual(Int(b.pixel(x: 0, y: 50).red), 128, accuracy: 2)
    }

    func testRadialGradient() {
        let g = RadialGradient(gradient: Gradient(colors: [.white, .black]), center: Point(50, 50), endRadius: 40)
        let b = paint(100, 100, .radialGradient(g))
        XCTAssertGreaterThan(b.pixel(x: 50, y: 50).red, 250)
        XCTAssertEqual(b.pixel(x: 50, y: 95), .black, "padded beyond the end radius")
        // Equal distance, equal colour.
        XCTAssertEqual(b.pixel(x: 70, y: 50), b.pixel(x: 50, y: 70))
        XCTAssertEqual(Int(b.pixel(x: 70, y: 50).red), 128, accuracy: 5)
    }

    /// A conic gradient's colour follows the angle around the centre: clockwise from +x (y down), the whole
    /// turn for equal angles, padded outside a partial sweep, and mirrored for a sweep backwards.
    func testConicGradientFollowsTheAngle() {
        let turn = ConicGradient(gradient: Gradient(colors: [.black, .white]), center: Point(50, 50))
        let b = paint(100, 100, .conicGradient(turn))
        XCTAssertLessThan(b.pixel(x: 95, y: 50).red, 8, "angle 0: the start")
        XCTAssertEqual(Int(b.pixel(x: 50, y: 95).red), 64, accuracy: 3, "a quarter turn clockwise: t = 1/4")
        XCTAssertEqual(Int(b.pixel(x: 5, y: 49).red), 128, accuracy: 3, "half a turn")
        XCTAssertEqual(Int(b.pixel(x: 50, y: 5).red), 191, accuracy: 3, "three quarters")
        // Same angle, same colour, whatever the distance.
        XCTAssertEqual(b.pixel(x: 80, y: 80), b.pixel(x: 60, y: 60))

        let quarter = ConicGradient(gradient: Gradient(colors: [red, blue]), center: Point(50, 50), startAngle: 0, endAngle: .pi / 2)
        let q = paint(100, 100, .conicGradient(quarter))
        XCTAssertEqual(q.pixel(x: 5, y: 50), blue, "past the end: the last colour")
        XCTAssertEqual(Int(q.pixel(x: 80, y: 80).red), 128, accuracy: 4, "the middle of the sweep (45°)")

        let backwards = ConicGradient(gradient: Gradient(colors: [.black, .white]), center: Point(50, 50), startAngle: 0, endAngle: -.pi)
        let k = paint(100, 100, .conicGradient(backwards))
        XCTAssertEqual(Int(k.pixel(x: 50, y: 5).red), 128, accuracy: 3, "anticlockwise: a quarter turn up is halfway")
    }

    /// The rasterizer's own atan2 (the same bits on every architecture) against the C library's.
    func testAtan2MatchesTheCLibrary() {
        var worst = 0.0
        for i in 0..<2000 {
            let a = Double(i) * 0.00314159 * 2 - 3.14, r = 0.001 + Double(i % 37) * 13.7
            let x = r * Trig.cos(a), y = r * Trig.sin(a)
            worst = max(worst, abs(Trig.atan2(y, x) - atan2(y, x)))
        }
        XCTAssertLessThan(worst, 2e-5)
        XCTAssertEqual(Trig.atan2(0, -1), .pi)
        XCTAssertEqual(Trig.atan2(1, 0), .pi / 2, accuracy: 1e-12)
        XCTAssertTrue(Trig.atan2(.nan, 1).isNaN)
    }

    func checkerboard() -> PixelBuffer {
        // 2x2: red, green / blue, white.
        let img = PixelBuffer(width: 2, height: 2)
        img.setPremultipliedPixel(x: 0, y: 0, 0xFFFF_0000); img.setPremultipliedPixel(x: 1, y: 0, 0xFF00_FF00)
        img.setPremultipliedPixel(x: 0, y: 1, 0xFF00_00FF); img.setPremultipliedPixel(x: 1, y: 1, 0xFFFF_FFFF)
        return img
    }

    func testNearestFilterCopiesBlocks() {
        let b = PixelBuffer(width: 4, height: 4)
        Canvas(target: b).draw(checkerboard(), in: Rect(x: 0, y: 0, width: 4, height: 4), filter: .nearest)
        XCTAssertEqual(b.premultipliedPixel(x: 0, y: 0), 0xFFFF_0000); XCTAssertEqual(b.premultipliedPixel(x: 1, y: 1), 0xFFFF_0000)
        XCTAssertEqual(b.premultipliedPixel(x: 2, y: 0), 0xFF00_FF00); XCTAssertEqual(b.premultipliedPixel(x: 3, y: 1), 0xFF00_FF00)
        XCTAssertEqual(b.premultipliedPixel(x: 0, y: 3), 0xFF00_00FF); XCTAssertEqual(b.premultipliedPixel(x: 3, y: 3), 0xFFFF_FFFF)
    }

    func testBilinearFilterBlendsNeighbours() {
        let b = PixelBuffer(width: 4, height: 4)
        Canvas(target: b).draw(checkerboard(), in: Rect(x: 0, y: 0, width: 4, height: 4), filter: .bilinear)
        // Device pixel (1, 0) samples image x = 0.75 - 0.5 = 0.25 along the top row: 3/4 red + 1/4 green.
        let p = b.pixel(x: 1, y: 0)
        XCTAssertEqual(Int(p.red), 191, accuracy: 2)
        XCTAssertEqual(Int(p.green), 64, accuracy: 2)
        // Corners are padded, not faded to transparent.
        XCTAssertEqual(b.pixel(x: 0, y: 0), RGBA(red: 255, green: 0, blue: 0))
        // The centre is the mean of all four.
        let big = PixelBuffer(width: 3, height: 3)
        Canvas(target: big).draw(checkerboard(), in: Rect(x: -0.5, y: -0.5, width: 4, height: 4), filter: .bilinear)
        let c = big.pixel(x: 1, y: 1)
        XCTAssertEqual(Int(c.red), 128, accuracy: 2); XCTAssertEqual(Int(c.green), 128, accuracy: 2); XCTAssertEqual(Int(c.blue), 128, accuracy: 2)
    }

    func testImagePatternWithRotationAndExtendNone() {
        let img = checkerboard()
        let b = PixelBuffer(width: 10, height: 10)
        // Rotate the image 90 degrees clockwise about the origin, then move it to (6, 2), scaled by 2.
        let t = AffineTransform(scaleX: 2, y: 2).rotated(by: .zero)
            .concatenating(AffineTransform(rotationAngle: .degrees(90)))
            .concatenating(AffineTransform(translationX: 6, y: 2))
        Canvas(target: b).fill(Rect(x: 0, y: 0, width: 10, height: 10),
                               with: .image(ImagePattern(image: img, transform: t, filter: .nearest, extend: .none)))
        // Image (0,0) red lands at device x 4..6, y 2..4; image (1,0) green below it at y 4..6; image (0,1) blue left of red.
        XCTAssertEqual(b.premultipliedPixel(x: 5, y: 3), 0xFFFF_0000)
        XCTAssertEqual(b.premultipliedPixel(x: 5, y: 5), 0xFF00_FF00)
        XCTAssertEqual(b.premultipliedPixel(x: 3, y: 3), 0xFF00_00FF)
        XCTAssertEqual(b.premultipliedPixel(x: 8, y: 8), 0, "outside the image is transparent with extend none")
    }
}
