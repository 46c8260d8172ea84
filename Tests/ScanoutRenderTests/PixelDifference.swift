import ScanoutRaster

/// How many pixels of `a` and `b` (the same size) differ, compared premultiplied.
func differingPixels(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
    var n = 0
    for y in 0..<a.height {
        for x in 0..<a.width where a.premultipliedPixel(x: x, y: y) != b.premultipliedPixel(x: x, y: y) { n += 1 }
    }
    return n
}
