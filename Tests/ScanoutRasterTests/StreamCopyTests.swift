import Glibc
import GoldenImages
import Testing
@testable import ScanoutRaster

/// `PixelBuffer.stream` (the present's copy into a display buffer, with non-temporal stores where the CPU has
/// them) writes exactly what `copy` writes: the same bytes inside the rectangle, none outside it — whatever the
/// alignment of the rows (partial lines at either end), their length (short rows are copied by memcpy) and the
/// format.
@Suite struct StreamCopyTests {
    @Test(arguments: [PixelFormat.xrgb8888, .argb8888, .rgb565])
    func aStreamedCopyWritesWhatACopyWrites(format: PixelFormat) {
        var r = SeededRandom(seed: 0x5EA7)
        let bpp = format.bytesPerPixel
        for i in 0..<80 {
            let width = 20 + Int(r.double(0...700)), height = 3 + Int(r.double(0...20))
            // Rows of any length and a base that is not on a line: every head and tail a partial line can have.
            let stride = width * bpp + Int(r.double(0...9)) * bpp
            let skew = Int(r.double(0...15)) * bpp % 64
            let bytes = stride * height + skew
            let streamed = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
            let copied = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
            defer { streamed.deallocate(); copied.deallocate() }
            for k in 0..<bytes {
                let v = UInt8(truncatingIfNeeded: k &* 31 &+ 7)
                streamed.storeBytes(of: v, toByteOffset: k, as: UInt8.self)
                copied.storeBytes(of: v, toByteOffset: k, as: UInt8.self)
            }
            let a = PixelBuffer(wrapping: streamed + skew, width: width, height: height, stride: stride, format: format)
            let b = PixelBuffer(wrapping: copied + skew, width: width, height: height, stride: stride, format: format)
            let source = PixelBuffer(width: width + 40, height: height + 6, format: format)
            for k in 0..<source.stride * source.height {
                source.baseAddress.storeBytes(of: UInt8(truncatingIfNeeded: k &* 13 &+ 101), toByteOffset: k, as: UInt8.self)
            }
            let x = Int(r.double(0...Double(width - 1))), y = Int(r.double(0...Double(height - 1)))
            let rect = IntRect(x: x, y: y, width: Int(r.double(1...Double(width - x))), height: Int(r.double(1...Double(height - y))))
            let dx = Int(r.double(0...40)), dy = Int(r.double(0...6))
            a.stream(rect, from: source, offsetX: dx, offsetY: dy)
            b.copy(rect, from: source, offsetX: dx, offsetY: dy)
            #expect(memcmp(streamed, copied, bytes) == 0, "case \(i): \(rect) of \(width)x\(height), stride \(stride), skew \(skew)")
        }
    }

    @Test func aFullScreenStreamedCopyIsTheSourceAndAScrimFallsBackToTheDimmedCopy() {
        let source = PixelBuffer(width: 1920, height: 4, format: .xrgb8888)
        for y in 0..<4 { for x in 0..<1920 { source.setPremultipliedPixel(x: x, y: y, 0xFF00_0000 | UInt32(x * 7 + y * 131) & 0xFF_FFFF) } }
        let target = PixelBuffer(width: 1920, height: 4, format: .xrgb8888)
        target.stream(target.bounds, from: source)
        #expect(memcmp(target.baseAddress, source.baseAddress, source.stride * 4) == 0)
        let dimming = Dimming(color: RGBA(red: 0, green: 0, blue: 0), opacity: 0.4)
        let dimmed = PixelBuffer(width: 1920, height: 4, format: .xrgb8888), expected = PixelBuffer(width: 1920, height: 4, format: .xrgb8888)
        dimmed.stream(dimmed.bounds, from: source, dimmedBy: dimming)
        expected.copy(expected.bounds, from: source, dimmedBy: dimming)
        #expect(memcmp(dimmed.baseAddress, expected.baseAddress, source.stride * 4) == 0)
        #expect(dimmed.premultipliedPixel(x: 100, y: 1) != source.premultipliedPixel(x: 100, y: 1), "the scrim darkened the copy")
    }
}
