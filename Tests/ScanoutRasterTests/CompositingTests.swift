import GoldenImages
import XCTest
@testable import ScanoutRaster

/// Target formats, Porter-Duff modes, global alpha, clipping.
final class CompositingTests: XCTestCase {
    let half = Rect(x: 0, y: 0, width: 0.5, height: 1)

    func testSourceOverTranslucentColourOnOpaque() {
        let b = PixelBuffer(width: 2, height: 1)
        b.fill(RGBA(red: 0, green: 0, blue: 255))
        Canvas(target: b).fill(Rect(x: 0, y: 0, width: 2, height: 1), with: .solid(RGBA(red: 255, green: 0, blue: 0, alpha: 128)))
        let p = b.pixel(x: 0, y: 0)
        XCTAssertEqual(p.alpha, 255)
        XCTAssertEqual(Int(p.red), 128, accuracy: 1)
        XCTAssertEqual(Int(p.blue), 127, accuracy: 1)
    }

    func testSIMDAndScalarPathsAgree() {
        // Spans of every length 1...13 exercise the four-pixel vectors and the scalar tails.
        for n in 1...13 {
            let b = PixelBuffer(width: 16, height: 1)
            for x in 0..<16 { b.setPremultipliedPixel(x: x, y: 0, RGBA(red: UInt8(x * 15), green: 200, blue: 30, alpha: 255).premultiplied) }
            let ref = b.converted(to: .argb8888)
            let c = RGBA(red: 10, green: 250, blue: 90, alpha: 77).premultiplied
            var cov = [UInt8](repeating: 0, count: 16)
            for i in 0..<16 { cov[i] = UInt8((i * 37) % 256) }
            cov.withUnsafeBufferPointer { m in
                SpanBlender.overSolidMask(b.baseAddress.assumingMemoryBound(to: UInt32.self), n, c, m.baseAddress!, vectors: true)
            }
            for x in 0..<16 {
                let expected = x < n ? sourceOver(scalePixel(c, UInt32(cov[x])), ref.premultipliedPixel(x: x, y: 0)) : ref.premultipliedPixel(x: x, y: 0)
                XCTAssertEqual(b.premultipliedPixel(x: x, y: 0), expected, "n \(n) x \(x)")
            }
        }
    }

    /// The vector division by 255 (per architecture: a high-half multiply on x86_64) rounds every product of
    /// two bytes exactly as the scalar form does.
    func testVectorDivisionBy255IsExactForEveryProductOfTwoBytes() {
        var x = 0
        while x <= 255 * 255 {
            var lanes = SpanBlender.Lanes(repeating: 0)
            for i in 0..<8 { lanes[i] = UInt16(min(x + i, 255 * 255)) }
            let q = SpanBlender.div255(lanes)
            for i in 0..<8 {
                let v = Int(lanes[i])
                XCTAssertEqual(Int(q[i]), (v + 127) / 255, "\(v) / 255")
                if Int(q[i]) != (v + 127) / 255 { return }
            }
            x += 8
        }
    }

    /// The sweep's four-cell vectors give the coverage cell by cell does: random shapes of many overlapping
    /// contours (coverage summing past one, both windings), wide enough for whole groups of four and tails.
    func testSweepingFourCellsAtATimeGivesTheSameCoverage() {
        var r = SeededRandom(seed: 0x5EED)
        func random(_ n: Double) -> Double { r.double(0...n) }
        let vectors = MaskRasterizer(), scalar = MaskRasterizer()
        vectors.sweepsInVectors = true
        scalar.sweepsInVectors = false
        for shape in 0..<40 {
            var path = Path()
            for _ in 0..<(1 + shape % 6) {
                path.move(to: Point(x: random(97), y: random(61)))
                for _ in 0..<(2 + shape % 5) { path.addLine(to: Point(x: random(97), y: random(61))) }
                path.closeSubpath()
            }
            if shape % 3 == 0 { path.addEllipse(in: Rect(x: random(40), y: random(30), width: 5 + random(50), height: 3 + random(30))) }
            let a = vectors.mask(for: path), b = scalar.mask(for: path)
            XCTAssertEqual(a.width, b.width)
            XCTAssertEqual(a.coverage, b.coverage, "shape \(shape)")
        }
    }

