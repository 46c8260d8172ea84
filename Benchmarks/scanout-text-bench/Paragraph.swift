import Glibc
import ScanoutRaster
import ScanoutText

/// A paragraph of 2,000 Arabic characters with numbers and an English word (Benchmarks/scene/
/// arabic-paragraph.txt) wrapped at 760 px in DejaVu Sans at 16 px and drawn into an 800x1200 canvas: shaped,
/// bidi-ordered, broken and drawn from scratch (the shaped-line cache emptied, glyph masks warm, as
/// Benchmarks/peers/pango_paragraph.c measures Pango + cairo), then again with the shaped lines cached.
func runParagraph(file: String, runs: Int) {
    guard let f = fopen(file, "rb") else { print("paragraph: cannot open \(file)"); return }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    fclose(f)
    let text = String(decoding: bytes, as: UTF8.self)
    guard let font = try? Font.default() else { print("paragraph: no DejaVu Sans"); return }
    let renderer = TextRenderer()
    let canvas = Canvas(target: PixelBuffer(width: 800, height: 1200))
    var lineCount = 0
    func once() {
        canvas.clear(.white)
        let m = font.metrics(size: 16)
        var y = 10 + m.ascender
        let lines = font.lines(of: text, size: 16, maxWidth: 760)
        lineCount = lines.count
        for line in lines {
            renderer.draw(String(line.text), font: font, size: 16, at: Point(20, y), color: .black, on: canvas)
            y += m.lineHeight
        }
    }
    func measure(cold: Bool) -> (median: Double, min: Double) {
        var times: [Double] = []
        for i in 0..<(runs + 5) {
            if cold { font.removeShapedLines() }
            let t = now()
            once()
            if i >= 5 { times.append(now() - t) }
        }
        times.sort()
        return (times[times.count / 2] * 1000, times[0] * 1000)
    }
    func ms(_ v: Double) -> String { "\((v * 1000).rounded() / 1000)" }
    let cold = measure(cold: true), warm = measure(cold: false)
    print("paragraph (\(text.unicodeScalars.count) scalars, \(bytes.count) bytes, \(lineCount) lines at 760 px): "
          + "shaped from scratch median \(ms(cold.median)) ms, min \(ms(cold.min)) ms; "
          + "shaped lines cached median \(ms(warm.median)) ms, min \(ms(warm.min)) ms over \(runs) runs")
}
