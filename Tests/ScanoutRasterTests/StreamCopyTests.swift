import CStreamCopy
import Glibc
import GoldenImages
import Testing
@testable import ScanoutRaster

/// `PixelBuffer.stream` (the present's copy into a display buffer, with non-temporal stores where the CPU has
/// them) writes exactly what `copy` writes: the same bytes inside the rectangle, none outside it — whatever the
/// alignment of the rows (partial lines at either end), their length (short rows are copied by memcpy) and the
/// format — with AVX2's kernels where the CPU has them and with SSE2's (`sse2`), which such a CPU never uses
/// otherwise. (The suite runs its tests one at a time, as the choice is the process's; the two choices write the
/// same bytes, so other tests streaming meanwhile are not disturbed.)
@Suite(.serialized) struct StreamCopyTests {
    @Test(arguments: [PixelFormat.xrgb8888, .argb8888, .rgb565], [false, true])
    func aStreamedCopyWritesWhatACopyWrites(format: PixelFormat, sse2: Bool) {
        scanout_stream_prefer_sse2(sse2 ? 1 : 0)
        defer { scanout_stream_prefer_sse2(0) }
        var r = SeededRandom(seed: 0x5EA7)
        let bpp = format.bytesPerPixel
        for i in 0..<80 {
            let width = 20 + Int(r.double(0...700)), height = 3 + Int(r.double(0...20))
            // Rows of any length and a base that is not on a line: every head and tail a partial line can have.
            let stride = width * bpp + Int(r.double(0...9)) * bpp
            let skew = Int(r.double(0...15)) * bpp % 64
            let twins = TwinTargets(width: width, height: height, stride: stride, skew: skew, format: format)
            let source = PixelBuffer(width: width + 40, height: height + 6, format: format)
            for k in 0..<source.stride * source.height {
                source.baseAddress.storeBytes(of: UInt8(truncatingIfNeeded: k &* 13 &+ 101), toByteOffset: k, as: UInt8.self)
            }
            let x = Int(r.double(0...Double(width - 1))), y = Int(r.double(0...Double(height - 1)))
            let rect = IntRect(x: x, y: y, width: Int(r.double(1...Double(width - x))), height: Int(r.double(1...Double(height - y))))
            let dx = Int(r.double(0...40)), dy = Int(r.double(0...6))
            twins.tested.stream(rect, from: source, offsetX: dx, offsetY: dy)
            twins.reference.copy(rect, from: source, offsetX: dx, offsetY: dy)
            #expect(twins.same, "case \(i): \(rect) of \(width)x\(height), stride \(stride), skew \(skew)")
        }
    }

    /// Under a scrim (an alert's, a sheet's), the streamed rows are what `Dimming.copy` writes, four pixels at a
    /// time or one: every scrim alpha, black and coloured scrims, any alignment and width.
    @Test(arguments: [false, true])
    func aStreamedDimmedCopyWritesWhatTheDimmedCopyWrites(sse2: Bool) {
        scanout_stream_prefer_sse2(sse2 ? 1 : 0)
        defer { scanout_stream_prefer_sse2(0) }
        var r = SeededRandom(seed: 0xD1A)
        for i in 0..<120 {
            let width = 1 + Int(r.double(0...500)), height = 1 + Int(r.double(0...4))
            let skew = Int(r.double(0...15)) * 4
            let stride = width * 4 + Int(r.double(0...5)) * 4, bytes = stride * height + skew
            let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
            defer { memory.deallocate() }
            memory.initializeMemory(as: UInt8.self, repeating: 0x5A, count: bytes)
            let target = PixelBuffer(wrapping: memory + skew, width: width, height: height, stride: stride, format: .xrgb8888)
            let source = PixelBuffer(width: width, height: height, format: .xrgb8888)
            for y in 0..<height {
                for x in 0..<width { source.setPremultipliedPixel(x: x, y: y, 0xFF00_0000 | UInt32(r.double(0...16_777_215))) }
            }
            let alpha = i < 3 ? [0.0, 1.0 / 255, 1.0][i] : r.double(0...1)
            let colour = i % 2 == 0 ? RGBA(red: 0, green: 0, blue: 0) : RGBA(red: UInt8(r.double(0...255)), green: 40, blue: 200)
            let dimming = Dimming(color: colour, opacity: alpha)
            target.stream(target.bounds, from: source, dimmedBy: dimming)
            var same = true
            for y in 0..<height where same {
                let s = source.row(y).assumingMemoryBound(to: UInt32.self)
                let got = target.row(y).assumingMemoryBound(to: UInt32.self)
                var vectors = [UInt32](repeating: 0, count: width), scalar = [UInt32](repeating: 0, count: width)
                SpanBlender.solidOver(&vectors, s, width, dimming.pixel, vectors: true)
                SpanBlender.solidOver(&scalar, s, width, dimming.pixel, vectors: false)
                for x in 0..<width where got[x] != vectors[x] || got[x] != scalar[x] { same = false }
            }
            #expect(same, "case \(i): \(width)x\(height), skew \(skew), scrim \(String(dimming.pixel, radix: 16))")
            // Nothing before the first row or after the last is written.
            #expect(memory.load(as: UInt8.self) == 0x5A || skew == 0)
            #expect(memory.load(fromByteOffset: bytes - 1, as: UInt8.self) == 0x5A || stride == width * 4)
        }
    }

    @Test func aFullScreenStreamedCopyIsTheSourceAndADimmedOneTheDimmedCopy() {
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
