import XCTest
import Foundation
import BenchScene
import GoldenImages
import ScanoutImage
import ScanoutRaster
import ScanoutText

/// The benchmark's kiosk-dashboard scene rendered by Scanout, against committed references
/// (`Tests/Goldens/bench-800x480-*.png`, looked at and compared with cairo's rendering: PSNR 52 dB outside text).
final class BenchSceneGoldenTests: XCTestCase {
    static let sceneFolder = GoldenImage.packageRoot.appendingPathComponent("Benchmarks/scene")

    func makeRenderer(_ w: Int, _ h: Int) throws -> BenchSceneRenderer {
        let text = try String(contentsOf: Self.sceneFolder.appendingPathComponent("scene_\(w)x\(h).txt"), encoding: .utf8)
        let scene = try BenchScene(text: text)
        let image = try ImageDecoder.load(contentsOfFile: Self.sceneFolder.appendingPathComponent("image256.png").path)
        let font = try Font.default()
        let renderer = TextRenderer()
        return BenchSceneRenderer(scene: scene, target: PixelBuffer(width: w, height: h), image: image) { canvas, label, string in
            renderer.draw(string, font: font, size: label.size, at: Point(x: label.x, y: label.y),
                          color: RGBA(argb: label.color), kerning: false, on: canvas)
        }
    }

    func testSceneParses() throws {
        let r = try makeRenderer(800, 480)
        XCTAssertEqual(r.scene.cards.count, 24)
        XCTAssertEqual(r.scene.rings.count, 6)
        XCTAssertEqual(r.scene.polyline.count, 200)
        XCTAssertEqual(r.scene.labels.count, 40)
        XCTAssertEqual(r.scene.damage.rect, IntRect(x: 24, y: 274, width: 87, height: 91))
        XCTAssertEqual(r.scene.damage.textB, "CPU 63.5%")
        XCTAssertThrowsError(try BenchScene(text: "size 10 10\nrrect 1 2 nope"))
    }

    func testFullFrameMatchesReference() throws {
        let r = try makeRenderer(800, 480)
        r.drawFull()
        GoldenImage.assertMatches(r.canvas.target, named: "bench-800x480-full")
    }

    func testDamageFramesRepaintOnlyTheDamageRectangle() throws {
        let r = try makeRenderer(800, 480)
        r.drawFull()
        let before = r.canvas.target.converted(to: .argb8888)
        r.drawDamage(state: 1)
        GoldenImage.assertMatches(r.canvas.target, named: "bench-800x480-damage")
        // Nothing outside the damage rectangle changed.
        let d = r.scene.damage.rect
        for y in 0..<480 {
            for x in 0..<800 where !(x >= d.minX && x < d.maxX && y >= d.minY && y < d.maxY) {
                if r.canvas.target.premultipliedPixel(x: x, y: y) != before.premultipliedPixel(x: x, y: y) {
                    XCTFail("pixel (\(x), \(y)) outside the damage rectangle changed"); return
                }
            }
        }
        // Toggling back to state A restores the full frame exactly.
        r.drawDamage(state: 0)
        XCTAssertEqual(GoldenImage.difference(r.canvas.target, before, over: 0).pixelsOver, 0)
    }
}
