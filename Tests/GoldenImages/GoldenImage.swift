/// Golden-image comparison for tests: a rendered buffer against a reference PNG in `Tests/Goldens/`.
///
/// Tolerance: every channel of every pixel (premultiplied ARGB) within `maxChannelDelta` levels, except at most
/// `allowedPixels` pixels. On failure the actual image and a diff image (differing pixels in red, scaled by
/// their difference, over a dimmed copy of the reference) are written to `$SCANOUT_GOLDEN_OUT`, or to
/// `.build/golden-failures/` in the package, and the failure message names both files.
/// `SCANOUT_RECORD_GOLDENS=1` writes the references instead (and still fails, so a recording run never passes).
import Foundation
import XCTest
import ScanoutRaster
import ScanoutImage

public struct GoldenTolerance: Sendable {
    public var maxChannelDelta: Int
    public var allowedPixels: Int
    public init(maxChannelDelta: Int = 2, allowedPixels: Int = 0) {
        self.maxChannelDelta = maxChannelDelta
        self.allowedPixels = allowedPixels
    }
    public static let standard = GoldenTolerance()
}

public struct ImageDifference: Sendable {
    public var maxDelta: Int
    public var pixelsOver: Int
    public var psnr: Double
}

public enum GoldenImage {
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let goldensFolder = packageRoot.appendingPathComponent("Tests/Goldens")

    static var failureFolder: URL {
        if let o = ProcessInfo.processInfo.environment["SCANOUT_GOLDEN_OUT"], !o.isEmpty { return URL(fileURLWithPath: o) }
        return packageRoot.appendingPathComponent(".build/golden-failures")
    }

    /// Per-channel comparison of two buffers of equal size (any formats).
    public static func difference(_ a: PixelBuffer, _ b: PixelBuffer, over threshold: Int) -> ImageDifference {
        precondition(a.width == b.width && a.height == b.height)
        var maxDelta = 0, over = 0
        var se = 0.0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.premultipliedPixel(x: x, y: y), q = b.premultipliedPixel(x: x, y: y)
                var m = 0
                for s in stride(from: 0 as UInt32, through: 24, by: 8) {
                    let d = abs(Int(p >> s & 255) - Int(q >> s & 255))
                    m = max(m, d)
                    if s < 24 { se += Double(d * d) }
                }
                maxDelta = max(maxDelta, m)
                if m > threshold { over += 1 }
            }
        }
        let mse = se / Double(max(1, a.width * a.height * 3))
        return ImageDifference(maxDelta: maxDelta, pixelsOver: over, psnr: mse == 0 ? 99 : 10 * log10(255 * 255 / mse))
    }

    static func diffImage(_ actual: PixelBuffer, _ reference: PixelBuffer, threshold: Int) -> PixelBuffer {
        let out = PixelBuffer(width: actual.width, height: actual.height, format: .argb8888)
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let p = actual.premultipliedPixel(x: x, y: y), q = reference.premultipliedPixel(x: x, y: y)
                var m: UInt32 = 0
                for s in stride(from: 0 as UInt32, through: 24, by: 8) {
                    m = max(m, UInt32(abs(Int(p >> s & 255) - Int(q >> s & 255))))
                }
                if m > UInt32(threshold) {
                    out.setPremultipliedPixel(x: x, y: y, 0xFF00_0000 | min(255, 96 + m * 8) << 16)
                } else {
                    let g = ((q >> 16 & 255) + (q >> 8 & 255) + (q & 255)) / 12
                    out.setPremultipliedPixel(x: x, y: y, 0xFF00_0000 | g << 16 | g << 8 | g)
                }
            }
        }
        return out
    }

    /// Asserts that `actual` matches `Tests/Goldens/<name>.png` within `tolerance`.
    public static func assertMatches(_ actual: PixelBuffer, named name: String, tolerance: GoldenTolerance = .standard,
                                     file: StaticString = #filePath, line: UInt = #line) {
        let reference = goldensFolder.appendingPathComponent(name + ".png")
        if ProcessInfo.processInfo.environment["SCANOUT_RECORD_GOLDENS"] == "1" {
            try? FileManager.default.createDirectory(at: goldensFolder, withIntermediateDirectories: true)
            do { try PNGEncoder.write(actual, toFile: reference.path) } catch { XCTFail("\(error)", file: file, line: line); return }
            XCTFail("recorded \(reference.path); look at it, then run the tests without SCANOUT_RECORD_GOLDENS", file: file, line: line)
            return
        }
        let expected: PixelBuffer
        do {
            expected = try ImageDecoder.load(contentsOfFile: reference.path)
        } catch {
            XCTFail("no usable golden image \(reference.path) (\(error)); record it with SCANOUT_RECORD_GOLDENS=1 swift test", file: file, line: line)
            return
        }
        guard expected.width == actual.width, expected.height == actual.height else {
            XCTFail("\(name): size \(actual.width)x\(actual.height) differs from the golden's \(expected.width)x\(expected.height)", file: file, line: line)
            return
        }
        let d = difference(actual, expected, over: tolerance.maxChannelDelta)
        if d.pixelsOver > tolerance.allowedPixels {
            let folder = failureFolder
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let actualPath = folder.appendingPathComponent(name + "-actual.png").path
            let diffPath = folder.appendingPathComponent(name + "-diff.png").path
            try? PNGEncoder.write(actual, toFile: actualPath)
            try? PNGEncoder.write(diffImage(actual, expected, threshold: tolerance.maxChannelDelta), toFile: diffPath)
            XCTFail("\(name): \(d.pixelsOver) pixels differ by more than \(tolerance.maxChannelDelta) levels "
                + "(max \(d.maxDelta), PSNR \(String(format: "%.1f", d.psnr)) dB); actual: \(actualPath), diff: \(diffPath)",
                file: file, line: line)
        }
    }
}
