import CLinux
import ScanoutRaster
import XCTest
@testable import ScanoutPlatform

/// The fbdev backend over memory standing for the mapped screen: layout detection and what a frame writes.
final class FramebufferDisplayTests: XCTestCase, @unchecked Sendable {
    func testLayoutDetection() {
        typealias L = FramebufferDisplay.Layout
        XCTAssertEqual(L(bitsPerPixel: 32, red: (16, 8), green: (8, 8), blue: (0, 8)).pixelFormat, .xrgb8888)
        XCTAssertEqual(L(bitsPerPixel: 16, red: (11, 5), green: (5, 6), blue: (0, 5)).pixelFormat, .rgb565)
        XCTAssertNil(L(bitsPerPixel: 32, red: (0, 8), green: (8, 8), blue: (16, 8)).pixelFormat, "BGR order")
        XCTAssertNil(L(bitsPerPixel: 24, red: (16, 8), green: (8, 8), blue: (0, 8)).pixelFormat, "packed 24 bpp")
        XCTAssertNil(L(bitsPerPixel: 16, red: (10, 5), green: (5, 5), blue: (0, 5)).pixelFormat, "RGB555")
    }

    func testRefreshRateFromTheTimings() {
        var v = fb_var_screeninfo()
        XCTAssertEqual(FramebufferDisplay.refreshRate(v), 60, "no pixel clock (emulated framebuffers): 60 Hz")
        // 1280x800: htotal 1680, vtotal 831, 83.5 MHz (11976 ps): 59.81 Hz.
        v.xres = 1280; v.yres = 800; v.pixclock = 11976
        v.left_margin = 200; v.right_margin = 72; v.hsync_len = 128
        v.upper_margin = 22; v.lower_margin = 3; v.vsync_len = 6
        XCTAssertEqual(FramebufferDisplay.refreshRate(v), 59.81, accuracy: 0.01)
    }

    /// Frames copy the damage of the last frame into the screen, row by row, and nothing else: the rest of
    /// the mapped memory (rows and the stride's padding) keeps what it had.
    @MainActor func testFramesWriteOnlyTheDamagedBands() async throws {
        for format in [PixelFormat.xrgb8888, .rgb565] {
            let width = 64, height = 40, stride = width * format.bytesPerPixel + 32
            let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
            defer { memory.deallocate() }
            memset(memory, 0xAB, stride * height)
            let display = FramebufferDisplay(memory: memory, width: width, height: height, stride: stride, format: format, loop: nil)
            var flips = 0
            display.onFlip = { _ in flips += 1 }
            let transform = DisplayTransform(panelWidth: width, panelHeight: height, rotation: .degrees180)
            let app = PixelBuffer(width: width, height: height, format: format)
            app.fill(.white)

            let first = try display.beginFrame()
            XCTAssertEqual(first.age, 0, "the screen's content is unknown before the first frame")
            try transform.copy(app, to: first.buffer)
            try display.present()
            XCTAssertThrowsError(try display.beginFrame(), "one frame at a time")
            display.completeFlip()
            XCTAssertEqual(flips, 1)
            let padding = memory.load(fromByteOffset: width * format.bytesPerPixel, as: UInt8.self)
            XCTAssertEqual(padding, 0xAB, "\(format): the stride's padding is not written")

            // Mark the screen, then draw a frame with damage in logical rows 5..<10 only.
            memset(memory, 0x11, stride * height)
            let damage = IntRect(x: 8, y: 5, width: 20, height: 5)
            Canvas(target: app).fill(Rect(x: 8, y: 5, width: 20, height: 5), with: .solid(.black))
            let second = try display.beginFrame()
            XCTAssertEqual(second.age, 1, "one buffer: it holds the last frame")
            try transform.copy(app, to: second.buffer, region: damage)
            try display.present()
            display.completeFlip()
            let panelDamage = transform.panelRect(fromLogical: damage)
            for y in 0..<height {
                for x in 0..<width {
                    let byte = memory.load(fromByteOffset: y * stride + x * format.bytesPerPixel, as: UInt8.self)
                    if x >= panelDamage.minX, x < panelDamage.maxX, y >= panelDamage.minY, y < panelDamage.maxY {
                        XCTAssertEqual(byte, 0, "\(format): damaged pixel (\(x), \(y)) is written (black)")
                    } else {
                        XCTAssertEqual(byte, 0x11, "\(format): pixel (\(x), \(y)) outside the damage is not written")
                    }
                }
            }
            XCTAssertEqual(display.presentedFrames, 2)
            display.close()
        }
    }
}
