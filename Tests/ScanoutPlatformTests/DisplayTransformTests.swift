import Glibc
import ScanoutRaster
import XCTest
@testable import ScanoutPlatform

/// One transform for pixels and touches: at every rotation (and with a calibration matrix) a touch at the
/// panel position of a logical point maps back to that point, and the pixel drawn at that point is the
/// pixel the panel shows there.
final class DisplayTransformTests: XCTestCase {
    let probes: [Point] = [Point(x: 0.5, y: 0.5), Point(x: 10.25, y: 3.75), Point(x: 5.5, y: 13.5),
                           Point(x: 7, y: 1), Point(x: 0, y: 0)]

    func transforms(calibration: TouchCalibration = .identity, scale: Double = 1) -> [DisplayTransform] {
        DisplayRotation.allCases.map {
            DisplayTransform(panelWidth: 24, panelHeight: 16, rotation: $0, calibration: calibration, scale: scale)
        }
    }

    func testLogicalSizeSwapsAt90And270() {
        let sizes = transforms().map { "\($0.logicalPixelWidth)x\($0.logicalPixelHeight)" }
        XCTAssertEqual(sizes, ["24x16", "16x24", "24x16", "16x24"])
        let scaled = DisplayTransform(panelWidth: 800, panelHeight: 480, rotation: .degrees90, scale: 2)
        XCTAssertEqual(scaled.logicalWidth, 240)
        XCTAssertEqual(scaled.logicalHeight, 400)
    }

    func testCornersLandWhereTheRotationSays() {
        // The logical top-left corner goes to the panel's top-left, top-right, bottom-right, bottom-left.
        let corners = transforms().map { $0.panelPoint(fromLogical: .zero) }
        XCTAssertEqual(corners, [Point(x: 0, y: 0), Point(x: 24, y: 0), Point(x: 24, y: 16), Point(x: 0, y: 16)])
    }

    func testTouchAtAPointsPanelPositionMapsBackToThePoint() {
        for calibration in [TouchCalibration.identity, TouchCalibration(a: 1.05, b: 0, c: -0.02, d: 0, e: 0.97, f: 0.01),
                            TouchCalibration(a: -1, b: 0, c: 1, d: 0, e: 1, f: 0)] {
            for scale in [1.0, 2.0] {
                for t in transforms(calibration: calibration, scale: scale) {
                    for p in probes {
                        guard let raw = t.rawTouch(forLogical: p) else { return XCTFail("degenerate calibration") }
                        let back = t.logicalPoint(fromTouch: raw)
                        XCTAssertEqual(back.x, p.x, accuracy: 1e-9, "\(t.rotation) \(calibration) scale \(scale)")
                        XCTAssertEqual(back.y, p.y, accuracy: 1e-9, "\(t.rotation) \(calibration) scale \(scale)")
                        if calibration == .identity {
                            // Without calibration the raw touch is the panel position of the pixel.
                            XCTAssertEqual(raw, t.panelPoint(fromLogical: p))
                        }
                    }
                }
            }
        }
    }

