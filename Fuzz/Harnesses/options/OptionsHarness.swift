import FuzzInput
import ScanoutPlatform

/// Command-line and environment parsing from arbitrary bytes: NUL-separated arguments, then (after a 0xFF
/// byte) NUL-separated `NAME=value` environment entries. Options or a `PlatformError`, never a crash. Kept tiny
/// so it follows the parser's public entry point wherever it moves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOptions(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let bytes = input.rest()
    let split = bytes.firstIndex(of: 0xFF) ?? bytes.endIndex
    let arguments = bytes[..<split].split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    var environment: [String: String] = [:]
    if split < bytes.endIndex {
        for entry in bytes[(split + 1)...].split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            if let eq = text.firstIndex(of: "=") { environment[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
        }
    }
    // Board names are looked up only where the environment says (never in this machine's /etc).
    environment["SCANOUT_BOARDS_DIR"] = environment["SCANOUT_BOARDS_DIR"] ?? "Corpus/boards-none"
    _ = try? PlatformOptions.parse(arguments: arguments, environment: { environment[$0] }, executablePath: nil)
    return 0
}
