import GoldenImages
import Testing
@testable import ScanoutRaster

/// An image drawn with bilinear filtering samples four at a time in optimized builds; those samples equal the
/// one-at-a-time samples bit for bit, whatever the transform, the span's start and its length.
@Suite struct BilinearSampleTests {
    /// A premultiplied image of noise with flat patches (four equal pixels take a shortcut one at a time).
    func image(_ w: Int, _ h: Int, seed: UInt64) -> PixelBuffer {
        var r = SeededRandom(seed: seed)
        let b = PixelBuffer(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let flat = (x / 5 + y / 4) % 3 == 0
                let a = flat ? 255 : Int(r.double(0...255))
                func channel() -> Int { flat ? 90 : Int(r.double(0...Double(a))) }
                let p = UInt32(a) << 24 | UInt32(channel()) << 16 | UInt32(channel()) << 8 | UInt32(channel())
                b.baseAddress.advanced(by: y * b.stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = p }
            }
        }
        return b
    }

    @Test(arguments: [
        AffineTransform(a: 0.78125, b: 0, c: 0, d: 0.78125, tx: 4, ty: 3),        // shrunk as the bench's image
        AffineTransform(a: 2.6, b: 0, c: 0, d: 1.7, tx: 3.3, ty: -2.45),           // enlarged, fractional offset
        AffineTransform(a: -1.3, b: 0, c: 0, d: 0.6, tx: 90.5, ty: 7),             // mirrored
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0.5, ty: 0.25),                // half a pixel off
        AffineTransform(a: 1.29, b: 0.545, c: -0.545, d: 1.29, tx: 30, ty: -10),   // rotated and enlarged
    ])
    func fourAtATimeEqualsOneAtATime(_ transform: AffineTransform) {
        let img = image(61, 47, seed: 0xB111)
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: GradientTable.size)
        defer { table.deallocate() }
        var holds: Gradient?
        var one = Shader(.image(ImagePattern(image: img, transform: transform, filter: .bilinear)), ctm: .identity,
                         table: table, tableHolds: &holds)
        one.vectors = false
        var four = one
        four.vectors = true
        let n = 160
        let a = UnsafeMutablePointer<UInt32>.allocate(capacity: n), b = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        defer { a.deallocate(); b.deallocate() }
        var mismatches = 0, samples = 0
        // Spans of every length up to 9 and long ones, starting anywhere: inside the image, across its edge, outside.
        for y in stride(from: -4, to: 130, by: 3) {
            for (x, count) in [(0, 160), (1, 1), (2, 3), (5, 4), (7, 5), (11, 9), (40, 77), (63, 8), (90, 33)] {
                one.shade(x: x, y: y, count: count, into: a)
                four.shade(x: x, y: y, count: count, into: b)
                for i in 0..<count where a[i] != b[i] { mismatches += 1 }
                samples += count
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(samples) samples differ")
        // The spans did sample the image (not only transparent padding outside it).
        one.shade(x: 0, y: 20, count: n, into: a)
        #expect((0..<n).contains { a[$0] != 0 })
    }
}
