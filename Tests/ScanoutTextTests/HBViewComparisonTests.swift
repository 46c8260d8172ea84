import Foundation
import GoldenImages
import ScanoutImage
import ScanoutRaster
import XCTest
@testable import ScanoutText

/// Each shaping sample (ShapingTests.samples: Arabic, Hebrew, Devanagari, Thai, Japanese, Korean, Latin with
/// ligatures) drawn by Scanout and by HarfBuzz's own `hb-view` (cairo, no hinting, like Scanout) at 32 px:
/// the ink of the two must cover the same box and mostly the same pixels. Our renderings are a golden
/// (text-shaping-samples), and the two side by side — ours above, hb-view's below — are written to
/// .build/golden-failures/shaping-vs-hb-view.png for looking at.
final class HBViewComparisonTests: XCTestCase {
    static let size = 32.0

    static var hbView: String? {
        ["/usr/bin/hb-view", "/usr/local/bin/hb-view"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Ours: the line on white, black, 16 px of margin.
    func ours(_ font: Font, _ text: String) -> PixelBuffer {
        let m = font.metrics(size: Self.size)
        let width = Int(font.width(of: text, size: Self.size).rounded(.up)) + 32
        let buffer = PixelBuffer(width: width, height: Int((m.ascender - m.descender).rounded(.up)) + 32)
        buffer.fill(.white)
        TextRenderer().draw(text, font: font, size: Self.size, at: Point(x: 16, y: 16 + m.ascender), color: .black,
                            on: Canvas(target: buffer))
        return buffer
    }

    func theirs(_ tool: String, path: String, face: Int, text: String) throws -> PixelBuffer {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("hb-view-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = ["--font-size=\(Int(Self.size))", "--margin=16", "--face-index=\(face)", "-O", "png", "-o", out.path, path, text]
        try p.run()
        p.waitUntilExit()
        return try ImageDecoder.load(contentsOfFile: out.path)
    }

    /// Pixels darker than mid-grey, and their box.
    struct Ink {
        var box: IntRect
        var pixels: Set<Int>  // (y - box.y) * 4096 + (x - box.x)
    }

    func ink(_ b: PixelBuffer) -> Ink {
        var points: [(Int, Int)] = []
        for y in 0..<b.height {
            for x in 0..<b.width {
                let p = b.pixel(x: x, y: y)
                if Int(p.red) + Int(p.green) + Int(p.blue) < 3 * 128 { points.append((x, y)) }
            }
        }
        guard !points.isEmpty else { return Ink(box: IntRect(x: 0, y: 0, width: 0, height: 0), pixels: []) }
        let x0 = points.map(\.0).min()!, x1 = points.map(\.0).max()!, y0 = points.map(\.1).min()!, y1 = points.map(\.1).max()!
        return Ink(box: IntRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1),
                   pixels: Set(points.map { ($0.1 - y0) * 4096 + ($0.0 - x0) }))
    }

    /// The share of `a`'s pixels with one of `b`'s at most a pixel away.
    func near(_ a: Set<Int>, _ b: Set<Int>) -> Double {
        guard !a.isEmpty else { return 0 }
        let hits = a.filter { p in (-1...1).contains { dy in (-1...1).contains { dx in b.contains(p + dy * 4096 + dx) } } }.count
        return Double(hits) / Double(a.count)
    }

    /// `b`'s ink box with `pad` pixels around it, copied.
    func crop(_ b: PixelBuffer, to box: IntRect, pad: Int) -> PixelBuffer {
        let out = PixelBuffer(width: box.width + 2 * pad, height: box.height + 2 * pad)
        out.fill(.white)
        for y in 0..<out.height {
            for x in 0..<out.width {
                let sx = box.x - pad + x, sy = box.y - pad + y
                if sx >= 0, sy >= 0, sx < b.width, sy < b.height { out.setPremultipliedPixel(x: x, y: y, b.premultipliedPixel(x: sx, y: sy)) }
            }
        }
        return out
    }

    func stack(_ rows: [PixelBuffer]) -> PixelBuffer {
        let out = PixelBuffer(width: rows.map(\.width).max() ?? 1, height: rows.map(\.height).reduce(0, +))
        out.fill(.white)
        var top = 0
        for r in rows {
            for y in 0..<r.height { for x in 0..<r.width { out.setPremultipliedPixel(x: x, y: top + y, r.premultipliedPixel(x: x, y: y)) } }
            top += r.height
        }
        return out
    }

    func testSamplesMatchHBView() throws {
        guard let tool = Self.hbView else {
            XCTFail("hb-view is missing: run scripts/setup libharfbuzz-bin")
            return
        }
        var oursRows: [PixelBuffer] = [], sideBySide: [PixelBuffer] = []
        for (path, face, text) in ShapingTests.samples {
            guard FileManager.default.fileExists(atPath: path) else {
                XCTFail("\(path) is missing: run scripts/setup fonts-noto-core fonts-noto-cjk")
                continue
            }
            let font = try Font(path: path, faceIndex: face)
            let a = ours(font, text), b = try theirs(tool, path: path, face: face, text: text)
            let inkA = ink(a), inkB = ink(b)
            XCTAssertLessThanOrEqual(abs(inkA.box.width - inkB.box.width), 2, "\(text): ink width \(inkA.box.width) vs hb-view's \(inkB.box.width)")
            XCTAssertLessThanOrEqual(abs(inkA.box.height - inkB.box.height), 2, "\(text): ink height \(inkA.box.height) vs hb-view's \(inkB.box.height)")
            // Aligned at their boxes' corners, each one's dark pixels have the other's within a pixel (anti-aliasing
            // and sub-pixel placement move stroke edges by a pixel; every sample here agrees fully, while text with
            // its ligatures broken (ZWNJ in "office") scores 0.988 and Hebrew without its points 0.93).
            let ab = near(inkA.pixels, inkB.pixels), ba = near(inkB.pixels, inkA.pixels)
            XCTAssertGreaterThan(min(ab, ba), 0.997, "\(text): \(Int(ab * 100)) % of our ink near hb-view's, \(Int(ba * 100)) % of its near ours")
            oursRows.append(crop(a, to: inkA.box, pad: 8))
            sideBySide += [crop(a, to: inkA.box, pad: 8), crop(b, to: inkB.box, pad: 8)]
        }
        let folder = GoldenImage.packageRoot.appendingPathComponent(".build/golden-failures")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try PNGEncoder.write(stack(sideBySide), toFile: folder.appendingPathComponent("shaping-vs-hb-view.png").path)
        GoldenImage.assertMatches(stack(oursRows), named: "text-shaping-samples")
    }
}
