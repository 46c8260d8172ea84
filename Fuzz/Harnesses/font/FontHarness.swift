import FuzzInput
import Glibc
import ScanoutRaster
import ScanoutText

/// Fonts from arbitrary bytes (FreeType reads them from a file, so each input is written to one first): a
/// `FontError` or a font whose metrics, advances and glyph outlines can be asked for and drawn, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let bytes = input.rest()
    let file = FontFile.path
    guard let f = fopen(file, "wb") else { return 0 }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
    guard let font = try? Font(path: file) else { return 0 }
    let canvas = Canvas(target: PixelBuffer(width: 64, height: 32))
    let renderer = TextRenderer()
    for size in [0.5, 12, 40] {
        _ = font.metrics(size: size)
        renderer.draw("Ag\u{00E9}\u{FB01}Wy", font: font, size: size, at: Point(2, 24), color: .white, on: canvas)
        renderer.draw("Ag", font: font, size: size, at: Point(2, 24), transform: AffineTransform(rotationAngle: .degrees(30)),
                      color: .white, on: canvas)
    }
    return 0
}

/// A per-process file for the font under test (in the temporary directory).
enum FontFile {
    static let path: String = {
        let dir = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        return "\(dir)/scanout-fuzz-font-\(getpid()).ttf"
    }()
}
