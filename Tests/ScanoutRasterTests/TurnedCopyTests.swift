import Glibc
import GoldenImages
import Testing
@testable import ScanoutRaster

/// `PixelBuffer.copy(_:from:origin:across:down:streamed:)` (a frame turned onto a panel mounted at 90°, 180° or
/// 270°, or mirrored) writes each pixel of the rectangle from the source pixel the walk reaches — the same bytes
/// a pixel-by-pixel walk writes — and nothing outside the rectangle: every pair of axis steps, any alignment of
/// the destination's rows (the transposed groups of four start at a 16-byte boundary, the columns before it and
/// past the last group go one by one), widths and heights that are not multiples of four, each format, with
/// ordinary stores and streamed, in bands of columns (small or streamed copies) and in rows (large ones), and
/// under a scrim (each pixel what `Dimming.over` makes of it).
struct TurnedCopyTests {
    /// Every pair of unit steps: one along x and one along y, either way, in either order.
    static let walks: [((x: Int, y: Int), (x: Int, y: Int))] = {
        let axes = [(x: 1, y: 0), (x: -1, y: 0), (x: 0, y: 1), (x: 0, y: -1)]
        return axes.flatMap { a in axes.filter { $0.x * a.x + $0.y * a.y == 0 }.map { (a, $0) } }
    }()

    /// Fills `rect` of `target` the slow way: each pixel's bytes from the source pixel the walk reaches.
    static func walk(_ rect: IntRect, of target: PixelBuffer, from source: PixelBuffer, origin: (x: Int, y: Int),
                     across: (x: Int, y: Int), down: (x: Int, y: Int), dimmedBy dimming: Dimming? = nil) {
        let bpp = target.format.bytesPerPixel
        for j in 0..<rect.height {
            for i in 0..<rect.width {
                let sx = origin.x + i * across.x + j * down.x, sy = origin.y + i * across.y + j * down.y
                let to = target.row(rect.minY + j) + (rect.minX + i) * bpp, from = source.row(sy) + sx * bpp
                switch (dimming, bpp) {
                case (nil, _): to.copyMemory(from: from, byteCount: bpp)
                case (let dimming?, 4): to.storeBytes(of: dimming.over(opaque: from.load(as: UInt32.self)), as: UInt32.self)
                case (let dimming?, _):
                    let p = argb(fromRGB565: from.load(as: UInt16.self))
                    to.storeBytes(of: rgb565(fromPremultiplied: dimming.over(opaque: p)), as: UInt16.self)
                }
            }
        }
    }

    /// A source just large enough (plus `margin`) for the walk of a `width` x `height` rectangle, and the origin
    /// that keeps every pixel walked inside it.
    static func source(for width: Int, _ height: Int, across: (x: Int, y: Int), down: (x: Int, y: Int), format: PixelFormat,
                       margin: Int, opaque: Bool = false) -> (PixelBuffer, (x: Int, y: Int)) {
        let extentX = [0, (width - 1) * across.x, (height - 1) * down.x, (width - 1) * across.x + (height - 1) * down.x]
        let extentY = [0, (width - 1) * across.y, (height - 1) * down.y, (width - 1) * across.y + (height - 1) * down.y]
        let origin = (x: margin - extentX.min()!, y: margin - extentY.min()!)
        let source = PixelBuffer(width: origin.x + extentX.max()! + 1 + margin, height: origin.y + extentY.max()! + 1 + margin, format: format)
        for k in 0..<source.stride * source.height {
            let v = UInt8(truncatingIfNeeded: k &* 13 &+ (k >> 9) &+ 101)
            // (A scrim dims an opaque picture: 32-bit pixels' alpha bytes full.)
            source.baseAddress.storeBytes(of: opaque && format.bytesPerPixel == 4 && k % 4 == 3 ? 0xFF : v, toByteOffset: k, as: UInt8.self)
        }
        return (source, origin)
    }

    @Test(arguments: [PixelFormat.xrgb8888, .argb8888, .rgb565], [false, true])
    func aTurnedCopyWritesWhatAWalkWrites(format: PixelFormat, streamed: Bool) {
        var r = SeededRandom(seed: 0x7E4D)
        let bpp = format.bytesPerPixel
        for dimmed in [false, true] {
        let dimming = dimmed ? Dimming(color: RGBA(red: 30, green: 10, blue: 60), opacity: 0.45) : nil
        for (n, (across, down)) in Self.walks.enumerated() {
            for i in 0..<12 {
                let width = 1 + r.int(90), height = 1 + r.int(40)
                // Rows of any length and a base at any pixel of a line.
                let stride = width * bpp + r.int(9) * bpp
                let skew = r.int(16) * bpp % 64
                let twins = TwinTargets(width: width, height: height, stride: stride, skew: skew, format: format)
                let x = r.int(width), y = r.int(height)
                let rect = IntRect(x: x, y: y, width: 1 + r.int(width - x), height: 1 + r.int(height - y))
                let (source, origin) = Self.source(for: rect.width, rect.height, across: across, down: down, format: format, margin: r.int(5),
                                                   opaque: dimmed)
                twins.tested.copy(rect, from: source, origin: origin, across: across, down: down, dimmedBy: dimming, streamed: streamed)
                Self.walk(rect, of: twins.reference, from: source, origin: origin, across: across, down: down, dimmedBy: dimming)
                #expect(twins.same,
                        "walk \(n) (across \(across), down \(down)), dimmed \(dimmed), case \(i): \(rect) of \(width)x\(height), stride \(stride), skew \(skew)")
            }
        }
        }
    }

    /// A large frame turned a quarter either way and a half, against the walk: with ordinary stores more than the
    /// bands' 2 MiB (in rows); streamed into rows of whole 64-byte lines (in bands) and into rows that split them
    /// (in rows).
    @Test(arguments: [false, true], [1091, 1104])
    func aLargeTurnedCopyWritesWhatAWalkWrites(streamed: Bool, bufferWidth: Int) {
        let width = 1088, height = 612
        for dimmed in [false, true] {
        let dimming = dimmed ? Dimming(color: .black, opacity: 0.3) : nil
        for (across, down) in [((x: 0, y: -1), (x: 1, y: 0)), ((x: 0, y: 1), (x: -1, y: 0)), ((x: -1, y: 0), (x: 0, y: -1))] {
            let (source, origin) = Self.source(for: width, height, across: across, down: down, format: .xrgb8888, margin: 2, opaque: dimmed)
            let turned = PixelBuffer(width: bufferWidth, height: height + 1, format: .xrgb8888)
            let walked = PixelBuffer(width: bufferWidth, height: height + 1, format: .xrgb8888)
            let rect = IntRect(x: 1, y: 1, width: width, height: height)
            turned.copy(rect, from: source, origin: origin, across: across, down: down, dimmedBy: dimming, streamed: streamed)
            Self.walk(rect, of: walked, from: source, origin: origin, across: across, down: down, dimmedBy: dimming)
            #expect(memcmp(turned.baseAddress, walked.baseAddress, walked.stride * walked.height) == 0,
                    "across \(across), down \(down), dimmed \(dimmed)")
        }
        }
    }
}