    func testPixelsAndTouchesAgree() throws {
        for format in [PixelFormat.xrgb8888, .rgb565] {
            for t in transforms() {
                let logical = PixelBuffer(width: t.logicalPixelWidth, height: t.logicalPixelHeight, format: format)
                // A distinct colour per logical pixel.
                for y in 0..<logical.height {
                    for x in 0..<logical.width {
                        logical.setPremultipliedPixel(x: x, y: y, 0xFF00_0000 | UInt32(x * 8) << 16 | UInt32(y * 8) << 8 | 0x40)
                    }
                }
                let panel = PixelBuffer(width: t.panelWidth, height: t.panelHeight, format: format)
                try t.copy(logical, to: panel)
                for y in 0..<logical.height {
                    for x in 0..<logical.width {
                        // The centre of logical pixel (x, y): where a finger touching it is reported.
                        let touch = t.panelPoint(fromLogical: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                        let px = Int(touch.x), py = Int(touch.y)
                        XCTAssertEqual(panel.premultipliedPixel(x: px, y: py), logical.premultipliedPixel(x: x, y: y),
                                       "\(t.rotation) \(format): logical (\(x), \(y)) shown at panel (\(px), \(py))")
                        let back = t.logicalPoint(fromTouch: touch)
                        XCTAssertEqual(Int(back.x), x)
                        XCTAssertEqual(Int(back.y), y)
                    }
                }
            }
        }
    }

    func testCopyRejectsMismatchedBuffers() {
        let t = DisplayTransform(panelWidth: 8, panelHeight: 4, rotation: .degrees90)
        let wrongSize = PixelBuffer(width: 8, height: 4, format: .xrgb8888)
        let panel = PixelBuffer(width: 8, height: 4, format: .xrgb8888)
        XCTAssertThrowsError(try t.copy(wrongSize, to: panel))
        let wrongFormat = PixelBuffer(width: 4, height: 8, format: .rgb565)
        XCTAssertThrowsError(try t.copy(wrongFormat, to: panel))
    }

    func testRotationAndCalibrationParsing() {
        XCTAssertEqual(DisplayRotation(degrees: 270), .degrees270)
        XCTAssertEqual(DisplayRotation(degrees: -90), .degrees270)
        XCTAssertNil(DisplayRotation(degrees: 45))
        XCTAssertEqual(TouchCalibration(parsing: "1 0 0 0 1 0"), .identity)
        XCTAssertEqual(TouchCalibration(parsing: "0,1,0,-1,0,1"), TouchCalibration(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1))
        XCTAssertNil(TouchCalibration(parsing: "1 0 0"))
    }
}

extension DisplayTransformTests {
    /// Copying a region (a frame's damage) writes exactly the panel pixels of that region, the same ones a
    /// full copy writes there, and nothing else.
    func testRegionCopyWritesOnlyTheRegion() throws {
        for t in transforms() {
            let logical = PixelBuffer(width: t.logicalPixelWidth, height: t.logicalPixelHeight, format: .xrgb8888)
            for y in 0..<logical.height {
                for x in 0..<logical.width {
                    logical.setPremultipliedPixel(x: x, y: y, 0xFF00_0000 | UInt32(x * 8) << 16 | UInt32(y * 8) << 8)
                }
            }
            let full = PixelBuffer(width: t.panelWidth, height: t.panelHeight, format: .xrgb8888)
            try t.copy(logical, to: full)
            let region = IntRect(x: 3, y: 5, width: 7, height: 4)
            let partial = PixelBuffer(width: t.panelWidth, height: t.panelHeight, format: .xrgb8888)
            partial.fill(.white)
            try t.copy(logical, to: partial, region: region)
            let panelRegion = t.panelRect(fromLogical: region)
            XCTAssertEqual(panelRegion.width * panelRegion.height, region.width * region.height)
            for y in 0..<t.panelHeight {
                for x in 0..<t.panelWidth {
                    let inside = x >= panelRegion.minX && x < panelRegion.maxX && y >= panelRegion.minY && y < panelRegion.maxY
                    if inside {
                        XCTAssertEqual(partial.premultipliedPixel(x: x, y: y), full.premultipliedPixel(x: x, y: y), "\(t.rotation) (\(x), \(y))")
                    } else {
                        XCTAssertEqual(partial.pixel(x: x, y: y), .white, "\(t.rotation): (\(x), \(y)) outside the region")
                    }
                }
            }
        }
    }
    /// An opaque bitmap whose every pixel differs from its neighbours (a frame, or a sliding panel's bitmap).
    static func patterned(width: Int, height: Int) -> PixelBuffer {
        let bitmap = PixelBuffer(width: width, height: height, format: .xrgb8888)
        for y in 0..<height {
            for x in 0..<width {
                bitmap.setPremultipliedPixel(x: x, y: y, 0xFF00_0000 | UInt32(x * 5 & 0xFF) << 16 | UInt32(y * 3 & 0xFF) << 8 | UInt32(x ^ y) & 0xFF)
            }
        }
        return bitmap
    }

