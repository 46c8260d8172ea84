import Testing
import ScanoutUI

/// `String(format:)` and `error.localizedDescription` without Foundation (FoundationEssentials has neither).
struct FoundationGapTests {
    @Test func stringFormatPrintsAsFoundationDoes() {
        #expect(String(format: "%.1f °C", 21.46) == "21.5 °C")
        #expect(String(format: "%d of %d", 3, 10) == "3 of 10")
        #expect(String(format: "%@: %05.2f", "flow", 3.14159) == "flow: 03.14")
        #expect(String(format: "%02d:%02d", 7, 5) == "07:05")
        #expect(String(format: "%x", UInt8(255)) == "ff")
        #expect(String(format: "%2$@ %1$@", "world", "hello") == "hello world")
        #expect(String(format: "%.0f%%", Float(99.6)) == "100%")
        #expect(String(format: "%ld items", 42) == "42 items")
        #expect(String(format: "no values") == "no values")
    }

    struct Jammed: LocalizedError {
        var errorDescription: String? { "The conveyor is jammed." }
    }
    enum PumpError: Error { case dry, overheated }

    @Test func localizedDescriptionIsTheErrorsOwnOrFoundationsSentence() {
        let jammed: any Error = Jammed()
        #expect(jammed.localizedDescription == "The conveyor is jammed.")
        let hot: any Error = PumpError.overheated
        #expect(hot.localizedDescription == "The operation couldn’t be completed. (ScanoutUITests.FoundationGapTests.PumpError error 1.)")
    }
}
