import Testing
import ScanoutUI
import ScanoutTesting

// Swift Testing twins of LayoutTestSupport's XCTest helpers (assertFrame, assertSize, assertColor, probe, text):
// the same checks, recorded as issues at the caller's source location. Kept apart from LayoutTestSupport.swift,
// which imports XCTest (whose Foundation CGRect would clash with ScanoutUI's here).

extension TestHost {
    /// The frame of `.layoutProbe(id)`; an issue and `.zero` if there is none.
    func probeFrame(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) -> CGRect {
        guard let frame = frame(ofProbe: id) else {
            Issue.record("no view marked .layoutProbe(\"\(id)\")", sourceLocation: sourceLocation)
            return .zero
        }
        return frame
    }

    /// The frame of `Text(text)`; an issue and `.zero` if there is none.
    func textFrame(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> CGRect {
        guard let frame = frame(ofText: text) else {
            Issue.record("no Text(\"\(text)\") laid out", sourceLocation: sourceLocation)
            return .zero
        }
        return frame
    }
}

/// Expects a frame's origin and size, to `accuracy`.
func expectFrame(_ r: CGRect, x: Double, y: Double, width: Double, height: Double, accuracy: Double = 0.001,
                 _ message: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
    let originOK = abs(r.minX - x) <= accuracy && abs(r.minY - y) <= accuracy
    let sizeOK = abs(r.width - width) <= accuracy && abs(r.height - height) <= accuracy
    let ok = originOK && sizeOK
    #expect(ok, "frame \(r) is not (\(x), \(y), \(width), \(height)) \(message)", sourceLocation: sourceLocation)
}

/// Expects a size, to `accuracy`.
func expectSize(_ r: CGRect, width: Double, height: Double, accuracy: Double = 0.001,
                _ message: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
    let ok = abs(r.width - width) <= accuracy && abs(r.height - height) <= accuracy
    #expect(ok, "size \(r.size) is not \(width)x\(height) \(message)", sourceLocation: sourceLocation)
}

/// Expects two colours to differ by at most `tolerance` in each channel.
func expectColor(_ c: RGBA, _ expected: RGBA, tolerance: Int = 2, _ message: String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    let rgOK = abs(Int(c.red) - Int(expected.red)) <= tolerance && abs(Int(c.green) - Int(expected.green)) <= tolerance
    let baOK = abs(Int(c.blue) - Int(expected.blue)) <= tolerance && abs(Int(c.alpha) - Int(expected.alpha)) <= tolerance
    let ok = rgOK && baOK
    #expect(ok, "colour \(c) is not \(expected) \(message)", sourceLocation: sourceLocation)
}