    /// A large present streams its unrotated rows past the cache (`streamed`); every rotation writes the same
    /// pixels as the ordinary copy, from the frame or from a piece held in another buffer at an offset.
    func testStreamedCopyWritesWhatTheCopyWrites() throws {
        for rotation in DisplayRotation.allCases {
            let t = DisplayTransform(panelWidth: 200, panelHeight: 120, rotation: rotation, calibration: .identity, scale: 1)
            let bitmap = Self.patterned(width: t.logicalPixelWidth + 37, height: t.logicalPixelHeight + 5)
            let region = IntRect(x: 3, y: 2, width: t.logicalPixelWidth - 10, height: t.logicalPixelHeight - 7)
            let streamed = PixelBuffer(width: t.panelWidth, height: t.panelHeight, format: .xrgb8888)
            let copied = PixelBuffer(width: t.panelWidth, height: t.panelHeight, format: .xrgb8888)
            try t.copy(bitmap, offsetX: 37, offsetY: 5, to: streamed, region: region, streamed: true)
            try t.copy(bitmap, offsetX: 37, offsetY: 5, to: copied, region: region)
            XCTAssertEqual(memcmp(streamed.baseAddress, copied.baseAddress, copied.stride * copied.height), 0, "\(rotation)")
            let panel = t.panelRect(fromLogical: region)
            let inside = t.logicalPixel(atPanelX: panel.minX + 70, y: panel.minY + 4)
            XCTAssertEqual(streamed.premultipliedPixel(x: panel.minX + 70, y: panel.minY + 4),
                           bitmap.premultipliedPixel(x: inside.x + 37, y: inside.y + 5), "\(rotation)")
        }
    }
}

extension DisplayTransformTests {
    /// Under a fading scrim (an alert over the app on a panel mounted in portrait) each panel pixel of the region
    /// is the scrim over the logical pixel shown there, at every rotation, streamed or not, from a piece of the
    /// frame held at an offset, and nothing outside the region changes.
    func testDimmedCopyIsTheScrimOverThePixelShownThere() throws {
        let dimming = Dimming(color: RGBA(red: 20, green: 0, blue: 40), opacity: 0.37)
        for rotation in DisplayRotation.allCases {
            for streamed in [false, true] {
                let t = DisplayTransform(panelWidth: 90, panelHeight: 70, rotation: rotation, calibration: .identity, scale: 1)
                let bitmap = Self.patterned(width: t.logicalPixelWidth + 11, height: t.logicalPixelHeight + 3)
                let region = IntRect(x: 2, y: 3, width: t.logicalPixelWidth - 7, height: t.logicalPixelHeight - 4)
                let panel = PixelBuffer(width: t.panelWidth, height: t.panelHeight, format: .xrgb8888)
                panel.fill(.white)
                try t.copy(bitmap, offsetX: 11, offsetY: 3, to: panel, region: region, dimmedBy: dimming, streamed: streamed)
                let panelRegion = t.panelRect(fromLogical: region)
                for y in 0..<t.panelHeight {
                    for x in 0..<t.panelWidth {
                        if x >= panelRegion.minX && x < panelRegion.maxX && y >= panelRegion.minY && y < panelRegion.maxY {
                            let shown = t.logicalPixel(atPanelX: x, y: y)
                            let expected = dimming.over(opaque: bitmap.premultipliedPixel(x: shown.x + 11, y: shown.y + 3))
                            XCTAssertEqual(panel.premultipliedPixel(x: x, y: y), expected | 0xFF00_0000, "\(rotation), streamed \(streamed): (\(x), \(y))")
                        } else {
                            XCTAssertEqual(panel.pixel(x: x, y: y), .white, "\(rotation): (\(x), \(y)) outside the region")
                        }
                    }
                }
            }
        }
    }
}
