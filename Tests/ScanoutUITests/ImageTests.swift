import Foundation
import XCTest
import ScanoutUI
import ScanoutTesting

/// Image sizing with the numbers of "A Day in the Life of a SwiftUI View" (a 265x80 logo and a 629x271 photo
/// proposed the 390x763 safe area, 200x200, and nil x nil), and images from files.
final class ImageTests: XCTestCase, @unchecked Sendable {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")
    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    @MainActor static func bitmap(width: Int, height: Int) -> PixelBuffer {
        let pixels = PixelBuffer(width: width, height: height)
        pixels.fill(RGBA(red: 200, green: 40, blue: 40))
        return pixels
    }

    /// The proposals of the talk, as host sizes; nil x nil is `fixedSize()` in the safe area.
    enum Proposal: CaseIterable { case safeArea, square, unspecified }

    @MainActor func layout<V: View>(_ view: V, _ proposal: Proposal) -> TestHost {
        switch proposal {
        case .safeArea: return laidOut(view, width: 390, height: 763)
        case .square: return laidOut(view, width: 200, height: 200)
        case .unspecified: return laidOut(view.fixedSize(), width: 390, height: 763)
        }
    }

    /// An image that is not resizable is its bitmap's size whatever it is proposed.
    @MainActor func testImageReportsItsBitmapSizeForEveryProposal() async {
        let logo = Self.bitmap(width: 265, height: 80)
        for proposal in Proposal.allCases {
            let host = layout(Image(pixels: logo).layoutProbe("logo"), proposal)
            assertSize(host.probe("logo"), width: 265, height: 80, "\(proposal)")
        }
    }

    /// A resizable image takes the proposal; proposed nil x nil, it is its bitmap's size.
    @MainActor func testResizableImageTakesTheProposal() async {
        let logo = Self.bitmap(width: 265, height: 80)
        let expected: [Proposal: (Double, Double)] = [.safeArea: (390, 763), .square: (200, 200), .unspecified: (265, 80)]
        for proposal in Proposal.allCases {
            let host = layout(Image(pixels: logo).resizable().layoutProbe("logo"), proposal)
            assertSize(host.probe("logo"), width: expected[proposal]!.0, height: expected[proposal]!.1, "\(proposal)")
        }
    }

    /// aspectRatio(contentMode: .fit) does not know the image's ratio: it proposes nil x nil first (the
    /// image answers with its bitmap size), then the rectangle of that ratio fitted in its own proposal —
    /// the image is proposed twice.
    @MainActor func testAspectRatioProposesNilThenTheFittedSize() async {
        let logo = Self.bitmap(width: 265, height: 80)
        let photo = Self.bitmap(width: 629, height: 271)
        let cases: [(PixelBuffer, Proposal, Double, Double)] = [
            (logo, .safeArea, 390, 117.7),     // 390 * 80 / 265 = 117.74
            (logo, .square, 200, 60.4),        // 200 * 80 / 265 = 60.38
            (logo, .unspecified, 265, 80),
            (photo, .safeArea, 390, 168.0),    // 390 * 271 / 629 = 168.03
            (photo, .square, 200, 86.2),       // 200 * 271 / 629 = 86.17
        ]
        for (bitmap, proposal, width, height) in cases {
            let host = layout(Image(pixels: bitmap).resizable().layoutProbe("image").aspectRatio(contentMode: .fit), proposal)
            let label = "\(bitmap.width)x\(bitmap.height) proposed \(proposal)"
            assertSize(host.probe("image"), width: width, height: height, accuracy: 0.05, label)
            let proposals = host.proposals(ofProbe: "image")
            XCTAssertEqual(proposals.count, 2, "proposed twice: \(proposals) \(label)")
            XCTAssertEqual(proposals.first, .unspecified, label)
            if let second = proposals.last {
                XCTAssertEqual(second.width ?? 0, width, accuracy: 0.05, label)
                XCTAssertEqual(second.height ?? 0, height, accuracy: 0.05, label)
            }
        }
    }

    /// Filling instead of fitting: the rectangle of the image's ratio that covers the proposal.
    @MainActor func testAspectRatioFillCoversTheProposal() async {
        let logo = Self.bitmap(width: 265, height: 80)
        let host = layout(Image(pixels: logo).resizable().layoutProbe("logo").aspectRatio(contentMode: .fill), .safeArea)
        assertSize(host.probe("logo"), width: 763 * 265 / 80, height: 763, accuracy: 0.01)
    }

    /// Sizes are in points: pixels divided by the display scale.
    @MainActor func testImageSizeIsInPoints() async {
        let host = TestHost(rootView: Image(pixels: Self.bitmap(width: 265, height: 80)).layoutProbe("logo"), width: 390, height: 763)
        host.host.setEnvironment { $0.displayScale = 2 }
        host.runFrame()
        assertSize(host.probe("logo"), width: 132.5, height: 40)
    }

    // MARK: Files