    /// Unoptimized builds blend one pixel at a time (SpanBlender.vectorsByDefault): every kernel gives the same
    /// pixels four at a time and one by one, so the tests of a debug build also vouch for the vectors.
    func testEveryKernelGivesTheSamePixelsFourAtATimeAndOneByOne() {
        func run(_ vectors: Bool, _ n: Int, _ kernel: Int) -> [UInt32] {
            var d = (0..<16).map { i -> UInt32 in
                let a = UInt32((i * 53 + 40) % 256), c = a * 3 / 4
                let high: UInt32 = a << 24 | c << 16
                return high | (a / 2) << 8 | c / 3
            }
            var s = (0..<16).map { i -> UInt32 in
                let a = UInt32((i * 91 + 7) % 256)
                let high: UInt32 = a << 24 | (a / 3) << 16
                return high | a << 8 | (a * 2 / 3)
            }
            // Mixed coverage, then a fully covered and an empty group of four (the kernels' shortcuts).
            var m: [UInt8] = (0..<8).map { UInt8(($0 * 67) % 256) }
            m += [255, 255, 255, 255, 0, 0, 0, 0] as [UInt8]
            let c = RGBA(red: 10, green: 250, blue: 90, alpha: 77).premultiplied
            d.withUnsafeMutableBufferPointer { d in
                s.withUnsafeMutableBufferPointer { s in
                    m.withUnsafeBufferPointer { m in
                        let (d, s, m) = (d.baseAddress!, s.baseAddress!, m.baseAddress!)
                        switch kernel {
                        case 0: SpanBlender.overSolid(d, n, c, vectors: vectors)
                        case 1: SpanBlender.overSolidMask(d, n, c, m, vectors: vectors)
                        case 2: SpanBlender.over(d, s, n, vectors: vectors)
                        case 3: SpanBlender.overMask(d, s, n, m, vectors: vectors)
                        default: SpanBlender.scale(d, n, by: 131, vectors: vectors)
                        }
                    }
                }
            }
            return d
        }
        for kernel in 0..<5 {
            for n in 0...16 {
                XCTAssertEqual(run(true, n, kernel), run(false, n, kernel), "kernel \(kernel), \(n) pixels")
            }
        }
    }

    func testRGB565() {
        let b = PixelBuffer(width: 4, height: 2, format: .rgb565)
        let canvas = Canvas(target: b)
        canvas.fill(Rect(x: 0, y: 0, width: 4, height: 1), with: .solid(RGBA(red: 255, green: 0, blue: 0)))
        XCTAssertEqual(b.row(0).load(as: UInt16.self), 0xF800)
        XCTAssertEqual(b.pixel(x: 3, y: 0), RGBA(red: 255, green: 0, blue: 0))
        canvas.fill(Rect(x: 0, y: 1, width: 4, height: 1), with: .solid(RGBA(red: 255, green: 255, blue: 255, alpha: 128)))
        let grey = b.pixel(x: 1, y: 1)
        XCTAssertEqual(Int(grey.red), 128, accuracy: 5)
        XCTAssertEqual(Int(grey.green), 128, accuracy: 3)
        XCTAssertEqual(grey.alpha, 255)
        XCTAssertEqual(b.row(1).load(fromByteOffset: 2, as: UInt16.self), 0x8410)
    }

    func testXRGBIsOpaqueOnReadBack() {
        let b = PixelBuffer(width: 2, height: 1, format: .xrgb8888)
        Canvas(target: b).fill(Rect(x: 0, y: 0, width: 2, height: 1), with: .solid(RGBA(red: 0, green: 255, blue: 0, alpha: 128)))
        let p = b.pixel(x: 0, y: 0)
        XCTAssertEqual(p.alpha, 255)
        XCTAssertEqual(Int(p.green), 128, accuracy: 1)
    }

