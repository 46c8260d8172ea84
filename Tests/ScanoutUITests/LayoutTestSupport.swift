import XCTest
import ScanoutUI
import ScanoutTesting

/// A host of `width`x`height` points that has laid out and drawn `view` once.
@MainActor
func laidOut<V: View>(_ view: V, width: Int = 300, height: Int = 200) -> TestHost {
    let host = TestHost(rootView: view, width: width, height: height)
    host.runFrame()
    return host
}

/// The width and height `Text(string)` takes at its ideal size (nothing wraps).
@MainActor
func idealSize(ofText string: String) -> ScanoutUI.CGSize {
    let host = laidOut(Text(string).fixedSize(), width: 1000, height: 200)
    return host.frame(ofText: string)?.size ?? .zero
}

extension TestHost {
    /// The frame of `.layoutProbe(id)`; a test failure and `.zero` if there is none.
    func probe(_ id: String, file: StaticString = #filePath, line: UInt = #line) -> ScanoutUI.CGRect {
        guard let frame = frame(ofProbe: id) else {
            XCTFail("no view marked .layoutProbe(\"\(id)\")", file: file, line: line)
            return .zero
        }
        return frame
    }

    /// The frame of `Text(text)`; a test failure and `.zero` if there is none.
    func text(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ScanoutUI.CGRect {
        guard let frame = frame(ofText: text) else {
            XCTFail("no Text(\"\(text)\") laid out", file: file, line: line)
            return .zero
        }
        return frame
    }
}

/// Asserts a frame's origin and size, to `accuracy`.
func assertFrame(_ r: ScanoutUI.CGRect, x: Double, y: Double, width: Double, height: Double, accuracy: Double = 0.001,
                 _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let ok = abs(r.minX - x) <= accuracy && abs(r.minY - y) <= accuracy
        && abs(r.width - width) <= accuracy && abs(r.height - height) <= accuracy
    XCTAssertTrue(ok, "frame \(r) is not (\(x), \(y), \(width), \(height)) \(message)", file: file, line: line)
}

/// Asserts a size, to `accuracy`.
func assertSize(_ r: ScanoutUI.CGRect, width: Double, height: Double, accuracy: Double = 0.001,
                _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let ok = abs(r.width - width) <= accuracy && abs(r.height - height) <= accuracy
    XCTAssertTrue(ok, "size \(r.size) is not \(width)x\(height) \(message)", file: file, line: line)
}

/// Asserts that two colours differ by at most `tolerance` in each channel.
func assertColor(_ c: RGBA, _ expected: RGBA, tolerance: Int = 2, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    let ok = abs(Int(c.red) - Int(expected.red)) <= tolerance && abs(Int(c.green) - Int(expected.green)) <= tolerance
        && abs(Int(c.blue) - Int(expected.blue)) <= tolerance && abs(Int(c.alpha) - Int(expected.alpha)) <= tolerance
    XCTAssertTrue(ok, "colour \(c) is not \(expected) \(message)", file: file, line: line)
}

/// The colours the tests expect to find on screen.
enum Swatch {
    static let red = RGBA(red: 255, green: 59, blue: 48)          // Color.red
    static let blue = RGBA(red: 0, green: 122, blue: 255)         // Color.blue, the accent colour
    static let green = RGBA(red: 52, green: 199, blue: 89)        // Color.green, a switch that is on
    static let white = RGBA(red: 255, green: 255, blue: 255)      // the background
    static let track = RGBA(red: 229, green: 229, blue: 234)      // unfilled slider and progress tracks
    static let switchOff = RGBA(red: 233, green: 233, blue: 235)  // a switch that is off
    static let separator = RGBA(red: 198, green: 198, blue: 200)  // Divider
}
