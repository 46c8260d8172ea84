import FuzzInput
import ScanoutRaster
import ScanoutText

/// Text from arbitrary bytes (read as UTF-8, malformed sequences replaced): shaped (HarfBuzz for the scripts that
/// need it), laid out in bidi order (FriBidi), with fallback faces found by fontconfig, broken into lines at any
/// width (UAX #14 classes, Thai words), measured and drawn at several sizes, straight and turned; and cut into
/// pieces laid out as one bidi paragraph (`Text + Text`). Never a crash, hang or memory error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let width = input.double()
    let cut = input.int(below: 256)
    let text = String(decoding: input.rest(), as: UTF8.self)
    guard let font = Fonts.dejaVu else { return 0 }
    let canvas = Canvas(target: PixelBuffer(width: 96, height: 48))
    for size in [0.5, 14, 40] {
        _ = font.width(of: text, size: size)
        _ = Fonts.renderer.draw(text, font: font, size: size, at: Point(2, 30), color: .white, on: canvas)
        _ = Fonts.renderer.draw(text, font: font, size: size, at: Point(2, 30), transform: AffineTransform(rotationAngle: .degrees(20)),
                                color: .white, on: canvas)
        for line in font.lines(of: text, size: size, maxWidth: width) {
            _ = ParagraphDirection.mark(forLine: line.text)
        }
    }
    let split = text.index(text.startIndex, offsetBy: min(cut, text.count))
    let pieces = [String(text[..<split]), String(text[split...])]
    for run in BidiRuns.visualRuns(of: pieces, paragraph: text) ?? [] {
        _ = font.width(of: String(pieces[run.piece][run.range]), size: 14)
    }
    return 0
}

/// The faces every input uses (loaded once: a font per input would measure FreeType's start-up, not text).
enum Fonts {
    nonisolated(unsafe) static let dejaVu = try? Font(path: Font.defaultPath)
    nonisolated(unsafe) static let renderer = TextRenderer()
}