    func testCopyAndClearModes() {
        let b = PixelBuffer(width: 4, height: 1)
        b.fill(.white)
        let canvas = Canvas(target: b)
        canvas.blendMode = .copy
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: .solid(RGBA(red: 255, green: 0, blue: 0, alpha: 128)))
        XCTAssertEqual(b.pixel(x: 0, y: 0).alpha, 128, "copy replaces, it does not blend")
        canvas.fill(Rect(x: 1, y: 0, width: 0.5, height: 1), with: .solid(.black))
        XCTAssertEqual(Int(b.pixel(x: 1, y: 0).red), 127, accuracy: 1, "half coverage: half source, half destination")
        canvas.blendMode = .clear
        canvas.fill(Rect(x: 2, y: 0, width: 1, height: 1), with: .solid(.black))
        XCTAssertEqual(b.pixel(x: 2, y: 0), .clear)
        canvas.fill(Rect(x: 3, y: 0, width: 0.5, height: 1), with: .solid(.black))
        XCTAssertEqual(Int(b.pixel(x: 3, y: 0).alpha), 127, accuracy: 1)
    }

    func testGlobalOpacity() {
        let b = PixelBuffer(width: 2, height: 1)
        let canvas = Canvas(target: b)
        canvas.opacity = 0.5
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: .solid(.white))
        canvas.fill(Rect(x: 1, y: 0, width: 0.5, height: 1), with: .solid(.white))
        XCTAssertEqual(Int(b.pixel(x: 0, y: 0).alpha), 128, accuracy: 1)
        XCTAssertEqual(Int(b.pixel(x: 1, y: 0).alpha), 64, accuracy: 1)
    }

    func testClipRectangle() {
        let b = PixelBuffer(width: 10, height: 10)
        let canvas = Canvas(target: b)
        canvas.clip(to: IntRect(x: 2, y: 3, width: 4, height: 5))
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), with: .solid(.white))
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (3..<8).contains(y)
                XCTAssertEqual(b.pixel(x: x, y: y).alpha, inside ? 255 : 0, "\(x),\(y)")
            }
        }
        canvas.resetClip()
        XCTAssertEqual(canvas.clipBounds, b.bounds)
    }

    func testClipMask() {
        let b = PixelBuffer(width: 8, height: 2)
        let canvas = Canvas(target: b)
        var mask = AlphaMask(width: 8, height: 2)
        for x in 0..<4 { mask[x, 0] = 255; mask[x, 1] = 128 }
        canvas.clipMask = mask
        canvas.fill(Rect(x: 0, y: 0, width: 8, height: 2), with: .solid(.white))
        XCTAssertEqual(b.pixel(x: 1, y: 0).alpha, 255)
        XCTAssertEqual(Int(b.pixel(x: 1, y: 1).alpha), 128, accuracy: 1)
        XCTAssertEqual(b.pixel(x: 6, y: 0).alpha, 0)
        // Masks rasterized from a path clip to that shape.
        let circle = MaskRasterizer().mask(for: Path(ellipseIn: Rect(x: 0, y: 0, width: 20, height: 20)))
        let c = PixelBuffer(width: 20, height: 20)
        let cc = Canvas(target: c)
        cc.clipMask = circle
        cc.fill(Rect(x: 0, y: 0, width: 20, height: 20), with: .solid(.white))
        XCTAssertEqual(c.pixel(x: 10, y: 10).alpha, 255)
        XCTAssertEqual(c.pixel(x: 0, y: 0).alpha, 0)
    }

    func testDrawMaskAtPosition() {
        var m = AlphaMask(width: 2, height: 1)
        m[0, 0] = 255; m[1, 0] = 64
        let b = PixelBuffer(width: 5, height: 3)
        let canvas = Canvas(target: b)
        canvas.draw(m, at: 2, 1, color: RGBA(red: 255, green: 0, blue: 0))
        XCTAssertEqual(b.pixel(x: 2, y: 1), RGBA(red: 255, green: 0, blue: 0))
        XCTAssertEqual(Int(b.pixel(x: 3, y: 1).alpha), 64, accuracy: 1)
        XCTAssertEqual(b.pixel(x: 1, y: 1).alpha, 0)
        canvas.draw(m, at: 4, 1, color: .white)  // half outside: clipped, no crash
        canvas.draw(m, at: -10, -10, color: .white)
        XCTAssertEqual(b.pixel(x: 4, y: 1), .white)
    }
}
