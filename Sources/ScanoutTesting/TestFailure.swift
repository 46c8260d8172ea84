// Kept apart from TestHost.swift: XCTest brings Foundation, whose CGPoint/CGSize/CGRect would clash with
// ScanoutUI's in a file that imports both.
import Testing
import XCTest

/// Fails the running test, whichever library runs it: a Swift Testing test records an issue (XCTFail would
/// go unnoticed there), an XCTest test fails through XCTest.
func reportTestFailure(_ message: String, file: StaticString, line: UInt) {
    if Test.current != nil {
        Issue.record("\(message) (\(file):\(line))")
    } else {
        XCTFail(message, file: file, line: line)
    }
}