    /// image256.png drawn at its size shows its pixels (composited over the white background): the
    /// fixture's premultiplied BGRA reference plus white times (1 - alpha).
    @MainActor func testImageFromFileDrawsItsPixels() async throws {
        let host = laidOut(Image(contentsOfFile: Self.fixture("image256.png")).layoutProbe("image"), width: 300, height: 300)
        assertFrame(host.probe("image"), x: 22, y: 22, width: 256, height: 256)
        let reference = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("image256.bgra")))
        XCTAssertEqual(reference.count, 256 * 256 * 4)
        var checked = 0
        for y in stride(from: 3, to: 256, by: 17) {
            for x in stride(from: 5, to: 256, by: 19) {
                let i = (y * 256 + x) * 4
                let a = Int(reference[i + 3])
                func over(_ p: UInt8) -> UInt8 { UInt8(min(255, Int(p) + 255 - a)) }
                let expected = RGBA(red: over(reference[i + 2]), green: over(reference[i + 1]), blue: over(reference[i]))
                assertColor(host.pixel(x: 22 + x, y: 22 + y), expected, tolerance: 3, "at \(x),\(y)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 200)
        XCTAssertTrue(host.warnings.isEmpty, "\(host.warnings)")
    }

    /// rgba8.png (16x16, pixel (x, y) = (17x, 17y, 255 - 8(x + y), alpha 16y + x)) scaled up ten times with
    /// `.interpolation(.none)`: every pixel becomes a flat 10x10 block; with the default (bilinear) the blocks
    /// blend into each other at their edges.
    @MainActor func testInterpolationNoneScalesToBlocks() async {
        func expected(_ x: Int, _ y: Int) -> RGBA {
            let a = Double(16 * y + x) / 255
            func over(_ c: Int) -> UInt8 { UInt8((Double(c) * a + 255 * (1 - a)).rounded()) }
            return RGBA(red: over(17 * x), green: over(17 * y), blue: over(255 - 8 * (x + y)))
        }
        let path = Self.fixture("rgba8.png")
        let blocky = laidOut(Image(contentsOfFile: path).resizable().interpolation(.none).frame(width: 160, height: 160), width: 160, height: 160)
        for (x, y) in [(0, 15), (7, 15), (15, 15), (3, 12), (8, 9)] {
            assertColor(blocky.pixel(x: x * 10 + 5, y: y * 10 + 5), expected(x, y), tolerance: 3, "block \(x),\(y)")
            assertColor(blocky.pixel(x: x * 10 + 9, y: y * 10 + 5), expected(x, y), tolerance: 3, "edge of block \(x),\(y)")
        }
        let smooth = laidOut(Image(contentsOfFile: path).resizable().frame(width: 160, height: 160), width: 160, height: 160)
        let edge = smooth.pixel(x: 79, y: 155), flat = expected(7, 15)
        XCTAssertGreaterThanOrEqual(abs(Int(edge.red) - Int(flat.red)), 3, "bilinear blends block 7 into block 8 at its edge")
    }

    /// A malformed file does not crash: it is reported once, naming the file and the decoder's reason, and the
    /// image is empty.
    @MainActor func testMalformedFileIsReportedOnceAndLaysOutEmpty() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scanout-malformed-\(UUID().uuidString).png").path
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4, 5, 6, 7, 8]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }

        let host = laidOut(HStack {
            Image(contentsOfFile: path).layoutProbe("a")
            Image(contentsOfFile: path).resizable().layoutProbe("b")
            Text("after")
        })
        XCTAssertEqual(host.warnings.count, 1, "\(host.warnings)")
        let warning = host.warnings.first ?? ""
        XCTAssertTrue(warning.contains(path), warning)
        XCTAssertTrue(warning.contains("truncated or corrupt PNG"), warning)
        assertSize(host.probe("a"), width: 0, height: 0)
        assertSize(host.probe("b"), width: 0, height: 0)
        XCTAssertTrue(host.contains(text: "after"))
    }

    @MainActor func testMissingFileIsReported() async {
        let path = "/nonexistent/scanout/logo.png"
        let host = laidOut(Image(contentsOfFile: path).layoutProbe("a"))
        XCTAssertEqual(host.warnings.count, 1, "\(host.warnings)")
        XCTAssertTrue(host.warnings.first?.contains(path) == true, "\(host.warnings)")
        XCTAssertTrue(host.warnings.first?.contains("does not exist") == true, "\(host.warnings)")
        assertSize(host.probe("a"), width: 0, height: 0)
    }

    /// `Image(name)` finds `name.png` in the resource directories; a missing name is reported.
    @MainActor func testNamedImageFromResourceDirectories() async {
        let saved = Image.resourceDirectories
        defer { Image.resourceDirectories = saved }
        XCTAssertTrue(saved.contains { $0.hasSuffix("/Resources") }, "\(saved)")

        Image.resourceDirectories = ["/nonexistent", Self.fixtures.path]
        let host = laidOut(VStack {
            Image("rgba8").layoutProbe("found")
            Image("no-such-image").layoutProbe("missing")
        })
        assertSize(host.probe("found"), width: 16, height: 16)
        assertSize(host.probe("missing"), width: 0, height: 0)
        XCTAssertEqual(host.warnings.count, 1, "\(host.warnings)")
        XCTAssertTrue(host.warnings.first?.contains("no-such-image") == true, "\(host.warnings)")
    }
}
