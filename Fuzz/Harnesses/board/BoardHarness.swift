import FuzzInput
import ScanoutPlatform

/// Board profile parsing from arbitrary text: a profile or a `PlatformError`, never a crash. Kept tiny so it
/// follows the parser's public entry point wherever it moves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBoard(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    _ = try? BoardProfile.parse(String(decoding: input.rest(), as: UTF8.self), path: "fuzz.board")
    return 0
}
