import Foundation
import XCTest
import ScanoutUI

/// A file that imports Foundation as well as ScanoutUI: `String(format:)` and `localizedDescription` are
/// Foundation's there (ScanoutUI's are disfavoured), not ambiguous.
final class FoundationOverloadTests: XCTestCase {
    enum Fault: Error { case open }

    func testFoundationsOverloadsWinWhereFoundationIsImported() {
        XCTAssertEqual(String(format: "%.2f", 1.5), "1.50")
        XCTAssertEqual(String(format: "%@ %d", "n", 2), "n 2")
        let error: any Error = Fault.open
        XCTAssertTrue(error.localizedDescription.contains("Fault error 0"), error.localizedDescription)
    }
}
