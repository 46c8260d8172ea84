// Kept apart from TestHost.swift: XCTest brings Foundation, whose CGPoint/CGSize/CGRect would clash with
// ScanoutUI's in a file that imports both.
import XCTest

func reportTestFailure(_ message: String, file: StaticString, line: UInt) {
    XCTFail(message, file: file, line: line)
}
